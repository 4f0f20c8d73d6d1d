/**
 * The multipart readers of the school API and the web app's actions, built on busboy so every upload
 * has hard limits. Server-only. Two ways to read:
 * - `readMultipart` keeps files in memory, for small ones (images under 2 MB);
 * - `withMultipartOnDisk` streams each file to a temporary file and removes them all once its callback
 *   is done, whatever happens, for documents, spreadsheets and the file manager.
 * Either way a file larger than its limit is cut off and flagged `truncated`.
 *
 * Node runtime code, so not in contract/: server-lib/ is a floor below api/, app/ and server/ and imports
 * nothing of the project.
 */
import busboy from "busboy";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";

export interface UploadedFile {
  field: string;
  filename: string;
  declaredType: string;
  bytes: Uint8Array<ArrayBuffer>;
  size: number;
  truncated: boolean;
}

export interface MultipartLimits {
  maxFileBytes: number;
  maxFiles: number;
  maxFields?: number;
  maxFieldBytes?: number;
}

export interface MultipartResult {
  fields: Record<string, string[]>;
  files: UploadedFile[];
  /** More files than `maxFiles` were sent; the extra ones were dropped unread. */
  tooManyFiles: boolean;
  /** A text field was longer than `maxFieldBytes` and was cut off. */
  truncatedField: boolean;
  /**
   * The field of the file that passed its limit when the body went on too far after it and reading stopped
   * (`readMultipart`): the fields after it were not all read.
   */
  stoppedAt?: string;
}

export class MultipartError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
  ) {
    super(message);
  }
}

/** The client went away before its body was all sent: nobody waits for the answer; logged as an aborted request. */
export class UploadAbortedError extends MultipartError {
  constructor() {
    super("The upload was cut off.", 400);
  }
}

export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/** A busboy parser for the request with the limits set; a request it cannot read is refused. */
function parserFor(request: Request, limits: MultipartLimits): { parser: busboy.Busboy; body: ReadableStream } {
  if (!isMultipart(request)) throw new MultipartError("Expected multipart/form-data.", 415);
  if (!request.body) throw new MultipartError("Empty request body.", 400);
  const headers = Object.fromEntries(request.headers.entries());
  try {
    const parser = busboy({
      headers,
      defParamCharset: "utf8",
      limits: {
        // busboy flags a file as cut off once it reaches the limit, so ask for one byte more: then
        // `truncated` means larger than allowed, and a file of exactly the limit is whole.
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles,
        fields: limits.maxFields ?? 100,
        fieldSize: limits.maxFieldBytes ?? 64 * 1024,
        parts: (limits.maxFields ?? 100) + limits.maxFiles + 10,
      },
    });
    return { parser, body: request.body };
  } catch {
    throw new MultipartError("Malformed multipart body.", 400);
  }
}

type Parsed = Pick<MultipartResult, "fields" | "tooManyFiles" | "truncatedField">;

/** Text fields and the flags every reader reports, gathered as busboy emits them. */
function collectFields(parser: busboy.Busboy, result: Parsed) {
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) result.truncatedField = true;
    (result.fields[name] ??= []).push(value);
  });
  parser.on("filesLimit", () => {
    result.tooManyFiles = true;
  });
}

const isTruncated = (stream: NodeJS.ReadableStream) =>
  Boolean((stream as unknown as { truncated?: boolean }).truncated);

/**
 * What is still read of a body after one of its files passed its limit, beside as much again as the file's own
 * limit: enough for the text fields a form sends after its file input (a plain form's own cap), so the page that
 * refuses a file up to twice its limit keeps the rest of the input, however the body's chunks fall.
 */
const AFTER_LIMIT_BYTES = 256 * 1024;

/**
 * Reads a multipart body into memory. A file that passes its limit is cut off there and flagged `truncated`; the
 * parts after it are still read for the file's limit again and AFTER_LIMIT_BYTES, so the fields that follow a file
 * input come through. A body that goes on past that stops the reading: the answer need not wait for (nor the server
 * read) the rest of a body that is refused anyway. The result then holds that file and what came before it and names the file's field in
 * `stoppedAt`; what came after is never read. A body the client cut off is refused as such (400), never mistaken for
 * a fault of the server.
 */
