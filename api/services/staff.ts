import type { FieldErrors, Paginated } from "../../contract/http";
import { splitList } from "../../contract/people";
import { allSubjects, type SchoolSettings } from "../../contract/settings";
import { STAFF_MESSAGES, type StaffRecord, type StaffType } from "../../contract/staff";
import { STAFF_FLAGS, STAFF_LISTS, staffFields } from "../../contract/staff.schema";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import type { StaffMember } from "../db/schema";
import { matchesSearch, phoneSearchForms, searchQuery, searchText } from "../db/search";
import { publicId } from "../lib/crypto";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, validationError } from "../lib/errors";
import { idempotencyKey } from "../lib/idempotency";
import { paginate, type PageParams } from "../lib/pagination";
import { isRecordKey } from "../lib/record-key";
import { mediaUrl, removeMedia } from "./media";
import { checkPerson, emailKey, withPhoto, type PersonBody } from "./people";
import { getSchoolSettings } from "./settings";
import { recordAudit } from "./audit";

/**
 * Staff (calls in contract/staff.ts). A teacher's form class is `staff.form_teacher` (one class, and a class
 * has one form teacher); the classes they teach in are rows of `staff_classes`.
 */

function toStaffRecord(row: StaffMember, classes: string[]): StaffRecord {
  return {
    unique_id: row.unique_id,
    id: row.id,
    staff_data: {
      name: row.name,
      email: row.email,
      phone: row.phone,
      address: row.address,
      position: row.position,
      class: classes.length ? classes.join(", ") : null,
      profile_img: mediaUrl(row.profile_img_key),
      is_teaching_staff: row.is_teaching_staff === 1,
      form_teacher: row.form_teacher,
      subjects: splitList(row.subjects),
    },
  };
}

/** The classes each of `staffIds` teaches in, in name order. */
async function classesOf(db: Db, tenant: Tenant, staffIds: number[]): Promise<Map<number, string[]>> {
  const byStaff = new Map<number, string[]>(staffIds.map((id) => [id, []]));
  if (!staffIds.length) return byStaff;
  const rows = await db
    .selectFrom("staff_classes")
    .select(["staff_id", "class_name"])
    .where("school_id", "=", tenant.schoolId)
    .where("staff_id", "in", staffIds)
    .orderBy("class_name")
    .execute();
  for (const row of rows) byStaff.get(row.staff_id)!.push(row.class_name);
  return byStaff;
}

async function withClasses(db: Db, tenant: Tenant, rows: StaffMember[]): Promise<StaffRecord[]> {
  const classes = await classesOf(
    db,
    tenant,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toStaffRecord(row, classes.get(row.id)!));
}

export interface StaffListQuery extends PageParams {
  q?: string;
  type?: StaffType;
  className?: string;
}

export async function listStaff(deps: ApiDeps, tenant: Tenant, query: StaffListQuery): Promise<Paginated<StaffRecord>> {
  let base = deps.db.selectFrom("staff").where("staff.school_id", "=", tenant.schoolId);
  if (query.type) base = base.where("staff.is_teaching_staff", "=", query.type === "teaching" ? 1 : 0);
  if (query.className) {
    const className = query.className;
    base = base.where((eb) =>
      eb.or([
        eb("staff.form_teacher", "=", className),
        eb(
          "staff.id",
          "in",
          eb
            .selectFrom("staff_classes")
            .select("staff_classes.staff_id")
            .where("staff_classes.school_id", "=", tenant.schoolId)
            .where("staff_classes.class_name", "=", className),
        ),
      ]),
    );
  }
  const q = searchQuery(query.q);
  if (q) base = base.where(matchesSearch(deps.dialect, "staff", tenant.schoolId, q));
  return paginate(
    query,
    async () => (await base.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()).total as number,
    async (limit, offset) =>
      withClasses(
        deps.db,
        tenant,
        await base.selectAll("staff").orderBy("staff.name").orderBy("staff.id").limit(limit).offset(offset).execute(),
      ),
  );
}

