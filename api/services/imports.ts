import { createHash } from "node:crypto";
import {
  headerKey,
  IMPORT_CHANGE_ROWS_SHOWN,
  IMPORT_COLUMNS,
  IMPORT_FILE_FIELD,
  IMPORT_MAX_BYTES,
  IMPORT_FEATURE,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_PROBLEMS_SHOWN,
  IMPORT_TTL_MS,
  KIND_WORDS,
  matchHeaders,
  type ImportKind,
  type ImportPreview,
  type ImportResult,
  type RowProblem,
  type SavedMapping,
  type SkipReason,
  type ValueChange,
} from "../../contract/imports";
import { JOB_NAMES } from "../../contract/jobs";
import { MESSAGES } from "../../contract/messages";
import { errorFields, logger } from "../../observability/log";
import type { DiskMultipartResult } from "../../server-lib/multipart";
import { recordAudit } from "./audit";
import { notify } from "./notifications";
import type { ApiDeps, Tenant } from "../context";
import type { Import } from "../db/schema";
import { randomKey } from "../lib/crypto";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, validationError } from "../lib/errors";
import { detectFileType } from "../lib/file-types";
import { readFirstSheet, writeWorkbook, XLSX_MIME, type CsvFormat, type SheetRead } from "../lib/spreadsheet";
import { diskBytes } from "./files";
import { KIND_RULES, type ImportRow } from "./import-kinds";
import { csvFormat, findHeaderRow, HEADER_SEARCH_ROWS, skipReason } from "./import-sheet";
import { readValues } from "./import-values";
import { getSchoolSettings } from "./settings";

/**
 * Bulk imports (contract/imports.ts): a file is read in a worker, every row checked and the check kept
 * under an unguessable token; 'Import N rows' writes every row in one transaction, or none. A file is
 * known by its SHA-256: the same file imported twice adds nothing the second time.
 */

const fail = (message: string) => validationError({ [IMPORT_FILE_FIELD]: [message] }, message);

const READ_REFUSALS = {
  invalid: IMPORT_MESSAGES.notASpreadsheet,
  password: IMPORT_MESSAGES.passwordProtected,
  empty: IMPORT_MESSAGES.emptySheet,
  unreadable: IMPORT_MESSAGES.unreadable,
  unpacksTooLarge: IMPORT_MESSAGES.unpacksTooLarge,
  tooManyColumns: IMPORT_MESSAGES.tooManyColumns,
  tooManyCells: IMPORT_MESSAGES.tooManyCells,
} as const;

const SPREADSHEET_TYPES = new Set([
  XLSX_MIME,
  "application/vnd.ms-excel",
  "application/vnd.oasis.opendocument.spreadsheet",
]);
const TEXT_TYPES = new Set(["text/plain", "text/csv"]);
/** The worker reads this many rows under the first: the records at most, and room for what sits above the headers. */
const READ_ROWS = IMPORT_MAX_ROWS + HEADER_SEARCH_ROWS;

/**
 * Reads an uploaded spreadsheet, the form's field `file`. The bytes say whether it is one (an Office Open XML
 * workbook, an OpenDocument spreadsheet, the OLE2 container of an .xls or of a password-protected file, or text
 * named .csv with a consistent delimiter: `csvFormat`), never its name alone; SheetJS then reads it in a
 * worker. Every refusal is a 422 on the field `file` in the product's words. `csv` says the file was text.
 */
export async function readUploadedSheet(
  form: DiskMultipartResult,
): Promise<{ name: string; sheet: Extract<SheetRead, { ok: true }>; csv: boolean }> {
  const file = form.files.find((f) => f.field === IMPORT_FILE_FIELD);
  if (!file || (!file.filename && file.size === 0)) throw fail(MESSAGES.noFileSelected);
  if (file.truncated || file.size > IMPORT_MAX_BYTES) throw fail(IMPORT_MESSAGES.tooLarge);
  // A fixed name: the OLE2 container is accepted whatever the file is called, and SheetJS decides.
  const bytes = diskBytes(file);
  const detected = await detectFileType(bytes, "upload.xls");
  let text: CsvFormat | undefined;
  if (detected.ok && TEXT_TYPES.has(detected.type.mime))
    text = csvFormat(await bytes.read(0, file.size), file.filename) ?? undefined;
  if (!detected.ok || !(text || SPREADSHEET_TYPES.has(detected.type.mime))) throw fail(IMPORT_MESSAGES.notASpreadsheet);
  const read = await readFirstSheet(file.path, READ_ROWS, undefined, text);
  if (!read.ok)
    throw fail(read.reason === "rowPastLimit" ? IMPORT_MESSAGES.rowPastLimit(read.row) : READ_REFUSALS[read.reason]);
  return { name: file.filename.slice(0, 200), sheet: read, csv: Boolean(text) };
}

