import type { Paginated } from "../../contract/http";
import { NOTE_MESSAGES as M, type LessonNote } from "../../contract/notes";
import { noteFields, noteReviewFields } from "../../contract/notes.schema";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, fromZod, validationError } from "../lib/errors";
import { paginate, type PageParams } from "../lib/pagination";
import { MAIN_ADMIN_NAME, recordAudit } from "./audit";
import { schoolTerm } from "./calendar";
import { cleanFileName, release, removeStored } from "./files";
import {
  requireTaughtPair,
  storedFileAnswer,
  storeTeachingFiles,
  teacherOf,
  teachingFileProblems,
  type SentForm,
} from "./teaching-files";

/**
 * Lesson notes (contract/notes.ts): a teacher uploads, lists, downloads and deletes their own, for their own
 * (class, subject) pairs; the admins read every teacher's and mark one reviewed with a comment.
 */

const COLUMNS = [
  "id",
  "class_name",
  "subject",
  "week",
  "term",
  "session",
  "teacher_name",
  "original_name",
  "size",
  "mime_type",
  "created_at",
  "reviewed_at",
  "reviewed_by",
  "review_comment",
] as const;

type Row = {
  id: number;
  class_name: string;
  subject: string;
  week: number;
  term: string;
  session: string;
  teacher_name: string;
  original_name: string;
  size: number;
  mime_type: string;
  created_at: string;
  reviewed_at: string | null;
  reviewed_by: string | null;
  review_comment: string | null;
};

const toNote = ({ teacher_name, ...row }: Row): LessonNote => ({
  ...row,
  id: Number(row.id),
  week: Number(row.week),
  size: Number(row.size),
  teacher: teacher_name,
});

/** The notes the tenant sees: a teacher's own, or every teacher's for the admins. */
function visible(db: Db, tenant: Tenant) {
  const all = db.selectFrom("lesson_notes").where("school_id", "=", tenant.schoolId);
  return tenant.staff ? all.where("staff_id", "=", tenant.staff.id) : all;
}

export interface NoteFilters {
  class?: string;
  subject?: string;
  week?: number;
}

