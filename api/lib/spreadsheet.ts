import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * Reading and writing spreadsheets with SheetJS (`@e965/xlsx`, DESIGN section 2), always in a worker
 * thread with bounded memory and time: a hostile file (a zip bomb, a sheet of a million cells) costs
 * that worker, never the request thread or the process.
 */

export type SheetRead =
  | { ok: true; headers: string[]; rows: string[][] }
  | { ok: false; reason: "invalid" | "password" | "empty" | "tooManyRows" | "unreadable" };

export interface SheetToWrite {
  name: string;
  rows: string[][];
}

const XLSX_PATH = createRequire(import.meta.url).resolve("@e965/xlsx");
const LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
export const SPREADSHEET_TIME_LIMIT_MS = 20_000;

/**
 * The worker's code, run as CommonJS. `read`: the first sheet only (`sheets: 0`), at most `maxRows + 2`
 * rows (`sheetRows`), every cell as the text Excel shows; trailing empty cells and blank rows dropped.
 * `write`: an .xlsx of the sheets given.
 */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const XLSX = require(workerData.xlsx);
const job = workerData.job;
function read() {
  let book;
  try {
    book = XLSX.read(fs.readFileSync(job.path), { type: "buffer", dense: true, sheets: 0, sheetRows: job.maxRows + 2, cellFormula: false, cellHTML: false, cellStyles: false, cellDates: false, bookVBA: false });
  } catch (error) {
    return { ok: false, reason: /password|encrypt/i.test(String(error && error.message)) ? "password" : "invalid" };
  }
  const sheet = book.SheetNames.length ? book.Sheets[book.SheetNames[0]] : undefined;
  if (!sheet) return { ok: false, reason: "invalid" };
  const all = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: "", blankrows: false });
  const text = (v) => (v === null || v === undefined ? "" : String(v).trim());
  const rows = all.map((r) => r.map(text)).filter((r) => r.some((v) => v !== ""));
  if (rows.length < 2) return { ok: false, reason: "empty" };
  if (rows.length - 1 > job.maxRows) return { ok: false, reason: "tooManyRows" };
  return { ok: true, headers: rows[0], rows: rows.slice(1) };
}
function write() {
  const book = XLSX.utils.book_new();
  for (const s of job.sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(s.rows), s.name);
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true });
}
parentPort.postMessage(job.op === "read" ? read() : write());
`;

class SpreadsheetWorkerError extends Error {}

function runWorker<T>(job: unknown, timeLimitMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { xlsx: XLSX_PATH, job }, resourceLimits: LIMITS });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => finish(() => void worker.terminate().then(() => reject(new SpreadsheetWorkerError("time limit")))), timeLimitMs);
    worker.once("message", (message: T) => finish(() => resolve(message)));
    // Out of memory, or a crash inside SheetJS: the worker ends, the request gets a refusal.
    worker.once("error", (error) => finish(() => reject(new SpreadsheetWorkerError(error.message))));
    worker.once("exit", (code) => finish(() => reject(new SpreadsheetWorkerError(`exited ${code}`))));
  });
}

/** The first sheet of the file at `path`: its first row as headers and the rows under it, as text. */
export async function readFirstSheet(path: string, maxRows: number, timeLimitMs = SPREADSHEET_TIME_LIMIT_MS): Promise<SheetRead> {
  try {
    return await runWorker<SheetRead>({ op: "read", path, maxRows }, timeLimitMs);
  } catch (error) {
    if (error instanceof SpreadsheetWorkerError) return { ok: false, reason: "unreadable" };
    throw error;
  }
}

/** Text a spreadsheet program could take for a formula gets a leading apostrophe: a cell is only ever text. */
const inert = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/** An .xlsx holding `sheets`, in their order. */
export async function writeWorkbook(sheets: SheetToWrite[]): Promise<Uint8Array<ArrayBuffer>> {
  const safe = sheets.map((s) => ({ name: s.name, rows: s.rows.map((row) => row.map(inert)) }));
  const bytes = await runWorker<Uint8Array>({ op: "write", sheets: safe }, SPREADSHEET_TIME_LIMIT_MS);
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

