import type { z } from "zod";
import type { FieldErrors, Paginated } from "../../contract/http";
import { APP_MESSAGES, MESSAGES } from "../../contract/messages";
import { nameSortKey } from "../../contract/names";
import { toE164 } from "../../contract/phone";
import type { SchoolClass } from "../../contract/settings";
import {
  STUDENT_MESSAGES,
  studentDataInput,
  type BacklogEntry,
  type BacklogReason,
  type StudentRecord,
} from "../../contract/students";
import {
  backlogPayload,
  studentCreateFields,
  studentUpdateFields,
  type StudentFields,
} from "../../contract/students.schema";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import type { Student } from "../db/schema";
import { matchesSearch, ofSchool, phoneSearchForms, searchQuery, searchText } from "../db/search";
import { publicId } from "../lib/crypto";
import { isUniqueViolation } from "../lib/db-errors";
import { idempotencyKey } from "../lib/idempotency";
import { ApiError, fromZod, validationError } from "../lib/errors";
import { paginate, type PageParams } from "../lib/pagination";
import { isRecordKey } from "../lib/record-key";
import { mediaUrl, removeMedia } from "./media";
import { getSchoolSettings } from "./settings";
import { recordAudit } from "./audit";
import { recordCurrentClasses } from "./class-history";

/** The columns a `StudentRecord` is made of: a list reads these, not the row's search text and bookkeeping. */
const STUDENT_RECORD_COLUMNS = [
  "id",
  "unique_id",
  "name",
  "class_name",
  "gender",
  "phone_number",
  "email",
  "address",
  "admission_number",
  "takes_lesson",
  "subjects",
  "subject_combo",
  "profile_img_key",
] as const;

export function toStudentRecord(row: Pick<Student, (typeof STUDENT_RECORD_COLUMNS)[number]>): StudentRecord {
  return {
    unique_id: row.unique_id,
    id: row.id,
    student_data: {
      name: row.name,
      class: row.class_name,
      gender: row.gender,
      phone_number: row.phone_number,
      email: row.email,
      address: row.address,
      admission: row.admission_number,
      takes_lesson: row.takes_lesson === 1,
      subjects: row.subjects,
      subject_combo: row.subject_combo,
      profile_img: mediaUrl(row.profile_img_key),
    },
  };
}

function toBacklogEntry(row: Student): BacklogEntry {
  return { ...toStudentRecord(row), backlog_reason: row.backlog_reason as BacklogReason };
}

/** What the list's search box matches: name, admission number, email and phone (api/db/search.ts). */
export function studentSearchText(s: {
  name: string;
  admission_number: string | null;
  email: string | null;
  phone_number: string | null;
}) {
  return searchText([s.name, s.admission_number, s.email, ...phoneSearchForms(s.phone_number)]);
}

export interface StudentListQuery extends PageParams {
  q?: string;
  className?: string;
}

export async function listStudents(
  deps: ApiDeps,
  tenant: Tenant,
  query: StudentListQuery,
): Promise<Paginated<StudentRecord>> {
  const q = searchQuery(query.q);
  let base = deps.db
    .selectFrom("students")
    .where(ofSchool(deps.dialect, "students", tenant.schoolId, q))
    .where("status", "=", "active");
  if (query.className) base = base.where("class_name", "=", query.className);
  if (q) base = base.where(matchesSearch(deps.dialect, "students", tenant.schoolId, q));
  return paginate(
    query,
    async () => (await base.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()).total as number,
    async (limit, offset) =>
      (
        await base
          .select(STUDENT_RECORD_COLUMNS)
          .orderBy("sort_name")
          .orderBy("id")
          .limit(limit)
          .offset(offset)
          .execute()
      ).map(toStudentRecord),
  );
}

export interface BacklogQuery extends PageParams {
  reason?: BacklogReason;
}

export async function listBacklog(
  deps: ApiDeps,
  tenant: Tenant,
  query: BacklogQuery,
): Promise<Paginated<BacklogEntry>> {
  let base = deps.db.selectFrom("students").where("school_id", "=", tenant.schoolId).where("status", "=", "backlog");
  if (query.reason) base = base.where("backlog_reason", "=", query.reason);
  return paginate(
    query,
    async () => (await base.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()).total as number,
    async (limit, offset) =>
      (await base.selectAll().orderBy("sort_name").orderBy("id").limit(limit).offset(offset).execute()).map(
        toBacklogEntry,
      ),
  );
}