export async function listNotes(
  deps: ApiDeps,
  tenant: Tenant,
  filters: NoteFilters,
  page: PageParams,
): Promise<Paginated<LessonNote>> {
  let notes = visible(deps.db, tenant);
  if (filters.class) notes = notes.where("class_name", "=", filters.class);
  if (filters.subject) notes = notes.where("subject", "=", filters.subject);
  if (filters.week) notes = notes.where("week", "=", filters.week);
  return paginate(
    page,
    async () => (await notes.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n as number,
    async (limit, offset) =>
      (await notes.select(COLUMNS).orderBy("id", "desc").limit(limit).offset(offset).execute()).map(toNote),
  );
}

async function findNote(deps: ApiDeps, tenant: Tenant, id: number) {
  const row = await visible(deps.db, tenant)
    .select([...COLUMNS, "storage_key"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, M.notFound);
  return row;
}

export async function getNote(deps: ApiDeps, tenant: Tenant, id: number): Promise<LessonNote> {
  const { storage_key: _key, ...note } = await findNote(deps, tenant, id);
  return toNote(note);
}

export async function downloadNote(deps: ApiDeps, tenant: Tenant, id: number): Promise<Response> {
  return storedFileAnswer(deps, await findNote(deps, tenant, id), M.notFound);
}

async function noteByKey(deps: ApiDeps, tenant: Tenant, key: string) {
  const row = await visible(deps.db, tenant).select(COLUMNS).where("idempotency_key", "=", key).executeTakeFirst();
  return row ? toNote(row) : null;
}

/**
 * Uploads a note: its fields and file are checked first (422), then that the teacher teaches the pair (403); the
 * space is taken from the quota, the bytes stored and the row written last, and anything failing on the way
 * gives the space back and removes the bytes. A re-sent upload (same key) answers the note it made.
 */
export async function uploadNote(
  deps: ApiDeps,
  tenant: Tenant,
  form: SentForm,
  idempotencyKey: string | null,
): Promise<{ note: LessonNote; replayed: boolean }> {
  if (idempotencyKey && tenant.staff) {
    const previous = await noteByKey(deps, tenant, idempotencyKey);
    if (previous) return { note: previous, replayed: true };
  }
  const parsed = noteFields.safeParse({
    class: form.fields.class,
    subject: form.fields.subject,
    week: form.fields.week === undefined ? undefined : String(form.fields.week),
  });
  const errors = parsed.success ? {} : { ...fromZod(parsed.error).errors };
  const files = form.files.filter((f) => f.field === "file");
  const checked = await teachingFileProblems(files, {
    field: "file",
    tooMany: form.tooManyFiles || files.length > 1,
    tooManyMessage: M.oneFile,
    requiredMessage: M.fileRequired,
  });
  Object.assign(errors, checked.errors);
  if (Object.keys(errors).length || !parsed.success) throw validationError(errors);
  const fields = parsed.data;
  const me = await requireTaughtPair(deps, tenant, fields);
  const term = await schoolTerm(deps, tenant);

  const { stored, undo } = await storeTeachingFiles(deps, tenant, { files, types: checked.types }, "file");
  const [file] = stored;
  try {
    const row = await deps.db
      .insertInto("lesson_notes")
      .values({
        school_id: tenant.schoolId,
        staff_id: me.id,
        teacher_name: me.name,
        class_name: fields.class,
        subject: fields.subject,
        week: fields.week,
        term: term.term,
        session: term.session,
        storage_key: file.storage_key,
        original_name: cleanFileName(file.file.filename),
        size: file.size,
        mime_type: file.mime_type,
        idempotency_key: idempotencyKey,
        created_at: deps.now().toISOString(),
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return { note: toNote(row), replayed: false };
  } catch (error) {
    await undo();
    if (idempotencyKey && isUniqueViolation(error)) {
      const previous = await noteByKey(deps, tenant, idempotencyKey);
      if (previous) return { note: previous, replayed: true };
    }
    throw error;
  }
}

/** Deletes the teacher's own note and frees its space in one transaction (audited), then removes its bytes. */
export async function deleteNote(deps: ApiDeps, tenant: Tenant, id: number): Promise<void> {
  const note = await findNote(deps, tenant, id);
  teacherOf(tenant);
  const removed = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("lesson_notes")
      .where("school_id", "=", tenant.schoolId)
      .where("id", "=", note.id)
      .returning(["storage_key", "size"])
      .executeTakeFirst();
    if (!row) throw new ApiError(404, M.notFound);
    await release(trx, tenant.schoolId, Number(row.size));
    await recordAudit(
      deps,
      tenant,
      {
        kind: "deletion",
        summary: `Deleted the lesson note ${note.original_name} (${note.subject}, ${note.class_name}, week ${note.week})`,
        recordIds: [note.id],
      },
      trx,
    );
    return row.storage_key;
  });
  await removeStored(deps, [removed]);
}

/** An admin marks a note reviewed with a comment for the teacher (audited); marking it again replaces the comment. */
export async function reviewNote(deps: ApiDeps, tenant: Tenant, id: number, body: unknown): Promise<LessonNote> {
  const note = await findNote(deps, tenant, id);
  const parsed = noteReviewFields.safeParse(body ?? {});
  if (!parsed.success) throw fromZod(parsed.error);
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("lesson_notes")
      .set({
        reviewed_at: deps.now().toISOString(),
        reviewed_by: tenant.subAdmin?.name ?? MAIN_ADMIN_NAME,
        review_comment: parsed.data.comment,
      })
      .where("school_id", "=", tenant.schoolId)
      .where("id", "=", note.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(
      deps,
      tenant,
      {
        kind: "approval",
        summary: `Reviewed ${note.teacher_name}'s lesson note ${note.original_name} (${note.subject}, ${note.class_name})`,
        recordIds: [note.id],
      },
      trx,
    );
    return toNote(row);
  });
}
