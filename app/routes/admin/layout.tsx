import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { closedPage, currentFeatures, withAdmin } from "~/.server/auth.server";
import { AdminShell } from "~/components/AdminShell";
import { ErrorPage } from "~/components/ErrorPage";
import { adminNav, allowsPage, pageAccess, type AdminNav } from "~/lib/access";
import type { loader as rootLoader } from "~/root";

/**
 * Every admin, super-admin and staff URL needs a signed-in school. A sub-admin sees the menu of the keys
 * they hold now; a page outside them answers 403 with its own page (the API refuses its calls as well).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async (admin) => {
    const features = await currentFeatures(admin);
    const nav = adminNav(features);
    if (!allowsPage(features, pageAccess(new URL(request.url).pathname))) {
      throw closedPage(features);
    }
    return { nav };
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

const LAYOUT_ID = "routes/admin/layout";

const navOf = (value: unknown): AdminNav | undefined =>
  typeof value === "object" && value !== null && "nav" in value
    ? ((value as { nav?: AdminNav }).nav ?? undefined)
    : undefined;

/**
 * Any error of a screen below (403, 404, 500) is drawn inside the admin shell, its menu kept; only when
 * the layout's own loader failed with no menu to show does the page stand alone.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const nav = useRouteLoaderData<typeof loader>(LAYOUT_ID)?.nav ?? navOf((error as { data?: unknown } | null)?.data);
  const requestId = useRouteLoaderData<typeof rootLoader>("root")?.requestId;
  const page = <ErrorPage error={error} requestId={requestId} home={nav?.home ?? "/"} />;
  return nav ? <AdminShell nav={nav}>{page}</AdminShell> : <main>{page}</main>;
}
