import { sql } from "kysely";
import { headerKey, IMPORT_COLUMNS, IMPORT_FILE_FIELD, IMPORT_MESSAGES, type RowProblem } from "../../contract/imports";
import {
  readScore,
  RESULTS_LIMITS,
  RESULTS_MESSAGES as M,
  type ScoreColumn,
  type Scores,
} from "../../contract/results";
import { SCORE_UPLOAD_WORDS as W } from "../../contract/score-upload";
import type { DiskMultipartResult } from "../../server-lib/multipart";
import type { ApiDeps, Tenant } from "../context";
import { validationError } from "../lib/errors";
import { writeWorkbook } from "../lib/spreadsheet";
import { studentsWithClassIn } from "./class-history";
import { findHeaderRowBy, skipReason } from "./import-sheet";
import { ImportProblems, readUploadedSheet } from "./imports";
import {
  describe,
  getSheet,
  openSheet,
  readSheet,
  writeScores,
  type SheetKey,
  type SheetQuery,
  type ScoresToSave,
} from "./results";

/**
 * Scores from a spreadsheet (contract/score-upload.ts): the template of a class and subject's sheet, and its
 * upload, read by the bulk import's reader (`readUploadedSheet`: the file's type, size and contents checked in a
 * worker), its header row found as an import's is, every row checked before anything is written, and the rows
 * saved by the sheet's own save (`writeScores`) in one transaction.
 */

const admissionColumn = IMPORT_COLUMNS.students.find((c) => c.field === "admission")!;
const nameColumn = IMPORT_COLUMNS.students.find((c) => c.field === "name")!;
const ADMISSION_KEYS = new Set(
  [M.admission, admissionColumn.header, ...admissionColumn.synonyms].map((h) => headerKey(h)),
);
const NAME_KEYS = new Set([nameColumn.header, ...nameColumn.synonyms].map((h) => headerKey(h)));
/** A heading's maximum, "(20)" or "/20", which the file may carry or not, and which may have changed since. */
const MAXIMUM = /\s*(?:\(\s*\d+(?:\.\d+)?\s*\)|\/\s*\d+(?:\.\d+)?)\s*$/;

/** A template's text cell read back: the apostrophe that kept it from being a formula taken off. */
const asWritten = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text).trim();

/** `GET /results/sheet/template`: the sheet's students and stored scores under its headings. */
export async function scoreTemplate(
  deps: ApiDeps,
  tenant: Tenant,
  query: SheetQuery,
): Promise<{ bytes: Uint8Array; name: string }> {
  const sheet = await getSheet(deps, tenant, query);
  const bytes = await writeWorkbook([
    {
      name: "Scores",
      rows: [
        [M.admission, W.nameColumn, ...sheet.columns.map((c) => W.heading(c.name, c.max))],
        ...sheet.rows.map((row) => [row.admission, row.name, ...sheet.columns.map((c) => row.scores[c.name])]),
      ],
    },
  ]);
  const slug = `${sheet.subject} ${sheet.class_name} ${sheet.term} ${sheet.session}`
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return { bytes, name: `scores-${slug || "sheet"}.xlsx` };
}

/** What each column of a file holds: the admission number, the name, a score column of the sheet, or nothing. */
type Field = { kind: "admission" } | { kind: "name" } | { kind: "score"; column: ScoreColumn } | null;

function fieldsOf(headers: readonly string[], columns: ScoreColumn[]): Field[] {
  const taken = new Set<string>();
  return headers.map((header) => {
    const key = headerKey(header);
    const column = columns.find((c) => headerKey(c.name) === headerKey(header.replace(MAXIMUM, "")));
    const field: Field = ADMISSION_KEYS.has(key)
      ? { kind: "admission" }
      : NAME_KEYS.has(key)
        ? { kind: "name" }
        : column
          ? { kind: "score", column }
          : null;
    // A second column for the same thing is not read.
    const name = field?.kind === "score" ? `score:${field.column.name}` : field?.kind;
    if (!name || taken.has(name)) return null;
    taken.add(name);
    return field;
  });
}

/** The school's students with these admission numbers, with their class that session. */
async function studentsByAdmission(deps: ApiDeps, tenant: Tenant, session: string, admissions: string[]) {
  if (!admissions.length) return new Map<string, { id: number; class_name: string | null }>();
  const { rows } = await sql<{ id: number; admission_number: string; class_name: string | null }>`
    select s.id, st.admission_number, s.class_name from ${studentsWithClassIn(tenant.schoolId, session)} s
    join students st on st.id = s.id
    where st.admission_number in (${sql.join(admissions)})`.execute(deps.db);
  return new Map(rows.map((r) => [r.admission_number, { id: Number(r.id), class_name: r.class_name }]));
}

