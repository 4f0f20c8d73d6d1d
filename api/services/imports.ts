import { createHash } from "node:crypto";
import {
  IMPORT_COLUMNS,
  IMPORT_FILE_FIELD,
  IMPORT_MAX_BYTES,
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
} from "../../contract/imports";
import { JOB_NAMES } from "../../contract/jobs";
import { MESSAGES } from "../../contract/messages";
import { errorFields, logger } from "../../observability/log";
import type { DiskMultipartResult } from "../../server-lib/multipart";
import { recordAudit } from "./audit";
import type { ApiDeps, Tenant } from "../context";
import type { Import } from "../db/schema";
import { randomKey } from "../lib/crypto";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, validationError } from "../lib/errors";
import { detectFileType } from "../lib/file-types";
import { readFirstSheet, writeWorkbook, XLSX_MIME } from "../lib/spreadsheet";
import { diskBytes } from "./files";
import { KIND_RULES, type ImportRow } from "./import-kinds";
import { getSchoolSettings } from "./settings";

/**
 * Bulk imports (contract/imports.ts): a file is read in a worker, every row checked and the check kept
 * under an unguessable token; 'Import N rows' writes every row in one transaction, or none. A file is
 * known by its SHA-256: the same file imported twice adds nothing the second time.
 */

const fail = (message: string) => validationError({ [IMPORT_FILE_FIELD]: [message] }, message);

const READ_REFUSALS = {
  invalid: MESSAGES.excelOnly,
  password: IMPORT_MESSAGES.passwordProtected,
  empty: IMPORT_MESSAGES.emptySheet,
  tooManyRows: IMPORT_MESSAGES.tooManyRows,
  unreadable: IMPORT_MESSAGES.unreadable,
} as const;

const SPREADSHEET_TYPES = new Set([XLSX_MIME, "application/vnd.ms-excel"]);

/**
 * Checks an uploaded spreadsheet. The bytes say whether it is one (an Office Open XML workbook, or the
 * OLE2 container of an .xls or of a password-protected file), never its name; SheetJS then reads it in a
 * worker. Every refusal is a 422 on the field `file` in the product's words.
 */
export async function checkUpload(
  deps: ApiDeps,
  tenant: Tenant,
  kind: ImportKind,
  form: DiskMultipartResult,
): Promise<ImportPreview> {
  const file = form.files.find((f) => f.field === IMPORT_FILE_FIELD);
  if (!file || (!file.filename && file.size === 0)) throw fail(MESSAGES.noFileSelected);
  if (file.truncated || file.size > IMPORT_MAX_BYTES) throw fail(IMPORT_MESSAGES.tooLarge);
  // A fixed name: the OLE2 container is accepted whatever the file is called, and SheetJS decides.
  const detected = await detectFileType(diskBytes(file), "upload.xls");
  if (!detected.ok || !SPREADSHEET_TYPES.has(detected.type.mime)) throw fail(MESSAGES.excelOnly);
  const read = await readFirstSheet(file.path, IMPORT_MAX_ROWS);
  if (!read.ok) throw fail(READ_REFUSALS[read.reason]);
  return createCheck(deps, tenant, kind, { name: file.filename.slice(0, 200), hash: read.sha256 }, read);
}

/** The rows of a JSON body (`POST /students/bulkRegister`): objects keyed by header or field name. */
function jsonRows(list: unknown): SheetRows {
  if (!Array.isArray(list) || !list.length) throw validationError({ rows: [IMPORT_MESSAGES.emptySheet] });
  if (list.length > IMPORT_MAX_ROWS) throw validationError({ rows: [IMPORT_MESSAGES.tooManyRows] });
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
  return { headers, rows, rowsJson: JSON.stringify(rows) };
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

/** A check with problems: 422 with the preview as `data`, and its problems as `errors.rows`. */
export class ImportProblems extends ApiError {
  constructor(readonly preview: ImportPreview) {
    super(422, IMPORT_MESSAGES.hasProblems, {
      rows: preview.problems.map((p) => `Row ${p.row}, ${p.column}: ${p.message}`),
    });
  }
}

/** A sheet's headers and rows, and the rows as JSON (what is kept for the problem file). */
interface SheetRows {
  headers: string[];
  rows: string[][];
  rowsJson: string;
}

async function createCheck(
  deps: ApiDeps,
  tenant: Tenant,
  kind: ImportKind,
  file: { name: string; hash: string },
  sheet: SheetRows,
): Promise<ImportPreview> {
  const { headers, rows: cells } = sheet;
  const now = deps.now();
  const match = matchHeaders(kind, headers);
  const rows: ImportRow[] = cells.map((row, i) => {
    const values: Record<string, string> = {};
    match.fields.forEach((field, j) => {
      if (field) values[field] = row[j] ?? "";
    });
    return { line: i + 2, values };
  });
  // The same file imported before is not checked again: its rows are the school's records now.
  const imported = await importedAt(deps, tenant, kind, file.hash);
  const { problems, prepared } = imported
    ? { problems: [], prepared: [] }
    : await KIND_RULES[kind].check(deps, tenant, rows);
  const saved = await deps.db
    .insertInto("imports")
    .values({
      school_id: tenant.schoolId,
      token: randomKey() + randomKey(),
      kind,
      file_hash: file.hash,
      file_name: file.name || "upload",
      headers: JSON.stringify(headers),
      rows: sheet.rowsJson,
      row_count: rows.length,
      problems: JSON.stringify(sortProblems(kind, problems)),
      prepared: JSON.stringify(problems.length ? [] : prepared),
      status: "checked",
      added: 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + IMPORT_TTL_MS).toISOString(),
      imported_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // The school's checks are swept once this one's time is up; should the queue refuse, the hourly sweep does it.
  await deps.jobs
    ?.enqueue(JOB_NAMES.sweepImportChecks, {}, { schoolId: tenant.schoolId, delayMs: IMPORT_TTL_MS })
    .catch((error: unknown) => logger.warn("import sweep not enqueued", errorFields(error)));
  return toPreview(saved, match, imported);
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

function toPreview(row: Import, match: ReturnType<typeof matchHeaders>, imported: string | null): ImportPreview {
  const problems = JSON.parse(row.problems) as RowProblem[];
  return {
    token: row.token,
    kind: row.kind as ImportKind,
    file_name: row.file_name,
    rows: row.row_count,
    to_add: problems.length || imported ? 0 : row.row_count,
    rows_with_problems: new Set(problems.map((p) => p.row)).size,
    problems: problems.slice(0, IMPORT_PROBLEMS_SHOWN),
    problem_count: problems.length,
    unknown_columns: match.unknown,
    missing_columns: match.missing,
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
  return toPreview(
    row,
    matchHeaders(kind, JSON.parse(row.headers) as string[]),
    await importedAt(deps, tenant, kind, row.file_hash),
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
  const byRow = new Map<number, string[]>();
  for (const p of JSON.parse(row.problems) as RowProblem[])
    (byRow.get(p.row) ?? byRow.set(p.row, []).get(p.row)!).push(`${p.column}: ${p.message}`);
  const rows = [...byRow.entries()].map(([line, messages]) => [
    ...headers.map((_, j) => cells[line - 2]?.[j] ?? ""),
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
      name: kind === "staff" ? "Staff" : kind === "parents" ? "Parents" : "Students",
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
      await recordAudit(
        deps,
        tenant,
        {
          kind: "import",
          summary: `Imported ${added} ${added === 1 ? KIND_WORDS[kind].one : KIND_WORDS[kind].many} from a spreadsheet`,
          recordIds: [row.id],
        },
        trx,
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
