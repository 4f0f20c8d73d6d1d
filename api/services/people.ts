import type { Insertable } from "kysely";
import type { z } from "zod";
import type { FieldErrors } from "../../contract/http";
import { APP_MESSAGES } from "../../contract/messages";
import type { UploadedFile } from "../../server-lib/multipart";
import { personDataInput } from "../../contract/people";
import { toE164 } from "../../contract/phone";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import type { Database, Parent, StaffMember } from "../db/schema";
import { publicId } from "../lib/crypto";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, gatherFieldErrorsAsync } from "../lib/errors";
import type { BoundedImage } from "../lib/images";
import { idempotencyKey } from "../lib/idempotency";
import { isRecordKey } from "../lib/record-key";
import { recordAudit } from "./audit";
import { checkImage, removeMedia, storeImage } from "./media";

/**
 * What parents and staff share: reading `parent_data` / `staff_data` with the rules for every person (name,
 * email, phone; phone in E.164; an optional photo by the profile's image rules), writing the photo so that a
 * failed save leaves no file behind, and the find, add (once per idempotency key), update and delete flows.
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
  /** The photo, checked and re-encoded, when a photo came. */
  photo?: BoundedImage;
  errors: FieldErrors;
}

/**
 * Reads a person's data by `schema`, field by field, and collects every field problem: the schema's,
 * the phone's and the photo's. `fields` holds every field that is valid, so the caller can check the
 * others (children, classes) too before it throws all the problems together.
 */
export async function checkPerson<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  body: PersonBody,
  shape: { lists: readonly string[]; flags: readonly string[] },
): Promise<CheckedPerson<Partial<z.infer<z.ZodObject<Shape>>>>> {
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
  const photo =
    body.photo && (await gatherFieldErrorsAsync(errors, () => checkImage("profile_img", body.photo!, "photo")));
  return { fields: fields as Partial<z.infer<z.ZodObject<Shape>>>, phone: phone ?? "", photo, errors };
}

/**
 * Runs `write` with the photo key the record should hold: a newly stored photo, none when the admin
 * removed it, else the one it had. A failed write removes the new file; a successful one removes the
 * file the record no longer points at.
 */
