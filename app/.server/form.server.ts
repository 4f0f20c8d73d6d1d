import type { AppLoadContext } from "@remix-run/node";
import fs from "node:fs";
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
} from "../../contract/multipart";

const URLENCODED_MAX_BYTES = 256 * 1024;

/**
 * An action's form data, read with hard limits. Multipart bodies go through the shared busboy reader;
 * a file cut off at its limit keeps one byte more than `maxFileBytes`, so a size rule of "at most the
 * limit" rejects it. Anything unreadable answers 400/413/415 instead of reaching the action.
 */
export async function readFormData(request: Request, limits?: MultipartLimits): Promise<FormData> {
  if (limits && isMultipart(request)) {
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
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > URLENCODED_MAX_BYTES) throw new Response(APP_MESSAGES.payloadTooLarge, { status: 413 });
  return request.formData();
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
