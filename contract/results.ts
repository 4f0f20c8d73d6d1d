import type { GradeBand, PositionTies } from "./settings";

/**
 * Results: each student's scores per subject, term and session, worked out by contract/grading.ts, published
 * class by class by the main admin (docs/product.md, Results).
 *
 * Calls, under /api/admin/{uniqueId} (`year` is the session, 2025/2026: the address never carries a parameter
 * named `session`; `result` is `terminal`, the default, or `mid_term`; `term` and `year` default to the school's
 * current ones):
 * - GET  /results/sheet?class=&subject=&term=&year=&result= → {data: ScoreSheet}: the students who were in the
 *        class that session, A–Z, with their scores, total, grade and subject position
 * - PUT  /results/sheet?class=&subject=&term=&year=&result= {rows: [{student_id, scores}]} → {message, data:
 *        ScoreSheet}: each row sent replaces that student's scores (a column left out or blank is not taken;
 *        a row with none taken is removed), all in one write; rows not sent keep theirs. 422 with errors keyed
 *        `rows.{i}.scores.{column}` (or `rows.{i}.student_id`, `rows`) and nothing written; 404 for a student of
 *        another school; 409 while the class's result is published, unless a correction reopened the subject
 * - GET  /results/completeness?term=&year=&result= → {data: ClassCompleteness[]}, one per class of the school
 * - GET  /results/broadsheet?class=&term=&year=&result= → {data: Broadsheet}: the class × subjects matrix of
 *        totals, each student's total, average and position, and each subject's average, highest and lowest; in
 *        the 3rd term's terminal result, each row's cumulative columns too (`annual`)
 * - GET  /results/broadsheet.xlsx?class=&term=&year=&result= → the same as a spreadsheet (text that a
 *        spreadsheet program could read as a formula is written with a leading apostrophe)
 * - POST /results/publication {class, term, session, result, published} → {message, data: Publication}: main
 *        admin only; publishing again after a correction or an unpublication re-issues the report cards as the
 *        next version
 * - POST /results/corrections {class, subject, term, session, result, reason} → 201 {message, data: Correction}
 *        (200 with the open one when the subject is reopened already): main admin only; reopens one subject of
 *        a published class until the class is published again
 * Failures: 422 {message, errors: {field: [..]}}, 409, 404, 403 {message}.
 */

export type { GradeBand, PositionTies };

/** The terminal result (the report sheet's exam columns) or the mid-term result (its mid-term columns). */
export const RESULT_KINDS = ["terminal", "mid_term"] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

export const isResultKind = (value: unknown): value is ResultKind =>
  (RESULT_KINDS as readonly unknown[]).includes(value);

export interface ScoreColumn {
  name: string;
  max: number;
}

/** Column name → score; null = not taken (a blank cell, never 0). */
export type Scores = Record<string, number | null>;

export interface SheetRow {
  student_id: number;
  name: string;
  /** The admission number, "" when the student has none. */
  admission: string;
  scores: Scores;
  /** Null when no score is taken. */
  total: number | null;
  grade: string | null;
  /** The grade's remark from the school's scale. */
  remark: string | null;
  /** The subject position in the class, among the students with a total. */
  position: number | null;
}

export interface ScoreSheet {
  columns: ScoreColumn[];
  rows: SheetRow[];
  published: boolean;
  /** Published and not reopened by a correction: a save is refused (409). */
  locked: boolean;
  /** The version of the class's report cards; 0 before its first publication. */
  version: number;
  class_name: string;
  section: string;
  subject: string;
  term: string;
  session: string;
  result: ResultKind;
  /** The section's grade scale, so that a screen works grades out as scores are typed. */
  scale: GradeBand[];
}

/** A row of `PUT /results/sheet`: scores as numbers, numeric text, or blank (null, "", left out). */
export interface SheetRowInput {
  student_id: number | string;
  scores: Record<string, number | string | null>;
}

export interface SheetPayload {
  rows: SheetRowInput[];
}

/** A class's result for a term, session and result. */
export interface Publication {
  class_name: string;
  term: string;
  session: string;
  result: ResultKind;
  published: boolean;
  /** 1 at the first publication, one more at each re-issue; 0 while never published. */
  version: number;
  published_at: string | null;
}

export interface ClassCompleteness {
  class_name: string;
  section: string;
  /** The students in the class that session. */
  students: number;
  /** The class's subjects, and those in which every student has at least one score. */
  subjects: number;
  subjects_complete: number;
  published: boolean;
  version: number;
  /** Subjects reopened by a correction, waiting for the class to be published again. */
  reopened: string[];
}

