import type { z } from "zod";
import type { FieldErrors } from "../../contract/http";
import { APP_MESSAGES } from "../../contract/messages";
import type { UploadedFile } from "../../contract/multipart";
import { personDataInput } from "../../contract/people";
import { toE164 } from "../../contract/phone";
import type { ApiDeps, Tenant } from "../context";
import { fromZod, gatherFieldErrors } from "../lib/errors";
import { assertImage, removeMedia, storeImage } from "./media";

/**
 * What saving a parent and saving a staff member share: reading `parent_data` / `staff_data` with the
 * spec's rules for every person (name, email, phone; phone in E.164; an optional photo by the profile's
 * image rules), and writing the photo so that a failed save leaves no file behind.
 */

/** The body of a create or update: the record's JSON and, from a multipart body, the photo. */
export interface PersonBody {
  data: unknown;
  photo?: UploadedFile;
}

export interface CheckedPerson<Fields> {
  fields: Fields;
  /** The phone in E.164. */
  phone: string;
  /** The photo's type by its bytes, when a photo came. */
  photoMime?: string;
  errors: FieldErrors;
}

/**
 * Reads a person's data by `schema` and collects every field problem: the schema's, the phone's and
 * the photo's. The caller adds its own checks to `errors` and throws them all together.
 */
export function checkPerson<Schema extends z.ZodTypeAny>(
  schema: Schema,
  body: PersonBody,
  shape: { lists: readonly string[]; flags: readonly string[] },
): CheckedPerson<Partial<z.infer<Schema>>> {
  const input = personDataInput(body.data, shape.lists, shape.flags);
  const parsed = schema.safeParse(input);
  const errors: FieldErrors = parsed.success ? {} : fromZod(parsed.error).errors!;
  const phone = typeof input.phone === "string" ? toE164(input.phone) : null;
  if (!phone && !errors.phone) errors.phone = [APP_MESSAGES.invalidPhone];
  const photoMime = body.photo && gatherFieldErrors(errors, () => assertImage("profile_img", body.photo!));
  return { fields: (parsed.success ? parsed.data : {}) as Partial<z.infer<Schema>>, phone: phone ?? "", photoMime, errors };
}

/**
 * Runs `write` with the photo key the record should hold: a newly stored photo, none when the admin
 * removed it, else the one it had. A failed write removes the new file; a successful one removes the
 * file the record no longer points at.
 */
export async function withPhoto<T>(
  deps: ApiDeps,
  tenant: Tenant,
  photo: { file?: UploadedFile; mime?: string; remove: boolean; current: string | null },
  write: (key: string | null) => Promise<T>,
): Promise<T> {
  const stored = photo.file && photo.mime ? await storeImage(deps, tenant.schoolId, photo.file, photo.mime) : null;
  const key = stored ?? (photo.remove ? null : photo.current);
  let result: T;
  try {
    result = await write(key);
  } catch (error) {
    if (stored) await removeMedia(deps, stored);
    throw error;
  }
  if (photo.current && key !== photo.current) await removeMedia(deps, photo.current);
  return result;
}

export const emailKey = (email: string) => email.trim().toLowerCase();
