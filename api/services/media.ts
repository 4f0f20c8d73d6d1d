import { IMAGE_EXTENSIONS, imageProblem } from "../../contract/images";
import { APP_MESSAGES, MESSAGES } from "../../contract/messages";
import { logger, errorFields } from "../../observability/log";
import type { UploadedFile } from "../../server-lib/multipart";
import type { ApiDeps, Tenant } from "../context";
import { randomKey } from "../lib/crypto";
import { validationError } from "../lib/errors";
import { boundImage, checkImageHeader, isBounded, type BoundedImage, type ImageUse } from "../lib/images";

/**
 * The school's own images: logos, signatures and people's photos. Each is checked by its header, then
 * stored re-encoded at a bounded size (api/lib/images.ts). A logo is public (the application page shows
 * it); every other image is served only to a signed-in user of its school, never cached.
 */

export const mediaUrl = (key: string | null) => (key ? `/api/media/${key}` : null);

/**
 * Checks an uploaded image by the product's rules (type by content, under 2 MB, at most 25 megapixels by
 * its header) and re-encodes it for `use`; throws the field's error. Nothing is decoded before the header passed.
 */
export async function checkImage(field: string, file: UploadedFile, use: ImageUse): Promise<BoundedImage> {
  const problem = imageProblem(file);
  if (problem) throw validationError({ [field]: [problem] });
  const header = await checkImageHeader(file.bytes);
  if (!header.ok) {
    throw validationError({
      [field]: [header.reason === "pixels" ? APP_MESSAGES.imageTooManyPixels : MESSAGES.onlyImages],
    });
  }
  try {
    return await boundImage(file.bytes, use);
  } catch {
    // The header was fine but the pixels are not: not an image the product can keep.
    throw validationError({ [field]: [MESSAGES.onlyImages] });
  }
}

/** Stores a checked, bounded image and records it for the school; returns its key. */
export async function storeImage(deps: ApiDeps, schoolId: number, image: BoundedImage): Promise<string> {
  const key = randomKey();
  await deps.storage.put(key, image.bytes);
  await deps.db
    .insertInto("media")
    .values({
      key,
      school_id: schoolId,
      mime_type: image.mime,
      size: image.bytes.length,
      created_at: deps.now().toISOString(),
    })
    .execute();
  return key;
}

export async function readMedia(deps: Pick<ApiDeps, "db" | "storage">, key: string) {
  const row = await deps.db.selectFrom("media").select(["mime_type", "size"]).where("key", "=", key).executeTakeFirst();
  if (!row) return null;
  const bytes = await deps.storage.get(key);
  return bytes ? { bytes, mime: row.mime_type, extension: IMAGE_EXTENSIONS[row.mime_type] ?? "bin" } : null;
}

/** Whether the image is a school's logo: the one kind of image anyone may see. */
export async function isSchoolLogo(deps: ApiDeps, key: string): Promise<boolean> {
  const row = await deps.db.selectFrom("schools").select("id").where("logo_key", "=", key).executeTakeFirst();
  return Boolean(row);
}

/** One of the school's images for its signed-in user; another school's, or one that is gone, is null. */
export async function readSchoolMedia(deps: ApiDeps, tenant: Tenant, key: string) {
  const row = await deps.db
    .selectFrom("media")
    .select("key")
    .where("key", "=", key)
    .where("school_id", "=", tenant.schoolId)
    .executeTakeFirst();
  return row ? readMedia(deps, key) : null;
}

/**
 * The image as a PDF may draw it: PNG or JPEG within `use`'s bounds. One stored before the bounds is
 * re-encoded here, the first time a PDF needs it, and kept so under the same key; one whose header passes
 * the cap, or that cannot be read, is left out (null) rather than decoded.
 */
export async function drawableImage(
  deps: Pick<ApiDeps, "db" | "storage">,
  key: string,
  use: ImageUse,
): Promise<Buffer | null> {
  const media = await readMedia(deps, key);
  if (!media) return null;
  const header = await checkImageHeader(media.bytes);
  if (isBounded(header, use)) return Buffer.from(media.bytes);
  if (!header.ok) {
    logger.warn("stored image left out of a PDF", { key, reason: header.reason });
    return null;
  }
  try {
    const bounded = await boundImage(media.bytes, use);
    await deps.storage.put(key, bounded.bytes);
    await deps.db
      .updateTable("media")
      .set({ mime_type: bounded.mime, size: bounded.bytes.length })
      .where("key", "=", key)
      .execute();
    return bounded.bytes;
  } catch (error) {
    logger.warn("stored image left out of a PDF", { key, ...errorFields(error) });
    return null;
  }
}

export async function removeMedia(deps: ApiDeps, key: string | null): Promise<void> {
  if (!key) return;
  await deps.db.deleteFrom("media").where("key", "=", key).execute();
  await deps.storage.remove(key);
}
