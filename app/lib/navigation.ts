/** The admin menu and bottom bar of spec section 2, in the spec's order, with the feature keys of section 6. */
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
