import type { FeatureKey } from "../../contract/access";
import { ADMIN_MENU, BOTTOM_BAR, SUPER_ADMIN_MENU, type NavItem } from "./navigation";

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
  // A student's data export and erasure: the main admin's alone, as their API calls are.
  ["/admin/student-data", "main"],
  ["/admin/add-bulk-students", "students"],
  ["/admin/add-bulk-parents", "parents"],
  ["/admin/add-bulk-staff", "staff"],
  ["/admin/bulk-import/students", "students"],
  ["/admin/bulk-import/parents", "parents"],
  ["/admin/bulk-import/staff", "staff"],
  // Opened by a sub-admin holding the key, the review answers the product's "main administrators only" message.
  ["/submission-review", "admission"],
  ["/admin/timetable", "time-table"],
  ["/admin/add-bank-details", "main"],
  // Under the settings entry's URL, yet the main admin's alone, as its API call is.
  ["/admin/settings/jobs", "main"],
  ["/new-whatsapp", "profile"],
];

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
