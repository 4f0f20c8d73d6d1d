import type { z } from "zod";
import type { FieldErrors, Paginated } from "../../contract/http";
import { nameSortKey } from "../../contract/names";
import type { SchoolSettings } from "../../contract/settings";
import {
  STAFF_MESSAGES,
  type StaffRecord,
  type StaffType,
  type TeachingPair,
  teachingInput,
  type TeachingReview,
} from "../../contract/staff";
import { STAFF_FLAGS, staffFields, teachingPair } from "../../contract/staff.schema";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import type { StaffMember } from "../db/schema";
import { matchesSearch, ofSchool, phoneSearchForms, searchQuery, searchText } from "../db/search";
import { ApiError, validationError } from "../lib/errors";
import { paginate, type PageParams } from "../lib/pagination";
import { mediaUrl } from "./media";
import { checkPerson, createPerson, deletePerson, emailKey, findPerson, updatePerson } from "./people";
import type { PeopleKind, PersonBody, PersonWrite } from "./people";
import { getSchoolSettings } from "./settings";

/**
 * Staff (calls in contract/staff.ts). A teacher's form class is `staff.form_teacher` (one class, and a class
 * has one form teacher); what they teach is rows of `staff_teaching`, one per (class, subject) pair.
 */

/** The columns a `StaffRecord` is made of: a list reads these, not the row's search text and bookkeeping. */
const STAFF_RECORD_COLUMNS = [
  "id",
  "unique_id",
  "password_hash",
  "name",
  "email",
  "phone",
  "address",
  "position",
  "profile_img_key",
  "is_teaching_staff",
  "form_teacher",
  "teaching_review",
] as const;
type StaffRecordRow = Pick<StaffMember, (typeof STAFF_RECORD_COLUMNS)[number]>;

function toStaffRecord(row: StaffRecordRow, teaching: TeachingPair[]): StaffRecord {
  const classes = [...new Set(teaching.map((p) => p.class))];
  return {
    unique_id: row.unique_id,
    id: row.id,
    sign_in: row.password_hash !== null,
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
      subjects: [...new Set(teaching.map((p) => p.subject))],
      teaching,
      teaching_review: row.teaching_review ? (JSON.parse(row.teaching_review) as TeachingReview) : null,
    },
  };
}

/** The pairs each of `staffIds` teaches, by class then subject. */
export async function teachingOf(db: Db, tenant: Tenant, staffIds: number[]): Promise<Map<number, TeachingPair[]>> {
  const byStaff = new Map<number, TeachingPair[]>(staffIds.map((id) => [id, []]));
  if (!staffIds.length) return byStaff;
  const rows = await db
    .selectFrom("staff_teaching")
    .select(["staff_id", "class_name", "subject"])
    .where("school_id", "=", tenant.schoolId)
    .where("staff_id", "in", staffIds)
    .orderBy("class_name")
    .orderBy("subject")
    .execute();
  for (const row of rows) byStaff.get(row.staff_id)!.push({ class: row.class_name, subject: row.subject });
  return byStaff;
}

async function withTeaching(db: Db, tenant: Tenant, rows: StaffRecordRow[]): Promise<StaffRecord[]> {
  const teaching = await teachingOf(
    db,
    tenant,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toStaffRecord(row, teaching.get(row.id)!));
}

export interface StaffListQuery extends PageParams {
  q?: string;
  type?: StaffType;
  className?: string;
}

export async function listStaff(deps: ApiDeps, tenant: Tenant, query: StaffListQuery): Promise<Paginated<StaffRecord>> {
  const q = searchQuery(query.q);
  let base = deps.db.selectFrom("staff").where(ofSchool(deps.dialect, "staff", tenant.schoolId, q));
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
            .selectFrom("staff_teaching")
            .select("staff_teaching.staff_id")
            .where("staff_teaching.school_id", "=", tenant.schoolId)
            .where("staff_teaching.class_name", "=", className),
        ),
      ]),
    );
  }
  if (q) base = base.where(matchesSearch(deps.dialect, "staff", tenant.schoolId, q));
  return paginate(
    query,
    async () => (await base.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()).total as number,
    async (limit, offset) =>
      withTeaching(
        deps.db,
        tenant,
        await base
          .select(STAFF_RECORD_COLUMNS)
          .orderBy("staff.sort_name")
          .orderBy("staff.id")
          .limit(limit)
          .offset(offset)
          .execute(),
      ),
  );
}

/** Staff in the shared people flows (`./people`). */
const STAFF: PeopleKind<"staff", StaffRecord> = {
  table: "staff",
  notFound: STAFF_MESSAGES.notFound,
  idPrefix: "STF",
  deleted: (name) => `Deleted staff member ${name}`,
  answer: async (db, tenant, row) => (await withTeaching(db, tenant, [row]))[0],
  // Periods they took stay on their timetables, without a teacher.
  release: (trx, tenant, staffId) =>
    trx
      .updateTable("timetable_schedules")
      .set({ teacher_id: null })
      .where("school_id", "=", tenant.schoolId)
      .where("teacher_id", "=", staffId)
      .execute()
      .then(() => undefined),
};