/** Checks an uploaded spreadsheet (`readUploadedSheet`): every row of the kind, kept under a token. */
export async function checkUpload(
  deps: ApiDeps,
  tenant: Tenant,
  kind: ImportKind,
  form: DiskMultipartResult,
): Promise<ImportPreview> {
  const { name, sheet, csv } = await readUploadedSheet(form);
  return createCheck(
    deps,
    tenant,
    kind,
    { name, hash: sheet.sha256 },
    {
      ...sheet,
      // A CSV is one only with a header row the kind knows.
      headersKnownOnly: csv,
    },
  );
}

const refuseRows = (message: string) => validationError({ rows: [message] });

/** The rows of a JSON body (`POST /students/bulkRegister`): objects keyed by header or field name. */
function jsonRows(list: unknown): SheetRows {
  if (!Array.isArray(list) || !list.length) throw refuseRows(IMPORT_MESSAGES.emptySheet);
  if (list.length > IMPORT_MAX_ROWS) throw refuseRows(IMPORT_MESSAGES.tooManyRows);
  const headers: string[] = [];
  const objects = list.map((item) =>
    item && typeof item === "object" && !Array.isArray(item) ? (item as Record<string, unknown>) : {},
  );
  for (const o of objects) for (const key of Object.keys(o)) if (!headers.includes(key)) headers.push(key);
  const text = (v: unknown) =>
    Array.isArray(v)
      ? v.map(String).join(", ")
      : v === null || v === undefined
        ? ""
        : typeof v === "object"
          ? ""
          : String(v).trim();
  const rows = objects.map((o) => headers.map((h) => text(o[h])));
  return { firstRow: 1, headers, rows, rowsJson: JSON.stringify(rows), headerRowGiven: true, refuse: refuseRows };
}

/**
 * The product's `bulkRegister` calls: the rows checked and, when none has a problem, imported at once.
 * Rows with problems answer 422 with the check (its problems) and write nothing.
 */
export async function bulkRegister(
  deps: ApiDeps,
  tenant: Tenant,
  kind: ImportKind,
  list: unknown,
): Promise<ImportResult> {
  const sheet = jsonRows(list);
  const hash = createHash("sha256")
    .update(JSON.stringify([sheet.headers, sheet.rows]))
    .digest("hex");
  const preview = await createCheck(deps, tenant, kind, { name: `${kind}.json`, hash }, sheet);
  if (preview.problem_count) throw new ImportProblems(preview);
  return commitImport(deps, tenant, kind, preview.token);
}

/**
 * A check with problems: 422 with the check as `data` (an import's preview, or what a score upload found), and its
 * problems as `errors.rows`, each "Row {row}, {column}: {message}".
 */
export class ImportProblems extends ApiError {
  constructor(
    readonly preview: { problems: RowProblem[] },
    message: string = IMPORT_MESSAGES.hasProblems,
  ) {
    super(422, message, {
      rows: preview.problems.map((p) => `Row ${p.row}, ${p.column}: ${p.message}`),
    });
  }
}

/**
 * A sheet's first row that is not blank (`headers`, at sheet row `firstRow`) and the rows under it, also
 * as JSON. The header row is looked for among them unless `headerRowGiven`; `headersKnownOnly` refuses a
 * sheet where no row has the kind's headers (a CSV). `refuse` makes a refusal of the sheet.
 */
interface SheetRows {
  firstRow: number;
  headers: string[];
  rows: string[][];
  rowsJson: string;
  headerRowGiven?: boolean;
  headersKnownOnly?: boolean;
  refuse?: (message: string) => Error;
}

/** How a file was read, kept with its check: what the check page shows beside the problems. */
interface ImportReport {
  header_row: number;
  unknown: string[];
  missing: string[];
  joined: string[];
  skipped: { row: number; reason: SkipReason }[];
  skipped_count: number;
  changes: ValueChange[];
  change_count: number;
  mapping: ImportPreview["mapping"];
}

