import type { Context } from "hono";
import os from "node:os";
import { BodyTooLargeError, readTextWithin } from "../../contract/body";
import { IMAGE_MAX_BYTES } from "../../contract/limits";
import { MESSAGES } from "../../contract/messages";
import {
  fileFor,
  isMultipart,
  MultipartError,
  readMultipart,
  withMultipartOnDisk,
  type DiskMultipartLimits,
  type DiskMultipartResult,
  type MultipartLimits,
  type MultipartResult,
  type UploadedFile,
} from "../../server-lib/multipart";
import type { ApiDeps } from "../context";
import { ApiError, validationError } from "./errors";

const JSON_MAX_BYTES = 256 * 1024;

/** Keys that would reach an object's prototype if the parsed body were ever merged with Object.assign. */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Reads a JSON body of bounded size; a malformed or oversized one is the client's error, not ours.
 * Keys that name a prototype are dropped while parsing, at any depth.
 */
export async function readJson(c: Context): Promise<unknown> {
  let text: string;
  try {
    text = await readTextWithin(c.req.raw, JSON_MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new ApiError(413, error.message);
    throw error;
  }
  if (!text) return {};
  try {
    return JSON.parse(text, (key, value) => (PROTOTYPE_KEYS.has(key) ? undefined : value));
  } catch {
    throw new ApiError(400, "Request body is not valid JSON.");
  }
}

export const IMAGE_UPLOAD_LIMITS: MultipartLimits = { maxFileBytes: IMAGE_MAX_BYTES, maxFiles: 2 };

/** A multipart body within its limits; extra files or an over-long field refuse the request whole. */
export async function readForm(c: Context, limits: MultipartLimits): Promise<MultipartResult> {
  try {
    const form = await readMultipart(c.req.raw, limits);
    // Reading stopped at an image past its limit: the rest of the form was never read, so nothing is checked
    // or saved from it.
    if (form.stoppedAt) {
      throw validationError({ [form.stoppedAt]: [MESSAGES.imageTooLarge] });
    }
    if (form.tooManyFiles) throw new ApiError(413, `At most ${limits.maxFiles} file(s) can be sent here.`);
    if (form.truncatedField) throw new ApiError(413, "A text field is too long.");
    return form;
  } catch (error) {
    if (error instanceof MultipartError) throw new ApiError(error.status, error.message);
    throw error;
  }
}

/**
 * A multipart body streamed to temporary files (under `deps.tempDir`) within its limits; `use` runs
 * with it and the files are removed afterwards. An over-long field or an unreadable, cut-off or
 * oversized body refuses the request whole; too many files are left for the service to report.
 */
export async function withFormOnDisk<T>(
  c: Context,
  deps: ApiDeps,
  limits: Omit<DiskMultipartLimits, "tempDir">,
  use: (form: DiskMultipartResult) => Promise<T>,
): Promise<T> {
  try {
    return await withMultipartOnDisk(c.req.raw, { ...limits, tempDir: deps.tempDir ?? os.tmpdir() }, async (form) => {
      if (form.truncatedField) throw new ApiError(413, "A text field is too long.");
      return use(form);
    });
  } catch (error) {
    if (error instanceof MultipartError) throw new ApiError(error.status, error.message);
    throw error;
  }
}

/**
 * A Content-Disposition header (RFC 6266) that names the file safely: an ASCII-only quoted fallback
 * for old clients, and the exact name percent-encoded as UTF-8 in `filename*`, so no quote, line
 * break, separator or other character of the name can change the header's meaning.
 */
export function contentDisposition(kind: "attachment" | "inline", name: string): string {
  const fallback = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\%/;]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A file made for this request (a PDF, a spreadsheet), sent as a download that no cache keeps. */
export function downloadResponse(bytes: Uint8Array, type: string, disposition: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": type,
      "Content-Disposition": disposition,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The first value of each text field, as the services expect them. */
export function textFields(form: MultipartResult, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, form.fields[name]?.[0]]));
}

export const PHOTO_FIELD = "profile_img";

/**
 * A record's body as clients send it, `{[field]: {...}}` in JSON (`{parent_data: {...}}`), or the same
 * with a photo: multipart with `field` as JSON text and the image as the file `profile_img`.
 */
export async function readRecordWithPhoto(c: Context, field: string): Promise<{ data: unknown; photo?: UploadedFile }> {
  if (!isMultipart(c.req.raw)) return { data: ((await readJson(c)) as Record<string, unknown> | null)?.[field] };
  const form = await readForm(c, { maxFileBytes: IMAGE_MAX_BYTES, maxFiles: 1 });
  const text = form.fields[field]?.[0];
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(400, `${field} is not valid JSON.`);
  }
  return { data, photo: fileFor(form, PHOTO_FIELD) };
}
