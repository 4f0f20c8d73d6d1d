import type { FeatureKey } from "./access";
import type { Paginated } from "./http";

/**
 * The notification centre (docs/product.md, Notifications): what happened at the school that needs the reader,
 * newest first, kept 90 days. Each reader (the main admin, each sub-admin, each teacher) has their own read state;
 * a sub-admin sees the events of the keys they hold, a teacher the registers and results of their classes.
 *
 * Calls, under /api/admin/{uniqueId}:
 * - GET  /notifications?page=          → {data: NotificationList} (the page and the reader's unread count)
 * - GET  /notifications/unread         → {data: {unread}} (the menu's count: one indexed query)
 * - POST /notifications/{id}/read      → 200 {message}; read already, the same answer
 * - POST /notifications/read-all       → 200 {message}
 */

export const NOTIFICATION_KINDS = [
  "admission_submitted",
  "payment_recorded",
  "payment_reversed",
  "import_committed",
  "stock_low",
  "storage_high",
  "results_published",
  "register_missing",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The feature key a sub-admin needs to see each kind (an import's depends on what it imported). */
export const NOTIFICATION_FEATURES: Record<Exclude<NotificationKind, "import_committed">, FeatureKey> = {
  admission_submitted: "admission",
  payment_recorded: "school_fees",
  payment_reversed: "school_fees",
  stock_low: "inventory",
  storage_high: "files",
  results_published: "results",
  register_missing: "students",
};

/** The kinds a teacher sees, for their own classes. */
export const TEACHER_NOTIFICATION_KINDS: readonly NotificationKind[] = ["results_published", "register_missing"];

export const NOTIFICATION_LIMITS = {
  /** Notifications older than this are removed by the daily sweep. */
  keptDays: 90,
  /** An item's stock is low below this many units. */
  lowStockBelow: 5,
  /** Storage is nearly full above this share of the quota, in percent. */
  storageWarnPercent: 80,
  /** A register not taken by this hour (Lagos) of a school day is missing. */
  registerDueHour: 12,
} as const;

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  admission_submitted: "Admission",
  payment_recorded: "Payment",
  payment_reversed: "Reversal",
  import_committed: "Import",
  stock_low: "Low stock",
  storage_high: "Storage",
  results_published: "Results",
  register_missing: "Attendance",
};

export const NOTIFICATION_MESSAGES = {
  title: "Notifications",
  empty: "No notifications in the last 90 days.",
  markRead: "Mark as read",
  markAllRead: "Mark all as read",
  markedRead: "Notification marked as read.",
  allMarkedRead: "All notifications marked as read.",
  notFound: "Notification not found.",
  unread: "Unread",
  open: "Open",
} as const;

export interface NotificationRecord {
  id: number;
  kind: NotificationKind;
  summary: string;
  /** The web app's path of the thing it is about, for this reader. */
  link: string;
  created_at: string;
  read: boolean;
}

export interface NotificationList extends Paginated<NotificationRecord> {
  unread: number;
}
