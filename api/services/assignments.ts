import {
  ASSIGNMENT_MAX_FILES,
  ASSIGNMENT_MESSAGES as M,
  type Assignment,
  type AssignmentAttachment,
  type AssignmentWhen,
} from "../../contract/assignments";
import { assignmentFields } from "../../contract/assignments.schema";
import { schoolDay } from "../../contract/calendar";
import type { FieldErrors, Paginated } from "../../contract/http";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, fromZod, validationError } from "../lib/errors";
import { paginate, type PageParams } from "../lib/pagination";
import { recordAudit } from "./audit";
import { cleanFileName, release, removeStored } from "./files";
import {
  requireTaughtPair,
  storedFileAnswer,
  storeTeachingFiles,
  teacherOf,
  teachingFileProblems,
  type SentForm,
  type StoredUpload,
} from "./teaching-files";

/**
 * Assignments (contract/assignments.ts): a teacher sets, lists, edits and deletes their own, for their own
 * (class, subject) pairs, with up to 5 attachments; the admins read every teacher's.
 */

const FILES_FIELD = "files";
const COLUMNS = [
  "id",
  "class_name",
  "subject",
  "title",
  "instructions",
  "due_date",
  "teacher_name",
  "created_at",
  "updated_at",
] as const;

type Row = {
  id: number;
  class_name: string;
  subject: string;
  title: string;
  instructions: string;
  due_date: string;
  teacher_name: string;
  created_at: string;
  updated_at: string;
};

/** The assignments the tenant sees: a teacher's own, or every teacher's for the admins. */
function visible(db: Db, tenant: Tenant) {
  const all = db.selectFrom("assignments").where("school_id", "=", tenant.schoolId);
  return tenant.staff ? all.where("staff_id", "=", tenant.staff.id) : all;
}

/** The rows with their attachments, read in one query for the lot. */
async function withAttachments(db: Db, tenant: Tenant, rows: Row[]): Promise<Assignment[]> {
  const ids = rows.map((r) => Number(r.id));
  const files = ids.length
    ? await db
        .selectFrom("assignment_attachments")
        .select(["id", "assignment_id", "original_name", "size", "mime_type"])
        .where("school_id", "=", tenant.schoolId)
        .where("assignment_id", "in", ids)
        .orderBy("id")
        .execute()
    : [];
  return rows.map(({ teacher_name, ...row }) => ({
    ...row,
    id: Number(row.id),
    teacher: teacher_name,
    attachments: files
      .filter((f) => Number(f.assignment_id) === Number(row.id))
      .map(
        (f): AssignmentAttachment => ({
          id: Number(f.id),
          original_name: f.original_name,
          size: Number(f.size),
          mime_type: f.mime_type,
        }),
      ),
  }));
}

