import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { IMPORT_MAX_CELLS, IMPORT_MAX_COLUMNS, IMPORT_MAX_UNPACKED, IMPORT_MESSAGES } from "../../contract/imports";
import { errorFields, logger } from "../../observability/log";
import { ApiError } from "./errors";
import type {
  CsvFormat,
  ReadAnswer,
  ReadJob,
  ReadRefusal,
  SheetLimits,
  StartedMessage,
  WriteJob,
} from "./spreadsheet-worker";

export type { CsvFormat };

/**
 * Reading and writing spreadsheets with SheetJS (`@e965/xlsx` 0.20.3; npm's `xlsx` 0.18.5 has known
 * CVEs), always in a pool of worker threads (piscina) with bounded memory, time and numbers: a hostile
 * file (a zip bomb, a sheet of a million cells) costs one thread, never the request thread or the
 * process, and many large files at once wait their turn or are refused instead of each taking a thread
 * and its memory.
 *
 * - at most 2 threads, each with 96 MB of heap and one file at a time; one stays warm, SheetJS loaded and
 *   compiled (the server starts it at boot), a second one ends after 30 s without work;
 * - at most 4 files wait for a thread; one more is refused with 503 and `Retry-After`;
 * - 20 s per file, counted from when its thread starts it; a thread out of time or out of memory is ended
 *   (piscina ends the thread of an aborted job) and its file refused, never given another file;
 * - a thread is replaced after 100 files.
 *
 * The worker is the TypeScript module `spreadsheet-worker.ts`: run through tsx from the sources (tests,
 * scripts), and as `spreadsheet-worker.mjs`, a second entry of the server build, beside server.mjs.
 */

export type SheetRead =
  | { ok: true; sha256: string; firstRow: number; headers: string[]; rows: string[][]; rowsJson: string }
  | ReadRefusal;

/** The columns, cells and unpacked bytes a file read may hold (its rows are the caller's). */
export const SHEET_LIMITS: Omit<SheetLimits, "rows"> = {
  columns: IMPORT_MAX_COLUMNS,
  cells: IMPORT_MAX_CELLS,
  zip: IMPORT_MAX_UNPACKED,
};

/** A cell to write: text (always a text cell), a number (a number cell), or null (empty). */
export type SheetCell = string | number | null;

export interface SheetToWrite {
  name: string;
  rows: SheetCell[][];
}

export const SPREADSHEET_TIME_LIMIT_MS = 20_000;

export interface SpreadsheetPoolOptions {
  /** Threads at most, each reading or writing one file at a time. */
  threads: number;
  /** Files waiting for a thread at most; one more is refused. */
  queue: number;
  /** Files a thread handles before it is replaced. */
  filesPerThread: number;
  /** How long a thread beyond the first waits for work before it ends. */
  idleMs: number;
  /** Each thread's heap (V8's old generation), in MB; past it the thread is ended. */
  heapMb: number;
}

export const SPREADSHEET_POOL: SpreadsheetPoolOptions = {
  threads: 2,
  queue: 4,
  filesPerThread: 100,
  idleMs: 30_000,
  heapMb: 96,
};
/** Seconds a refused upload is asked to wait: a few files' time. */
export const SPREADSHEET_RETRY_AFTER_SECONDS = 10;

/** Every thread busy and the queue full: 503 with `Retry-After`, in the API's error shape. */
export class SpreadsheetsBusy extends ApiError {
  constructor() {
    super(503, IMPORT_MESSAGES.busy, undefined, { "Retry-After": String(SPREADSHEET_RETRY_AFTER_SECONDS) });
  }
}

/** A job that did not come back: out of time, out of memory, or its thread failed. */
class SpreadsheetWorkerError extends Error {}

