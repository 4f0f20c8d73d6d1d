import { sql } from "kysely";
import fsp from "node:fs/promises";
import {
  DEFAULT_STORAGE_QUOTA_MB,
  FILE_MESSAGES,
  formatFileSize,
  listNames,
  MAX_FOLDERS,
  previewKind,
  uploadFileProblems,
  type FileRecord,
  type FolderStats,
  type StorageQuota,
} from "../../contract/files";
import { normalizeFolderName, uploadFolderFields } from "../../contract/files.schema";
import type { FieldErrors, Paginated } from "../../contract/http";
import { MESSAGES } from "../../contract/messages";
import { firstField, type DiskFile, type DiskMultipartResult } from "../../server-lib/multipart";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import { randomKey } from "../lib/crypto";
import { revokeSubjectLinks } from "../lib/public-links";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, fromZod, validationError } from "../lib/errors";
import { detectFileType, type FileType } from "../lib/file-types";
import { checkImageHeader } from "../lib/images";
import { paginate, type PageParams } from "../lib/pagination";
import { errorFields, logger } from "../../observability/log";
import { recordAudit } from "./audit";
import { notify } from "./notifications";
import { NOTIFICATION_LIMITS } from "../../contract/notifications";

type Executor = Pick<Db, "selectFrom" | "insertInto" | "updateTable" | "deleteFrom">;

const folderKey = (name: string) => normalizeFolderName(name).toLowerCase();
const MB = 1024 * 1024;

/** The school's storage row, made by its first upload. */
export async function storageRow(db: Executor, schoolId: number) {
  const read = () => db.selectFrom("school_storage").selectAll().where("school_id", "=", schoolId).executeTakeFirst();
  const row = await read();
  if (row) return row;
  await db
    .insertInto("school_storage")
    .values({ school_id: schoolId, used_bytes: 0 })
    .onConflict((oc) => oc.column("school_id").doNothing())
    .execute();
  return (await read())!;
}

/** Every school's quota in bytes (STORAGE_QUOTA_MB); 0 is unlimited. */
function quotaBytes(deps: ApiDeps): number {
  return deps.storageQuotaBytes ?? DEFAULT_STORAGE_QUOTA_MB * MB;
}

/** The upload that takes the school's storage past 80 % of its quota says so, in its transaction. */
async function warnNearlyFull(deps: ApiDeps, trx: Db, schoolId: number, added: number) {
  const quota = quotaBytes(deps);
  if (quota === 0) return;
  const row = await trx
    .selectFrom("school_storage")
    .select("used_bytes")
    .where("school_id", "=", schoolId)
    .executeTakeFirst();
  const used = Number(row?.used_bytes ?? 0);
  const limit = (quota * NOTIFICATION_LIMITS.storageWarnPercent) / 100;
  if (used <= limit || used - added > limit) return;
  const percent = Math.round((used / quota) * 100);
  const summary = `Storage is ${percent}% full (${Math.round(used / MB)} MB of ${Math.round(quota / MB)} MB)`;
  await notify(trx, schoolId, { kind: "storage_high", feature: "files", summary, link: "/admin/files" }, deps.now());
}

/** The school's figures; reading writes nothing (a school that never uploaded has no row and uses 0 bytes). */
export async function getStorageQuota(deps: ApiDeps, tenant: Tenant): Promise<StorageQuota> {
  const row = await deps.db
    .selectFrom("school_storage")
    .select("used_bytes")
    .where("school_id", "=", tenant.schoolId)
    .executeTakeFirst();
  const used = Number(row?.used_bytes ?? 0);
  const quota = quotaBytes(deps);
  if (quota === 0) return { used, quota: null, remaining: null, percentage: 0, unlimited: true };
  return {
    used,
    quota,
    remaining: Math.max(0, quota - used),
    percentage: Math.round((used / quota) * 1000) / 10,
    unlimited: false,
  };
}

