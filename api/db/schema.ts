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
  /** Printed under the school's name on report cards (migration 0037). */
  address: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Set when the token is a teacher's sign-in (migration 0026). */
  staff_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The browser's User-Agent at sign-in, cut to 300 characters (migration 0030). */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

/** When a session (an auth token) was last used, to the minute (migration 0030): bookkeeping every call writes. */
export interface SessionActivityTable {
  token_id: number;
  last_seen_at: string;
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

/** A password reset link sent by email (migration 0030): the main admin's when both ids are null. */
export interface PasswordResetTable {
  id: Generated<number>;
  school_id: number;
  sub_admin_id: number | null;
  staff_id: number | null;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Set while the teacher may sign in to the staff area; null when sign-in is off. */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** The school's Paystack subaccount, once registered: payments settle into this account. */
  subaccount_code: string | null;
  /** "active" once registered; "failed" when Paystack refused or could not be reached (saving again retries). */
  subaccount_status: "active" | "failed" | null;
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

export interface LessonNoteTable {
  id: Generated<number>;
  school_id: number;
  staff_id: number | null;
  teacher_name: string;
  class_name: string;
  subject: string;
  week: number;
  term: string;
  session: string;
  storage_key: string;
  original_name: string;
  size: number;
  mime_type: string;
  idempotency_key: string | null;
  created_at: string;
  reviewed_at: string | null;
  reviewed_by: string | null;
  review_comment: string | null;
}

export interface AssignmentTable {
  id: Generated<number>;
  school_id: number;
  staff_id: number | null;
  teacher_name: string;
  class_name: string;
  subject: string;
  title: string;
  instructions: string;
  due_date: string;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface AssignmentAttachmentTable {
  id: Generated<number>;
  school_id: number;
  assignment_id: number;
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

/** One class's register for one school day; `taken_by` names who saved it last. */
export interface AttendanceRegisterTable {
  id: Generated<number>;
  school_id: number;
  class_name: string;
  /** YYYY-MM-DD. */
  date: string;
  term: string;
  session: string;
  taken_by: string;
  created_at: string;
  updated_at: string;
}

/** A student's mark on a register: "present", "absent" or "late", with an optional note. */
export interface AttendanceMarkTable {
  register_id: number;
  school_id: number;
  student_id: number;
  status: string;
  note: string | null;
}

/** A question of a school's bank (migration 0034). */
export interface CbtQuestionTable {
  id: Generated<number>;
  school_id: number;
  class_name: string;
  subject: string;
  kind: string;
  text: string;
  /** JSON array of an objective question's choices; null otherwise. */
  options: string | null;
  /** The correct choice's index, "true" or "false"; null for theory. */
  answer: string | null;
  marks: number;
  image_key: string | null;
  creation_key: string | null;
  created_at: string;
}

/** A computer-based test (migration 0034). */
export interface CbtTestTable {
  id: Generated<number>;
  school_id: number;
  code: string;
  title: string;
  class_name: string;
  subject: string;
  term: string;
  session: string;
  duration_minutes: number;
  question_count: number;
  opens_at: string;
  closes_at: string;
  results_column: string | null;
  shuffle: number;
  grace_minutes: number;
  lab_network: string | null;
  pin_key: string;
  opened_at: string | null;
  sent_at: string | null;
  creation_key: string | null;
  created_at: string;
}

/** A student's paper of a test: their questions, PIN and attempt (migration 0034). */
export interface CbtPaperTable {
  id: Generated<number>;
  school_id: number;
  test_id: number;
  /** The student's paper; null on an applicant's (migration 0039). */
  student_id: number | null;
  /** An applicant's paper: their admission submission (migration 0039); null on a student's. */
  submission_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the applicant's confirmation page showed the PIN, which it shows once (migration 0039). */
  pin_shown_at: ColumnType<string | null, string | null | undefined, string | null>;
  pin_hash: string;
  pin_round: number;
  /** JSON array of {q: question id, o: option order | null}. */
  questions: string;
  attempt: string | null;
  started_at: string | null;
  ends_at: string | null;
  submitted_at: string | null;
}

/** An answer of a paper (migration 0034). */
export interface CbtAnswerTable {
  paper_id: number;
  school_id: number;
  n: number;
  choice: string;
  marks: number | null;
  updated_at: string;
}

/** One event for the notification centre, whoever sees it (api/services/notifications.ts). */
export interface NotificationTable {
  id: Generated<number>;
  school_id: number;
  kind: string;
  /** The feature key a sub-admin needs to see it. */
  feature: string;
  /** The class it concerns, when a teacher of that class sees it too. */
  class_name: string | null;
  summary: string;
  /** Where an admin goes to see the thing; `staff_link` where a teacher does. */
  link: string;
  staff_link: string | null;
  dedupe_key: string | null;
  created_at: string;
}

/** One notification read by one reader ("main", "sub:{id}", "staff:{id}"). */
export interface NotificationReadTable {
  notification_id: number;
  reader: string;
  school_id: number;
  read_at: string;
}

/** A reader's "mark all as read": every notification up to this id counts as read. */
export interface NotificationReaderTable {
  school_id: number;
  reader: string;
  read_through_id: number;
  updated_at: string;
}

export interface Database {
  schools: SchoolTable;
  auth_tokens: AuthTokenTable;
  login_failures: LoginFailureTable;
  sign_in_devices: SignInDeviceTable;
  password_resets: PasswordResetTable;
  session_activity: SessionActivityTable;
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
  online_payments: OnlinePaymentTable;
  fee_credits: FeeCreditTable;
  file_folders: FileFolderTable;
  file_uploads: FileUploadTable;
  files: FileTable;
  school_storage: SchoolStorageTable;
  lesson_notes: LessonNoteTable;
  assignments: AssignmentTable;
  assignment_attachments: AssignmentAttachmentTable;
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
  result_versions: ResultVersionTable;
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
  promotion_rules: PromotionRulesTable;
  promotions: PromotionTable;
  promotion_moves: PromotionMoveTable;
  term_rollovers: TermRolloverTable;
  attendance_registers: AttendanceRegisterTable;
  attendance_marks: AttendanceMarkTable;
  cbt_questions: CbtQuestionTable;
  cbt_tests: CbtTestTable;
  cbt_papers: CbtPaperTable;
  cbt_answers: CbtAnswerTable;
  notifications: NotificationTable;
  notification_reads: NotificationReadTable;
  notification_readers: NotificationReaderTable;
  messages: MessageTable;
  message_recipients: MessageRecipientTable;
  sms_usage: SmsUsageTable;
  message_settings: MessageSettingsTable;
}

/** A message to parents (migration 0033): its audience and text; `staff_id` is the teacher who wrote it. */
export interface MessageTable {
  id: Generated<number>;
  school_id: number;
  audience: string;
  /** The class, or the section, the audience names; null for the whole school or chosen students. */
  target: string | null;
  /** The channels asked for, comma-separated: "email", "sms" or both. */
  channels: string;
  body: string;
  staff_id: number | null;
  sent_by: string;
  idempotency_key: string | null;
  created_at: string;
}

/** One line of a message's delivery log (migration 0033): a parent on one channel, or a student no parent reaches. */
export interface MessageRecipientTable {
  id: Generated<number>;
  school_id: number;
  message_id: number;
  /** "p{parent id}:{channel}", or "s{student id}" for a student without a parent: unique per message. */
  recipient_key: string;
  parent_name: string | null;
  /** The names of the students the line is about, comma-separated. */
  students: string;
  channel: string;
  /** The email address, or the phone number in E.164; empty when there is none. */
  address: string;
  /** The text this recipient receives (the body, and their own balance when it is about fees). */
  text: string;
  /** JSON of the children whose published report card the line links ({id, name, class, term, session}); null for none. */
  report_cards: ColumnType<string | null, string | null | undefined, string | null>;
  /** The admission submission whose letter the line's email carries, made as it is sent (migration 0038); null for none. */
  admission_letter: ColumnType<number | null, number | null | undefined, number | null>;
  status: string;
  reason: string | null;
  attempts: Generated<number>;
  updated_at: string;
}

/** SMS a school sent on a day (Lagos time), counted against its daily cap (migration 0033). */
export interface SmsUsageTable {
  school_id: number;
  day: string;
  used: number;
}

export interface MessageSettingsTable {
  school_id: number;
  daily_sms_cap: number;
  payment_receipts: Generated<number>;
  /** The applicant hears of an approval or rejection (migration 0038). */
  applicant_decisions: Generated<number>;
  updated_at: string;
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
  /** The test the form's applicants take (migration 0039); null until one is linked. */
  cbt_test_id: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** The application fee: none asked, asked and not paid yet, paid online, or to be paid at the school. */
  payment_status: Generated<"not_required" | "unpaid" | "paid" | "at_school">;
  /** The online payment's reference, once one was started. */
  payment_reference: string | null;
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

/** A payment made online (docs/decisions.md, Online payments), by our own unique reference. */
export interface OnlinePaymentTable {
  id: Generated<number>;
  school_id: number;
  reference: string;
  purpose: "application" | "fees";
  submission_id: number | null;
  student_id: number | null;
  term: string | null;
  session: string | null;
  payer_name: string;
  payer_email: string;
  amount_kobo: Kobo;
  subaccount_code: string | null;
  gateway: "paystack" | "sandbox";
  status: "pending" | "paid" | "failed" | "abandoned";
  paystack_fee_kobo: Kobo | null;
  /** What was paid above the balance at the time: kept as the student's credit. */
  credit_kobo: ColumnType<number | string, number | undefined, number>;
  /** The fees ledger's payment it became. */
  fee_payment_id: number | null;
  sandbox_outcome: "success" | "failed" | null;
  paid_at: string | null;
  checked_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Money paid online above a bill's balance, moved to the student's next bill: a negative row on the term it was paid
 * in and a positive one on the following term, both counted by the bills as paid.
 */
export interface FeeCreditTable {
  id: Generated<number>;
  school_id: number;
  student_id: number;
  term: string;
  session: string;
  amount_kobo: Kobo;
  online_payment_id: number;
  created_at: string;
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

/** A school's results version (migration 0036): moves on with every write to what worked-out results read. */
export interface ResultVersionTable {
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

/** A school's next class for each class and the two marks of its annual averages (migration 0024). */
export interface PromotionRulesTable {
  school_id: number;
  /** JSON: class → its next class, null when the class graduates; a class left out takes the default. */
  next_classes: string;
  lower_mark: number;
  upper_mark: number;
  updated_at: string;
}

/** A promotion done: the session it ended and the settings it changed (JSON), deleted when undone. */
export interface PromotionTable {
  id: Generated<number>;
  school_id: number;
  ending_session: string;
  new_session: string;
  /** JSON: the current term and session the settings held before, and whether the session was added to their list. */
  settings_before: string;
  /** JSON: the counts the answer and the audit entry gave. */
  counts: string;
  idempotency_key: string | null;
  created_at: string;
}

/** A student a promotion moved: the class before and after; `to_class` null and `graduated` 1 for a leaver. */
/** A 1st or 2nd Term a school ended, with the term and session its settings held before (JSON). */
export interface TermRolloverTable {
  id: Generated<number>;
  school_id: number;
  ending_term: string;
  ending_session: string;
  new_term: string;
  settings_before: string;
  idempotency_key: string | null;
  created_at: string;
}

export interface PromotionMoveTable {
  promotion_id: number;
  school_id: number;
  student_id: number;
  from_class: string | null;
  to_class: string | null;
  graduated: number;
}
