import type { Context } from "hono";
import { BodyTooLargeError, readTextWithin } from "../../contract/body";
import { IMAGE_MAX_BYTES } from "../../contract/limits";
import { MultipartError, readMultipart, type MultipartLimits, type MultipartResult } from "../../contract/multipart";
import { ApiError } from "./errors";

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
