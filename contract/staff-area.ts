/**
 * The staff area: a teacher's sign-in and the attendance register (docs/product.md, Staff area).
 *
 * Calls, under /api/admin/{uniqueId}:
 * - `POST /staffs/{id}/sign-in` (main admin): turns a teaching member's sign-in on, or resets their password when it
 *   is on; answers 201 `{ message, data: StaffSignIn }`, the password this once. `DELETE /staffs/{id}/sign-in`
 *   turns it off and ends the teacher's sessions: 200 `{ message }`.
 * - `GET /staff-area/dashboard` (teachers): `{ data: StaffDashboard }`.
 * - `GET /staff-area/timetable` (teachers): `{ data: StaffTimetable }`, the week's lessons; `GET
 *   /staff-area/timetable/download-pdf` the same as an A4 PDF (an attachment).
 * - `GET /attendance?class=&date=` → `{ data: AttendanceRegister }`; `PUT /attendance?class=&date=` with
 *   `{ marks: [{ student_id, status, note }] }` saves the class's register of that day in one transaction.
 */

/** The teacher's sign-in details, answered once when sign-in is turned on or the password reset. */
export interface StaffSignIn {
  unique_id: string;
  email: string;
  password: string;
}

export const STAFF_AREA_MESSAGES = {
  signInOn: "Sign-in turned on. Give the email and password to the teacher now: the password is shown only once.",
  signInOff: "Sign-in turned off. The teacher has been signed out.",
  notTeaching: "Only teaching staff can sign in to the staff area.",
  emailNeeded: "Add the staff member's email before turning sign-in on.",
  emailIsSubAdmin: "A sub-admin of this school signs in with this email. Give the staff member another email first.",
  failedDashboard: "Failed to load the dashboard",
} as const;

/** What a teacher sees on their dashboard. */
export interface StaffDashboard {
  name: string;
  school_name: string;
  today: string;
  term: string;
  session: string;
  lessons: StaffLesson[];
  form_class: { class_name: string; students: number; register_taken: boolean; school_day: boolean } | null;
  /** What their staff record says they teach, by class then subject: the score sheets they enter. */
  teaching: { class: string; subject: string }[];
}

/** One period a teacher takes, as a timetable's schedule names it. */
export interface StaffLesson {
  timetable_id: number;
  timetable: string;
  class_name: string;
  day: string;
  /** The day of a test or exam; null for a weekly period. */
  date: string | null;
  start_time: string;
  end_time: string;
  subject: string;
  /** The schedule's venue, else its timetable's. */
  venue: string | null;
}

/** A teacher's week: the weekly periods of the current term's timetables that name them, and this week's tests. */
export interface StaffTimetable {
  name: string;
  term: string;
  session: string;
  /** The Monday and Sunday of the week shown. */
  week_from: string;
  week_to: string;
  /** In weekday order (Monday first), then by start time. */
  lessons: StaffLesson[];
}

export const STAFF_TIMETABLE_MESSAGES = {
  title: "Timetable",
  weekOf: (from: string, to: string) => `Week of ${from} to ${to}`,
  noLessons: "No lessons this week",
  noLessonsDetail: "No timetable of this term names you for a period.",
  download: "Download PDF",
  failedTimetable: "Failed to load your timetable",
  failedDownload: "Failed to download your timetable",
} as const;

export const STAFF_RESULTS_MESSAGES = {
  title: "Results",
  pairsLabel: "Your classes and subjects",
  noSubjects: "No classes to enter results for",
  noSubjectsDetail:
    "A teacher enters the scores of the classes and subjects their staff record lists: ask the admin to add yours.",
  failed: "Failed to load your classes and subjects",
  notTaught: (subject: string, className: string) =>
    `You do not teach ${subject} in ${className}: a teacher enters the scores of the classes and subjects their staff record lists.`,
  publishedForTeachers: (className: string) =>
    `The results of ${className} for this term are published: they are shown here, not changed.`,
} as const;

/** A mark in the register; Present is where every student starts. */
export const ATTENDANCE_STATUSES = ["present", "absent", "late"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  present: "Present",
  absent: "Absent",
  late: "Late",
};

export const ATTENDANCE_LIMITS = { noteMax: 200, marksMax: 500 } as const;

/** One class's register for one school day, as the API answers it. */
export interface AttendanceRegister {
  date: string;
  class: string;
  term: string;
  session: string;
  /** Whether the register was saved for that day; until then every mark is Present. */
  taken: boolean;
  taken_by: string | null;
  /** Whether it may be saved now: a day of the current term, today or before. */
  editable: boolean;
  /** Why it may not be saved now (a day to come, a past term); null when it may. */
  closed_reason: string | null;
  marks: AttendanceMark[];
}

export interface AttendanceMark {
  student_id: number;
  name: string;
  status: AttendanceStatus;
  note: string | null;
}

/** A student's term: days the register was taken for them, present (late included), absent and late. */
export interface AttendanceSummary {
  opened: number;
  present: number;
  absent: number;
  late: number;
}

export const ATTENDANCE_MESSAGES = {
  saved: "Register saved",
  classRequired: "Choose a class",
  classUnknown: "Choose one of the school's classes",
  dateInvalid: "Enter a date like 2026-09-14",
  notFormTeacher:
    "Only the class's form teacher, the main admin and sub-admins with the Students feature can take this register.",
  noFormClass: "You are not the form teacher of a class, so there is no register for you to take.",
  marksRequired: "Send the register's marks",
  tooManyMarks: `A register holds at most ${ATTENDANCE_LIMITS.marksMax} marks`,
  studentNotInClass: (className: string) => `This student is not in ${className}`,
  markedTwice: "Each student is marked once",
  statusUnknown: "Choose Present, Absent or Late",
  noteTooLong: `Use at most ${ATTENDANCE_LIMITS.noteMax} characters`,
  notInTerm: (day: string) => `${day} is not in a term of the school's term calendar: there is no register that day.`,
  weekend: (day: string, weekday: string) =>
    `${day} is a ${weekday}: registers are taken on school days, Monday to Friday.`,
  closed: (day: string, name: string | null) =>
    name
      ? `The school is closed on ${day} (${name}): there is no register that day.`
      : `The school is closed on ${day}: there is no register that day.`,
  future: (day: string) => `${day} has not come yet: a register is taken on the day or after it.`,
  pastTerm: "Only the current term's registers can be changed.",
  failedRegister: "Failed to load the register",
  title: "Attendance",
  pickLabel: "Choose the register",
  show: "Show register",
  classLabel: "Class",
  dateLabel: "Date",
  noteLabel: "Note",
  save: "Save register",
  chooseClassFirst: "Choose a class to see its register",
  noStudents: "No students in this class",
  notTaken: "Not taken yet: every student starts Present.",
  takenBy: (name: string | null) => (name ? `Taken by ${name}.` : "Taken."),
  registerLink: "Attendance register",
  marksLegend: (className: string) => `The ${className} register`,
} as const;