/**
 * Takes `bytes` of the school's quota in one conditional write: the row is only changed while the
 * new total stays within the quota, so two uploads at the same moment cannot both pass it (SQLite
 * writes one at a time; PostgreSQL re-checks the condition on the locked row).
 */
export async function reserve(deps: ApiDeps, tenant: Tenant, bytes: number, field = "files"): Promise<void> {
  await storageRow(deps.db, tenant.schoolId);
  const quota = quotaBytes(deps);
  let update = deps.db
    .updateTable("school_storage")
    .set({ used_bytes: sql`used_bytes + ${bytes}` })
    .where("school_id", "=", tenant.schoolId);
  if (quota > 0) update = update.where(sql<boolean>`used_bytes + ${bytes} <= ${quota}`);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const state = await getStorageQuota(deps, tenant);
  const message = FILE_MESSAGES.quotaExceeded
    .replace("{needed}", formatFileSize(bytes))
    .replace("{remaining}", formatFileSize(state.remaining ?? 0));
  throw validationError({ [field]: [message] });
}

/** Gives `bytes` back to the school's quota (a deleted file, or an upload that failed after reserving). */
export async function release(db: Executor, schoolId: number, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await db
    .updateTable("school_storage")
    .set({ used_bytes: sql`case when used_bytes > ${bytes} then used_bytes - ${bytes} else 0 end` })
    .where("school_id", "=", schoolId)
    .execute();
}

/** Removes stored bytes whose rows are gone; a failure leaves an unreferenced object, never a row without bytes. */
export async function removeStored(deps: ApiDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    await deps.storage.remove(key).catch((error: unknown) => {
      logger.warn("file storage: could not remove an object", errorFields(error));
    });
  }
}

const fileColumns = [
  "files.id",
  "files.original_name",
  "files.size",
  "files.mime_type",
  "files.created_at",
  "file_folders.name as folder",
] as const;

function filesOf(db: Executor, schoolId: number) {
  return db
    .selectFrom("files")
    .innerJoin("file_folders", "file_folders.id", "files.folder_id")
    .where("files.school_id", "=", schoolId);
}

const toRecord = (row: {
  id: number;
  original_name: string;
  size: number;
  mime_type: string;
  created_at: string;
  folder: string;
}): FileRecord => ({
  id: row.id,
  original_name: row.original_name,
  size: Number(row.size),
  mime_type: row.mime_type,
  created_at: row.created_at,
  folder: row.folder,
});

export async function listFolderNames(deps: ApiDeps, tenant: Tenant): Promise<string[]> {
  const rows = await deps.db
    .selectFrom("file_folders")
    .select("name")
    .where("school_id", "=", tenant.schoolId)
    .orderBy("name_key")
    .execute();
  return rows.map((r) => r.name);
}

/** Folders A to Z, a page at a time, each with its file count and total size (counted for that page only). */
export async function listFolderStats(
  deps: ApiDeps,
  tenant: Tenant,
  page: PageParams,
): Promise<Paginated<FolderStats>> {
  const folders = deps.db.selectFrom("file_folders").where("school_id", "=", tenant.schoolId);
  return paginate(
    page,
    async () => (await folders.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()).total as number,
    async (limit, offset) => {
      const rows = await folders.select(["id", "name"]).orderBy("name_key").limit(limit).offset(offset).execute();
      if (!rows.length) return [];
      const totals = await deps.db
        .selectFrom("files")
        .select(["folder_id", (eb) => eb.fn.countAll().as("files_count"), (eb) => eb.fn.sum("size").as("total_size")])
        .where("school_id", "=", tenant.schoolId)
        .where(
          "folder_id",
          "in",
          rows.map((r) => r.id),
        )
        .groupBy("folder_id")
        .execute();
      const byFolder = new Map(totals.map((t) => [t.folder_id, t]));
      return rows.map((row) => {
        const total = Number(byFolder.get(row.id)?.total_size ?? 0);
        return {
          folder: row.name,
          files_count: Number(byFolder.get(row.id)?.files_count ?? 0),
          total_size: total,
          total_size_formatted: formatFileSize(total),
        };
      });
    },
  );
}