export async function withPhoto<T>(
  deps: ApiDeps,
  tenant: Tenant,
  photo: { image?: BoundedImage; remove: boolean; current: string | null },
  write: (key: string | null) => Promise<T>,
): Promise<T> {
  const stored = photo.image ? await storeImage(deps, tenant.schoolId, photo.image) : null;
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

interface PeopleRows {
  parents: Parent;
  staff: StaffMember;
}
type PeopleTable = keyof PeopleRows;

/** The columns every person's row has that the add and update flows write themselves. */
type FlowColumns = "profile_img_key" | "school_id" | "unique_id" | "idempotency_key" | "created_at" | "updated_at";

/** What a checked body writes: the row's own columns, the photo, and how it meets the school's other records. */
export interface PersonWrite<T extends PeopleTable> {
  columns: Omit<Insertable<Database[T]>, FlowColumns | "id">;
  /** The photo, checked and re-encoded, when a photo came. */
  photo?: BoundedImage;
  removePhoto: boolean;
  /** Another record of the school with this email or phone (a staff member: form class): the 409 naming which, else null. */
  conflict: (exceptId?: number) => Promise<ApiError | null>;
  /** Writes what the record links to (children, classes) in the write's transaction. */
  link: (trx: Db, id: number, now: string) => Promise<void>;
}

/** One table's part in the flows. */
export interface PeopleKind<T extends PeopleTable, Out> {
  table: T;
  /** The 404's message. */
  notFound: string;
  /** The prefix of a new record's `unique_id`. */
  idPrefix: string;
  /** The audit summary of a deletion. */
  deleted: (name: string) => string;
  /** The record the API answers for a row. */
  answer: (db: Db, tenant: Tenant, row: PeopleRows[T]) => Promise<Out>;
  /** Lets go of what refers to the person and stays when they are deleted, in the deletion's transaction. */
  release?: (trx: Db, tenant: Tenant, id: number) => Promise<void>;
}

/** The person named by `key` (its `id` or `unique_id`) in this school; another school's is not found. */
export async function findPerson<T extends PeopleTable, Out>(
  db: Db,
  tenant: Tenant,
  kind: PeopleKind<T, Out>,
  key: string,
): Promise<PeopleRows[T]> {
  const row = await db
    .selectFrom(kind.table as PeopleTable)
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where(isRecordKey(key))
    .executeTakeFirst();
  if (!row) throw new ApiError(404, kind.notFound);
  return row as PeopleRows[T];
}

async function byIdempotencyKey<T extends PeopleTable>(db: Db, tenant: Tenant, table: T, key: string | null) {
  if (!key) return undefined;
  const row = await db
    .selectFrom(table as PeopleTable)
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row as PeopleRows[T] | undefined;
}

/**
 * Adds a person: `check` reads the body (after a re-sent idempotency key has answered the record created
 * then, `replayed`, so a double-submitted form creates one record), then the row, its links and its photo
 * are written together. A conflict is the 409 of `conflict`, also when it is a race the database caught.
 */
export async function createPerson<T extends PeopleTable, Out>(
  deps: ApiDeps,
  tenant: Tenant,
  kind: PeopleKind<T, Out>,
  body: PersonBody,
  idempotencyHeader: string | undefined,
  check: () => Promise<PersonWrite<T>>,
): Promise<{ record: Out; replayed: boolean }> {
  const key = idempotencyKey(idempotencyHeader);
  const earlier = await byIdempotencyKey(deps.db, tenant, kind.table, key);
  if (earlier) return { record: await kind.answer(deps.db, tenant, earlier), replayed: true };

  // A request racing a twin with the same key finds the twin's record in place of its own conflict.
  const replayOr = async (failure: unknown) => {
    const raced = await byIdempotencyKey(deps.db, tenant, kind.table, key);
    if (raced) return { record: await kind.answer(deps.db, tenant, raced), replayed: true };
    throw failure;
  };
  const write = await check();
  const conflict = await write.conflict();
  if (conflict) return replayOr(conflict);
  const now = deps.now().toISOString();
  try {
    const row = await withPhoto(deps, tenant, { image: write.photo, remove: false, current: null }, (profile_img_key) =>
      deps.db.transaction().execute(async (trx) => {
        const values = {
          ...write.columns,
          profile_img_key,
          school_id: tenant.schoolId,
          unique_id: publicId(kind.idPrefix),
          idempotency_key: key,
          created_at: now,
          updated_at: now,
        };
        // The table is one of two, so the row's type is known only by `T`.
        const created = (await trx
          .insertInto(kind.table as PeopleTable)
          .values(values as Insertable<Database[PeopleTable]>)
          .returningAll()
          .executeTakeFirstOrThrow()) as PeopleRows[T];
        await write.link(trx, created.id, now);
        return created;
      }),
    );
    return { record: await kind.answer(deps.db, tenant, row), replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return replayOr((await write.conflict()) ?? error);
  }
}

/** Replaces a person's details and links with the ones `check` read; the photo stays unless replaced or removed. */
export async function updatePerson<T extends PeopleTable, Out>(
  deps: ApiDeps,
  tenant: Tenant,
  kind: PeopleKind<T, Out>,
  key: string,
  body: PersonBody,
  check: (current: PeopleRows[T]) => Promise<PersonWrite<T>>,
): Promise<Out> {
  const current = await findPerson(deps.db, tenant, kind, key);
  const write = await check(current);
  const conflict = await write.conflict(current.id);
  if (conflict) throw conflict;
  const now = deps.now().toISOString();
  try {
    const row = await withPhoto(
      deps,
      tenant,
      { image: write.photo, remove: write.removePhoto, current: current.profile_img_key },
      (profile_img_key) =>
        deps.db.transaction().execute(async (trx) => {
          const updated = (await trx
            .updateTable(kind.table as PeopleTable)
            .set({ ...write.columns, profile_img_key, updated_at: now })
            .where("id", "=", current.id)
            .returningAll()
            .executeTakeFirstOrThrow()) as PeopleRows[T];
          await write.link(trx, current.id, now);
          return updated;
        }),
    );
    return kind.answer(deps.db, tenant, row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw (await write.conflict(current.id)) ?? error;
  }
}

/** Deletes a person (their links go with them), records who was deleted, then removes their photo. */
export async function deletePerson<T extends PeopleTable, Out>(
  deps: ApiDeps,
  tenant: Tenant,
  kind: PeopleKind<T, Out>,
  key: string,
): Promise<void> {
  const row = await findPerson(deps.db, tenant, kind, key);
  await deps.db.transaction().execute(async (trx) => {
    await kind.release?.(trx, tenant, row.id);
    await trx
      .deleteFrom(kind.table as PeopleTable)
      .where("id", "=", row.id)
      .execute();
  });
  await recordAudit(deps, tenant, { kind: "deletion", summary: kind.deleted(row.name), recordIds: [row.unique_id] });
  await removeMedia(deps, row.profile_img_key);
}
