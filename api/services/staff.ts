import type { FieldErrors, Paginated } from "../../contract/http";
import { splitList } from "../../contract/people";
import { allSubjects, type SchoolSettings } from "../../contract/settings";
import { STAFF_MESSAGES, type StaffRecord, type StaffType } from "../../contract/staff";
import { STAFF_FLAGS, STAFF_LISTS, staffFields } from "../../contract/staff.schema";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import type { StaffMember } from "../db/schema";
import { matchesSearch, phoneSearchForms, searchQuery, searchText } from "../db/search";
import { ApiError, validationError } from "../lib/errors";
import { paginate, type PageParams } from "../lib/pagination";
import { mediaUrl } from "./media";
import { checkPerson, createPerson, deletePerson, emailKey, findPerson, updatePerson } from "./people";
import type { PeopleKind, PersonBody, PersonWrite } from "./people";
import { getSchoolSettings } from "./settings";

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

/** Staff in the shared people flows (`./people`). */
const STAFF: PeopleKind<"staff", StaffRecord> = {
  table: "staff",
  notFound: STAFF_MESSAGES.notFound,
  idPrefix: "STF",
  deleted: (name) => `Deleted staff member ${name}`,
  answer: async (db, tenant, row) => (await withClasses(db, tenant, [row]))[0],
};

export async function getStaff(deps: ApiDeps, tenant: Tenant, key: string): Promise<StaffRecord> {
  return STAFF.answer(deps.db, tenant, await findPerson(deps.db, tenant, STAFF, key));
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

/** The write of a checked `staff_data`: its columns and photo, its conflicts, and the classes taught. */
async function staffWrite(deps: ApiDeps, tenant: Tenant, body: PersonBody): Promise<PersonWrite<"staff">> {
  const { columns, classes, removePhoto, photoMime } = await staffColumns(deps, tenant, body);
  return {
    columns,
    photoMime,
    removePhoto,
    conflict: (exceptId) => conflictOf(deps.db, tenant, columns, exceptId),
    link: (trx, staffId) => setClasses(trx, tenant, staffId, classes),
  };
}

/** Adds a staff member; a re-sent idempotency key answers the member created then (`replayed`). */
export async function createStaff(
  deps: ApiDeps,
  tenant: Tenant,
  body: PersonBody,
  idempotencyHeader: string | undefined,
): Promise<{ staff: StaffRecord; replayed: boolean }> {
  const { record, replayed } = await createPerson(deps, tenant, STAFF, body, idempotencyHeader, () =>
    staffWrite(deps, tenant, body),
  );
  return { staff: record, replayed };
}

/** Replaces a member's details with the ones sent; the photo stays unless replaced or removed. */
export async function updateStaff(deps: ApiDeps, tenant: Tenant, key: string, body: PersonBody): Promise<StaffRecord> {
  return updatePerson(deps, tenant, STAFF, key, body, () => staffWrite(deps, tenant, body));
}

export async function deleteStaff(deps: ApiDeps, tenant: Tenant, key: string): Promise<void> {
  await deletePerson(deps, tenant, STAFF, key);
}
