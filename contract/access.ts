/**
 * Sub-admins, their feature keys and the audit log (docs/product.md, Roles and feature keys). The feature
 * keys are those of the admin menu; a sub-admin holds some of them, the main admin all of them and the few
 * actions no key opens.
 */
export const FEATURE_KEYS = [
  "dashboard",
  "staff",
  "students",
  "parents",
  "admission",
  "files",
  "inventory",
  "results",
  "time-table",
  "assessments",
  "school_fees",
  "profile",
  "settings",
  "notifications",
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

export const FEATURE_LABELS: Record<FeatureKey, string> = {
  dashboard: "Dashboard",
  staff: "Staff",
  students: "Students",
  parents: "Parents",
  admission: "Admission",
  files: "Files",
  inventory: "Inventory",
  results: "Results",
  "time-table": "Time Table",
  assessments: "Assessments",
  school_fees: "School Fees",
  profile: "Profile",
  settings: "Settings",
  notifications: "Notifications",
};

export const isFeatureKey = (value: unknown): value is FeatureKey =>
  (FEATURE_KEYS as readonly unknown[]).includes(value);

export const AUDIT_KINDS = [
  "deletion",
  "restore",
  "import",
  "approval",
  "rejection",
  "payment",
  "reversal",
  "settings",
  "permission",
  "publication",
  "correction",
  "export",
  "erasure",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  deletion: "Deletion",
  restore: "Restore",
  import: "Import",
  approval: "Approval",
  rejection: "Rejection",
  payment: "Payment",
  reversal: "Reversal",
  settings: "Settings",
  permission: "Permission",
  publication: "Publication",
  correction: "Correction",
  export: "Data export",
  erasure: "Erasure",
};

export const ACCESS_MESSAGES = {
  forbidden: "You do not have permission to do this.",
  forbiddenPage: "You do not have access to this page. Ask the school's main administrator to give you this feature.",
  /** What a sub-admin is told where only the main admin may act; submission review has its own words. */
  mainAdminOnly: "Only main administrators can access this.",
  submissionReviewMainOnly: "Only main administrators can access submission review.",
  subAdminMismatch: "The sub-admin id does not match this sign-in.",
  subAdminAdded: "Sub-admin added successfully!",
  subAdminUpdated: "Sub-admin updated successfully!",
  subAdminDeleted: "Sub-admin deleted successfully",
  subAdminDisabled: "Sub-admin disabled",
  subAdminEnabled: "Sub-admin enabled",
  passwordReset: "Password reset. Give the new password to the sub-admin now: it is shown only once.",
  emailTaken: "A sub-admin with this email already exists",
  notFound: "Sub-admin not found",
} as const;

/** A sub-admin as the API answers it; the password hash never leaves the API. */
export interface SubAdminRecord {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  features: FeatureKey[];
  disabled: boolean;
  created_at: string;
  updated_at: string;
}

/** The answer to adding a sub-admin or resetting a password: the generated password, this once. */
export interface SubAdminCredentials {
  sub_admin: SubAdminRecord;
  unique_id: string;
  email: string;
  password: string;
}

export interface AuditEntry {
  id: number;
  kind: AuditKind;
  /** Null for the main admin. */
  sub_admin_id: number | null;
  actor_name: string;
  summary: string;
  record_ids: string[];
  created_at: string;
}
