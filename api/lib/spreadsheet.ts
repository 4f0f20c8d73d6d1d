import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * Reading and writing spreadsheets with SheetJS (`@e965/xlsx` 0.20.3; npm's `xlsx` 0.18.5 has known
 * CVEs), always in a worker thread with bounded memory and time: a hostile file (a zip bomb, a sheet of
 * a million cells) costs that worker, never the request thread or the process.
 */

export type SheetRead =
  | { ok: true; sha256: string; headers: string[]; rows: string[][]; rowsJson: string }
  | { ok: false; reason: "invalid" | "password" | "empty" | "tooManyRows" | "unreadable" };

export interface SheetToWrite {
  name: string;
  rows: string[][];
}

const XLSX_PATH = createRequire(import.meta.url).resolve("@e965/xlsx");
const LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
export const SPREADSHEET_TIME_LIMIT_MS = 20_000;

/**
 * The worker's code, run as CommonJS. It loads SheetJS, then answers each job it is given. `read`: the
 * file's SHA-256 and its first sheet only (`sheets: 0`), at most `maxRows + 2` rows (`sheetRows`), every
 * cell as the text Excel shows; trailing empty cells and blank rows dropped. The rows come back as JSON
 * text: one string crosses to the request thread faster than 10,000 arrays, and is what gets stored.
 * `write`: an .xlsx of the sheets given.
 */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const fs = require("node:fs");
const XLSX = require(workerData.xlsx);
function read(job) {
  const bytes = fs.readFileSync(job.path);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  let book;
  try {
    book = XLSX.read(bytes, { type: "buffer", dense: true, sheets: 0, sheetRows: job.maxRows + 2, cellFormula: false, cellHTML: false, cellStyles: false, cellDates: false, bookVBA: false });
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
  return { ok: true, sha256, headers: rows[0], rowsJson: JSON.stringify(rows.slice(1)) };
}
function write(job) {
  const book = XLSX.utils.book_new();
  for (const s of job.sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(s.rows), s.name);
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true });
}
parentPort.on("message", (job) => parentPort.postMessage(job.op === "read" ? read(job) : write(job)));
`;

class SpreadsheetWorkerError extends Error {}

/**
 * A worker that has answered waits for the next file (at most IDLE_WORKERS wait, each answering at most
 * JOBS_PER_WORKER files): SheetJS stays loaded and compiled, and reading a large file takes half as
 * long as in a new worker. A worker holds one job at a time; one that fails, runs out of memory or out
 * of time is ended, never given another file.
 */
const IDLE_WORKERS = 1;
const JOBS_PER_WORKER = 100;

class SheetWorker {
  readonly thread = new Worker(WORKER, { eval: true, workerData: { xlsx: XLSX_PATH }, resourceLimits: LIMITS });
  jobs = 0;
  ended = false;

  constructor() {
    // Heard whatever the worker is doing: an error event nobody listens to would end the process.
    this.thread.on("error", () => this.end());
    this.thread.on("exit", () => {
      this.ended = true;
      const waiting = idle.indexOf(this);
      if (waiting >= 0) idle.splice(waiting, 1);
    });
  }

  end() {
    if (this.ended) return;
    this.ended = true;
    void this.thread.terminate();
  }
}

const idle: SheetWorker[] = [];

function takeWorker(): SheetWorker {
  const waiting = idle.pop();
  const worker = waiting && !waiting.ended ? waiting : new SheetWorker();
  worker.thread.ref();
  worker.jobs++;
  return worker;
}

function giveBack(worker: SheetWorker) {
  if (worker.ended || worker.jobs >= JOBS_PER_WORKER || idle.length >= IDLE_WORKERS) return worker.end();
  // A waiting worker never keeps the process alive.
  worker.thread.unref();
  idle.push(worker);
}

/** Starts a worker ahead of the first file, so loading SheetJS is not on that request's path. The server calls this at start. */
export function keepSpreadsheetWorkerReady() {
  if (!idle.length) giveBack(new SheetWorker());
}

function runWorker<T>(job: unknown, timeLimitMs: number): Promise<T> {
  const worker = takeWorker();
  const { thread } = worker;
  return new Promise<T>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      thread.off("message", onMessage).off("error", onError).off("exit", onExit);
      outcome();
    };
    const onMessage = (message: T) =>
      settle(() => {
        giveBack(worker);
        resolve(message);
      });
    // Out of memory, or a crash inside SheetJS: the worker ends, the request gets a refusal.
    const onError = (error: Error) => settle(() => reject(new SpreadsheetWorkerError(error.message)));
    const onExit = (code: number) => settle(() => reject(new SpreadsheetWorkerError(`exited ${code}`)));
    const timer = setTimeout(
      () =>
        settle(() => {
          worker.end();
          reject(new SpreadsheetWorkerError("time limit"));
        }),
      timeLimitMs,
    );
    thread.on("message", onMessage).on("error", onError).on("exit", onExit);
    thread.postMessage(job);
  });
}

/**
 * The first sheet of the file at `path`: its first row as headers and the rows under it as text (also
 * as JSON), and the file's SHA-256.
 */
export async function readFirstSheet(path: string, maxRows: number, timeLimitMs = SPREADSHEET_TIME_LIMIT_MS): Promise<SheetRead> {
  try {
    const read = await runWorker<Omit<SheetRead & { ok: true }, "rows"> | (SheetRead & { ok: false })>({ op: "read", path, maxRows }, timeLimitMs);
    return read.ok ? { ...read, rows: JSON.parse(read.rowsJson) as string[][] } : read;
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
