import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { SubAdminCredentials } from "../../../../contract/access";
import { loadSubAdmin } from "~/.server/admins.server";
import { withAdmin } from "~/.server/auth.server";
import { backFromQuery } from "~/.server/confirm.server";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { Credentials } from "~/components/Credentials";
import { ADMINS_PATH } from "~/lib/access";

export const meta: MetaFunction = () => [{ title: "Reset password" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => ({
    name: (await loadSubAdmin(api, params.id)).name,
    back: backFromQuery(request, ADMINS_PATH),
  }));
}

/** A new generated password, shown once on this page; the sub-admin's sign-ins end. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const result = await api.create<SubAdminCredentials>(
      `/sub-admins/${encodeURIComponent(params.id!)}/reset-password`,
    );
    return result.ok ? { credentials: result.data, error: null } : { credentials: null, error: result.message };
  });
}

export default function ResetPassword() {
  const { name, back } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (answer?.credentials) {
    return (
      <div className="space-y-5">
        <PageHeader backTo={ADMINS_PATH} title="Reset password" />
        <Credentials
          name={answer.credentials.sub_admin.name}
          details={answer.credentials}
          title="New password"
          backTo="/super-admin/manage-admins"
          backLabel="Back to Manage Admins"
        />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {answer?.error ? <Banner>{answer.error}</Banner> : null}
      <ConfirmPage
        title="Reset password"
        description={`Give ${name} a new password? Their current password stops working and they are signed out.`}
        cancelTo={back}
        confirmLabel="Reset password"
      />
    </div>
  );
}
