import type { FeatureKey } from "../../contract/access";
import { ADMIN_MENU, BOTTOM_BAR, STAFF_BOTTOM_BAR, STAFF_MENU, SUPER_ADMIN_MENU, type NavItem } from "./navigation";

/**
 * Which pages a sub-admin may open: each admin menu entry's URL and the pages under it carry its
 * feature key; the pages below lie outside those URLs and say their own. Anything else is the main
 * admin's alone, so a new page is closed to sub-admins until it is given a line here.
 */
export type PageAccess = FeatureKey | "main" | "signed-in";

const PAGE_ACCESS: Array<[prefix: string, access: PageAccess]> = [
  ["/admin/logout", "signed-in"],
  ["/admin/add-student", "students"],
  ["/admin/update-student", "students"],
  ["/admin/students-backlog", "students"],
  // A student's data export and erasure, and the end of a term or session: the main admin's alone, as their API calls are.
  ["/admin/student-data", "main"],
  ["/admin/students/promotion", "main"],
  // A class's attendance register: the Students key's, as its API calls are.
  ["/admin/students/attendance", "students"],
  ["/admin/add-bulk-students", "students"],
  ["/admin/add-bulk-parents", "parents"],
  ["/admin/add-bulk-staff", "staff"],
  // A teacher's sign-in to the staff area: the main admin's alone, as its API calls are.
  ["/admin/staff-sign-in", "main"],
  // Every teacher's lesson notes, read and reviewed: the staff key's, as their API calls are.
  ["/admin/staff-notes", "staff"],
  ["/admin/bulk-import/students", "students"],
  ["/admin/bulk-import/parents", "parents"],
  ["/admin/bulk-import/staff", "staff"],
  ["/admin/add-bulk-questions", "assessments"],
  ["/admin/bulk-import/questions", "assessments"],
  // Opened by a sub-admin holding the key, the review answers the product's "main administrators only" message.
  ["/submission-review", "admission"],
  ["/admin/timetable", "time-table"],
  // Under the school fees entry's URL already; named for the reconciliation page's own sake.
  ["/admin/school-fees/online-payments", "school_fees"],
  ["/admin/add-bank-details", "main"],
  // Under the settings entry's URL, yet the main admin's alone, as its API call is.
  ["/admin/settings/jobs", "main"],
  // The daily SMS limit protects the school's credit: the main admin's alone, as its API call is.
  ["/admin/settings/messages", "main"],
  // Messages to parents: the Parents key's, as their API calls are.
  ["/admin/messages", "parents"],
  ["/new-whatsapp", "profile"],
];

/** The notification centre: an admin menu entry, and the one page outside the staff area a teacher opens too. */
export const NOTIFICATIONS_PATH = "/notifications";

/** Whether a teacher may open this page outside the staff area (their notifications). */
export const isTeacherPage = (rawPathname: string) =>
  under(rawPathname.toLowerCase().replace(/(.)\/+$/, "$1"), NOTIFICATIONS_PATH);

/** The menu with the reader's unread notifications counted beside the notification centre's entry. */
export function withUnread(nav: AdminNav, unread: number): AdminNav {
  if (!unread) return nav;
  const counted = (items: NavItem[]) =>
    items.map((item) =>
      item.to === NOTIFICATIONS_PATH ? { ...item, badge: `${unread > 99 ? "99+" : unread} unread` } : item,
    );
  return { ...nav, menu: counted(nav.menu) };
}

/** The super-admin's Manage Admins page. */
export const ADMINS_PATH = "/super-admin/manage-admins";

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export function pageAccess(rawPathname: string): PageAccess {
  const pathname = rawPathname.toLowerCase().replace(/(.)\/+$/, "$1");
  const listed = PAGE_ACCESS.find(([prefix]) => under(pathname, prefix));
  if (listed) return listed[1];
  const entry = ADMIN_MENU.find((item) => item.feature && under(pathname, item.to));
  return (entry?.feature as FeatureKey | undefined) ?? "main";
}

/** `features` null is the main admin, who opens everything. */
export function allowsPage(features: readonly string[] | null, access: PageAccess): boolean {
  if (features === null || access === "signed-in") return true;
  return access !== "main" && features.includes(access);
}

/** The menu or bottom bar as this admin sees it. */
export function visibleItems(items: NavItem[], features: readonly string[] | null): NavItem[] {
  return features === null ? items : items.filter((item) => allowsPage(features, pageAccess(item.to)));
}

/** Where a sign-in lands: the dashboard, or the first menu entry a sub-admin holds. */
export function homeFor(features: readonly string[] | null): string {
  return visibleItems(ADMIN_MENU, features)[0]?.to ?? visibleItems(BOTTOM_BAR, features)[0]?.to ?? "/admin/dashboard";
}

/** The admin frame's links as this admin sees them. */
export interface AdminNav {
  menu: NavItem[];
  bottomBar: NavItem[];
  /** The super-admin menu: the school's main admin only. */
  superMenu: NavItem[];
  home: string;
}

/**
 * Worked out by the layout's loader and sent as data, so that pages carry no access table in their
 * JavaScript. `features` null is the main admin.
 */
export function adminNav(features: readonly string[] | null): AdminNav {
  return {
    menu: visibleItems(ADMIN_MENU, features),
    bottomBar: visibleItems(BOTTOM_BAR, features),
    superMenu: features === null ? SUPER_ADMIN_MENU : [],
    home: homeFor(features),
  };
}

/** A teacher's frame: the staff menu, and their dashboard and account in the bottom bar. */
export const STAFF_NAV: AdminNav = {
  menu: STAFF_MENU,
  bottomBar: STAFF_BOTTOM_BAR,
  superMenu: [],
  home: "/staff/dashboard",
};
