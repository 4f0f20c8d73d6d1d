import { redirect, type AppLoadContext } from "@remix-run/node";
import { commitSession, getSession, type Toast } from "./session.server";

/** Redirects with a toast that the next page shows once (a flash in the session cookie). */
export async function redirectWithToast(
  request: Request,
  context: AppLoadContext,
  to: string,
  toast: Toast,
  init?: { headers?: HeadersInit },
) {
  const session = await getSession(request, context);
  session.flash("toast", toast);
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await commitSession(request, context, session));
  return redirect(to, { headers });
}

export const success = (message: string): Toast => ({ kind: "success", message });
export const failure = (message: string): Toast => ({ kind: "error", message });
