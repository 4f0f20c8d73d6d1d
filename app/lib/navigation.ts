/** The admin menu and the phones' bottom bar, in the product's order; each menu entry carries its feature key. */
export interface NavItem {
  to: string;
  label: string;
  feature?: string;
}

export const ADMIN_MENU: NavItem[] = [
  { to: "/admin/dashboard", label: "Dashboard", feature: "dashboard" },
  { to: "/admin/staff", label: "Staff", feature: "staff" },
  { to: "/admin/students", label: "Students", feature: "students" },
  { to: "/admin/parents", label: "Parents", feature: "parents" },
  { to: "/admin/admission-forms", label: "Admission", feature: "admission" },
  { to: "/admin/files", label: "Files", feature: "files" },
  { to: "/admin/inventory", label: "Inventory", feature: "inventory" },
  { to: "/admin/results", label: "Results", feature: "results" },
  { to: "/admin/time-table", label: "Time Table", feature: "time-table" },
  { to: "/admin/assessments", label: "Assessments", feature: "assessments" },
  { to: "/admin/school-fees", label: "School Fees", feature: "school_fees" },
  { to: "/admin/profile", label: "Profile", feature: "profile" },
  { to: "/admin/settings", label: "Settings", feature: "settings" },
  { to: "/notifications", label: "Notifications", feature: "notifications" },
];

export const BOTTOM_BAR: NavItem[] = [
  { to: "/admin/profile", label: "Profile" },
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/settings", label: "Settings" },
];

/** The super-admin menu as built so far; the school's main admin holds it for its own school. */
export const SUPER_ADMIN_MENU: NavItem[] = [
  { to: "/super-admin/manage-admins", label: "Manage Admins" },
  { to: "/super-admin/audit-log", label: "Audit Log" },
  { to: "/super-admin/results", label: "Results" },
];

/** Menu URLs whose screens later releases build: each shows "Not available yet"; any other URL of these areas is a 404. */
export const NOT_YET_BUILT: ReadonlySet<string> = new Set([
  "/admin/assessments",
  "/notifications",
  "/super-admin/admissions",
  "/super-admin/profile",
  "/staff/dashboard",
  "/staff/attendance",
  "/staff/assignments",
  "/staff/timetable",
  "/staff/notes",
  "/staff/results",
  "/staff/ptc",
  "/staff/cbt-exams",
]);

/** Whether a path is one of NOT_YET_BUILT; paths match as routes do, whatever their case or trailing slash. */
export function isNotYetBuilt(pathname: string): boolean {
  return NOT_YET_BUILT.has(pathname.toLowerCase().replace(/(.)\/+$/, "$1"));
}
