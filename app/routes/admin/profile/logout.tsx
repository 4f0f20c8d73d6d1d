import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { APP_MESSAGES } from "../../../../contract/messages";
import { LOGIN_PATH, requireAdmin, signOut } from "~/.server/auth.server";
import { UnauthorizedError } from "~/.server/api.server";
import { commitSession } from "~/.server/session.server";
import { ConfirmPage } from "~/components/ui/ConfirmPage";

export const meta: MetaFunction = () => [{ title: "Logout" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return null;
}

/** Revokes the token at the API, then forgets it here; an already revoked token still logs out. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api, session } = await requireAdmin(request, context);
  try {
    await api.create("/logout");
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
  }
  signOut(session);
  session.flash("toast", { kind: "success", message: APP_MESSAGES.loggedOut });
  return redirect(LOGIN_PATH, { headers: { "Set-Cookie": await commitSession(request, context, session) } });
}

export default function Logout() {
  return (
    <ConfirmPage
      title="Logout"
      description="Are you sure you want to log out?"
      cancelTo="/admin/profile"
      confirmLabel="Logout"
    />
  );
}
