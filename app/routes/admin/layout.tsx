import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { ACCESS_MESSAGES } from "../../../contract/access";
import { currentFeatures, withAdmin } from "~/.server/auth.server";
import { AdminShell } from "~/components/AdminShell";
import { adminNav, allowsPage, homeFor, pageAccess } from "~/lib/access";

/**
 * Every admin, super-admin and staff URL needs a signed-in school. A sub-admin sees the menu of the keys
 * they hold now; a page outside them answers 403 with its own page (the API refuses its calls as well).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async (admin) => {
    const features = await currentFeatures(admin);
    if (!allowsPage(features, pageAccess(new URL(request.url).pathname))) {
      throw data({ forbidden: ACCESS_MESSAGES.forbiddenPage, home: homeFor(features) }, { status: 403 });
    }
    return { nav: adminNav(features) };
  });
}

export default function AdminLayout() {
  const { nav } = useLoaderData<typeof loader>();
  return (
    <AdminShell nav={nav}>
      <Outlet />
    </AdminShell>
  );
}
