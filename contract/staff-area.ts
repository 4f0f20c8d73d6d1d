/**
 * The staff area: a teacher's sign-in, dashboard, timetable and results (docs/product.md, Staff area).
 *
 * Calls, under /api/admin/{uniqueId}:
 * - `POST /staffs/{id}/sign-in` (main admin): turns a teaching member's sign-in on, or resets their password when it
 *   is on; answers 201 `{ message, data: StaffSignIn }`, the password this once. `DELETE /staffs/{id}/sign-in`
 *   turns it off and ends the teacher's sessions: 200 `{ message }`.
 * - `GET /staff-area/dashboard` (teachers): `{ data: StaffDashboard }`.
 * - `GET /staff-area/timetable` (teachers): `{ data: StaffTimetable }`, the week's lessons; `GET
 *   /staff-area/timetable/download-pdf` the same as an A4 PDF (an attachment).
 * - The attendance register's calls: contract/attendance.ts.
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
