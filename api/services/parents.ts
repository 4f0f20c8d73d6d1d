import type { FieldErrors, Paginated } from "../../contract/http";
import { nameSortKey } from "../../contract/names";
import {
  MAX_CHILDREN,
  MAX_PARENTS,
  PARENT_MESSAGES,
  type ParentChild,
  type ParentDetail,
  type ParentRecord,
} from "../../contract/parents";
import { PARENT_FLAGS, PARENT_LISTS, parentFields } from "../../contract/parents.schema";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import type { Parent } from "../db/schema";
import { matchesSearch, ofSchool, phoneSearchForms, searchQuery, searchText } from "../db/search";
import { publicId } from "../lib/crypto";
import { ApiError, gatherFieldErrorsAsync, validationError } from "../lib/errors";
import { paginate, type PageParams } from "../lib/pagination";
import { mediaUrl } from "./media";
import { checkPerson, createPerson, deletePerson, emailKey, findPerson, updatePerson } from "./people";
import type { PeopleKind, PersonBody, PersonWrite } from "./people";

/** Parents and the children linked to them (calls in contract/parents.ts). */

/** The columns a `ParentRecord` is made of: a list reads these, not the row's search text and bookkeeping. */
const PARENT_RECORD_COLUMNS = ["id", "unique_id", "name", "email", "phone", "address", "profile_img_key"] as const;

type ParentRecordRow = Pick<Parent, (typeof PARENT_RECORD_COLUMNS)[number]>;

function toParentRecord(row: ParentRecordRow, children: ParentChild[]): ParentRecord {
  return {
    unique_id: row.unique_id,
    id: row.id,
    parent_data: {
      name: row.name,
      email: row.email,
      phone: row.phone,
      address: row.address,
      profile_img: mediaUrl(row.profile_img_key),
    },
    children,
  };
}

function toParentDetail(row: Parent, children: ParentChild[]): ParentDetail {
  return {
    ...toParentRecord(row, children),
    students: children.map((c) => ({
      id: c.id,
      unique_id: c.unique_id,
      name: c.student_data.name,
      class: c.student_data.class,
      profile_image: c.student_data.profile_img,
    })),
  };
}

/** The children of each of `parentIds`, by name. */
async function childrenOf(db: Db, tenant: Tenant, parentIds: number[]): Promise<Map<number, ParentChild[]>> {
  const byParent = new Map<number, ParentChild[]>(parentIds.map((id) => [id, []]));
  if (!parentIds.length) return byParent;
  const rows = await db
    .selectFrom("parent_students")
    .innerJoin("students", "students.id", "parent_students.student_id")
    .select([
      "parent_students.parent_id",
      "students.id",
      "students.unique_id",
      "students.name",
      "students.class_name",
      "students.profile_img_key",
      "students.status",
    ])
    .where("parent_students.school_id", "=", tenant.schoolId)
    .where("parent_students.parent_id", "in", parentIds)
    .orderBy("students.sort_name")
    .orderBy("students.id")
    .execute();
  for (const row of rows) {
    byParent.get(row.parent_id)!.push({
      unique_id: row.unique_id,
      id: row.id,
      status: row.status,
      student_data: { name: row.name, class: row.class_name, profile_img: mediaUrl(row.profile_img_key) },
    });
  }
  return byParent;
}

export interface ParentListQuery extends PageParams {
  q?: string;
  className?: string;
}

export async function listParents(
  deps: ApiDeps,
  tenant: Tenant,
  query: ParentListQuery,
): Promise<Paginated<ParentRecord>> {
  const q = searchQuery(query.q);
  let base = deps.db.selectFrom("parents").where(ofSchool(deps.dialect, "parents", tenant.schoolId, q));
  if (query.className) {
    const className = query.className;
    base = base.where("parents.id", "in", (eb) =>
      eb
        .selectFrom("students")
        .innerJoin("parent_students", "parent_students.student_id", "students.id")
        .select("parent_students.parent_id")
        .where("students.school_id", "=", tenant.schoolId)
        .where("students.status", "=", "active")
        .where("students.class_name", "=", className),
    );
  }
  if (q) base = base.where(matchesSearch(deps.dialect, "parents", tenant.schoolId, q));
  return paginate(
    query,
    async () => (await base.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()).total as number,
    async (limit, offset) => {
      const rows = await base
        .select(PARENT_RECORD_COLUMNS)
        .orderBy("parents.sort_name")
        .orderBy("parents.id")
        .limit(limit)
        .offset(offset)
        .execute();
      const children = await childrenOf(
        deps.db,
        tenant,
        rows.map((r) => r.id),
      );
      return rows.map((row) => toParentRecord(row, children.get(row.id)!));
    },
  );
}

