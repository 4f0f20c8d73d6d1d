import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { APP_MESSAGES } from "../../../../contract/messages";
import { currentFeatures, isTeacher, LOGIN_PATH, requireAdmin, signOut } from "~/.server/auth.server";
import { UnauthorizedError } from "~/.server/api.server";
import { commitSession } from "~/.server/session.server";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { allowsPage, homeFor, pageAccess } from "~/lib/access";

const PROFILE_PATH = "/admin/profile";

export const meta: MetaFunction = () => [{ title: "Logout" }];

/** Cancel goes back to the profile, where Logout lives, or to a sub-admin's start page when the profile is closed to them. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (isTeacher(admin)) return { cancelTo: "/staff/account" };
  const features = await currentFeatures(admin);
  return { cancelTo: allowsPage(features, pageAccess(PROFILE_PATH)) ? PROFILE_PATH : homeFor(features) };
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
  const { cancelTo } = useLoaderData<typeof loader>();
  return (
    <ConfirmPage
      title="Logout"
      description="Are you sure you want to log out?"
      cancelTo={cancelTo}
      confirmLabel="Logout"
    />
  );
}