async function findStaff(db: Db, tenant: Tenant, key: string): Promise<StaffMember> {
  const row = await db
    .selectFrom("staff")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where(isRecordKey(key))
    .executeTakeFirst();
  if (!row) throw new ApiError(404, STAFF_MESSAGES.notFound);
  return row;
}

export async function getStaff(deps: ApiDeps, tenant: Tenant, key: string): Promise<StaffRecord> {
  return (await withClasses(deps.db, tenant, [await findStaff(deps.db, tenant, key)]))[0];
}

/**
 * The columns a valid `staff_data` writes and the classes taught. Classes and subjects are the
 * school's (from its settings); they are kept for teaching staff only. Every field problem at once.
 */
/** `settings`, when the caller has them (an import checks many rows), saves reading them for each. */
export async function staffColumns(deps: ApiDeps, tenant: Tenant, body: PersonBody, settings?: SchoolSettings) {
  const { fields, phone, photoMime, errors } = checkPerson(staffFields, body, {
    lists: STAFF_LISTS,
    flags: STAFF_FLAGS,
  });
  const teaching = Boolean(fields.is_teaching_staff);
  const formClass = teaching ? (fields.form_teacher ?? null) : null;
  const classes = teaching ? [...new Set(fields.class ?? [])] : [];
  const subjects = teaching ? [...new Set(fields.subjects ?? [])] : [];
  if (teaching && (formClass || classes.length || subjects.length)) {
    const school = settings ?? (await getSchoolSettings(deps, tenant));
    const classNames = new Set(school.classes.map((c) => c.class_name));
    const taught = new Set(allSubjects(school));
    if (formClass && !classNames.has(formClass)) errors.form_teacher = [STAFF_MESSAGES.classUnknown];
    if (classes.some((c) => !classNames.has(c))) errors.class = [STAFF_MESSAGES.classUnknown];
    if (subjects.some((s) => !taught.has(s))) errors.subjects = [STAFF_MESSAGES.subjectsUnknown];
  }
  if (Object.keys(errors).length) throw validationError(errors);
  const columns = {
    name: fields.name!,
    email: emailKey(fields.email!),
    phone,
    address: fields.address ?? null,
    position: fields.position ?? null,
    is_teaching_staff: teaching ? 1 : 0,
    form_teacher: formClass,
    subjects: subjects.length ? subjects.join(", ") : null,
  };
  return {
    columns: {
      ...columns,
      search_text: searchText([columns.name, columns.position, columns.email, ...phoneSearchForms(phone)]),
    },
    classes,
    removePhoto: Boolean(fields.remove_photo),
    photoMime,
  };
}

/** Another member of the school with this email, phone or form class: the 409 that names which. */
export async function conflictOf(
  db: Db,
  tenant: Tenant,
  columns: { email: string; phone: string; form_teacher: string | null },
  exceptId?: number,
) {
  let query = db
    .selectFrom("staff")
    .select(["name", "email", "phone", "form_teacher"])
    .where("school_id", "=", tenant.schoolId)
    .where((eb) =>
      eb.or([
        eb("email", "=", columns.email),
        eb("phone", "=", columns.phone),
        ...(columns.form_teacher ? [eb("form_teacher", "=", columns.form_teacher)] : []),
      ]),
    );
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  const errors: FieldErrors = {};
  for (const other of await query.execute()) {
    if (other.email === columns.email) errors.email = [STAFF_MESSAGES.duplicateEmail];
    if (other.phone === columns.phone) errors.phone = [STAFF_MESSAGES.duplicatePhone];
    if (columns.form_teacher && other.form_teacher === columns.form_teacher) {
      errors.form_teacher = [STAFF_MESSAGES.formClassTaken(other.name, columns.form_teacher)];
    }
  }
  return Object.keys(errors).length ? new ApiError(409, Object.values(errors)[0][0], errors) : null;
}