export async function listAssignments(
  deps: ApiDeps,
  tenant: Tenant,
  when: AssignmentWhen,
  page: PageParams,
): Promise<Paginated<Assignment>> {
  const today = schoolDay(deps.now());
  const list = visible(deps.db, tenant).where("due_date", when === "past" ? "<" : ">=", today);
  return paginate(
    page,
    async () => (await list.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n as number,
    async (limit, offset) => {
      const rows = await list
        .select(COLUMNS)
        .orderBy("due_date", when === "past" ? "desc" : "asc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return withAttachments(deps.db, tenant, rows);
    },
  );
}

async function findRow(deps: ApiDeps, tenant: Tenant, id: number) {
  const row = await visible(deps.db, tenant).select(COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) throw new ApiError(404, M.notFound);
  return row;
}

export async function getAssignment(deps: ApiDeps, tenant: Tenant, id: number): Promise<Assignment> {
  return (await withAttachments(deps.db, tenant, [await findRow(deps, tenant, id)]))[0];
}

export async function downloadAttachment(
  deps: ApiDeps,
  tenant: Tenant,
  id: number,
  attachmentId: number,
): Promise<Response> {
  const assignment = await findRow(deps, tenant, id);
  const file = await deps.db
    .selectFrom("assignment_attachments")
    .select(["storage_key", "original_name", "mime_type"])
    .where("school_id", "=", tenant.schoolId)
    .where("assignment_id", "=", assignment.id)
    .where("id", "=", attachmentId)
    .executeTakeFirst();
  if (!file) throw new ApiError(404, M.attachmentNotFound);
  return storedFileAnswer(deps, file, M.attachmentNotFound);
}

/** The sent fields and new files, every problem beside its field (422); then the teacher's pair (403). */
async function checkSent(deps: ApiDeps, tenant: Tenant, form: SentForm, options: { kept: number; creating: boolean }) {
  const text = (name: string) => (form.fields[name] === undefined ? undefined : String(form.fields[name]));
  const parsed = assignmentFields.safeParse({
    class: text("class"),
    subject: text("subject"),
    title: text("title"),
    instructions: text("instructions"),
    due_date: text("due_date"),
  });
  const errors: FieldErrors = parsed.success ? {} : { ...fromZod(parsed.error).errors };
  if (parsed.success && options.creating && parsed.data.due_date < schoolDay(deps.now()))
    errors.due_date = [M.dueDatePast];
  const files = form.files.filter((f) => f.field === "files[]" || f.field === "files");
  const checked = await teachingFileProblems(files, {
    field: FILES_FIELD,
    tooMany: form.tooManyFiles || options.kept + files.length > ASSIGNMENT_MAX_FILES,
    tooManyMessage: M.tooManyFiles,
  });
  Object.assign(errors, checked.errors);
  if (Object.keys(errors).length || !parsed.success) throw validationError(errors);
  const me = await requireTaughtPair(deps, tenant, parsed.data);
  return { me, fields: parsed.data, files, types: checked.types };
}

const attachmentRows = (tenant: Tenant, assignmentId: number, stored: StoredUpload[], now: string) =>
  stored.map((s) => ({
    school_id: tenant.schoolId,
    assignment_id: assignmentId,
    storage_key: s.storage_key,
    original_name: cleanFileName(s.file.filename),
    size: s.size,
    mime_type: s.mime_type,
    created_at: now,
  }));

async function assignmentByKey(deps: ApiDeps, tenant: Tenant, key: string) {
  const row = await visible(deps.db, tenant).select(COLUMNS).where("idempotency_key", "=", key).executeTakeFirst();
  return row ? (await withAttachments(deps.db, tenant, [row]))[0] : null;
}

/**
 * Sets an assignment: checked whole first, then its attachments' space taken and their bytes stored, and the
 * rows written in one transaction; a failure on the way gives the space back and removes the bytes. A re-sent
 * form (same key) answers the assignment it made.
 */
export async function createAssignment(
  deps: ApiDeps,
  tenant: Tenant,
  form: SentForm,
  idempotencyKey: string | null,
): Promise<{ assignment: Assignment; replayed: boolean }> {
  if (idempotencyKey && tenant.staff) {
    const previous = await assignmentByKey(deps, tenant, idempotencyKey);
    if (previous) return { assignment: previous, replayed: true };
  }
  const { me, fields, files, types } = await checkSent(deps, tenant, form, { kept: 0, creating: true });
  const { stored, undo } = await storeTeachingFiles(deps, tenant, { files, types }, FILES_FIELD);
  try {
    const now = deps.now().toISOString();
    const id = await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("assignments")
        .values({
          school_id: tenant.schoolId,
          staff_id: me.id,
          teacher_name: me.name,
          class_name: fields.class,
          subject: fields.subject,
          title: fields.title,
          instructions: fields.instructions,
          due_date: fields.due_date,
          idempotency_key: idempotencyKey,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (stored.length)
        await trx
          .insertInto("assignment_attachments")
          .values(attachmentRows(tenant, row.id, stored, now))
          .execute();
      return Number(row.id);
    });
    return { assignment: await getAssignment(deps, tenant, id), replayed: false };
  } catch (error) {
    await undo();
    if (idempotencyKey && isUniqueViolation(error)) {
      const previous = await assignmentByKey(deps, tenant, idempotencyKey);
      if (previous) return { assignment: previous, replayed: true };
    }
    throw error;
  }
}

/**
 * Changes the teacher's own assignment: its fields, attachments added (`files[]`) and taken away (`remove[]`, ids
 * of its own), at most 5 in all. The rows change in one transaction; the removed files' space is given back and
 * their bytes removed once it committed.
 */
export async function updateAssignment(deps: ApiDeps, tenant: Tenant, id: number, form: SentForm) {
  const current = await getAssignment(deps, tenant, id);
  teacherOf(tenant);
  const removing = new Set(form.all("remove[]").map(Number));
  const dropped = current.attachments.filter((a) => removing.has(a.id));
  const kept = current.attachments.length - dropped.length;
  const { fields, files, types } = await checkSent(deps, tenant, form, { kept, creating: false });
  const { stored, undo } = await storeTeachingFiles(deps, tenant, { files, types }, FILES_FIELD);
  let removedKeys: string[] = [];
  try {
    const now = deps.now().toISOString();
    removedKeys = await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("assignments")
        .set({
          class_name: fields.class,
          subject: fields.subject,
          title: fields.title,
          instructions: fields.instructions,
          due_date: fields.due_date,
          updated_at: now,
        })
        .where("school_id", "=", tenant.schoolId)
        .where("id", "=", current.id)
        .execute();
      const removed = dropped.length
        ? await trx
            .deleteFrom("assignment_attachments")
            .where("school_id", "=", tenant.schoolId)
            .where("assignment_id", "=", current.id)
            .where(
              "id",
              "in",
              dropped.map((a) => a.id),
            )
            .returning(["storage_key", "size"])
            .execute()
        : [];
      await release(
        trx,
        tenant.schoolId,
        removed.reduce((sum, r) => sum + Number(r.size), 0),
      );
      if (stored.length)
        await trx
          .insertInto("assignment_attachments")
          .values(attachmentRows(tenant, current.id, stored, now))
          .execute();
      return removed.map((r) => r.storage_key);
    });
  } catch (error) {
    await undo();
    throw error;
  }
  await removeStored(deps, removedKeys);
  return getAssignment(deps, tenant, current.id);
}

/** Deletes the teacher's own assignment and its attachments (audited), frees their space, then removes their bytes. */
export async function deleteAssignment(deps: ApiDeps, tenant: Tenant, id: number): Promise<void> {
  const current = await findRow(deps, tenant, id);
  teacherOf(tenant);
  const keys = await deps.db.transaction().execute(async (trx) => {
    const files = await trx
      .deleteFrom("assignment_attachments")
      .where("school_id", "=", tenant.schoolId)
      .where("assignment_id", "=", current.id)
      .returning(["storage_key", "size"])
      .execute();
    const row = await trx
      .deleteFrom("assignments")
      .where("school_id", "=", tenant.schoolId)
      .where("id", "=", current.id)
      .returning("id")
      .executeTakeFirst();
    if (!row) throw new ApiError(404, M.notFound);
    await release(
      trx,
      tenant.schoolId,
      files.reduce((sum, f) => sum + Number(f.size), 0),
    );
    await recordAudit(
      deps,
      tenant,
      {
        kind: "deletion",
        summary: `Deleted the assignment ${current.title} (${current.subject}, ${current.class_name})`,
        recordIds: [current.id],
      },
      trx,
    );
    return files.map((f) => f.storage_key);
  });
  await removeStored(deps, keys);
}