export interface Correction {
  id: number;
  class_name: string;
  subject: string;
  term: string;
  session: string;
  result: ResultKind;
  reason: string;
  actor_name: string;
  /** The version of the report cards it corrects. */
  version: number;
  created_at: string;
}

/** One student's line of the broadsheet. */
export interface BroadsheetRow {
  student_id: number;
  name: string;
  admission: string;
  /** Subject → the subject total; null when the student took no score in it. */
  totals: Record<string, number | null>;
  /** The sum of the subject totals; null when no subject was taken. */
  total: number | null;
  /** Over the subjects taken (the mid-term result's: of the percentages). */
  average: number | null;
  subjects_taken: number;
  /** Class position by average; null with the school's positions off, or nothing taken. */
  position: number | null;
  /** The 3rd term's terminal result only: the cumulative columns (each term's totals, annual average, position). */
  annual: AnnualFigures | null;
}

/** A subject's class average, highest and lowest over the students who took it. */
export interface BroadsheetSubject {
  subject: string;
  average: number | null;
  highest: number | null;
  lowest: number | null;
}

/** One subject's totals of the three terms of a session; null where the term has no result. */
export interface TermTotals {
  first: number | null;
  second: number | null;
  third: number | null;
}

/** A subject's cumulative columns: the three terms' totals and the annual average over those that have results. */
export interface AnnualSubject extends TermTotals {
  average: number | null;
}

/** A student's cumulative figures in the 3rd term. */
export interface AnnualFigures {
  subjects: Record<string, AnnualSubject>;
  /** Over the subjects with an annual average; null when none has. */
  average: number | null;
  /** Position over the class's annual averages (the school's tie rule); null with positions off or no average. */
  position: number | null;
}

/** A class's results of a term at a glance: students A–Z by the subjects of the class. */
export interface Broadsheet {
  class_name: string;
  section: string;
  term: string;
  session: string;
  result: ResultKind;
  subjects: BroadsheetSubject[];
  rows: BroadsheetRow[];
  /** The school's `add_position`: off, no position is given. */
  positions: boolean;
  /** Whether the rows carry the cumulative columns (the 3rd term's terminal result). */
  cumulative: boolean;
  published: boolean;
  version: number;
}

/** The cumulative columns' words (the 3rd term's broadsheet and report cards); recorded in docs/decisions.md. */
export const CUMULATIVE_MESSAGES = {
  terms: { first: "1st Term", second: "2nd Term", third: "3rd Term" },
  annualAverage: "Annual Average",
  annualPosition: "Annual Position",
  /** The report card's narrow column. */
  annualAverageShort: "Annual Avg.",
} as const;

export const RESULTS_LIMITS = {
  /** Rows of one sheet save: far above any class. */
  rowsMax: 500,
  reasonMax: 300,
  /** A score keeps at most this many decimal places (12.5, 7.25). */
  scoreDecimals: 2,
} as const;