/** The school's choices for its headers of this kind of file. */
async function savedMapping(deps: Pick<ApiDeps, "db">, tenant: Tenant, kind: ImportKind): Promise<SavedMapping> {
  const rows = await deps.db
    .selectFrom("import_mappings")
    .select(["header_key", "field"])
    .where("school_id", "=", tenant.schoolId)
    .where("kind", "=", kind)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.header_key, r.field]));
}

/**
 * The records of a sheet: its header row found, the columns matched (the name's parts joined), and the
 * rows that are not records skipped and listed.
 */
function recordsOf(kind: ImportKind, sheet: SheetRows, saved: SavedMapping) {
  const refuse = sheet.refuse ?? fail;
  const tooWide = (row: string[]) => row.length > IMPORT_MAX_COLUMNS;
  if (tooWide(sheet.headers) || sheet.rows.some(tooWide)) throw refuse(IMPORT_MESSAGES.tooManyColumns);
  const found = sheet.headerRowGiven
    ? { index: 0, known: true }
    : findHeaderRow(kind, [sheet.headers, ...sheet.rows], saved);
  if (sheet.headersKnownOnly && !found.known) throw refuse(IMPORT_MESSAGES.notASpreadsheet);
  const headers = found.index === 0 ? sheet.headers : sheet.rows[found.index - 1];
  const body = found.index === 0 ? sheet.rows : sheet.rows.slice(found.index);
  const headerRow = sheet.firstRow + found.index;
  const match = matchHeaders(kind, headers, saved);
  const parts = match.joined.length
    ? ["name:surname", "name:first", "name:other"].map((part) => match.fields.indexOf(part)).filter((j) => j >= 0)
    : [];
  const skipped: ImportReport["skipped"] = [];
  const rows: ImportRow[] = [];
  body.forEach((cells, i) => {
    const line = headerRow + 1 + i;
    const reason = skipReason(cells, headers, match.fields);
    if (reason) return void skipped.push({ row: line, reason });
    const values: Record<string, string> = {};
    match.fields.forEach((field, j) => {
      if (field) values[field] = cells[j] ?? "";
    });
    if (parts.length)
      values.name = parts
        .map((j) => cells[j] ?? "")
        .filter(Boolean)
        .join(" ");
    rows.push({ line, values });
  });
  if (!rows.length) throw refuse(IMPORT_MESSAGES.emptySheet);
  // The first record past the cap is named (a JSON body's rows are counted, `jsonRows`).
  if (rows.length > IMPORT_MAX_ROWS) throw refuse(IMPORT_MESSAGES.rowPastLimit(rows[IMPORT_MAX_ROWS].line));
  return {
    headers,
    headerRow,
    match,
    rows,
    skipped,
    // What is kept for the problem file: the rows under the headers as the file has them.
    bodyJson: found.index === 0 ? sheet.rowsJson : JSON.stringify(body),
  };
}

/** While a required column is missing: the columns no field took, and the fields they could fill. */
function mappingStep(kind: ImportKind, match: ReturnType<typeof matchHeaders>, saved: SavedMapping) {
  if (!match.missing.length || !match.unknown.length) return null;
  const taken = new Set(match.fields);
  if (match.joined.length) taken.add("name");
  return {
    columns: match.unknown.map((header) => ({ header, chosen: saved[headerKey(header)] ?? "" })),
    fields: IMPORT_COLUMNS[kind].filter((c) => !taken.has(c.field)).map((c) => ({ field: c.field, header: c.header })),
  };
}