/** An uploaded file's rows as the sheet's save takes them, or every problem of every row. */
async function checkRows(
  deps: ApiDeps,
  tenant: Tenant,
  key: SheetKey,
  columns: ScoreColumn[],
  headerRow: number,
  headers: string[],
  body: string[][],
): Promise<{ rows: ScoresToSave[]; problems: RowProblem[] }> {
  const fields = fieldsOf(headers, columns);
  const admissionAt = fields.findIndex((f) => f?.kind === "admission");
  const missing = [
    ...(admissionAt < 0 ? [M.admission] : []),
    ...columns
      .filter((c) => !fields.some((f) => f?.kind === "score" && f.column === c))
      .map((c) => W.heading(c.name, c.max)),
  ];
  if (missing.length) throw validationError({ [IMPORT_FILE_FIELD]: missing.map(IMPORT_MESSAGES.missingColumn) });
  const admissionHeader = headers[admissionAt].trim();
  // What `skipReason` needs to tell the headers repeated: which columns are read.
  const read = fields.map((f) => f?.kind ?? null);

  const records = body.flatMap((cells, i) => {
    const line = headerRow + 1 + i;
    if (skipReason(cells, headers, read)) return [];
    const admission = asWritten(cells[admissionAt] ?? "");
    const raw = fields.flatMap((f, j) => (f?.kind === "score" ? [{ j, column: f.column, text: cells[j] ?? "" }] : []));
    // A row naming no student and holding no score says nothing: a student without an admission number.
    if (!admission && raw.every((r) => !r.text.trim())) return [];
    return [{ line, admission, raw }];
  });
  if (!records.length) throw validationError({ [IMPORT_FILE_FIELD]: [IMPORT_MESSAGES.emptySheet] });
  if (records.length > RESULTS_LIMITS.rowsMax) throw validationError({ [IMPORT_FILE_FIELD]: [W.tooManyRows] });

  const students = await studentsByAdmission(deps, tenant, key.session, [
    ...new Set(records.map((r) => r.admission).filter(Boolean)),
  ]);
  const problems: RowProblem[] = [];
  const firstRowOf = new Map<number, number>();
  const rows: ScoresToSave[] = [];
  for (const record of records) {
    const problem = (column: string, message: string) => problems.push({ row: record.line, column, message });
    const student = students.get(record.admission);
    if (!record.admission) problem(admissionHeader, IMPORT_MESSAGES.required(admissionHeader));
    else if (!student) problem(admissionHeader, IMPORT_MESSAGES.unknownAdmission(record.admission));
    else if (firstRowOf.has(student.id))
      problem(admissionHeader, IMPORT_MESSAGES.duplicateInFile(admissionHeader, firstRowOf.get(student.id)!));
    else if (student.class_name !== key.schoolClass.class_name) problem(admissionHeader, M.studentNotInClass);
    if (student && !firstRowOf.has(student.id)) firstRowOf.set(student.id, record.line);
    const scores: Scores = {};
    for (const { j, column, text } of record.raw) {
      const score = readScore(text, column.max);
      if ("error" in score) problem(headers[j].trim(), score.error);
      else scores[column.name] = score.score;
    }
    if (student) rows.push({ studentId: student.id, scores });
  }
  return { rows, problems };
}

/**
 * `POST /results/sheet/upload`: the file read and every row checked; with no problem, its rows saved as the sheet's
 * save saves them, in one transaction, and the sheet answered with how many students were saved.
 */
export async function uploadScores(deps: ApiDeps, tenant: Tenant, query: SheetQuery, form: DiskMultipartResult) {
  const { settings, key, columns } = await openSheet(deps, tenant, query);
  const { sheet } = await readUploadedSheet(form);
  const found = findHeaderRowBy([sheet.headers, ...sheet.rows], (row) => fieldsOf(row, columns).filter(Boolean).length);
  const headers = found.index === 0 ? sheet.headers : sheet.rows[found.index - 1];
  const body = found.index === 0 ? sheet.rows : sheet.rows.slice(found.index);
  const { rows, problems } = await checkRows(deps, tenant, key, columns, sheet.firstRow + found.index, headers, body);
  if (problems.length) throw new ImportProblems({ problems }, W.hasProblems);
  await writeScores(deps, tenant, key, rows, {
    kind: "import",
    summary: `Saved the ${key.subject} scores of ${rows.length} ${rows.length === 1 ? "student" : "students"} of ${describe(key)} from a spreadsheet`,
  });
  return { sheet: await readSheet(deps, tenant, settings, key), saved: rows.length };
}