async function findFolder(db: Executor, tenant: Tenant, name: string) {
  return db
    .selectFrom("file_folders")
    .select(["id", "name"])
    .where("school_id", "=", tenant.schoolId)
    .where("name_key", "=", folderKey(name))
    .executeTakeFirst();
}

export async function listFolderFiles(
  deps: ApiDeps,
  tenant: Tenant,
  name: string,
  page: PageParams,
): Promise<Paginated<FileRecord>> {
  const folder = await findFolder(deps.db, tenant, name);
  if (!folder) throw new ApiError(404, FILE_MESSAGES.folderNotFound);
  const files = deps.db.selectFrom("files").where("school_id", "=", tenant.schoolId).where("folder_id", "=", folder.id);
  return paginate(
    page,
    async () => (await files.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()).total as number,
    async (limit, offset) =>
      (
        await files
          .select(["id", "original_name", "size", "mime_type", "created_at"])
          .orderBy("id", "desc")
          .limit(limit)
          .offset(offset)
          .execute()
      ).map((row) => toRecord({ ...row, folder: folder.name })),
  );
}

/** A file id from a path: a whole number that fits the id column, else no file at all. */
export function fileId(raw: string): number {
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > 2_147_483_647) throw new ApiError(404, MESSAGES.fileNotFound);
  return id;
}

export async function getFile(deps: ApiDeps, tenant: Tenant, id: number): Promise<FileRecord> {
  const row = await filesOf(deps.db, tenant.schoolId).select(fileColumns).where("files.id", "=", id).executeTakeFirst();
  if (!row) throw new ApiError(404, MESSAGES.fileNotFound);
  return toRecord(row);
}

/** Deletes the file's row, frees its space and stops its share links in one transaction, then removes its bytes. */
export async function deleteFile(deps: ApiDeps, tenant: Tenant, id: number): Promise<void> {
  const removed = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("files")
      .where("school_id", "=", tenant.schoolId)
      .where("id", "=", id)
      .returning(["storage_key", "size", "original_name"])
      .executeTakeFirst();
    if (!row) throw new ApiError(404, MESSAGES.fileNotFound);
    await release(trx, tenant.schoolId, Number(row.size));
    await revokeSubjectLinks(trx, deps.now(), tenant.schoolId, "file-share", [String(id)]);
    await recordAudit(
      deps,
      tenant,
      { kind: "deletion", summary: `Deleted file ${row.original_name}`, recordIds: [id] },
      trx,
    );
    return row.storage_key;
  });
  await removeStored(deps, [removed]);
}

/** Deletes a folder with all its files and frees their space in one transaction, then removes their bytes. */
export async function deleteFolder(deps: ApiDeps, tenant: Tenant, name: string): Promise<void> {
  const removed = await deps.db.transaction().execute(async (trx) => {
    const folder = await findFolder(trx, tenant, name);
    if (!folder) throw new ApiError(404, FILE_MESSAGES.folderNotFound);
    const rows = await trx
      .deleteFrom("files")
      .where("school_id", "=", tenant.schoolId)
      .where("folder_id", "=", folder.id)
      .returning(["id", "storage_key", "size"])
      .execute();
    await revokeSubjectLinks(
      trx,
      deps.now(),
      tenant.schoolId,
      "file-share",
      rows.map((r) => String(r.id)),
    );
    await trx.deleteFrom("file_folders").where("id", "=", folder.id).execute();
    await recordAudit(
      deps,
      tenant,
      {
        kind: "deletion",
        summary: `Deleted folder ${folder.name} with ${rows.length} file(s)`,
        recordIds: [folder.id],
      },
      trx,
    );
    await release(
      trx,
      tenant.schoolId,
      rows.reduce((sum, r) => sum + Number(r.size), 0),
    );
    return rows.map((r) => r.storage_key);
  });
  await removeStored(deps, removed);
}

