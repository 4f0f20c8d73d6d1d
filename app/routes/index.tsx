import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { currentFeatures, withAdmin } from "~/.server/auth.server";
import { getSession } from "~/.server/session.server";
import { homeFor } from "~/lib/access";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  if (!session.get("token")) return redirect("/choose-account");
  if (session.get("subAdminId") === undefined) return redirect("/admin/dashboard");
  return withAdmin(request, context, async (admin) => redirect(homeFor(await currentFeatures(admin))));
}