export async function getStaff(deps: ApiDeps, tenant: Tenant, key: string): Promise<StaffRecord> {
  return STAFF.answer(deps.db, tenant, await findPerson(deps.db, tenant, STAFF, key));
}

/** A pair's problems under `teaching[i].class` / `teaching[i].subject`, the list's own under `teaching`. */
function teachingErrors(issues: z.ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const [index, part] = issue.path;
    const key = typeof index === "number" && typeof part === "string" ? `teaching[${index}].${part}` : "teaching";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Each pair's class must be one of the school's, and its subject one of that class's subjects. */
function unknownPairs(pairs: (TeachingPair | null)[], school: SchoolSettings): FieldErrors {
  const subjectsOf = new Map(school.classes.map((c) => [c.class_name, new Set(c.subjects)]));
  const errors: FieldErrors = {};
  pairs.forEach((pair, index) => {
    if (!pair) return;
    const subjects = subjectsOf.get(pair.class);
    if (!subjects) errors[`teaching[${index}].class`] = [STAFF_MESSAGES.classUnknown];
    else if (!subjects.has(pair.subject))
      errors[`teaching[${index}].subject`] = [STAFF_MESSAGES.subjectUnknown(pair.class)];
  });
  return errors;
}

/** The pairs of a list the schema refused that are whole, in their places (the others null). */
function wholePairs(raw: unknown): (TeachingPair | null)[] {
  const list = teachingInput(raw);
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    const pair = teachingPair.safeParse(item);
    return pair.success ? pair.data : null;
  });
}

/**
 * The columns a valid `staff_data` writes and the pairs taught. Classes and subjects are the school's
 * (from its settings); they are kept for teaching staff only. Every field problem at once.
 * `settings`, when the caller has them (an import checks many rows), saves reading them for each.
 */
export async function staffColumns(deps: ApiDeps, tenant: Tenant, body: PersonBody, settings?: SchoolSettings) {
  const { fields, phone, photo, errors } = await checkPerson(staffFields.omit({ teaching: true }), body, {
    lists: [],
    flags: STAFF_FLAGS,
  });
  const teaching = Boolean(fields.is_teaching_staff);
  const formClass = teaching ? (fields.form_teacher ?? null) : null;
  let pairs: TeachingPair[] = [];
  // Every pair is checked against the school, even when another pair of the list is refused.
  let checkedPairs: (TeachingPair | null)[] = [];
  if (teaching) {
    const raw =
      body.data && typeof body.data === "object" ? (body.data as Record<string, unknown>).teaching : undefined;
    const parsed = staffFields.shape.teaching.safeParse(raw ?? undefined);
    if (parsed.success) pairs = checkedPairs = parsed.data;
    else {
      Object.assign(errors, teachingErrors(parsed.error.issues));
      checkedPairs = wholePairs(raw);
    }
  }
  if (formClass || checkedPairs.some(Boolean)) {
    const school = settings ?? (await getSchoolSettings(deps, tenant));
    if (formClass && !school.classes.some((c) => c.class_name === formClass))
      errors.form_teacher = [STAFF_MESSAGES.classUnknown];
    for (const [key, messages] of Object.entries(unknownPairs(checkedPairs, school))) errors[key] ??= messages;
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
    teaching_review: null,
  };
  return {
    columns: {
      ...columns,
      sort_name: nameSortKey(columns.name),
      search_text: searchText([columns.name, columns.position, columns.email, ...phoneSearchForms(phone)]),
    },
    teaching: pairs,
    removePhoto: Boolean(fields.remove_photo),
    photo,
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

/** The member teaches exactly `pairs`: the pairs they had are replaced. */
export async function setTeaching(db: Db, tenant: Tenant, staffId: number, pairs: TeachingPair[]) {
  await db.deleteFrom("staff_teaching").where("staff_id", "=", staffId).execute();
  if (!pairs.length) return;
  await db
    .insertInto("staff_teaching")
    .values(
      pairs.map((p) => ({ staff_id: staffId, school_id: tenant.schoolId, class_name: p.class, subject: p.subject })),
    )
    .execute();
}

/** The write of a checked `staff_data`: its columns and photo, its conflicts, and the pairs taught. */
async function staffWrite(deps: ApiDeps, tenant: Tenant, body: PersonBody): Promise<PersonWrite<"staff">> {
  const { columns, teaching, removePhoto, photo } = await staffColumns(deps, tenant, body);
  return {
    columns,
    photo,
    removePhoto,
    conflict: (exceptId) => conflictOf(deps.db, tenant, columns, exceptId),
    link: (trx, staffId) => setTeaching(trx, tenant, staffId, teaching),
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
