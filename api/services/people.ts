import type { z } from "zod";
import type { FieldErrors } from "../../contract/http";
import { APP_MESSAGES } from "../../contract/messages";
import type { UploadedFile } from "../../server-lib/multipart";
import { personDataInput } from "../../contract/people";
import { toE164 } from "../../contract/phone";
import type { ApiDeps, Tenant } from "../context";
import { gatherFieldErrors } from "../lib/errors";
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
 * Reads a person's data by `schema`, field by field, and collects every field problem: the schema's,
 * the phone's and the photo's. `fields` holds every field that is valid, so the caller can check the
 * others (children, classes) too before it throws all the problems together.
 */
export function checkPerson<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  body: PersonBody,
  shape: { lists: readonly string[]; flags: readonly string[] },
): CheckedPerson<Partial<z.infer<z.ZodObject<Shape>>>> {
  const input = personDataInput(body.data, shape.lists, shape.flags);
  const fields: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const [name, rule] of Object.entries(schema.shape)) {
    const parsed = rule.safeParse(input[name]);
    if (parsed.success) fields[name] = parsed.data;
    else errors[name] = parsed.error.issues.map((issue) => issue.message);
  }
  const phone = typeof input.phone === "string" ? toE164(input.phone) : null;
  if (!phone && !errors.phone) errors.phone = [APP_MESSAGES.invalidPhone];
  const photoMime = body.photo && gatherFieldErrors(errors, () => assertImage("profile_img", body.photo!));
  return { fields: fields as Partial<z.infer<z.ZodObject<Shape>>>, phone: phone ?? "", photoMime, errors };
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
