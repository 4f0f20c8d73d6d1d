/** The admin menu and the phones' bottom bar, in the product's order; each menu entry carries its feature key. */
export interface NavItem {
  to: string;
  label: string;
  feature?: string;
  /**
   * Words shown beside the label ("2 unread"), worked out by the layout's loader and drawn by the stylesheet
   * (`[data-badge]`), so that no page carries the code to draw them.
   */
  badge?: string;
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
  { to: "/super-admin/admissions", label: "Admissions" },
  { to: "/super-admin/profile", label: "My Account" },
];

/** The staff area's menu, in the product's order: what a signed-in teacher sees. */
export const STAFF_MENU: NavItem[] = [
  { to: "/staff/dashboard", label: "Dashboard" },
  { to: "/staff/attendance", label: "Attendance" },
  { to: "/staff/assignments", label: "Assignments" },
  { to: "/staff/timetable", label: "Timetable" },
  { to: "/staff/notes", label: "Notes" },
  { to: "/staff/results", label: "Results" },
  { to: "/staff/ptc", label: "Parent Communication" },
  { to: "/staff/cbt-exams", label: "CBT Exams" },
  { to: "/notifications", label: "Notifications" },
];

export const STAFF_BOTTOM_BAR: NavItem[] = [
  { to: "/staff/account", label: "Account" },
  { to: "/staff/dashboard", label: "Dashboard" },
];
