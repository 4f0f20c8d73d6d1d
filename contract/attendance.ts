/**
 * The attendance register: one class's marks for one school day, taken by its form teacher, the main admin or a
 * sub-admin with the Students feature (docs/product.md, Staff area).
 *
 * Calls, under /api/admin/{uniqueId}: `GET /attendance?class=&date=` → `{ data: AttendanceRegister }`;
 * `PUT /attendance?class=&date=` with `{ marks: [{ student_id, status, note }] }` saves the class's register of that
 * day in one transaction.
 */

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