export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartResult> {
  const { parser, body } = parserFor(request, limits);
  const result: MultipartResult = { fields: {}, files: [], tooManyFiles: false, truncatedField: false };
  const pending = new Map<string, Promise<void>>();
  const taken = new Set<string>();
  const source = Readable.fromWeb(body as unknown as NodeWebStream<Uint8Array>);

  return new Promise<MultipartResult>((resolve, reject) => {
    let stopped = false;
    let received = 0;
    const readAfterLimit = limits.maxFileBytes + AFTER_LIMIT_BYTES;
    let overLimit: { field: string; at: number; take: () => void; id: string } | null = null;
    const stop = () => {
      const over = overLimit!;
      stopped = true;
      source.unpipe(parser);
      source.destroy();
      parser.removeAllListeners("close");
      result.stoppedAt = over.field;
      over.take();
      // The cut-off part never closes now; the parts before it have.
      Promise.all([...pending].filter(([id]) => id !== over.id).map(([, p]) => p)).then(() => resolve(result), reject);
    };
    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (overLimit && !stopped && received - overLimit.at > readAfterLimit) stop();
    });
    collectFields(parser, result);
    parser.on("file", (field, stream, info) => {
      const id = String(pending.size);
      const chunks: Buffer[] = [];
      let size = 0;
      const take = (truncated = isTruncated(stream)) => {
        if (taken.has(id)) return;
        taken.add(id);
        result.files.push({
          field,
          filename: info.filename ?? "",
          declaredType: info.mimeType,
          bytes: new Uint8Array(Buffer.concat(chunks)),
          size,
          truncated,
        });
      };
      const read = new Promise<void>((done, fail) => {
        stream.on("data", (chunk: Buffer) => {
          size += chunk.length;
          chunks.push(chunk);
        });
        stream.on("error", (error) => (stopped ? done() : fail(error)));
        stream.on("close", () => {
          // An empty file input still sends a part with no name and no bytes: that is "no file".
          if (!stopped && (info.filename || size > 0)) take();
          done();
        });
      });
      pending.set(id, read);
      stream.on("limit", () => {
        if (stopped || overLimit) return;
        // busboy pushes the part's last bytes just before it signals the limit: they arrive on the next turn.
        overLimit = { field, at: received, take: () => take(true), id };
      });
    });
    parser.on("error", () => {
      if (!stopped) reject(new MultipartError("Malformed multipart body.", 400));
    });
    parser.on("close", () => {
      Promise.all(pending.values()).then(() => resolve(result), reject);
    });
    source.on("error", () => {
      if (!stopped) reject(new UploadAbortedError());
    });
    source.pipe(parser);
  });
}

/** A file of a streamed upload, on disk until the callback of `withMultipartOnDisk` returns. */
export interface DiskFile {
  field: string;
  filename: string;
  declaredType: string;
  /** The temporary file: at most `maxFileBytes + 1` bytes. */
  path: string;
  size: number;
  truncated: boolean;
  /** The first bytes (up to `headBytes`), to tell the file's type without reading it again. */
  head: Uint8Array;
}

export interface DiskMultipartResult extends Parsed {
  files: DiskFile[];
}

export interface DiskMultipartLimits extends MultipartLimits {
  /** Where the temporary files go; each request gets its own folder in it. */
  tempDir: string;
  /** The whole body may not be longer than this: past it the request is cut off and refused (413). */
  maxRequestBytes: number;
  headBytes?: number;
}

/**
 * Streams a multipart body to temporary files within its limits, runs `use` with the fields and the
 * files, and removes the files afterwards whatever happened. A body that is malformed, cut off (the
 * client went away) or longer than `maxRequestBytes` is refused with nothing left behind; no more than
 * a chunk of any file is ever held in memory.
 */
export async function withMultipartOnDisk<T>(
  request: Request,
  limits: DiskMultipartLimits,
  use: (form: DiskMultipartResult) => Promise<T>,
): Promise<T> {
  const { parser, body } = parserFor(request, limits);
  await fsp.mkdir(limits.tempDir, { recursive: true });
  const folder = await fsp.mkdtemp(path.join(limits.tempDir, "upload-"));
  try {
    return await use(await streamToDisk(parser, body, limits, folder));
  } finally {
    await fsp.rm(folder, { recursive: true, force: true });
  }
}

function streamToDisk(
  parser: busboy.Busboy,
  body: ReadableStream,
  limits: DiskMultipartLimits,
  folder: string,
): Promise<DiskMultipartResult> {
  const result: DiskMultipartResult = { fields: {}, files: [], tooManyFiles: false, truncatedField: false };
  const headBytes = limits.headBytes ?? 4096;
  const writes: Promise<DiskFile | null>[] = [];
  const outputs: fs.WriteStream[] = [];
  const parts: NodeJS.ReadableStream[] = [];
  const source = Readable.fromWeb(body as unknown as NodeWebStream<Uint8Array>);

  return new Promise<DiskMultipartResult>((resolve, reject) => {
    let failed = false;
    // Stops reading and closes every temporary file before answering, so the caller's clean-up finds
    // them all closed.
    const fail = (error: MultipartError) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      parser.removeAllListeners("close");
      for (const [i, part] of parts.entries()) part.unpipe(outputs[i]);
      const closing = outputs.map(
        (out) => new Promise<void>((closed) => (out.closed ? closed() : out.destroy().once("close", () => closed()))),
      );
      Promise.all(closing).then(() => reject(error));
    };

    let received = 0;
    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxRequestBytes) fail(new MultipartError("The upload is too large.", 413));
    });
    source.on("error", () => fail(new UploadAbortedError()));

    collectFields(parser, result);
    parser.on("file", (field, stream, info) => {
      const file = path.join(folder, String(outputs.length));
      const out = fs.createWriteStream(file);
      outputs.push(out);
      parts.push(stream);
      const head: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      // busboy ends a part it cannot finish with an error on the part too; the parser reports it as well.
      stream.on("error", () => fail(new MultipartError("Malformed multipart body.", 400)));
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (headLength < headBytes) {
          head.push(chunk.subarray(0, headBytes - headLength));
          headLength += Math.min(chunk.length, headBytes - headLength);
        }
      });
      writes.push(
        new Promise<DiskFile | null>((done) => {
          out.on("error", () => {
            fail(new MultipartError("The upload could not be stored.", 400));
            done(null);
          });
          out.on("finish", () => {
            // An empty file input still sends a part with no name and no bytes: that is "no file".
            if (!info.filename && size === 0) return done(null);
            done({
              field,
              filename: info.filename ?? "",
              declaredType: info.mimeType,
              path: file,
              size,
              truncated: isTruncated(stream),
              head: new Uint8Array(Buffer.concat(head)),
            });
          });
        }),
      );
      stream.pipe(out);
    });
    parser.on("error", () => fail(new MultipartError("Malformed multipart body.", 400)));
    parser.on("close", () => {
      void Promise.all(writes).then((files) => {
        if (failed) return;
        result.files = files.filter((f): f is DiskFile => f !== null);
        resolve(result);
      });
    });
    source.pipe(parser);
  });
}

