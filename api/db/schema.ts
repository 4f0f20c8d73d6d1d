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
  /** The client address the failure came from; null for failures recorded before addresses were kept. */
  address: string | null;
  created_at: string;
}

/** A device that has signed in to an account: it passes the per-account sign-in ceiling (migration 0021). */
export interface SignInDeviceTable {
  id: Generated<number>;
  device_hash: string;
  login_key: string;
  created_at: string;
  last_used_at: string;
}

export interface StudentTable {
  id: Generated<number>;
  school_id: number;
  unique_id: string;
  name: string;
  /** The name without its titles, in lower case (contract/names.ts): the key the lists sort by. */
  sort_name: string;
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
  /** The name without its titles, in lower case (contract/names.ts): the key the lists sort by. */
  sort_name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  position: string | null;
  /** The one class this member is form teacher of; a class has at most one. */
  form_teacher: string | null;
  is_teaching_staff: number;
  /** JSON of the classes and subjects (contract/staff.ts, TeachingReview) the admin has to pair; null when none. */
  teaching_review: string | null;
  gender: string | null;
  profile_img_key: string | null;
  search_text: string;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

/** A class and a subject a teacher teaches in it (the class filter of the staff list reads it too). */
export interface StaffTeachingTable {
  staff_id: number;
  school_id: number;
  class_name: string;
  subject: string;
}

export interface ParentTable {
  id: Generated<number>;
  school_id: number;
  unique_id: string;
  name: string;
  /** The name without its titles, in lower case (contract/names.ts): the key the lists sort by. */
  sort_name: string;
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
  /** The teaching staff member who takes it, if named. */
  teacher_id: number | null;
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
  /** Units in stock; a sale lowers it in the same transaction that records the purchase. The stock status is worked out from it. */
  quantity: number;
  /** 0/1: taken off sale whatever the quantity (never sold, not counted in Items in Stock). */
  withdrawn: Generated<number>;
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
}

/**
 * A link that works without a sign-in (api/lib/public-links.ts): only the SHA-256 of its token is kept.
 * `subject` names what it opens for its purpose (a file's id); `detail` how (a file: inline or attachment).
 */
export interface PublicLinkTable {
  id: Generated<number>;
  school_id: number;
  purpose: string;
  subject: string;
  detail: ColumnType<string, string | undefined, string>;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A checked spreadsheet waiting for its commit, or (status imported) the fingerprint of one imported. */
/** A student's class in a session (migration 0015): the current session's row follows every write of the class. */
export interface StudentClassTable {
  school_id: number;
  student_id: number;
  session: string;
  class_name: string | null;
  recorded_at: string;
}

export interface ImportTable {
  id: Generated<number>;
  school_id: number;
  token: string;
  kind: string;
  file_hash: string;
  file_name: string;
  /** JSON: the file's header row. */
  headers: string;
  /** JSON: the rows under it, as text; emptied once imported. */
  rows: string;
  row_count: number;
  /** JSON: every RowProblem found at the check. */
  problems: string;
  /** JSON: the records the rows make, kept when they have no problem; emptied once imported. */
  prepared: string;
  status: "checked" | "imported";
  added: number;
  created_at: string;
  expires_at: string;
  imported_at: string | null;
  /** JSON: how the file was read (ImportReport, api/services/imports.ts); null for a check made before it was kept. */
  report: string | null;
}

/** A school's choice of field for a header of its import files ("" to ignore it). */
export interface ImportMappingTable {
  school_id: number;
  kind: string;
  header_key: string;
  field: string;
  updated_at: string;
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
  sign_in_devices: SignInDeviceTable;
  students: StudentTable;
  staff: StaffTable;
  staff_teaching: StaffTeachingTable;
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
  public_links: PublicLinkTable;
  admission_forms: AdmissionFormTable;
  admission_submissions: AdmissionSubmissionTable;
  admission_documents: AdmissionDocumentTable;
  fee_items: FeeItemTable;
  fee_assignments: FeeAssignmentTable;
  fee_discounts: FeeDiscountTable;
  fee_payments: FeePaymentTable;
  fee_receipt_counters: FeeReceiptCounterTable;
  fee_versions: FeeVersionTable;
  imports: ImportTable;
  import_mappings: ImportMappingTable;
  student_classes: StudentClassTable;
  sub_admins: SubAdminTable;
  audit_log: AuditLogTable;
  term_dates: TermDatesTable;
  term_closures: TermClosureTable;
  result_scores: ResultScoreTable;
  result_publications: ResultPublicationTable;
  result_corrections: ResultCorrectionTable;
  report_extras: ReportExtrasTable;
  report_comments: ReportCommentTable;
}

export type School = Selectable<SchoolTable>;
export type NewSchool = Insertable<SchoolTable>;
export type SchoolUpdate = Updateable<SchoolTable>;
export type Student = Selectable<StudentTable>;
export type NewStudent = Insertable<StudentTable>;
export type StaffMember = Selectable<StaffTable>;
export type NewStaff = Insertable<StaffTable>;
export type Parent = Selectable<ParentTable>;
export type Import = Selectable<ImportTable>;
export type NewParent = Insertable<ParentTable>;

export interface AdmissionFormTable {
  id: Generated<number>;
  school_id: number;
  /** The public link's random id: the only way to the form without logging in. */
  public_id: string;
  title: string;
  amount_kobo: Kobo;
  cbt_enabled: number;
  status: "active" | "inactive";
  idempotency_key: string | null;
  /** A deleted form stays, hidden, so that its submissions keep their form. */
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AdmissionSubmissionTable {
  id: Generated<number>;
  school_id: number;
  form_id: number;
  /** The applicant's reference number. */
  reference: string;
  student_name: string;
  class_applying_into: string;
  status: "pending" | "approved" | "rejected";
  /** The text answers, as JSON: {field: value}. */
  form_data: string;
  /** SHA-256 of the address it was sent from, for the per-address limit; never the address itself. */
  address_hash: string;
  idempotency_key: string | null;
  /** The student approving it made. */
  student_id: number | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AdmissionDocumentTable {
  id: Generated<number>;
  school_id: number;
  submission_id: number;
  field: string;
  storage_key: string;
  original_name: string;
  mime_type: string;
  size: number;
  created_at: string;
}

/** A fee item: `applies_to` is all, section or class, `target` the section or class it bills. */
export interface FeeItemTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  name_key: string;
  amount_kobo: Kobo;
  applies_to: "all" | "section" | "class";
  target: string | null;
  term: string;
  session: string;
  compulsory: number;
  /** A retired fee bills nobody; it stays because payments stand against its term. */
  retired: Generated<number>;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

/** An optional fee put on a student's bill. */
export interface FeeAssignmentTable {
  fee_item_id: number;
  student_id: number;
  school_id: number;
  created_at: string;
}

export interface FeeDiscountTable {
  id: Generated<number>;
  school_id: number;
  student_id: number;
  term: string;
  session: string;
  amount_kobo: Kobo;
  reason: string;
  idempotency_key: string | null;
  created_at: string;
}

/** A payment against a student's bill for a term; never deleted, reversed with a reason. */
export interface FeePaymentTable {
  id: Generated<number>;
  school_id: number;
  receipt_no: number;
  /** Null once the student record is deleted; the name and class stay. */
  student_id: number | null;
  student_name: string;
  student_class: string | null;
  term: string;
  session: string;
  amount_kobo: Kobo;
  paid_on: string;
  method: string;
  reference: string | null;
  idempotency_key: string | null;
  recorded_at: string;
  reversed_at: string | null;
  reversal_reason: string | null;
}

/** The last receipt number a school issued. */
export interface FeeReceiptCounterTable {
  school_id: number;
  last_receipt_no: number;
}

/** Moved on by triggers at every write to what bills are made of (migration 0011): the overview is kept while it stands. */
export interface FeeVersionTable {
  school_id: number;
  version: number;
}

/** A term's dates in a school's session (YYYY-MM-DD, a day in Lagos); a term not set has no row. */
export interface TermDatesTable {
  school_id: number;
  session: string;
  term: string;
  starts_on: string;
  ends_on: string;
  next_term_starts_on: string | null;
  created_at: string;
  updated_at: string;
}

/** A day the school is closed within a term (a holiday, a closure). */
export interface TermClosureTable {
  school_id: number;
  session: string;
  term: string;
  closed_on: string;
  name: string | null;
  created_at: string;
}

/** One student's scores in one subject for a term, session and result (migration 0020). */
export interface ResultScoreTable {
  school_id: number;
  student_id: number;
  /** The class the scores were entered in. */
  class_name: string;
  subject: string;
  term: string;
  session: string;
  /** "terminal" or "mid_term". */
  result: string;
  /** JSON: column name → score, null when not taken. */
  scores: string;
  updated_at: string;
}

/** A class's result for a term, session and result: published (0/1) and the version of its report cards. */
export interface ResultPublicationTable {
  school_id: number;
  class_name: string;
  term: string;
  session: string;
  result: string;
  published: number;
  version: number;
  published_at: string | null;
  updated_at: string;
}

/** A subject of a published class reopened by the main admin; closed when the class is published again. */
export interface ResultCorrectionTable {
  id: Generated<number>;
  school_id: number;
  class_name: string;
  subject: string;
  term: string;
  session: string;
  result: string;
  reason: string;
  /** Null for the main admin. */
  sub_admin_id: number | null;
  actor_name: string;
  /** The version of the report cards it corrects. */
  version: number;
  created_at: string;
  closed_at: string | null;
}

/** One student's attendance, ratings, extra inputs and remarks for a term, session and result. */
export interface ReportExtrasTable {
  school_id: number;
  student_id: number;
  /** The class the row was entered in. */
  class_name: string;
  term: string;
  session: string;
  result: string;
  /** Null: the term calendar's school days. */
  days_opened: number | null;
  days_present: number | null;
  days_absent: number | null;
  /** JSON: child-development input → rating 1–5. */
  ratings: string;
  /** JSON: extra input → text. */
  extra_inputs: string;
  teacher_remark: string | null;
  principal_remark: string | null;
  updated_at: string;
}

/** A remark of the school's comment bank; `grade` "" suits any grade. */
export interface ReportCommentTable {
  id: Generated<number>;
  school_id: number;
  remark: string;
  grade: string;
  created_at: string;
}
