import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import {
  closedPage,
  currentFeatures,
  isStaffPath,
  isTeacher,
  teacherOpens,
  withAdmin,
  type AdminContext,
} from "~/.server/auth.server";
import { AdminShell } from "~/components/AdminShell";
import { ErrorPage } from "~/components/ErrorPage";
import { adminNav, allowsPage, pageAccess, STAFF_NAV, withUnread, type AdminNav } from "~/lib/access";
import type { loader as rootLoader } from "~/root";

/**
 * Every admin, super-admin and staff URL needs a signed-in school. A sub-admin sees the menu of the keys
 * they hold now; a page outside them answers 403 with its own page (the API refuses its calls as well).
 * A teacher sees the staff menu and opens only the staff area's pages, their notifications and Logout; the
 * staff area is theirs alone. The unread notifications are counted beside the menu entry, drawn by the server.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async (admin) => {
    const pathname = new URL(request.url).pathname;
    if (isTeacher(admin)) {
      if (!teacherOpens(pathname)) throw closedPage([], true);
      return { nav: withUnread(STAFF_NAV, await unreadNotifications(admin)) };
    }
    const features = await currentFeatures(admin);
    const nav = adminNav(features);
    if (isStaffPath(pathname) || !allowsPage(features, pageAccess(pathname))) {
      throw closedPage(features);
    }
    // A sub-admin without the key has no entry to count beside.
    return { nav: allowsPage(features, "notifications") ? withUnread(nav, await unreadNotifications(admin)) : nav };
  });
}

/** The reader's unread notifications, for the count beside the menu entry: one indexed query at the API. */
async function unreadNotifications(admin: AdminContext): Promise<number> {
  const answer = await admin.api.get<{ unread: number }>("/notifications/unread");
  return answer.ok ? answer.data.unread : 0;
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