async function createCheck(
  deps: ApiDeps,
  tenant: Tenant,
  kind: ImportKind,
  file: { name: string; hash: string },
  sheet: SheetRows,
): Promise<ImportPreview> {
  const now = deps.now();
  const saved = await savedMapping(deps, tenant, kind);
  const { headers, headerRow, match, rows, skipped, bodyJson } = recordsOf(kind, sheet, saved);
  // The same file imported before is not checked again: its rows are the school's records now.
  const imported = await importedAt(deps, tenant, kind, file.hash);
  let problems: RowProblem[] = [];
  let prepared: unknown[] = [];
  let changes: ValueChange[] = [];
  if (!imported) {
    const classes = (await getSchoolSettings(deps, tenant)).classes.map((c) => c.class_name);
    const read = readValues(kind, rows, classes);
    const checked = await KIND_RULES[kind].check(deps, tenant, rows);
    // A class that could be several is said once, naming them, rather than also as unknown.
    const said = new Set(read.problems.map((p) => `${p.row}\u0000${p.column}`));
    problems = [...read.problems, ...checked.problems.filter((p) => !said.has(`${p.row}\u0000${p.column}`))];
    const bad = new Set(read.problems.map((p) => p.row));
    prepared = checked.prepared.filter((p) => !bad.has(p.line));
    changes = [...read.changes.values()].map((c) => ({
      ...c,
      rows: c.rows.slice(0, IMPORT_CHANGE_ROWS_SHOWN),
      count: c.rows.length,
    }));
  }
  const report: ImportReport = {
    header_row: headerRow,
    unknown: match.unknown,
    missing: match.missing,
    joined: match.joined,
    skipped: skipped.slice(0, IMPORT_PROBLEMS_SHOWN),
    skipped_count: skipped.length,
    changes: changes.slice(0, IMPORT_PROBLEMS_SHOWN),
    change_count: changes.reduce((sum, c) => sum + c.count, 0),
    mapping: mappingStep(kind, match, saved),
  };
  const stored = await deps.db
    .insertInto("imports")
    .values({
      school_id: tenant.schoolId,
      token: randomKey() + randomKey(),
      kind,
      file_hash: file.hash,
      file_name: file.name || "upload",
      headers: JSON.stringify(headers),
      rows: bodyJson,
      row_count: rows.length,
      problems: JSON.stringify(sortProblems(kind, problems)),
      prepared: JSON.stringify(problems.length ? [] : prepared),
      status: "checked",
      added: 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + IMPORT_TTL_MS).toISOString(),
      imported_at: null,
      report: JSON.stringify(report),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // The school's checks are swept once this one's time is up; should the queue refuse, the hourly sweep does it.
  await deps.jobs
    ?.enqueue(JOB_NAMES.sweepImportChecks, {}, { schoolId: tenant.schoolId, delayMs: IMPORT_TTL_MS })
    .catch((error: unknown) => logger.warn("import sweep not enqueued", errorFields(error)));
  return toPreview(stored, imported);
}

function sortProblems(kind: ImportKind, problems: RowProblem[]): RowProblem[] {
  const order = (column: string) => IMPORT_COLUMNS[kind].findIndex((c) => c.header === column);
  return [...problems].sort((a, b) => a.row - b.row || order(a.column) - order(b.column));
}

async function importedAt(
  deps: Pick<ApiDeps, "db">,
  tenant: Tenant,
  kind: ImportKind,
  hash: string,
): Promise<string | null> {
  const done = await deps.db
    .selectFrom("imports")
    .select("imported_at")
    .where("school_id", "=", tenant.schoolId)
    .where("kind", "=", kind)
    .where("file_hash", "=", hash)
    .where("status", "=", "imported")
    .executeTakeFirst();
  return done?.imported_at ?? null;
}

/** A check's report; one made before reports were kept is read as its headers say. */
function reportOf(row: Import): ImportReport {
  if (row.report) return JSON.parse(row.report) as ImportReport;
  const match = matchHeaders(row.kind as ImportKind, JSON.parse(row.headers) as string[]);
  return {
    header_row: 1,
    unknown: match.unknown,
    missing: match.missing,
    joined: [],
    skipped: [],
    skipped_count: 0,
    changes: [],
    change_count: 0,
    mapping: null,
  };
}

function toPreview(row: Import, imported: string | null): ImportPreview {
  const problems = JSON.parse(row.problems) as RowProblem[];
  const report = reportOf(row);
  return {
    token: row.token,
    kind: row.kind as ImportKind,
    file_name: row.file_name,
    rows: row.row_count,
    header_row: report.header_row,
    skipped_rows: report.skipped,
    skipped_count: report.skipped_count,
    changes: report.changes,
    change_count: report.change_count,
    joined_columns: report.joined,
    mapping: imported ? null : report.mapping,
    to_add: problems.length || imported ? 0 : row.row_count,
    rows_with_problems: new Set(problems.map((p) => p.row)).size,
    problems: problems.slice(0, IMPORT_PROBLEMS_SHOWN),
    problem_count: problems.length,
    unknown_columns: report.unknown,
    missing_columns: report.missing,
    imported_at: imported,
    expires_at: row.expires_at,
  };
}

/** A check of this school, of this kind, not expired (an imported one stays readable). */
async function findCheck(deps: ApiDeps, tenant: Tenant, kind: ImportKind, token: string): Promise<Import> {
  const row = await deps.db
    .selectFrom("imports")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where("kind", "=", kind)
    .where("token", "=", token)
    .executeTakeFirst();
  if (!row || (row.status === "checked" && row.expires_at < deps.now().toISOString()))
    throw new ApiError(404, IMPORT_MESSAGES.expired);
  return row;
}

export async function getCheck(deps: ApiDeps, tenant: Tenant, kind: ImportKind, token: string): Promise<ImportPreview> {
  const row = await findCheck(deps, tenant, kind, token);
  return toPreview(row, await importedAt(deps, tenant, kind, row.file_hash));
}

/**
 * The mapping step: the school's choice of field (or "" to ignore) for each of the check's columns that
 * no field took, kept for its next file of the kind; then the same file checked again, under a new token.
 */
export async function applyMapping(
  deps: ApiDeps,
  tenant: Tenant,
  kind: ImportKind,
  token: string,
  body: unknown,
): Promise<ImportPreview> {
  const row = await findCheck(deps, tenant, kind, token);
  const mapping = (body as { mapping?: unknown } | null)?.mapping;
  const step = reportOf(row).mapping;
  if (row.status !== "checked" || !step) throw new ApiError(404, IMPORT_MESSAGES.expired);
  const fields = new Set(step.fields.map((f) => f.field));
  const chosen = step.columns.map(({ header }) => {
    const field = mapping && typeof mapping === "object" ? (mapping as Record<string, unknown>)[header] : undefined;
    return { header, field: typeof field === "string" ? field : "" };
  });
  const wrong = chosen.filter((c) => c.field && !fields.has(c.field));
  if (wrong.length) throw validationError({ mapping: wrong.map((c) => IMPORT_MESSAGES.mappingField(c.header)) });
  const twice = chosen.filter((c, i) => c.field && chosen.findIndex((o) => o.field === c.field) !== i);
  if (twice.length) throw validationError({ mapping: twice.map((c) => IMPORT_MESSAGES.mappingTwice(c.header)) });
  const now = deps.now().toISOString();
  for (const { header, field } of chosen)
    await deps.db
      .insertInto("import_mappings")
      .values({ school_id: tenant.schoolId, kind, header_key: headerKey(header), field, updated_at: now })
      .onConflict((oc) => oc.columns(["school_id", "kind", "header_key"]).doUpdateSet({ field, updated_at: now }))
      .execute();
  const report = reportOf(row);
  return createCheck(
    deps,
    tenant,
    kind,
    { name: row.file_name, hash: row.file_hash },
    {
      firstRow: report.header_row,
      headers: JSON.parse(row.headers) as string[],
      rows: JSON.parse(row.rows) as string[][],
      rowsJson: row.rows,
      headerRowGiven: true,
    },
  );
}

/** The rows with problems as the file had them, plus a 'Problem' column saying what to fix. */
export async function problemFile(
  deps: ApiDeps,
  tenant: Tenant,
  kind: ImportKind,
  token: string,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; name: string }> {
  const row = await findCheck(deps, tenant, kind, token);
  const headers = JSON.parse(row.headers) as string[];
  const cells = JSON.parse(row.rows) as string[][];
  const firstLine = reportOf(row).header_row + 1;
  const byRow = new Map<number, string[]>();
  for (const p of JSON.parse(row.problems) as RowProblem[])
    (byRow.get(p.row) ?? byRow.set(p.row, []).get(p.row)!).push(`${p.column}: ${p.message}`);
  const rows = [...byRow.entries()].map(([line, messages]) => [
    ...headers.map((_, j) => cells[line - firstLine]?.[j] ?? ""),
    messages.join("; "),
  ]);
  const base = row.file_name.replace(/\.[^.]*$/, "") || kind;
  return {
    bytes: await writeWorkbook([{ name: "Problems", rows: [[...headers, "Problem"], ...rows] }]),
    name: `${base} - problems.xlsx`,
  };
}

/** The kind's template: its headers and an example row, and a sheet explaining each column. */
export async function templateFile(deps: ApiDeps, tenant: Tenant, kind: ImportKind): Promise<Uint8Array<ArrayBuffer>> {
  const columns = IMPORT_COLUMNS[kind];
  const allowed = KIND_RULES[kind].allowed(await getSchoolSettings(deps, tenant));
  const explanations = [
    ["Column", "Required", "What to write", "Allowed values", "Also accepted as header"],
    ...columns.map((c) => [
      c.header,
      c.required ? "Yes" : "No",
      c.explanation,
      allowed[c.header] ?? "",
      c.synonyms.join(", "),
    ]),
  ];
  return writeWorkbook([
    {
      name: { staff: "Staff", parents: "Parents", students: "Students", questions: "Questions" }[kind],
      rows: [columns.map((c) => c.header), columns.map((c) => c.example)],
    },
    { name: "Explanations", rows: explanations },
  ]);
}

/**
 * 'Import N rows': the rows' records, checked again against the school's records, written in one
 * transaction with the import marked done, so a crash leaves nothing half-written and the same file
 * (by its hash, through the `imports_once` index) is imported once.
 */
export async function commitImport(
  deps: ApiDeps,
  tenant: Tenant,
  kind: ImportKind,
  token: string,
): Promise<ImportResult> {
  const row = await findCheck(deps, tenant, kind, token);
  if (row.status === "imported" || (await importedAt(deps, tenant, kind, row.file_hash)))
    return { added: 0, already_imported: true };
  if (JSON.parse(row.problems).length) throw new ImportProblems(await getCheck(deps, tenant, kind, token));
  const rules = KIND_RULES[kind];
  const prepared = JSON.parse(row.prepared) as Parameters<typeof rules.insert>[2];
  const now = deps.now().toISOString();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (await importedAt({ db: trx }, tenant, kind, row.file_hash)) return { added: 0, already_imported: true };
      const problems = await rules.recheck(trx, tenant, prepared);
      if (problems.length) throw new StaleCheck(problems);
      const added = await rules.insert(trx, tenant, prepared, now);
      await trx
        .updateTable("imports")
        .set({ status: "imported", added, imported_at: now, rows: "[]", prepared: "[]" })
        .where("id", "=", row.id)
        .where("status", "=", "checked")
        .execute();
      const summary = `Imported ${added} ${added === 1 ? KIND_WORDS[kind].one : KIND_WORDS[kind].many} from a spreadsheet`;
      await recordAudit(deps, tenant, { kind: "import", summary, recordIds: [row.id] }, trx);
      await notify(
        trx,
        tenant.schoolId,
        { kind: "import_committed", feature: IMPORT_FEATURE[kind], summary, link: IMPORTED_LIST[kind] },
        deps.now(),
      );
      return { added, already_imported: false };
    });
  } catch (error) {
    // Another commit of the same file got there first.
    if (
      (error instanceof StaleCheck || isUniqueViolation(error)) &&
      (await importedAt(deps, tenant, kind, row.file_hash))
    )
      return { added: 0, already_imported: true };
    if (error instanceof StaleCheck) {
      await deps.db
        .updateTable("imports")
        .set({ problems: JSON.stringify(sortProblems(kind, error.problems)), prepared: "[]" })
        .where("id", "=", row.id)
        .execute();
      throw new ImportProblems(await getCheck(deps, tenant, kind, token));
    }
    throw error;
  }
}

/** Where an import's notification leads: the list it added to. */
const IMPORTED_LIST: Record<ImportKind, string> = {
  students: "/admin/students",
  parents: "/admin/parents",
  staff: "/admin/staff",
  questions: "/admin/assessments/questions",
};

/** Records added since the check now clash with rows of the file: the check is updated, nothing written. */
class StaleCheck extends Error {
  constructor(readonly problems: RowProblem[]) {
    super("stale import check");
  }
}

/**
 * Removes the checks whose time is up and that were never imported: one school's, or every school's
 * when `schoolId` is null (the hourly sweep). Answers how many went.
 */
export async function sweepExpiredChecks(deps: Pick<ApiDeps, "db" | "now">, schoolId: number | null): Promise<number> {
  let expired = deps.db
    .deleteFrom("imports")
    .where("status", "=", "checked")
    .where("expires_at", "<", deps.now().toISOString());
  if (schoolId !== null) expired = expired.where("school_id", "=", schoolId);
  const result = await expired.executeTakeFirst();
  return Number(result.numDeletedRows);
}
