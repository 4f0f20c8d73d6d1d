import type { Context } from "hono";
import { IMAGE_MAX_BYTES } from "../../contract/limits";
import { fileFor, isMultipart, MultipartError, readMultipart, type MultipartLimits, type MultipartResult, type UploadedFile } from "../../contract/multipart";
import { ApiError } from "./errors";

const JSON_MAX_BYTES = 256 * 1024;

/** Reads a JSON body of bounded size; a malformed or oversized one is the client's error, not ours. */
export async function readJson(c: Context): Promise<unknown> {
  const length = Number(c.req.header("content-length") ?? "0");
  if (length > JSON_MAX_BYTES) throw new ApiError(413, "Request body is too large.");
  const text = await c.req.text();
  if (text.length > JSON_MAX_BYTES) throw new ApiError(413, "Request body is too large.");
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "Request body is not valid JSON.");
  }
}

export const IMAGE_UPLOAD_LIMITS: MultipartLimits = { maxFileBytes: IMAGE_MAX_BYTES, maxFiles: 2 };

/** A multipart body within its limits; extra files or an over-long field refuse the request whole. */
export async function readForm(c: Context, limits: MultipartLimits): Promise<MultipartResult> {
  try {
    const form = await readMultipart(c.req.raw, limits);
    if (form.tooManyFiles) throw new ApiError(413, `At most ${limits.maxFiles} file(s) can be sent here.`);
    if (form.truncatedField) throw new ApiError(413, "A text field is too long.");
    return form;
  } catch (error) {
    if (error instanceof MultipartError) throw new ApiError(error.status, error.message);
    throw error;
  }
}

/** The first value of each text field, as the services expect them. */
export function textFields(form: MultipartResult, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, form.fields[name]?.[0]]));
}

export const PHOTO_FIELD = "profile_img";

/**
 * A record's body as spec section 7 sends it, `{[field]: {...}}` in JSON, or the same with a photo:
 * multipart with `field` as JSON text and the image as the file `profile_img`.
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
