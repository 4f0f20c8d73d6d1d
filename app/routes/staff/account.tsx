import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { changePassword } from "~/.server/password.server";
import { Panel } from "~/components/Page";
import { PasswordFields } from "~/components/PasswordFields";
import { Button } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { useFormState, usePending } from "~/lib/form-state";

export const meta: MetaFunction = () => [{ title: "Account" }];

const ACCOUNT_PATH = "/staff/account";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api, uniqueId }) => {
    const access = await api.get<{ staff?: { name: string } }>("/access");
    return { name: access.ok ? (access.data.staff?.name ?? "") : "", uniqueId };
  });
}

/** The teacher's own password; the other devices they signed in on are signed out. */
export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) =>
    changePassword(request, context, api, await readFormData(request), ACCOUNT_PATH),
  );
}

/** A teacher's account: who they are and their password (Logout is the menu's, as for admins). */
export default function StaffAccount() {
  const { name, uniqueId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const form = useFormState<"current_password" | "new_password">("staff-password", answer?.result);
  const pending = usePending({ intent: "password" });
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">Account</h1>
      <Panel id="account-title" title={name}>
        <p>
          School Unique ID: <span className="font-mono">{uniqueId}</span>
        </p>
      </Panel>
      <Panel id="password-title" title="Change password">
        <Form method="post" className="space-y-3" key={form.key} {...form.props}>
          <input type="hidden" name="intent" value="password" />
          <ErrorList id={form.errorId} errors={form.errors} />
          <PasswordFields current={form.field("current_password")} next={form.field("new_password")} />
          <Button pending={pending} pendingLabel="Saving…">
            Change password
          </Button>
        </Form>
      </Panel>
    </div>
  );
}
