import { redirect, type AppLoadContext } from "@remix-run/node";
import { APP_MESSAGES } from "../../contract/messages";
import { SchoolApiClient, UnauthorizedError } from "./api.server";
import { commitSession, getSession, type AppSession } from "./session.server";

export const LOGIN_PATH = "/choose-account";

export interface AdminContext {
  api: SchoolApiClient;
  uniqueId: string;
  session: AppSession;
}

/** The signed-in admin, or a redirect to the login page. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<AdminContext> {
  const session = await getSession(request, context);
  const token = session.get("token");
  const uniqueId = session.get("uniqueId");
  if (!token || !uniqueId) throw redirect(LOGIN_PATH);
  return { api: new SchoolApiClient(context.schoolApi, { token, uniqueId }, context.apiTimeoutMs), uniqueId, session };
}

export function publicApi(context: AppLoadContext): SchoolApiClient {
  return new SchoolApiClient(context.schoolApi, undefined, context.apiTimeoutMs);
}

/**
 * Runs a loader or action body; when the API says the token is no longer valid (expired, revoked),
 * the session is cleared and the admin is sent to log in again with a toast.
 */
export async function withAdmin<T>(
  request: Request,
  context: AppLoadContext,
  body: (admin: AdminContext) => Promise<T>,
): Promise<T> {
  const admin = await requireAdmin(request, context);
  try {
    return await body(admin);
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
    admin.session.unset("token");
    admin.session.unset("uniqueId");
    admin.session.flash("toast", { kind: "error", message: APP_MESSAGES.unauthenticated });
    throw redirect(LOGIN_PATH, { headers: { "Set-Cookie": await commitSession(request, context, admin.session) } });
  }
}