/** The member teaches in exactly `classes`: other classes go, missing ones are added. */
async function setClasses(db: Db, tenant: Tenant, staffId: number, classes: string[]) {
  let stale = db.deleteFrom("staff_classes").where("staff_id", "=", staffId);
  if (classes.length) stale = stale.where("class_name", "not in", classes);
  await stale.execute();
  if (!classes.length) return;
  await db
    .insertInto("staff_classes")
    .values(classes.map((class_name) => ({ staff_id: staffId, school_id: tenant.schoolId, class_name })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

async function byIdempotencyKey(db: Db, tenant: Tenant, key: string | null) {
  if (!key) return undefined;
  return db
    .selectFrom("staff")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

/** Adds a staff member; a re-sent idempotency key answers the member created then (`replayed`). */
export async function createStaff(
  deps: ApiDeps,
  tenant: Tenant,
  body: PersonBody,
  idempotencyHeader: string | undefined,
): Promise<{ staff: StaffRecord; replayed: boolean }> {
  const key = idempotencyKey(idempotencyHeader);
  const earlier = await byIdempotencyKey(deps.db, tenant, key);
  if (earlier) return { staff: (await withClasses(deps.db, tenant, [earlier]))[0], replayed: true };

  // A request racing a twin with the same key finds the twin's member in place of its own conflict.
  const replayOr = async (failure: unknown) => {
    const raced = await byIdempotencyKey(deps.db, tenant, key);
    if (raced) return { staff: (await withClasses(deps.db, tenant, [raced]))[0], replayed: true };
    throw failure;
  };
  const { columns, classes, photoMime } = await staffColumns(deps, tenant, body);
  const conflict = await conflictOf(deps.db, tenant, columns);
  if (conflict) return replayOr(conflict);
  const now = deps.now().toISOString();
  try {
    const row = await withPhoto(
      deps,
      tenant,
      { file: body.photo, mime: photoMime, remove: false, current: null },
      (profile_img_key) =>
        deps.db.transaction().execute(async (trx) => {
          const member = await trx
            .insertInto("staff")
            .values({
              ...columns,
              profile_img_key,
              gender: null,
              school_id: tenant.schoolId,
              unique_id: publicId("STF"),
              idempotency_key: key,
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await setClasses(trx, tenant, member.id, classes);
          return member;
        }),
    );
    return { staff: (await withClasses(deps.db, tenant, [row]))[0], replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return replayOr((await conflictOf(deps.db, tenant, columns)) ?? error);
  }
}

/** Replaces a member's details with the ones sent; the photo stays unless replaced or removed. */
export async function updateStaff(deps: ApiDeps, tenant: Tenant, key: string, body: PersonBody): Promise<StaffRecord> {
  const member = await findStaff(deps.db, tenant, key);
  const { columns, classes, removePhoto, photoMime } = await staffColumns(deps, tenant, body);
  const conflict = await conflictOf(deps.db, tenant, columns, member.id);
  if (conflict) throw conflict;
  const now = deps.now().toISOString();
  try {
    const row = await withPhoto(
      deps,
      tenant,
      { file: body.photo, mime: photoMime, remove: removePhoto, current: member.profile_img_key },
      (profile_img_key) =>
        deps.db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable("staff")
            .set({ ...columns, profile_img_key, updated_at: now })
            .where("id", "=", member.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await setClasses(trx, tenant, member.id, classes);
          return updated;
        }),
    );
    return (await withClasses(deps.db, tenant, [row]))[0];
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw (await conflictOf(deps.db, tenant, columns, member.id)) ?? error;
  }
}

export async function deleteStaff(deps: ApiDeps, tenant: Tenant, key: string): Promise<void> {
  const member = await findStaff(deps.db, tenant, key);
  await deps.db.deleteFrom("staff").where("id", "=", member.id).execute();
  await recordAudit(deps, tenant, {
    kind: "deletion",
    summary: `Deleted staff member ${member.name}`,
    recordIds: [member.unique_id],
  });
  await removeMedia(deps, member.profile_img_key);
}
