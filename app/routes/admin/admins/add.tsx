import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { saveSubAdminForm } from "~/.server/admins.server";
import { withAdmin } from "~/.server/auth.server";
import { newFormKey } from "~/.server/form.server";
import { PageHeader } from "~/components/Page";
import { Credentials } from "~/components/Credentials";
import { SubAdminForm } from "./SubAdminForm";
import { ADMINS_PATH } from "~/lib/access";

export const meta: MetaFunction = () => [{ title: "Add Sub-admin" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async () => ({ formKey: newFormKey() }));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api }) => saveSubAdminForm(request, context, api, { mode: "create" }));
}

export default function AddSubAdmin() {
  const { formKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="space-y-5">
      <PageHeader backTo={ADMINS_PATH} title="Add Sub-admin" />
      {answer?.credentials ? (
        <Credentials
          name={answer.credentials.sub_admin.name}
          details={answer.credentials}
          title="Sub-admin added"
          backTo="/super-admin/manage-admins"
          backLabel="Back to Manage Admins"
        />
      ) : (
        <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <SubAdminForm lastResult={answer?.result} formKey={formKey} submitLabel="Add Sub-admin" />
        </section>
      )}
    </div>
  );
}