/** A student of the school by its `id` or its `unique_id` (api/lib/record-key.ts). */
export async function findStudent(deps: ApiDeps, tenant: Tenant, key: string): Promise<Student> {
  const row = await deps.db
    .selectFrom("students")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where(isRecordKey(key))
    .executeTakeFirst();
  if (!row) throw new ApiError(404, STUDENT_MESSAGES.notFound);
  return row;
}

export async function getStudent(deps: ApiDeps, tenant: Tenant, key: string): Promise<StudentRecord | BacklogEntry> {
  const row = await findStudent(deps, tenant, key);
  return row.status === "backlog" ? toBacklogEntry(row) : toStudentRecord(row);
}

/** The fields of `input` that each pass their own rule of `schema` (the others left out). */
function fieldsThatPass(schema: z.ZodObject<z.ZodRawShape>, input: Record<string, unknown>) {
  const fields: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(schema.shape)) {
    const parsed = rule.safeParse(input[name]);
    if (parsed.success) fields[name] = parsed.data;
  }
  return fields;
}

/**
 * The columns a valid `student_data` writes. All field problems are reported together: the schema's,
 * the phone number's, and the class and subjects measured against the school's classes and their subjects.
 */
export function studentColumns(raw: unknown, mode: "create" | "update", classes: SchoolClass[]) {
  const input = studentDataInput(raw);
  const schema = mode === "create" ? studentCreateFields : studentUpdateFields;
  const parsed = schema.safeParse(input);
  const errors: FieldErrors = parsed.success ? {} : fromZod(parsed.error).errors!;
  // When another field is refused, the class and subjects are still checked: every problem comes at once.
  const fields: Partial<StudentFields> = parsed.success
    ? parsed.data
    : (fieldsThatPass(schema, input) as Partial<StudentFields>);

  const e164 = typeof input.phone_number === "string" ? toE164(input.phone_number) : null;
  if (!e164 && !errors.phone_number) errors.phone_number = [APP_MESSAGES.invalidPhone];

  const subjects = fields.takes_lesson ? (fields.subjects ?? []) : [];
  const schoolClass = classes.find((c) => c.class_name === fields.selectedClass);
  if (fields.selectedClass && !schoolClass) errors.selectedClass = [STUDENT_MESSAGES.classUnknown];
  if (subjects.length && !errors.selectedClass) {
    if (!schoolClass) errors.subjects = [MESSAGES.selectClassFirst];
    else if (!schoolClass.subjects.length) errors.subjects = [MESSAGES.noSubjectsForClass];
    else if (subjects.some((s) => !schoolClass.subjects.includes(s)))
      errors.subjects = [STUDENT_MESSAGES.subjectsUnknown];
  }
  if (Object.keys(errors).length) throw validationError(errors);

  const columns = {
    name: fields.name!,
    class_name: fields.selectedClass ?? null,
    gender: fields.gender!,
    phone_number: e164,
    email: fields.email?.toLowerCase() ?? null,
    address: fields.address ?? null,
    admission_number: fields.admission ?? null,
    takes_lesson: fields.takes_lesson ? 1 : 0,
    subjects: subjects.length ? [...new Set(subjects)].join(", ") : null,
  };
  return { ...columns, sort_name: nameSortKey(columns.name), search_text: studentSearchText(columns) };
}

const duplicateAdmission = () =>
  new ApiError(409, STUDENT_MESSAGES.duplicateAdmission, { admission: [STUDENT_MESSAGES.duplicateAdmission] });

async function admissionTaken(deps: ApiDeps, tenant: Tenant, admission: string | null, exceptId?: number) {
  if (!admission) return false;
  let query = deps.db
    .selectFrom("students")
    .select("id")
    .where("school_id", "=", tenant.schoolId)
    .where("admission_number", "=", admission);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return Boolean(await query.executeTakeFirst());
}

