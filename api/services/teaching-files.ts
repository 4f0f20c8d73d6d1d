import type { Context } from "hono";
import { uploadFileProblems } from "../../contract/files";
import type { FieldErrors } from "../../contract/http";
import { UPLOAD_MAX_BYTES } from "../../contract/limits";
import { isTeachingFileType, TEACHING_FILE_MESSAGES as T } from "../../contract/teaching-files";
import type { DiskFile } from "../../server-lib/multipart";
import type { ApiDeps, StaffActor, Tenant } from "../context";
import { randomKey } from "../lib/crypto";
import { ApiError } from "../lib/errors";
import { downloadName, type FileType } from "../lib/file-types";
import { contentDisposition, readJson, withFormOnDisk } from "../lib/http";
import { checkTypes, release, removeStored, reserve } from "./files";

/**
 * What lesson notes and assignments share: the teacher's (class, subject) pairs, their files' checks and storage
 * (the file manager's type detection, size limit and the school's quota), and the download of a stored file.
 */

/** A write of the staff area's own: the teacher's alone; the admins read (403 with the reason). */
export function teacherOf(tenant: Tenant): StaffActor {
  if (!tenant.staff) throw new ApiError(403, T.readOnly);
  return tenant.staff;
}

/** The pair must be one of the teacher's staff record lists (403 beside the subject otherwise). */
export async function requireTaughtPair(deps: ApiDeps, tenant: Tenant, pair: { class: string; subject: string }) {
  const me = teacherOf(tenant);
  const taught = await deps.db
    .selectFrom("staff_teaching")
    .select("staff_id")
    .where("school_id", "=", tenant.schoolId)
    .where("staff_id", "=", me.id)
    .where("class_name", "=", pair.class)
    .where("subject", "=", pair.subject)
    .executeTakeFirst();
  const message = T.notTaught(pair.subject, pair.class);
  if (!taught) throw new ApiError(403, message, { subject: [message] });
  return me;
}

/** A record id from a path: a whole number that fits the id column, else no record (404 with `message`). */
export function pathId(raw: string, message: string): number {
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > 2_147_483_647) throw new ApiError(404, message);
  return id;
}

/** The body of a write that may carry files: multipart (fields and files on disk) or JSON (fields only). */
export interface SentForm {
  fields: Record<string, unknown>;
  /** Every value of a repeated field (`remove[]`). */
  all(name: string): string[];
  files: DiskFile[];
  tooManyFiles: boolean;
}

export async function withSentForm<T>(
  c: Context,
  deps: ApiDeps,
  maxFiles: number,
  use: (form: SentForm) => Promise<T>,
): Promise<T> {
  if ((c.req.header("content-type") ?? "").includes("json")) {
    const body = await readJson(c);
    const fields = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const all = (name: string) => {
      const value = fields[name] ?? fields[name.replace("[]", "")];
      return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
    };
    return use({ fields, all, files: [], tooManyFiles: false });
  }
  const limits = {
    maxFiles,
    maxFileBytes: UPLOAD_MAX_BYTES,
    maxFields: 20,
    maxFieldBytes: 16_384,
    maxRequestBytes: (maxFiles + 2) * (UPLOAD_MAX_BYTES + 65_536),
  };
  return withFormOnDisk(c, deps, limits, (form) =>
    use({
      fields: Object.fromEntries(Object.entries(form.fields).map(([name, values]) => [name, values[0]])),
      all: (name) => form.fields[name] ?? [],
      files: form.files,
      tooManyFiles: form.tooManyFiles,
    }),
  );
}

/**
 * The chosen files' problems under `field`: too many, too large (the file manager's words) or not a PDF, Word
 * document or picture by their bytes. `required` refuses none.
 */
export async function teachingFileProblems(
  files: DiskFile[],
  options: { field: string; tooMany: boolean; tooManyMessage?: string; requiredMessage?: string },
): Promise<{ errors: FieldErrors; types: FileType[] }> {
  const refuse = (message: string) => ({ errors: { [options.field]: [message] }, types: [] });
  if (options.tooMany && options.tooManyMessage) return refuse(options.tooManyMessage);
  if (!files.length) return options.requiredMessage ? refuse(options.requiredMessage) : { errors: {}, types: [] };
  const sized = uploadFileProblems(files, options.tooMany).files;
  if (sized) return { errors: { [options.field]: sized }, types: [] };
  return checkTypes(files, { field: options.field, accepts: isTeachingFileType, refused: T.typeRefused });
}

export interface StoredUpload {
  file: DiskFile;
  storage_key: string;
  mime_type: string;
  size: number;
}

/**
 * Stores checked files: their space is taken from the school's quota first (422 under `field` when it is not
 * there), then their bytes are stored. `undo` gives the space back and removes the bytes, for a write that then
 * fails; nothing is left behind either way.
 */
export async function storeTeachingFiles(
  deps: ApiDeps,
  tenant: Tenant,
  checked: { files: DiskFile[]; types: FileType[] },
  field: string,
) {
  const { files, types } = checked;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > 0) await reserve(deps, tenant, total, field);
  const stored: StoredUpload[] = [];
  const undo = async () => {
    await release(deps.db, tenant.schoolId, total);
    await removeStored(
      deps,
      stored.map((s) => s.storage_key),
    );
  };
  try {
    for (const [i, file] of files.entries()) {
      const key = randomKey();
      await deps.storage.putFile(key, file.path, file.size);
      stored.push({ file, storage_key: key, mime_type: types[i].mime, size: file.size });
    }
  } catch (error) {
    await undo();
    throw error;
  }
  return { stored, undo };
}

/** A stored file answered as an attachment that no browser runs, sniffs or keeps. */
export async function storedFileAnswer(
  deps: ApiDeps,
  row: { storage_key: string; original_name: string; mime_type: string },
  missing: string,
): Promise<Response> {
  const stored = await deps.storage.open(row.storage_key);
  if (!stored) throw new ApiError(404, missing);
  return new Response(stored.body, {
    headers: {
      "Content-Type": row.mime_type,
      "Content-Length": String(stored.size),
      "Content-Disposition": contentDisposition("attachment", downloadName(row.original_name, row.mime_type)),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'; frame-ancestors 'none'",
      "Cache-Control": "private, no-store, no-transform",
    },
  });
}
