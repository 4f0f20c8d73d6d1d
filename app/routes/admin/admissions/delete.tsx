import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADMISSION_SPEC_MESSAGES as SPEC } from "../../../../contract/admissions";
import { withAdmin } from "~/.server/auth.server";
import { backFromQuery, confirmAndReturn } from "~/.server/confirm.server";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { ADMISSIONS_HOME } from "./shared";

/** The confirm page behind a form's Delete (the dialog's JS-off twin) and the delete itself. */
export const meta: MetaFunction = () => [{ title: "Delete admission form" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async () => ({ back: backFromQuery(request, ADMISSIONS_HOME) }));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) =>
    confirmAndReturn(
      request,
      context,
      ADMISSIONS_HOME,
      () => api.remove(`/admission-forms/${encodeURIComponent(params.id ?? "")}`, { fallback: SPEC.failedDelete }),
      SPEC.deleted,
    ),
  );
}

export default function DeleteAdmissionForm() {
  const { back } = useLoaderData<typeof loader>();
  return (
    <ConfirmPage
      title="Delete admission form"
      description="Delete this admission form? Its public link stops working; its submissions are kept."
      cancelTo={back}
      confirmLabel="Delete"
      hiddenFields={{ returnTo: back }}
    />
  );
}