/**
 * A file's name as kept and shown: the last part of any path, without control characters or the
 * invisible marks that reverse text (which can disguise an extension), at most 200 characters with
 * the extension kept. Browsers send a name's quotes and line breaks as %22, %0D and %0A (the HTML
 * standard's multipart encoding): the quotes are turned back, the line breaks dropped.
 */
export function cleanFileName(raw: string): string {
  const decoded = raw.replace(/%22/gi, '"').replace(/%0[ad]/gi, "");
  const base = decoded.normalize("NFC").split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what this strips from the name
  const clean = base.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  const chars = [...clean];
  if (chars.length <= 200) return clean || "file";
  const extension = /\.[^.]{1,20}$/.exec(clean)?.[0] ?? "";
  return chars.slice(0, 200 - [...extension].length).join("") + extension;
}

const isUploadField = (file: DiskFile) => file.field === "files[]" || file.field === "files";

/** An upload on disk as the type detection reads it (api/lib/file-types.ts). */
export function diskBytes(file: DiskFile) {
  return {
    size: file.size,
    head: file.head,
    async read(start: number, length: number) {
      const handle = await fsp.open(file.path, "r");
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, start);
        return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
      } finally {
        await handle.close();
      }
    },
  };
}

/**
 * The files' types by their bytes, or the error under `field` naming the ones refused. `accepts` narrows the
 * accepted types further (lesson notes take documents and pictures only), with its own refusal message.
 */
export async function checkTypes(
  files: DiskFile[],
  narrower: { field?: string; accepts?: (mime: string) => boolean; refused?: string } = {},
): Promise<{ types: FileType[]; errors: FieldErrors }> {
  const types: FileType[] = [];
  const refused: string[] = [];
  const empty: string[] = [];
  const tooManyPixels: string[] = [];
  const narrowed: string[] = [];
  for (const file of files) {
    const detected = await detectFileType(diskBytes(file), file.filename);
    // A picture is kept as it was sent (it is the school's document), once its header passed the pixel cap.
    const header =
      detected.ok && previewKind(detected.type.mime) === "image" ? await checkImageHeader(file.path) : null;
    if (header && !header.ok) (header.reason === "pixels" ? tooManyPixels : refused).push(cleanFileName(file.filename));
    else if (detected.ok && (narrower.accepts?.(detected.type.mime) ?? true)) types.push(detected.type);
    else if (detected.ok) narrowed.push(cleanFileName(file.filename));
    else (detected.reason === "empty" ? empty : refused).push(cleanFileName(file.filename));
  }
  const messages = [
    ...(refused.length || narrowed.length
      ? [listNames(narrower.refused ?? FILE_MESSAGES.typeRefused, [...refused, ...narrowed])]
      : []),
    ...(tooManyPixels.length ? [listNames(FILE_MESSAGES.picturesTooLarge, tooManyPixels)] : []),
    ...(empty.length ? [listNames(FILE_MESSAGES.emptyFiles, empty)] : []),
  ];
  return { types, errors: messages.length ? { [narrower.field ?? "files"]: messages } : {} };
}

/** Where the upload goes: an existing folder, or a name (an existing folder's in any case, or a new one). */
async function resolveFolder(deps: ApiDeps, tenant: Tenant, form: DiskMultipartResult, errors: FieldErrors) {
  const parsed = uploadFolderFields.safeParse({
    folder_name: firstField(form, "folder_name"),
    existing_folder: firstField(form, "existing_folder"),
  });
  if (!parsed.success) {
    Object.assign(errors, fromZod(parsed.error).errors);
    return null;
  }
  const { folder_name, existing_folder } = parsed.data;
  const existing = await findFolder(deps.db, tenant, (existing_folder ?? folder_name)!);
  if (existing) return { name: existing.name };
  if (existing_folder !== undefined) {
    errors.existing_folder = [FILE_MESSAGES.folderGone];
    return null;
  }
  const count = await deps.db
    .selectFrom("file_folders")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("school_id", "=", tenant.schoolId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_FOLDERS) {
    errors.folder_name = [FILE_MESSAGES.tooManyFolders];
    return null;
  }
  return { name: folder_name! };
}

