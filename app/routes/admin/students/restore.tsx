import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { STUDENT_MESSAGES } from "../../../../contract/students";
import { withAdmin } from "~/.server/auth.server";
import { confirmAndReturn } from "~/.server/confirm.server";
import { confirmTarget } from "~/.server/students.server";
import { ConfirmPage } from "~/components/ui/ConfirmPage";

export const meta: MetaFunction = () => [{ title: "Add to students" }];

/** The JS-off confirmation of a backlog entry's "Add to students": the former student is active again. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, ({ api, uniqueId }) =>
    confirmTarget(request, api, uniqueId, params.id!, "/admin/students-backlog"),
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api }) =>
    confirmAndReturn(
      request,
      context,
      "/admin/students-backlog",
      () => api.create(`/students/${encodeURIComponent(params.id!)}/restore`),
      STUDENT_MESSAGES.restored,
    ),
  );
}

export default function RestoreStudent() {
  const { name, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmPage
      title="Add to students"
      description={`Add ${name} back to the students list?`}
      cancelTo={back}
      confirmLabel="Add to students"
      variant="primary"
      hiddenFields={{ returnTo: back }}
    />
  );
}
