import { RESULTS_LIMITS } from "./results";

/**
 * Scores from a spreadsheet (docs/product.md, Results): a class and subject's template, and its upload.
 *
 * Calls, under /api/admin/{uniqueId}, with the score sheet's address (`?class=&subject=&term=&year=&result=`):
 * - GET  /results/sheet/template → the template (.xlsx): a header row (Admission No., Name, then each score column
 *        of the result with its maximum, "1st CA (20)"), and one row per student of the sheet with the scores
 *        stored; text a spreadsheet program could read as a formula is written with a leading apostrophe
 * - POST /results/sheet/upload (multipart, the file as `file`: .xlsx, .xls, .ods or .csv) → 200 {message, data:
 *        ScoreSheet}: each row is a student, found by admission number (the name is not read), and replaces that
 *        student's scores as the sheet's save does (a blank cell is not taken); students without a row keep
 *        theirs. A file that cannot be read, or lacks a column: 422 {errors: {file: [..]}}. Rows with problems:
 *        422 {message, errors: {rows: ["Row 4, Exam (60): …"]}, data: {problems: [{row, column, message}]}}, and
 *        nothing saved. 409 while the class's result is published, as the sheet's save.
 * The words live here rather than in contract/results.ts: only the score entry screen shows them.
 */

export const SCORE_UPLOAD_WORDS = {
  /** The template's heading of a score column: its name and maximum. */
  heading: (name: string, max: number) => `${name} (${max})`,
  nameColumn: "Name",
  title: "Scores from a spreadsheet",
  hint: "Download the template of this sheet, fill in the scores (a blank cell is not taken) and upload it. Rows are matched to students by admission number. Every row is checked first: nothing is saved while any row has a problem.",
  template: "Download template (.xlsx)",
  file: "Spreadsheet",
  fileHint: "An .xlsx, .xls, .ods or .csv file of at most 5 MB. Only its first sheet is read.",
  upload: "Upload Scores",
  uploading: "Uploading…",
  uploaded: (count: number) => `Scores of ${count} ${count === 1 ? "student" : "students"} saved from the spreadsheet`,
  hasProblems: "No scores were saved: fix the rows with problems and upload the file again.",
  problems: (count: number) => `Problems (${count})`,
  more: (count: number) => `And ${count} more.`,
  tooManyRows: `The file has more than ${RESULTS_LIMITS.rowsMax} rows of students. Upload one class's scores at a time.`,
  templateFailed: "Could not download the template. Please try again.",
} as const;
