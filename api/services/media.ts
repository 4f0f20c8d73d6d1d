import { IMAGE_EXTENSIONS, imageProblem, sniffImageType } from "../../contract/images";
import type { UploadedFile } from "../../server-lib/multipart";
import type { ApiDeps } from "../context";
import { randomKey } from "../lib/crypto";
import { validationError } from "../lib/errors";

export const mediaUrl = (key: string | null) => (key ? `/api/media/${key}` : null);

/** Checks an uploaded image by the product's rules (type by content, under 2 MB); throws the field error. */
export function assertImage(field: string, file: UploadedFile): string {
  const problem = imageProblem(file);
  if (problem) throw validationError({ [field]: [problem] });
  return sniffImageType(file.bytes)!;
}

/** Stores an already-checked image and records it for the school; returns its key. */
export async function storeImage(deps: ApiDeps, schoolId: number, file: UploadedFile, mime: string): Promise<string> {
  const key = randomKey();
  await deps.storage.put(key, file.bytes);
  await deps.db
    .insertInto("media")
    .values({ key, school_id: schoolId, mime_type: mime, size: file.size, created_at: deps.now().toISOString() })
    .execute();
  return key;
}

export async function readMedia(deps: ApiDeps, key: string) {
  const row = await deps.db.selectFrom("media").select(["mime_type", "size"]).where("key", "=", key).executeTakeFirst();
  if (!row) return null;
  const bytes = await deps.storage.get(key);
  return bytes ? { bytes, mime: row.mime_type, extension: IMAGE_EXTENSIONS[row.mime_type] ?? "bin" } : null;
}

export async function removeMedia(deps: ApiDeps, key: string | null): Promise<void> {
  if (!key) return;
  await deps.db.deleteFrom("media").where("key", "=", key).execute();
  await deps.storage.remove(key);
}