async function filesOfUpload(deps: ApiDeps, tenant: Tenant, key: string): Promise<FileRecord[] | null> {
  const upload = await deps.db
    .selectFrom("file_uploads")
    .select("id")
    .where("school_id", "=", tenant.schoolId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  if (!upload) return null;
  const rows = await filesOf(deps.db, tenant.schoolId)
    .select(fileColumns)
    .where("files.upload_id", "=", upload.id)
    .orderBy("files.id")
    .execute();
  return rows.map(toRecord);
}

/**
 * Stores an upload (1 to 5 files of at most 5 MB, one folder): every rule is checked before anything
 * is written, and a batch with any refused file stores none of it. The space is reserved first; the
 * bytes are stored next and the rows written last, in one transaction; anything failing on the way
 * gives the space back and removes what was stored. A re-sent upload (same idempotency key) answers
 * the files it stored.
 */
export async function uploadFiles(
  deps: ApiDeps,
  tenant: Tenant,
  form: DiskMultipartResult,
  idempotencyKey?: string,
): Promise<{ files: FileRecord[]; replayed: boolean }> {
  const key = idempotencyKey?.trim().slice(0, 100) || undefined;
  if (key) {
    const previous = await filesOfUpload(deps, tenant, key);
    if (previous) return { files: previous, replayed: true };
  }

  const files = form.files.filter(isUploadField);
  const errors: FieldErrors = uploadFileProblems(files, form.tooManyFiles);
  const folder = await resolveFolder(deps, tenant, form, errors);
  let types: FileType[] = [];
  if (!errors.files) {
    const checked = await checkTypes(files);
    types = checked.types;
    Object.assign(errors, checked.errors);
  }
  if (Object.keys(errors).length || !folder) throw validationError(errors);

  const total = files.reduce((sum, f) => sum + f.size, 0);
  await reserve(deps, tenant, total);
  const stored: string[] = [];
  try {
    for (const file of files) {
      const storageKey = randomKey();
      await deps.storage.putFile(storageKey, file.path, file.size);
      stored.push(storageKey);
    }
    const now = deps.now().toISOString();
    const rows = await deps.db.transaction().execute(async (trx) => {
      const upload = key
        ? await trx
            .insertInto("file_uploads")
            .values({ school_id: tenant.schoolId, idempotency_key: key, created_at: now })
            .returning("id")
            .executeTakeFirstOrThrow()
        : null;
      await trx
        .insertInto("file_folders")
        .values({ school_id: tenant.schoolId, name: folder.name, name_key: folderKey(folder.name), created_at: now })
        .onConflict((oc) => oc.columns(["school_id", "name_key"]).doNothing())
        .execute();
      const target = (await findFolder(trx, tenant, folder.name))!;
      const inserted = await trx
        .insertInto("files")
        .values(
          files.map((file, i) => ({
            school_id: tenant.schoolId,
            folder_id: target.id,
            upload_id: upload?.id ?? null,
            storage_key: stored[i],
            original_name: cleanFileName(file.filename),
            size: file.size,
            mime_type: types[i].mime,
            created_at: now,
          })),
        )
        .returning(["id", "original_name", "size", "mime_type", "created_at"])
        .execute();
      await warnNearlyFull(deps, trx, tenant.schoolId, total);
      return inserted.map((row) => toRecord({ ...row, folder: target.name }));
    });
    return { files: rows, replayed: false };
  } catch (error) {
    await release(deps.db, tenant.schoolId, total);
    await removeStored(deps, stored);
    if (key && isUniqueViolation(error)) {
      const previous = await filesOfUpload(deps, tenant, key);
      if (previous) return { files: previous, replayed: true };
    }
    throw error;
  }
}
