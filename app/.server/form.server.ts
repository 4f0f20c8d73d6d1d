import type { AppLoadContext } from "@remix-run/node";
import fs from "node:fs";
import { BodyTooLargeError, readTextWithin } from "../../contract/body";
import { APP_MESSAGES } from "../../contract/messages";
import {
  isMultipart,
  MultipartError,
  readMultipart,
  withMultipartOnDisk,
  type DiskFile,
  type DiskMultipartLimits,
  type DiskMultipartResult,
  type MultipartLimits,
} from "../../server-lib/multipart";

const URLENCODED_MAX_BYTES = 256 * 1024;
/** A form that takes no files may still arrive as multipart (a script's FormData): its files are dropped. */
const NO_FILES: MultipartLimits = { maxFileBytes: 0, maxFiles: 0 };

/**
 * An action's form data, read with hard limits. Multipart bodies go through the shared busboy reader;
 * a file cut off at its limit keeps one byte more than `maxFileBytes`, so a size rule of "at most the
 * limit" rejects it. A plain form is read up to 256 KB however it is sent (a chunked body has no
 * length to check first). Anything unreadable answers 400/413/415 instead of reaching the action.
 */
export async function readFormData(request: Request, limits: MultipartLimits = NO_FILES): Promise<FormData> {
  if (isMultipart(request)) {
    try {
      const result = await readMultipart(request, limits);
      const form = new FormData();
      for (const [name, values] of Object.entries(result.fields)) for (const value of values) form.append(name, value);
      for (const file of result.files) {
        form.append(file.field, new File([file.bytes], file.filename, { type: file.declaredType }));
      }
      return form;
    } catch (error) {
      if (error instanceof MultipartError) throw new Response(error.message, { status: error.status });
      throw error;
    }
  }
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get("content-type") ?? "") && request.body) {
    throw new Response(APP_MESSAGES.unsupportedForm, { status: 415 });
  }
  let text: string;
  try {
    text = await readTextWithin(request, URLENCODED_MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new Response(APP_MESSAGES.payloadTooLarge, { status: 413 });
    throw error;
  }
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
  return form;
}

/**
 * An action's multipart form streamed to temporary files (documents, spreadsheets, the file manager's
 * uploads), for `use` to check and send on; the files are removed once it returns, whatever happened.
 * An unreadable, cut-off or oversized body answers 400/413/415 instead of reaching the action.
 */
export async function withUploadedForm<T>(
  request: Request,
  context: AppLoadContext,
  limits: Omit<DiskMultipartLimits, "tempDir">,
  use: (form: DiskMultipartResult) => Promise<T>,
): Promise<T> {
  try {
    return await withMultipartOnDisk(request, { ...limits, tempDir: context.uploadTempDir }, use);
  } catch (error) {
    if (error instanceof MultipartError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

/** A streamed upload's file as a `File` read from disk as it is sent on: never loaded into memory whole. */
export async function diskFileAsFile(file: DiskFile): Promise<File> {
  return new File([await fs.openAsBlob(file.path)], file.filename, { type: file.declaredType });
}

/** A fresh key for a form that creates something: a re-sent form carries the same key. */
export function newFormKey(): string {
  return crypto.randomUUID().replace(/-/g, "");
}
