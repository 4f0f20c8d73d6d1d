import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { loadSubAdmin, saveSubAdminForm } from "~/.server/admins.server";
import { withAdmin } from "~/.server/auth.server";
import { PageHeader } from "~/components/Page";
import { SubAdminForm } from "./SubAdminForm";
import { ADMINS_PATH } from "~/lib/access";

export const meta: MetaFunction = () => [{ title: "Edit Sub-admin" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => ({ subAdmin: await loadSubAdmin(api, params.id) }));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api }) =>
    saveSubAdminForm(request, context, api, { mode: "update", id: params.id! }),
  );
}

export default function EditSubAdmin() {
  const { subAdmin } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="space-y-5">
      <PageHeader backTo={ADMINS_PATH} title="Edit Sub-admin" />
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <SubAdminForm lastResult={answer?.result} defaultValue={subAdmin} submitLabel="Save Changes" />
      </section>
    </div>
  );
}
