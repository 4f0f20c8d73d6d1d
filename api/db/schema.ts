import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Tables of the school API. Every row of school data carries `school_id`; timestamps are ISO-8601
 * text and booleans are 0/1 integers so that the same queries run on SQLite and PostgreSQL.
 */
export interface SchoolTable {
  id: Generated<number>;
  unique_id: string;
  school_name: string;
  principal_name: string;
  school_email: string;
  phone_number: string;
  logo_key: string | null;
  signature_key: string | null;
  password_hash: string;
  /** The registration form's idempotency key: a re-sent form finds its school instead of making another. */
  registration_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface AuthTokenTable {
  id: Generated<number>;
  school_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Set when the token is a sub-admin's sign-in; null for the main admin. */
  sub_admin_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface LoginFailureTable {
  id: Generated<number>;
  login_key: string;
  created_at: string;
}

export interface StudentTable {
  id: Generated<number>;
  school_id: number;
  unique_id: string;
  name: string;
  class_name: string | null;
  gender: string;
  phone_number: string | null;
  email: string | null;
  address: string | null;
  admission_number: string | null;
  takes_lesson: number;
  subjects: string | null;
  subject_combo: string | null;
  profile_img_key: string | null;
  status: "active" | "backlog";
  backlog_reason: string | null;
  search_text: string;
  /** The add form's idempotency key: a re-sent form finds the student it already created. */
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface StaffTable {
  id: Generated<number>;
  school_id: number;
  unique_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  position: string | null;
  /** The one class this member is form teacher of; a class has at most one. */
  form_teacher: string | null;
  /** Comma-separated, as the record carries them. */
  subjects: string | null;
  is_teaching_staff: number;
  gender: string | null;
  profile_img_key: string | null;
  search_text: string;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

/** The classes a teacher teaches in (the class filter of the staff list reads it). */
export interface StaffClassTable {
  staff_id: number;
  school_id: number;
  class_name: string;
}

export interface ParentTable {
  id: Generated<number>;
  school_id: number;
  unique_id: string;
  name: string;
  email: string;
  phone: string;
  address: string | null;
  profile_img_key: string | null;
  search_text: string;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

/** A parent's child; a student has at most two parents. */
export interface ParentStudentTable {
  parent_id: number;
  student_id: number;
  school_id: number;
  created_at: string;
}

export interface MediaTable {
  key: string;
  school_id: number;
  mime_type: string;
  size: number;
  created_at: string;
}

export interface TimetableTable {
  id: Generated<number>;
  school_id: number;
  type: string;
  class_name: string;
  session: string;
  term: string;
  venue: string | null;
  creation_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface TimetableScheduleTable {
  id: Generated<number>;
  timetable_id: number;
  school_id: number;
  schedule_day: string;
  schedule_start_time: string;
  schedule_end_time: string;
  subject: string;
  venue: string | null;
  schedule_date: string | null;
  creation_key: string | null;
  created_at: string;
  updated_at: string;
}

/** A school's saved settings parts as JSON text (contract/settings.ts); no row means the defaults. */
export interface SchoolSettingsTable {
  school_id: number;
  settings: string;
  created_at: string;
  updated_at: string;
}

/** Integer kobo in a `bigint` column: PostgreSQL answers it as text, so read it with Number(). */
export type Kobo = ColumnType<number | string, number, number>;

export interface InventoryGroupTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  /** The lower-cased name: unique per school, and what the search matches. */
  name_key: string;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface InventoryItemTable {
  id: Generated<number>;
  school_id: number;
  group_id: number;
  name: string;
  name_key: string;
  class_name: string;
  price_kobo: Kobo;
  /** Units in stock; a sale lowers it in the same transaction that records the purchase. */
  quantity: number;
  status: "In Stock" | "Out of Stock";
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A sale of an item to a student: part of that student's bill. Names, class and prices are those at the
 * time of sale; `item_id` and `student_id` become NULL when the item or the student record is deleted.
 */
export interface InventoryPurchaseTable {
  id: Generated<number>;
  school_id: number;
  item_id: number | null;
  student_id: number | null;
  student_unique_id: string;
  student_name: string;
  student_class: string | null;
  item_name: string;
  class_name: string;
  group_name: string;
  status_at_sale: "In Stock" | "Out of Stock";
  quantity: number;
  unit_price_kobo: Kobo;
  total_kobo: Kobo;
  /** The school's current term and session when it was sold (its own, else the month's). */
  term: string;
  session: string;
  search_text: string;
  idempotency_key: string | null;
  sold_at: string;
}

/** The account a school receives payments into; one per school, its name verified with the provider. */
export interface BankAccountTable {
  school_id: number;
  bank_name: string;
  bank_code: string;
  account_number: string;
  account_name: string;
  verified_by: "paystack" | "sandbox";
  verified_at: string;
  created_at: string;
  updated_at: string;
}

export interface FileFolderTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  /** The name lower-cased: "Letters" and "letters" are one folder. */
  name_key: string;
  created_at: string;
}

export interface FileUploadTable {
  id: Generated<number>;
  school_id: number;
  idempotency_key: string;
  created_at: string;
}

export interface FileTable {
  id: Generated<number>;
  school_id: number;
  folder_id: number;
  upload_id: number | null;
  storage_key: string;
  original_name: string;
  size: number;
  mime_type: string;
  created_at: string;
}

/** Byte counts are 64-bit: PostgreSQL hands them back as text. */
export interface SchoolStorageTable {
  school_id: number;
  used_bytes: ColumnType<number | string, number, number>;
  share_key: string;
}

/** A school's sub-admin: signs in with the school's Unique ID, this email and password; `features` is comma-separated. */
export interface SubAdminTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  /** Lower-cased: one sub-admin per email in a school. */
  email: string;
  phone: string | null;
  password_hash: string;
  features: string;
  disabled: number;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

/** Who did what and when: names and ids only. `sub_admin_id` null is the main admin. */
export interface AuditLogTable {
  id: Generated<number>;
  school_id: number;
  sub_admin_id: number | null;
  actor_name: string;
  kind: string;
  summary: string;
  /** Comma-separated ids of the records concerned. */
  record_ids: string;
  created_at: string;
}

export interface Database {
  schools: SchoolTable;
  auth_tokens: AuthTokenTable;
  login_failures: LoginFailureTable;
  students: StudentTable;
  staff: StaffTable;
  staff_classes: StaffClassTable;
  parents: ParentTable;
  parent_students: ParentStudentTable;
  media: MediaTable;
  school_settings: SchoolSettingsTable;
  timetables: TimetableTable;
  timetable_schedules: TimetableScheduleTable;
  inventory_groups: InventoryGroupTable;
  inventory_items: InventoryItemTable;
  inventory_purchases: InventoryPurchaseTable;
  bank_accounts: BankAccountTable;
  file_folders: FileFolderTable;
  file_uploads: FileUploadTable;
  files: FileTable;
  school_storage: SchoolStorageTable;
  sub_admins: SubAdminTable;
  audit_log: AuditLogTable;
}

export type School = Selectable<SchoolTable>;
export type NewSchool = Insertable<SchoolTable>;
export type SchoolUpdate = Updateable<SchoolTable>;
export type Student = Selectable<StudentTable>;
export type NewStudent = Insertable<StudentTable>;
export type StaffMember = Selectable<StaffTable>;
export type NewStaff = Insertable<StaffTable>;
export type Parent = Selectable<ParentTable>;
export type NewParent = Insertable<ParentTable>;
