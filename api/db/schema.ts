import type { Generated, Insertable, Selectable, Updateable } from "kysely";

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