/** Parents in the shared people flows (`./people`). */
const PARENTS: PeopleKind<"parents", ParentDetail> = {
  table: "parents",
  notFound: PARENT_MESSAGES.notFound,
  idPrefix: "PAR",
  deleted: (name) => `Deleted parent ${name}`,
  answer: async (db, tenant, row) => toParentDetail(row, (await childrenOf(db, tenant, [row.id])).get(row.id)!),
};

export async function getParent(deps: ApiDeps, tenant: Tenant, key: string): Promise<ParentDetail> {
  return PARENTS.answer(deps.db, tenant, await findPerson(deps.db, tenant, PARENTS, key));
}

/**
 * The columns a valid `parent_data` writes and the ids of the children it names, checked against this
 * school's students (`parentId`: the parent being edited). Every field problem is reported at once.
 */
export async function parentColumns(db: Db, tenant: Tenant, body: PersonBody, parentId?: number) {
  const { fields, phone, photo, errors } = await checkPerson(parentFields, body, {
    lists: PARENT_LISTS,
    flags: PARENT_FLAGS,
  });
  const children = errors.children
    ? []
    : await gatherFieldErrorsAsync(errors, () => childIds(db, tenant, [...new Set(fields.children ?? [])], parentId));
  if (Object.keys(errors).length) throw validationError(errors);
  const columns = { name: fields.name!, email: emailKey(fields.email!), phone, address: fields.address ?? null };
  return {
    columns: {
      ...columns,
      sort_name: nameSortKey(columns.name),
      search_text: searchText([columns.name, columns.email, ...phoneSearchForms(phone)]),
    },
    childIds: children ?? [],
    removePhoto: Boolean(fields.remove_photo),
    photo,
  };
}

/** Another parent of the school with this email or phone: the 409 that names which. */
export async function duplicateOf(
  db: Db,
  tenant: Tenant,
  columns: { email: string; phone: string },
  exceptId?: number,
): Promise<ApiError | null> {
  let query = db
    .selectFrom("parents")
    .select(["email", "phone"])
    .where("school_id", "=", tenant.schoolId)
    .where((eb) => eb.or([eb("email", "=", columns.email), eb("phone", "=", columns.phone)]));
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  const other = await query.executeTakeFirst();
  if (!other) return null;
  const errors: FieldErrors = {};
  if (other.email === columns.email) errors.email = [PARENT_MESSAGES.duplicateEmail];
  if (other.phone === columns.phone) errors.phone = [PARENT_MESSAGES.duplicatePhone];
  return new ApiError(409, Object.values(errors)[0][0], errors);
}

/**
 * The students named by `keys` (their `id` or `unique_id`), checked: each a student of this school, and
 * none with two parents already besides `parentId`.
 */
async function childIds(db: Db, tenant: Tenant, keys: string[], parentId?: number): Promise<number[]> {
  if (!keys.length) return [];
  const numbers = keys.filter((k) => /^\d{1,9}$/.test(k)).map(Number);
  const students = await db
    .selectFrom("students")
    .select(["id", "unique_id", "name"])
    .where("school_id", "=", tenant.schoolId)
    .where((eb) => eb.or([eb("unique_id", "in", keys), ...(numbers.length ? [eb("id", "in", numbers)] : [])]))
    .execute();
  const found = new Set(students.flatMap((s) => [s.unique_id, String(s.id)]));
  if (keys.some((k) => !found.has(k))) throw validationError({ children: [PARENT_MESSAGES.childUnknown] });

  const ids = [...new Set(students.map((s) => s.id))];
  let others = db
    .selectFrom("parent_students")
    .select(["student_id", (eb) => eb.fn.countAll().as("parents")])
    .where("student_id", "in", ids)
    .groupBy("student_id");
  if (parentId !== undefined) others = others.where("parent_id", "!=", parentId);
  const full = (await others.execute()).find((row) => Number(row.parents) >= MAX_PARENTS);
  if (full)
    throw validationError({
      children: [PARENT_MESSAGES.twoParents(students.find((s) => s.id === full.student_id)!.name)],
    });
  return ids;
}