async function byIdempotencyKey(deps: ApiDeps, tenant: Tenant, key: string | null) {
  if (!key) return undefined;
  return deps.db
    .selectFrom("students")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

/**
 * Adds a student. A request carrying an idempotency key that this school already used answers the
 * student created then (`replayed`), so a double-submitted form creates one student.
 */
export async function createStudent(
  deps: ApiDeps,
  tenant: Tenant,
  raw: unknown,
  idempotencyHeader: string | undefined,
): Promise<{ student: StudentRecord; replayed: boolean }> {
  const key = idempotencyKey(idempotencyHeader);
  const earlier = await byIdempotencyKey(deps, tenant, key);
  if (earlier) return { student: toStudentRecord(earlier), replayed: true };

  // A request racing a twin with the same key finds the twin's student in place of its own clash.
  const replayOrTaken = async () => {
    const raced = await byIdempotencyKey(deps, tenant, key);
    if (raced) return { student: toStudentRecord(raced), replayed: true };
    throw duplicateAdmission();
  };
  const columns = studentColumns(raw, "create", (await getSchoolSettings(deps, tenant)).classes);
  if (await admissionTaken(deps, tenant, columns.admission_number)) return replayOrTaken();
  try {
    const row = await deps.db.transaction().execute((trx) =>
      insertStudent(trx, tenant, columns, {
        profileImgKey: null,
        idempotencyKey: key,
        now: deps.now().toISOString(),
      }),
    );
    return { student: toStudentRecord(row), replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return replayOrTaken();
  }
}

/**
 * Writes a new active student with checked columns (`studentColumns`) and their class of the current session;
 * `db` should be a transaction, so that both are written or neither.
 */
export async function insertStudent(
  db: Db,
  tenant: Tenant,
  columns: ReturnType<typeof studentColumns>,
  extra: { profileImgKey: string | null; idempotencyKey: string | null; now: string },
): Promise<Student> {
  const row = await db
    .insertInto("students")
    .values({
      ...columns,
      school_id: tenant.schoolId,
      unique_id: publicId("STU"),
      subject_combo: null,
      profile_img_key: extra.profileImgKey,
      status: "active",
      backlog_reason: null,
      idempotency_key: extra.idempotencyKey,
      created_at: extra.now,
      updated_at: extra.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordCurrentClasses(db, tenant.schoolId, [row], new Date(extra.now));
  return row;
}

/** Replaces a student's details with the ones sent: a field left out is cleared. */
export async function updateStudent(deps: ApiDeps, tenant: Tenant, key: string, raw: unknown): Promise<StudentRecord> {
  const student = await findStudent(deps, tenant, key);
  const columns = studentColumns(raw, "update", (await getSchoolSettings(deps, tenant)).classes);
  if (await admissionTaken(deps, tenant, columns.admission_number, student.id)) throw duplicateAdmission();
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("students")
        .set({ ...columns, updated_at: deps.now().toISOString() })
        .where("id", "=", student.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordCurrentClasses(trx, tenant.schoolId, [updated], deps.now());
      return updated;
    });
    return toStudentRecord(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateAdmission();
    throw error;
  }
}

export async function deleteStudent(deps: ApiDeps, tenant: Tenant, key: string): Promise<void> {
  const student = await findStudent(deps, tenant, key);
  await deps.db.deleteFrom("students").where("id", "=", student.id).execute();
  await recordAudit(deps, tenant, {
    kind: "deletion",
    summary: `Deleted student ${student.name}`,
    recordIds: [student.unique_id],
  });
  await removeMedia(deps, student.profile_img_key);
}

/** Moves a student to the backlog with a reason. Sending it again (a double tap) changes nothing more. */
export async function moveToBacklog(deps: ApiDeps, tenant: Tenant, key: string, raw: unknown): Promise<BacklogEntry> {
  const parsed = backlogPayload.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const student = await findStudent(deps, tenant, key);
  const row = await deps.db
    .updateTable("students")
    .set({ status: "backlog", backlog_reason: parsed.data.reason, updated_at: deps.now().toISOString() })
    .where("id", "=", student.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (student.status !== "backlog") {
    await recordAudit(deps, tenant, {
      kind: "deletion",
      summary: `Moved student ${row.name} to the backlog (${parsed.data.reason})`,
      recordIds: [row.unique_id],
    });
  }
  return toBacklogEntry(row);
}

/** The backlog's "Add to students": the former student is active again, the reason cleared. */
export async function restoreStudent(deps: ApiDeps, tenant: Tenant, key: string): Promise<StudentRecord> {
  const student = await findStudent(deps, tenant, key);
  const row = await deps.db.transaction().execute(async (trx) => {
    const restored = await trx
      .updateTable("students")
      .set({ status: "active", backlog_reason: null, updated_at: deps.now().toISOString() })
      .where("id", "=", student.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // Back among the students, in their class for this session.
    await recordCurrentClasses(trx, tenant.schoolId, [restored], deps.now());
    return restored;
  });
  if (student.status !== "active") {
    await recordAudit(deps, tenant, {
      kind: "restore",
      summary: `Restored student ${row.name} from the backlog`,
      recordIds: [row.unique_id],
    });
  }
  return toStudentRecord(row);
}
