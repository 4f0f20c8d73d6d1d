import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import { isMainThread, parentPort } from "node:worker_threads";
import { archiveExtent, csvExtent, DataExtent, type ExtentRefusal } from "./sheet-extent";
import { checkZip, isZip, type ZipLimits } from "./zip-limits";

/**
 * The spreadsheet worker: a module of the pool in `spreadsheet.ts`, run in a worker thread with bounded
 * memory, never on the request thread. It loads SheetJS (`@e965/xlsx`, its CommonJS build, which reads
 * the codepages of old .xls files) when the thread starts, and reads and writes a small workbook at once
 * so that SheetJS is compiled before the first file arrives. Each export answers one job.
 *
 * It imports nothing of the project but `zip-limits.ts` and `sheet-extent.ts`: the build emits it on its
 * own, beside server.mjs.
 */

const XLSX: typeof import("@e965/xlsx") = createRequire(import.meta.url)("@e965/xlsx");

export interface ReadJob {
  /** Set by the pool: the worker says when it starts the job, and the time limit counts from then. */
  job: number;
  path: string;
  limits: SheetLimits;
  /** A CSV file: its encoding and delimiter, decided by the caller; its values are read as written. */
  text?: CsvFormat;
}

/** What a file may hold; past any, it is refused before or while it is read. */
export interface SheetLimits {
  /** Rows from the first that holds data: the records and the rows above the headers. */
  rows: number;
  columns: number;
  /** Cells holding data. */
  cells: number;
  /** What an .xlsx or .ods archive may unpack to. */
  zip: ZipLimits;
}

export interface CsvFormat {
  encoding: "utf-8" | "windows-1252" | "utf-16le" | "utf-16be";
  delimiter: string;
}

export type ReadRefusal =
  | { ok: false; reason: "invalid" | "password" | "empty" | "unreadable" | "unpacksTooLarge" }
  | ExtentRefusal;

export type ReadAnswer =
  | { ok: true; sha256: string; firstRow: number; headers: string[]; rowsJson: string }
  | ReadRefusal;

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

/** Windows-1252's characters at 0x80–0x9F, where Latin-1 has control codes (Node decodes the one as the other). */
const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeText(bytes: Buffer, encoding: CsvFormat["encoding"]): string {
  if (encoding !== "windows-1252") return new TextDecoder(encoding).decode(bytes);
  return bytes.toString("latin1").replace(/[\u0080-\u009f]/g, (ch) => WINDOWS_1252_HIGH[ch.charCodeAt(0) - 0x80]);
}

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v).trim());

/**
 * The file's SHA-256 and its first sheet only (`sheets: 0`), every cell as the text Excel shows; trailing
 * empty cells dropped, and blank rows kept empty so that each row keeps its number (`firstRow` is the
 * sheet's row of the first). An .xlsx or .ods archive is checked before anything in it is inflated
 * (`checkZip`). The range a sheet declares (`<dimension ref="A1:XFD1048576">` of a sheet formatted by
 * whole columns) is not trusted: only cells holding data count, and every row holding data is read, so
 * none is dropped without a word; past the limits the file is refused, naming the first row too many.
 * The rows, columns and cells are counted on the file itself before SheetJS builds anything
 * (`sheet-extent.ts`), so a file that would fill a thread's memory is refused naming the limit it breaks,
 * and counted again on what SheetJS read; its time limit is the last guard. A CSV is decoded as the caller says and its values kept as written (no number or date guessed). The rows
 * come back as JSON text: one string crosses to the request thread faster than 10,000 arrays, and is what
 * gets stored.
 */
export async function read(job: ReadJob): Promise<ReadAnswer> {
  started(job.job);
  const bytes = fs.readFileSync(job.path);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  if (!job.text && isZip(bytes)) {
    const zip = await checkZip(bytes, job.limits.zip);
    if (zip !== "ok") return { ok: false, reason: zip === "tooLarge" ? "unpacksTooLarge" : "invalid" };
    // What SheetJS would build is counted first: past a limit, the file is refused naming it.
    const counted = await archiveExtent(bytes, job.limits);
    if (counted?.refusal) return counted.refusal;
  }
  const csv = job.text ? decodeText(bytes, job.text.encoding) : "";
  if (job.text) {
    const counted = csvExtent(csv, job.text.delimiter, job.limits);
    if (counted.refusal) return counted.refusal;
  }
  let book: import("@e965/xlsx").WorkBook;
  try {
    const options = {
      dense: true,
      sheets: 0,
      nodim: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      bookVBA: false,
    } as const;
    book = job.text
      ? XLSX.read(csv, {
          ...options,
          type: "string",
          raw: true,
          FS: job.text.delimiter,
        })
      : XLSX.read(bytes, { ...options, type: "buffer" });
  } catch (error) {
    return {
      ok: false,
      reason: /password|encrypt/i.test(String(error instanceof Error ? error.message : error)) ? "password" : "invalid",
    };
  }
  try {
    const sheet = book.SheetNames.length ? book.Sheets[book.SheetNames[0]] : undefined;
    if (!sheet) return { ok: false, reason: "invalid" };
    const extent = dataExtent(sheet["!data"] ?? [], job.limits);
    if (!(extent instanceof DataExtent)) return extent;
    if (extent.lastRow < 0) return { ok: false, reason: "empty" };
    sheet["!ref"] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: extent.lastRow, c: extent.lastColumn } });
    const all = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "", blankrows: true });
    const rows = all.map((r) => {
      const cells = r.map(text);
      while (cells.length && cells[cells.length - 1] === "") cells.pop();
      return cells;
    });
    const first = rows.findIndex((r) => r.length);
    if (rows.filter((r) => r.length).length < 2) return { ok: false, reason: "empty" };
    return {
      ok: true,
      sha256,
      firstRow: first + 1,
      headers: rows[first],
      rowsJson: JSON.stringify(rows.slice(first + 1)),
    };
  } catch {
    // A crash inside SheetJS on a file it opened: the file is refused, the thread goes on.
    return { ok: false, reason: "unreadable" };
  }
}

const holdsData = (cell: import("@e965/xlsx").CellObject | undefined) =>
  cell !== undefined && cell.t !== "z" && text(cell.w ?? cell.v) !== "";

/**
 * The last row and column (from 0) holding data, or why the sheet is refused (`DataExtent`). Rows and
 * cells are visited as stored (a sheet's arrays are sparse), never across its range.
 */
function dataExtent(data: import("@e965/xlsx").CellObject[][], limits: SheetLimits): ReadRefusal | DataExtent {
  const extent = new DataExtent(limits);
  for (const r in data) {
    const row = data[r];
    let filled = 0;
    let last = -1;
    for (const c in row) {
      if (!holdsData(row[c])) continue;
      filled++;
      last = Number(c);
    }
    if (!extent.add(Number(r), filled, last)) return extent.refusal!;
  }
  return extent;
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