/** Links the parent to exactly `ids`: links to other students go, missing ones are added. */
async function linkChildren(db: Db, tenant: Tenant, parentId: number, ids: number[], now: string) {
  let stale = db.deleteFrom("parent_students").where("parent_id", "=", parentId);
  if (ids.length) stale = stale.where("student_id", "not in", ids);
  await stale.execute();
  if (!ids.length) return;
  await db
    .insertInto("parent_students")
    .values(ids.map((student_id) => ({ parent_id: parentId, student_id, school_id: tenant.schoolId, created_at: now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The write of a checked `parent_data` (`parentId`: the parent being edited): columns, photo, conflicts, children. */
async function parentWrite(
  db: Db,
  tenant: Tenant,
  body: PersonBody,
  parentId?: number,
): Promise<PersonWrite<"parents">> {
  const { columns, childIds: children, removePhoto, photo } = await parentColumns(db, tenant, body, parentId);
  return {
    columns,
    photo,
    removePhoto,
    conflict: (exceptId) => duplicateOf(db, tenant, columns, exceptId),
    link: (trx, id, now) => linkChildren(trx, tenant, id, children, now),
  };
}

/**
 * Adds a parent with their children. A request carrying an idempotency key this school already used
 * answers the parent created then (`replayed`), so a double-submitted form creates one parent.
 */
export async function createParent(
  deps: ApiDeps,
  tenant: Tenant,
  body: PersonBody,
  idempotencyHeader: string | undefined,
): Promise<{ parent: ParentDetail; replayed: boolean }> {
  const { record, replayed } = await createPerson(deps, tenant, PARENTS, body, idempotencyHeader, () =>
    parentWrite(deps.db, tenant, body),
  );
  return { parent: record, replayed };
}

/** Replaces a parent's details and children with the ones sent; the photo stays unless replaced or removed. */
export async function updateParent(
  deps: ApiDeps,
  tenant: Tenant,
  key: string,
  body: PersonBody,
): Promise<ParentDetail> {
  return updatePerson(deps, tenant, PARENTS, key, body, (parent) => parentWrite(deps.db, tenant, body, parent.id));
}

/** Deletes a parent; the children stay students (their links go with the parent). */
export async function deleteParent(deps: ApiDeps, tenant: Tenant, key: string): Promise<void> {
  await deletePerson(deps, tenant, PARENTS, key);
}

/**
 * The parent or guardian of a newly admitted student, inside the admission's transaction (`db`): the
 * school's parent with this phone (E.164), else with this email, is linked; otherwise a parent is made
 * from the application. The details are checked by the parent form's rules first.
 */
export async function linkApplicantParent(
  db: Db,
  tenant: Tenant,
  details: { name: string; email: string; phone: string; address: string | null },
  studentId: number,
  now: string,
): Promise<Parent> {
  const { fields, phone, errors } = await checkPerson(
    parentFields,
    { data: details },
    { lists: PARENT_LISTS, flags: PARENT_FLAGS },
  );
  if (Object.keys(errors).length) throw validationError(errors);
  const email = emailKey(fields.email!);
  const existing =
    (await db
      .selectFrom("parents")
      .selectAll()
      .where("school_id", "=", tenant.schoolId)
      .where("phone", "=", phone)
      .executeTakeFirst()) ??
    (await db
      .selectFrom("parents")
      .selectAll()
      .where("school_id", "=", tenant.schoolId)
      .where("email", "=", email)
      .executeTakeFirst());
  if (existing) {
    const count = await db
      .selectFrom("parent_students")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("parent_id", "=", existing.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_CHILDREN) throw validationError({ parent: [PARENT_MESSAGES.tooManyChildren] });
    await db
      .insertInto("parent_students")
      .values({ parent_id: existing.id, student_id: studentId, school_id: tenant.schoolId, created_at: now })
      .execute();
    return existing;
  }
  const columns = { name: fields.name!, email, phone, address: fields.address ?? null };
  const parent = await db
    .insertInto("parents")
    .values({
      ...columns,
      sort_name: nameSortKey(columns.name),
      search_text: searchText([columns.name, columns.email, ...phoneSearchForms(phone)]),
      profile_img_key: null,
      school_id: tenant.schoolId,
      unique_id: publicId("PAR"),
      idempotency_key: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto("parent_students")
    .values({ parent_id: parent.id, student_id: studentId, school_id: tenant.schoolId, created_at: now })
    .execute();
  return parent;
}
