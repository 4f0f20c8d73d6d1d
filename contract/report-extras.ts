import type { ResultKind } from "./results";

/**
 * The report sheet's other parts, per student, term, session and result, each only when its setting is on
 * (docs/product.md, Results): attendance (`include_attendance`), child-development ratings
 * (`enable_child_development`, one 1–5 rating per `child_development_inputs`), the extra inputs
 * (`enable_extra_inputs`, text per `extra_inputs`), the class teacher's and the principal's remarks (always), and
 * the date the next term begins (from the term calendar).
 *
 * Calls, under /api/admin/{uniqueId} (`year` is the session; `result` is `terminal`, the default, or `mid_term`;
 * `term` and `year` default to the school's current ones):
 * - GET  /results/extras?class=&term=&year=&result= → {data: ExtrasSheet}: the students who were in the class that
 *        session, A–Z, with what is saved, the average's band and a suggested remark
 * - PUT  /results/extras?class=&term=&year=&result= {rows: [ExtrasRowInput]} → {message, data: ExtrasSheet}: each
 *        row sent replaces that student's extras, all in one write; rows not sent keep theirs. 422 with errors keyed
 *        `rows.{i}.{field}` (`rows.{i}.ratings.{input}`, `rows.{i}.extra_inputs.{input}`) and nothing written;
 *        404 for a student of another school; 409 while the class's result is published
 * - GET    /results/comments → {data: ReportComment[]}: the school's comment bank, by grade then remark
 * - POST   /results/comments {remark, grade?} → 201 {message, data: ReportComment} (200 with the one there when the
 *          same remark and grade are sent again)
 * - DELETE /results/comments/{id} → {message}
 */

/** Which parts of the sheet the school's settings turn on. */
export interface ExtrasParts {
  attendance: boolean;
  /** The child-development inputs rated 1–5; empty when the part is off. */
  ratings: string[];
  /** The extra inputs; empty when the part is off. */
  extra_inputs: string[];
}

export interface ExtrasRow {
  student_id: number;
  name: string;
  admission: string;
  /** The average over the subjects taken (a mid-term's as percentages); null before any score. */
  average: number | null;
  /** The grade of the average's band, and the remark suggested from it (the bank's first for that grade, else the band's). */
  grade: string | null;
  suggested_remark: string | null;
  /** Days school opened as saved; null takes `days_opened_default`. */
  days_opened: number | null;
  days_present: number | null;
  days_absent: number | null;
  /** Input → rating 1–5, null when not rated; one entry per input of `parts.ratings`. */
  ratings: Record<string, number | null>;
  /** Input → text, "" when blank; one entry per input of `parts.extra_inputs`. */
  extra_inputs: Record<string, string>;
  teacher_remark: string | null;
  principal_remark: string | null;
}

export interface ExtrasSheet {
  class_name: string;
  section: string;
  term: string;
  session: string;
  result: ResultKind;
  published: boolean;
  parts: ExtrasParts;
  /** The term calendar's school days of the term; null while the term has no dates. */
  days_opened_default: number | null;
  /** YYYY-MM-DD: the calendar's "next term begins", else the following term's start; null when neither is set. */
  next_term_begins: string | null;
  rows: ExtrasRow[];
  comments: ReportComment[];
  /** The grades of the section's scale, highest first: what a remark of the bank can suit. */
  grades: string[];
}

/** A row of `PUT /results/extras`: numbers as numbers or numeric text; blank (null, "", left out) is none. */
export interface ExtrasRowInput {
  student_id: number | string;
  days_opened?: number | string | null;
  days_present?: number | string | null;
  days_absent?: number | string | null;
  ratings?: Record<string, number | string | null>;
  extra_inputs?: Record<string, string | null>;
  teacher_remark?: string | null;
  principal_remark?: string | null;
}

export interface ReportComment {
  id: number;
  remark: string;
  /** The grade it suits; null for any. */
  grade: string | null;
}

export const EXTRAS_LIMITS = {
  rowsMax: 500,
  remarkMax: 300,
  extraInputMax: 200,
  daysMax: 366,
  ratingMin: 1,
  ratingMax: 5,
  comments: 200,
} as const;

/** The area's words; each is recorded in docs/decisions.md. */
export const EXTRAS_MESSAGES = {
  title: "Attendance, ratings and remarks",
  daysOpened: "Days school opened",
  daysPresent: "Days present",
  daysAbsent: "Days absent",
  teacherRemark: "Class teacher's remark",
  principalRemark: "Principal's remark",
  nextTermBegins: "Next term begins",
  commentBank: "Comment bank",
  suggested: (remark: string) => `Suggested: ${remark}`,
  daysNotNumber: "Enter a whole number of days, or leave it blank",
  daysAboveMax: `Enter at most ${EXTRAS_LIMITS.daysMax} days`,
  daysOpenedRequired: "Enter the days school opened first",
  daysTooMany: "Days present and absent cannot add up to more than the days school opened",
  ratingInvalid: `Choose a rating from ${EXTRAS_LIMITS.ratingMin} to ${EXTRAS_LIMITS.ratingMax}, or leave it blank`,
  ratingUnknown: "This is not one of the school's child development inputs",
  extraInputUnknown: "This is not one of the school's extra inputs",
  attendanceOff: "Attendance is not on this school's report sheet",
  textNotText: "Enter text, or leave it blank",
  remarkTooLong: `Use at most ${EXTRAS_LIMITS.remarkMax} characters`,
  extraInputTooLong: `Use at most ${EXTRAS_LIMITS.extraInputMax} characters`,
  rowsRequired: "Send the rows to save",
  tooManyRows: `Send at most ${EXTRAS_LIMITS.rowsMax} rows at once`,
  saved: "Attendance, ratings and remarks saved",
  commentRequired: "Enter the remark",
  gradeUnknown: "Choose one of the grades of the school's scales, or none",
  tooManyComments: `The comment bank holds at most ${EXTRAS_LIMITS.comments} remarks`,
  commentAdded: "Remark added to the comment bank",
  commentRemoved: "Remark removed from the comment bank",
  commentNotFound: "Remark not found.",
  failedExtras: "Failed to load the attendance, ratings and remarks",
} as const;
