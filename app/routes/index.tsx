import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getSession } from "~/.server/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  return redirect(session.get("token") ? "/admin/dashboard" : "/choose-account");
}