export function firstField(result: Pick<MultipartResult, "fields">, name: string): string | undefined {
  return result.fields[name]?.[0];
}

export function fileFor(result: MultipartResult, field: string): UploadedFile | undefined {
  return result.files.find((f) => f.field === field);
}

/** The file in a process's upload folder naming its owner (host name and pid); its mtime is the heartbeat. */
const OWNER_FILE = "owner.json";
/** The owner's heartbeat is renewed this often; a folder whose heartbeat is older than a minute is abandoned. */
const HEARTBEAT_MS = 20_000;
const ABANDONED_AFTER_MS = 60_000;
/** A folder without an owner (one request's folder from before per-process folders) waits this long. */
const UNOWNED_AFTER_MS = 60 * 60 * 1000;

export interface UploadOwner {
  host: string;
  pid: number;
}

/** Whether a process of this host is running under `pid` (one we may not signal is running too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function ownerOf(folder: string): Promise<{ owner: UploadOwner; heartbeatMs: number } | null> {
  const file = path.join(folder, OWNER_FILE);
  try {
    const [text, stat] = await Promise.all([fsp.readFile(file, "utf8"), fsp.stat(file)]);
    const owner = JSON.parse(text) as Partial<UploadOwner>;
    if (typeof owner.host !== "string" || typeof owner.pid !== "number") return null;
    return { owner: { host: owner.host, pid: owner.pid }, heartbeatMs: stat.mtimeMs };
  } catch {
    return null;
  }
}

/**
 * A folder of this process's own under `tempDir` (`upload-<pid>-<random>`), where each of its requests streams
 * its upload. It names its owner (host name and pid) and its heartbeat is renewed every 20 s while the process
 * lives, so that `sweepStaleUploads` at the next start can tell what a dead process left from what a live one
 * (another worker, another replica sharing the volume) is writing.
 */
export async function claimUploadFolder(tempDir: string, host = os.hostname()): Promise<string> {
  await fsp.mkdir(tempDir, { recursive: true });
  const folder = await fsp.mkdtemp(path.join(tempDir, `upload-${process.pid}-`));
  const ownerFile = path.join(folder, OWNER_FILE);
  await fsp.writeFile(ownerFile, JSON.stringify({ host, pid: process.pid } satisfies UploadOwner));
  const heartbeat = setInterval(() => {
    const now = new Date();
    fsp.utimes(ownerFile, now, now).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return folder;
}

/**
 * Removes what stopped processes left under `tempDir`, at once: a process's upload folder whose heartbeat is
 * more than a minute old (its process is gone, on whatever host), or whose owner was a process of this host that
 * no longer runs (or had this process's pid: a restarted container's process gets the same one). A live
 * process's folder, on this host or another sharing the volume, stays. A folder naming no owner is removed
 * once an hour old.
 */
export async function sweepStaleUploads(tempDir: string, host = os.hostname(), now = Date.now()): Promise<void> {
  const names = await fsp.readdir(tempDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith("upload-"))) {
    const folder = path.join(tempDir, name);
    const found = await ownerOf(folder);
    let abandoned: boolean;
    if (found) {
      const { owner, heartbeatMs } = found;
      abandoned =
        now - heartbeatMs > ABANDONED_AFTER_MS ||
        (owner.host === host && (owner.pid === process.pid || !isRunning(owner.pid)));
    } else {
      const stat = await fsp.stat(folder).catch(() => null);
      abandoned = stat !== null && now - stat.mtimeMs > UNOWNED_AFTER_MS;
    }
    if (abandoned) await fsp.rm(folder, { recursive: true, force: true });
  }
}