/** The area's words; each is recorded in docs/decisions.md. */
export const RESULTS_MESSAGES = {
  resultKinds: { terminal: "Terminal", mid_term: "Mid-term" } satisfies Record<ResultKind, string>,
  total: "Total",
  grade: "Grade",
  remark: "Remark",
  position: "Position",
  classAverage: "Class Average",
  highest: "Highest",
  lowest: "Lowest",
  average: "Average",
  numberInClass: "No. in Class",
  positionOutOf: (position: string, count: number) => `${position} out of ${count}`,
  classRequired: "Choose a class",
  classUnknown: "Choose one of the school's classes",
  subjectRequired: "Choose a subject",
  subjectUnknown: "Choose one of the subjects of this class",
  termUnknown: "Choose one of the school's terms",
  sessionInvalid: "Enter a session like 2025/2026",
  resultUnknown: "Choose the terminal or the mid-term result",
  publishedRequired: "Choose whether the results are published",
  rowsRequired: "Send the rows of scores to save",
  tooManyRows: `Send at most ${RESULTS_LIMITS.rowsMax} rows at once`,
  studentRequired: "Choose a student",
  studentNotFound: "Student not found.",
  studentNotInClass: "This student was not in this class in this session",
  studentTwice: "This student is in the list twice",
  columnUnknown: "This is not a score column of this result",
  scoreNotNumber: "Enter a number, or leave it blank",
  scoreNegative: "A score cannot be below 0",
  scoreAboveMax: (max: number) => `A score cannot be above ${max}`,
  scoreDecimals: `Use at most ${RESULTS_LIMITS.scoreDecimals} decimal places`,
  saved: "Scores saved",
  locked: (className: string) =>
    `The results of ${className} for this term are published, so they cannot be changed. The main admin can reopen a subject for a correction.`,
  publishMainOnly: "Only the main admin can publish results.",
  correctMainOnly: "Only the main admin can reopen published results.",
  published: (className: string) => `Results of ${className} published`,
  reissued: (className: string, version: number) => `Results of ${className} published again as version ${version}`,
  unpublished: (className: string) => `Results of ${className} unpublished`,
  reasonRequired: "Give the reason for the correction",
  reasonTooLong: `Use at most ${RESULTS_LIMITS.reasonMax} characters`,
  notPublished: "These results are not published: their scores can be changed without a correction.",
  reopened: (subject: string) => `${subject} reopened for correction`,
  entryTitle: "Score Entry",
  pickLabel: "Which scores",
  classLabel: "Class",
  subjectLabel: "Subject",
  termLabel: "Term",
  sessionLabel: "Session",
  resultLabel: "Result",
  show: "Show",
  student: "Student",
  saveScores: "Save Scores",
  saving: "Saving…",
  chooseClassFirst: "Choose a class to enter its scores",
  noSubjects: "This class has no subjects yet. Add them in Settings.",
  noStudents: "No students were in this class in this session",
  gridLabel: (subject: string, className: string) => `${subject} scores of ${className}`,
  columnHeader: (name: string, max: number) => `${name} /${max}`,
  cellLabel: (column: string, student: string) => `${column}, ${student}`,
  totalsAfterSave: "Totals, grades and positions are worked out when the scores are saved.",
  keyboardHint: "Enter and the arrow keys move between cells; a column copied from a spreadsheet can be pasted.",
  broadsheet: "Broadsheet",
  admission: "Admission No.",
  subjectsTaken: "Subjects",
  downloadBroadsheet: "Download (.xlsx)",
  broadsheetEmpty: "No students in this class for this session",
  broadsheetFailed: "Could not load the broadsheet. Please try again.",
  broadsheetDownloadFailed: "Could not download the broadsheet. Please try again.",
  chooseClass: "Choose a class to see its broadsheet",
  resultPicker: "Class and term",
  totalsBySubject: "Totals by subject",
  publishing: "Publish Results",
  completenessFailed: "Could not load the classes' results. Please try again.",
  noClasses: "No classes yet: add them in Settings",
  studentsInClass: (n: number) => `${n} ${n === 1 ? "student" : "students"}`,
  subjectsComplete: (complete: number, subjects: number) => `${complete} of ${subjects} subjects complete`,
  publishedVersion: (version: number) => `Published · version ${version}`,
  notPublishedState: "Not published",
  unpublishedVersion: (version: number) => `Unpublished · version ${version} withdrawn`,
  reopenedSubjects: (subjects: string[]) => `Reopened for correction: ${subjects.join(", ")}`,
  publish: "Publish",
  publishAgain: "Publish again",
  unpublish: "Unpublish",
  publishTitle: (className: string) => `Publish ${className}'s results?`,
  publishQuestion: (className: string, complete: number, subjects: number) =>
    `Scores of ${className} will be locked and its report cards issued. ${complete} of ${subjects} subjects are complete.`,
  unpublishTitle: (className: string) => `Unpublish ${className}'s results?`,
  unpublishQuestion: (className: string) =>
    `Scores of ${className} can be changed again; publishing later issues its report cards as a new version.`,
  correction: "Correct a subject",
  correctionHint: "Reopens one subject for changes; the class is published again as a new version.",
  reason: "Reason",
  reopen: "Reopen subject",
} as const;

/**
 * One cell as typed or sent, checked against its column's maximum: a number from 0 to the maximum with at most
 * two decimal places (numeric text is read as its number), or blank (null, "", left out) for not taken.
 */
export function readScore(raw: unknown, max: number): { score: number | null } | { error: string } {
  if (raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "")) return { score: null };
  const text = typeof raw === "string" ? raw.trim() : null;
  const value = typeof raw === "number" ? raw : text !== null && /^-?\d*\.?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(value)) return { error: RESULTS_MESSAGES.scoreNotNumber };
  if (value < 0) return { error: RESULTS_MESSAGES.scoreNegative };
  if (value > max) return { error: RESULTS_MESSAGES.scoreAboveMax(max) };
  const scaled = value * 10 ** RESULTS_LIMITS.scoreDecimals;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) return { error: RESULTS_MESSAGES.scoreDecimals };
  return { score: value };
}