/** Text a spreadsheet program could take for a formula gets a leading apostrophe: a cell is only ever text. */
const inert = (cell: SheetCell) => (typeof cell === "string" && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/** The worker module beside this one: the TypeScript source (through tsx), or the build's .mjs. */
function workerModule(): { filename: string; execArgv?: string[] } {
  if (import.meta.url.endsWith(".ts"))
    return {
      filename: fileURLToPath(new URL("./spreadsheet-worker.ts", import.meta.url)),
      execArgv: ["--import", "tsx"],
    };
  return { filename: fileURLToPath(new URL("./spreadsheet-worker.mjs", import.meta.url)) };
}

type Balancer = NonNullable<NonNullable<ConstructorParameters<typeof Piscina>[0]>["loadBalancer"]>;
type PoolThread = Parameters<Balancer>[1][number];

export class SpreadsheetPool {
  private readonly pool: Piscina;
  /** Files taken and not yet answered: running or waiting. */
  private inFlight = 0;
  private nextJob = 1;
  /** What to do when the worker says a job has begun: start its clock. */
  private readonly onStart = new Map<number, () => void>();
  /** Threads seen, by thread id: the files each was given, and whether it is being ended. */
  private readonly threads = new Map<number, { thread: PoolThread; files: number; retired: boolean }>();
  /** The most threads the pool held at once. */
  peakThreads = 0;
  private started = 0;

  constructor(readonly options: SpreadsheetPoolOptions = SPREADSHEET_POOL) {
    this.pool = new Piscina({
      ...workerModule(),
      name: "read",
      minThreads: 1,
      maxThreads: options.threads,
      idleTimeout: options.idleMs,
      // A backstop: `run` refuses first, counting the files running as well as those waiting.
      maxQueue: options.threads + options.queue,
      resourceLimits: {
        maxOldGenerationSizeMb: options.heapMb,
        maxYoungGenerationSizeMb: Math.min(32, options.heapMb / 4),
        stackSizeMb: 4,
      },
      loadBalancer: (_task, threads) => this.choose(threads),
      recordTiming: false,
    });
    this.pool.on("message", (message: Partial<StartedMessage> | null) => {
      const job = message?.spreadsheetJobStarted;
      if (typeof job === "number") this.onStart.get(job)?.();
    });
    this.pool.on("workerCreate", () => this.started++);
    // A thread that fails without a file in hand (it could not start) is logged, never thrown at the process.
    this.pool.on("error", (error: unknown) => logger.error("spreadsheet worker failed", errorFields(error)));
    this.notePeak();
  }

  /** The thread for the next job: an idle one that has not had its share of files. A spent idle one is ended. */
  private choose(threads: PoolThread[]): PoolThread | null {
    let chosen: PoolThread | null = null;
    for (const thread of threads) {
      if (thread.terminating || thread.destroyed) continue;
      const seen = this.threads.get(thread.id) ?? { thread, files: 0, retired: false };
      this.threads.set(thread.id, seen);
      if (seen.retired || thread.currentUsage !== 0 || chosen) continue;
      if (seen.files >= this.options.filesPerThread) this.retire(thread.id);
      else chosen = thread;
    }
    if (chosen) this.threads.get(chosen.id)!.files++;
    this.notePeak();
    return chosen;
  }

  /** Ends an idle thread that has had its share; piscina replaces it as needed. It is never chosen again. */
  private retire(id: number) {
    const seen = this.threads.get(id);
    if (!seen || seen.retired) return;
    seen.retired = true;
    void this.pool.threads.find((t) => t.threadId === id)?.terminate();
  }

  /** After a job: spent threads now idle are ended at once rather than at the next file. */
  private retireSpent() {
    for (const [id, { thread, files }] of this.threads) {
      if (thread.destroyed) this.threads.delete(id);
      else if (files >= this.options.filesPerThread && thread.currentUsage === 0 && !thread.terminating)
        this.retire(id);
    }
  }

  private notePeak() {
    this.peakThreads = Math.max(this.peakThreads, this.pool.threads.length);
  }

  /** Threads held now (starting, working or idle). */
  get size(): number {
    return this.pool.threads.length;
  }

  /** Threads started since the pool began (a thread replaced counts again). */
  get threadsStarted(): number {
    return this.started;
  }

  /**
   * The first sheet of the file at `path` (a CSV when `text` says how to decode it): its first row that
   * is not blank as `headers`, at row `firstRow`, and the rows under it as text (also as JSON; a blank
   * one empty), and the file's SHA-256; at most `maxRows` rows under the first, and `SHEET_LIMITS`.
   * Throws `SpreadsheetsBusy` (503) when the pool is full.
   */
  async read(
    path: string,
    maxRows: number,
    timeLimitMs = SPREADSHEET_TIME_LIMIT_MS,
    text?: CsvFormat,
  ): Promise<SheetRead> {
    try {
      const limits = { ...SHEET_LIMITS, rows: maxRows };
      const read = await this.run<ReadAnswer>("read", { path, limits, text }, timeLimitMs);
      return read.ok ? { ...read, rows: JSON.parse(read.rowsJson) as string[][] } : read;
    } catch (error) {
      if (error instanceof SpreadsheetWorkerError) return { ok: false, reason: "unreadable" };
      throw error;
    }
  }

  /** An .xlsx holding `sheets`, in their order. Throws `SpreadsheetsBusy` (503) when the pool is full. */
  async write(sheets: SheetToWrite[]): Promise<Uint8Array<ArrayBuffer>> {
    const safe = sheets.map((s) => ({ name: s.name, rows: s.rows.map((row) => row.map(inert)) }));
    const bytes = await this.run<Uint8Array>("write", { sheets: safe }, SPREADSHEET_TIME_LIMIT_MS);
    return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
  }

  private async run<T>(
    name: "read" | "write",
    job: Omit<ReadJob, "job"> | Omit<WriteJob, "job">,
    timeLimitMs: number,
  ): Promise<T> {
    if (this.inFlight >= this.options.threads + this.options.queue) throw new SpreadsheetsBusy();
    this.inFlight++;
    const id = this.nextJob++;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    this.onStart.set(id, () => {
      timer = setTimeout(() => abort.abort(new SpreadsheetWorkerError("time limit")), timeLimitMs);
    });
    try {
      const answer = this.pool.run({ ...job, job: id }, { name, signal: abort.signal }) as Promise<T>;
      this.notePeak();
      return await answer;
    } catch (error) {
      if (error instanceof Error && error.message === "Task queue is at limit") throw new SpreadsheetsBusy();
      if (!abort.signal.aborted) logger.warn("spreadsheet job failed", errorFields(error));
      throw new SpreadsheetWorkerError(error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
      this.onStart.delete(id);
      this.inFlight--;
      this.retireSpent();
    }
  }

  /** Ends every thread; jobs still waiting are refused. */
  close(): Promise<void> {
    return this.pool.destroy();
  }
}

let shared: SpreadsheetPool | undefined;

/** The process's pool, started on first use. */
export function spreadsheetPool(): SpreadsheetPool {
  return (shared ??= new SpreadsheetPool());
}

/** Starts the pool and its first thread ahead of the first file, so loading SheetJS is not on that request's path. The server calls this at start. */
export function keepSpreadsheetWorkerReady() {
  spreadsheetPool();
}

/** `SpreadsheetPool.read` on the process's pool. */
export function readFirstSheet(
  path: string,
  maxRows: number,
  timeLimitMs = SPREADSHEET_TIME_LIMIT_MS,
  text?: CsvFormat,
): Promise<SheetRead> {
  return spreadsheetPool().read(path, maxRows, timeLimitMs, text);
}

/** `SpreadsheetPool.write` on the process's pool. */
export function writeWorkbook(sheets: SheetToWrite[]): Promise<Uint8Array<ArrayBuffer>> {
  return spreadsheetPool().write(sheets);
}

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
