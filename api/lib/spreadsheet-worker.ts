import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import { isMainThread, parentPort } from "node:worker_threads";

/**
 * The spreadsheet worker: a module of the pool in `spreadsheet.ts`, run in a worker thread with bounded
 * memory, never on the request thread. It loads SheetJS (`@e965/xlsx`, its CommonJS build, which reads
 * the codepages of old .xls files) when the thread starts, and reads and writes a small workbook at once
 * so that SheetJS is compiled before the first file arrives. Each export answers one job.
 *
 * It imports nothing of the project: the build emits it on its own, beside server.mjs.
 */

const XLSX: typeof import("@e965/xlsx") = createRequire(import.meta.url)("@e965/xlsx");

export interface ReadJob {
  /** Set by the pool: the worker says when it starts the job, and the time limit counts from then. */
  job: number;
  path: string;
  maxRows: number;
}

export type ReadAnswer =
  | { ok: true; sha256: string; headers: string[]; rowsJson: string }
  | { ok: false; reason: "invalid" | "password" | "empty" | "tooManyRows" | "unreadable" };

export interface WriteJob {
  job: number;
  /** Text, numbers, or null for an empty cell. */
  sheets: { name: string; rows: (string | number | null)[][] }[];
}

/** A job has begun in this thread: the pool starts its clock. */
export interface StartedMessage {
  spreadsheetJobStarted: number;
}

function started(job: number) {
  parentPort?.postMessage({ spreadsheetJobStarted: job } satisfies StartedMessage);
}

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v).trim());

/**
 * The file's SHA-256 and its first sheet only (`sheets: 0`), at most `maxRows + 2` rows (`sheetRows`),
 * every cell as the text Excel shows; trailing empty cells and blank rows dropped. The rows come back as
 * JSON text: one string crosses to the request thread faster than 10,000 arrays, and is what gets stored.
 */
export function read(job: ReadJob): ReadAnswer {
  started(job.job);
  const bytes = fs.readFileSync(job.path);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  let book: import("@e965/xlsx").WorkBook;
  try {
    book = XLSX.read(bytes, {
      type: "buffer",
      dense: true,
      sheets: 0,
      sheetRows: job.maxRows + 2,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      bookVBA: false,
    });
  } catch (error) {
    return {
      ok: false,
      reason: /password|encrypt/i.test(String(error instanceof Error ? error.message : error)) ? "password" : "invalid",
    };
  }
  try {
    const sheet = book.SheetNames.length ? book.Sheets[book.SheetNames[0]] : undefined;
    if (!sheet) return { ok: false, reason: "invalid" };
    const all = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "", blankrows: false });
    const rows = all.map((r) => r.map(text)).filter((r) => r.some((v) => v !== ""));
    if (rows.length < 2) return { ok: false, reason: "empty" };
    if (rows.length - 1 > job.maxRows) return { ok: false, reason: "tooManyRows" };
    return { ok: true, sha256, headers: rows[0], rowsJson: JSON.stringify(rows.slice(1)) };
  } catch {
    // A crash inside SheetJS on a file it opened: the file is refused, the thread goes on.
    return { ok: false, reason: "unreadable" };
  }
}

/** An .xlsx of the sheets given, in their order. */
export function write(job: WriteJob): Uint8Array {
  started(job.job);
  const book = XLSX.utils.book_new();
  for (const s of job.sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(s.rows), s.name);
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Uint8Array;
}

// Warm up as the thread starts: the first file is then read about as fast as the next ones.
if (!isMainThread) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["Name"], ["Ada"]]), "Warm");
  const bytes = XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true });
  XLSX.utils.sheet_to_json(XLSX.read(bytes, { type: "buffer", dense: true }).Sheets.Warm, { header: 1, raw: false });
}
