/**
 * One multipart reader for the school API and the web app's actions, built on busboy so every
 * upload has hard limits. Server-only. Files stay in memory: the largest allowed upload is
 * 5 files of 5 MB (spec section 9), and anything larger is cut off and flagged `truncated`.
 */
import busboy from "busboy";
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
}

export class MultipartError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
  ) {
    super(message);
  }
}

export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartResult> {
  if (!isMultipart(request)) throw new MultipartError("Expected multipart/form-data.", 415);
  if (!request.body) throw new MultipartError("Empty request body.", 400);
  const headers = Object.fromEntries(request.headers.entries());
  let parser: busboy.Busboy;
  try {
    parser = busboy({
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
  } catch {
    throw new MultipartError("Malformed multipart body.", 400);
  }

  const result: MultipartResult = { fields: {}, files: [], tooManyFiles: false, truncatedField: false };
  const pending: Promise<void>[] = [];

  return new Promise<MultipartResult>((resolve, reject) => {
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) result.truncatedField = true;
      (result.fields[name] ??= []).push(value);
    });
    parser.on("file", (field, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      pending.push(
        new Promise<void>((done, fail) => {
          stream.on("data", (chunk: Buffer) => {
            size += chunk.length;
            chunks.push(chunk);
          });
          stream.on("error", fail);
          stream.on("close", () => {
            // An empty file input still sends a part with no name and no bytes: that is "no file".
            if (info.filename || size > 0) {
              result.files.push({
                field,
                filename: info.filename ?? "",
                declaredType: info.mimeType,
                bytes: new Uint8Array(Buffer.concat(chunks)),
                size,
                truncated: Boolean((stream as unknown as { truncated?: boolean }).truncated),
              });
            }
            done();
          });
        }),
      );
    });
    parser.on("filesLimit", () => {
      result.tooManyFiles = true;
    });
    parser.on("error", () => reject(new MultipartError("Malformed multipart body.", 400)));
    parser.on("close", () => {
      Promise.all(pending).then(() => resolve(result), reject);
    });
    Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>).on("error", reject).pipe(parser);
  });
}

export function firstField(result: MultipartResult, name: string): string | undefined {
  return result.fields[name]?.[0];
}

export function fileFor(result: MultipartResult, field: string): UploadedFile | undefined {
  return result.files.find((f) => f.field === field);
}
