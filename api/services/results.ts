import { sql, type Selectable } from "kysely";
import { gradeFor, percentage, rank, scoreColumns, subjectTotal } from "../../contract/grading";
import type { FieldErrors } from "../../contract/http";
import {
  isResultKind,
  readScore,
  RESULTS_MESSAGES as M,
  type ClassCompleteness,
  type Correction,
  type Publication,
  type ResultKind,
  type ScoreColumn,
  type ScoreSheet,
  type Scores,
} from "../../contract/results";
import { STAFF_RESULTS_MESSAGES as TEACHER } from "../../contract/staff-area";
import type { ZodType, ZodTypeDef } from "zod";
import {
  correctionPayload,
  publicationPayload,
  sheetPayload,
  type ClassResultFields,
} from "../../contract/results.schema";
import { isSession, sectionGradeScale, type SchoolClass, type SchoolSettings } from "../../contract/settings";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import type { ResultCorrectionTable } from "../db/schema";
import { requireMainAdmin } from "../lib/access";
import { ApiError, fromZod, validationError } from "../lib/errors";
import { MAIN_ADMIN_NAME, recordAudit } from "./audit";
import { notify } from "./notifications";
import { schoolTerm } from "./calendar";
import { studentsWithClassIn } from "./class-history";
import { getSchoolSettings } from "./settings";

/**
 * Results (docs/product.md, Results): the score sheet of a class and subject, its publication and corrections.
 * Totals, grades and positions are worked out by contract/grading.ts over the class's rows, never in SQL.
 */

/** Rows per insert: far under both databases' bound-parameter limits (9 values a row). */
const BATCH = 200;

/** One class's result for a term and session: what a publication and a correction name. */
export interface ClassResult {
  schoolClass: SchoolClass;
  term: string;
  session: string;
  result: ResultKind;
}

export interface SheetKey extends ClassResult {
  subject: string;
}

/** The query of the sheet's calls as it arrives (`year` is the session). */
export interface SheetQuery {
  class?: string;
  subject?: string;
  term?: string;
  year?: string;
  result?: string;
}

/** The term, session and result sent, checked: the term one of the school's, the session well formed. */
function termErrors(
  settings: SchoolSettings,
  sent: { term: string; session: string; result: string },
  sessionField: "year" | "session",
): FieldErrors {
  const errors: FieldErrors = {};
  if (!settings.terms.includes(sent.term)) errors.term = [M.termUnknown];
  if (!isSession(sent.session)) errors[sessionField] = [M.sessionInvalid];
  if (!isResultKind(sent.result)) errors.result = [M.resultUnknown];
  return errors;
}

/**
 * Checks what names a class's result against the school's settings, every problem at once: the class is one of
 * the school's, the subject (when one is named) one of the class's, and `termErrors`. `sessionField` is where a
 * bad session is said: `year` in an address, `session` in a body.
 */
export function checkClassResult(
  settings: SchoolSettings,
  sent: { class: string; subject?: string; term: string; session: string; result: string },
  sessionField: "year" | "session",
): SheetKey {
  const errors: FieldErrors = {};
  const schoolClass = settings.classes.find((c) => c.class_name === sent.class);
  if (!sent.class) errors.class = [M.classRequired];
  else if (!schoolClass) errors.class = [M.classUnknown];
  if (sent.subject !== undefined) {
    if (!sent.subject) errors.subject = [M.subjectRequired];
    else if (schoolClass && !schoolClass.subjects.includes(sent.subject)) errors.subject = [M.subjectUnknown];
  }
  Object.assign(errors, termErrors(settings, sent, sessionField));
  if (Object.keys(errors).length) throw validationError(errors);
  return {
    schoolClass: schoolClass!,
    subject: sent.subject ?? "",
    term: sent.term,
    session: sent.session,
    result: sent.result as ResultKind,
  };
}

const text = (value: string | undefined) => (value ?? "").trim();

/** The term, session and result of an address; a term or session left out is the school's current one. */
export async function termOfQuery(deps: ApiDeps, tenant: Tenant, query: SheetQuery) {
  let term = text(query.term);
  let session = text(query.year);
  if (!term || !session) {
    const current = await schoolTerm(deps, tenant);
    term ||= current.term;
    session ||= current.session;
  }
  return { term, session, result: text(query.result) || "terminal" };
}

/** The sheet named by the address. */
export async function sheetKeyOf(
  deps: ApiDeps,
  tenant: Tenant,
  settings: SchoolSettings,
  query: SheetQuery,
): Promise<SheetKey> {
  const sent = await termOfQuery(deps, tenant, query);
  return checkClassResult(settings, { ...sent, class: text(query.class), subject: text(query.subject) }, "year");
}

const classResultOf = (schoolId: number, key: ClassResult) => ({
  school_id: schoolId,
  class_name: key.schoolClass.class_name,
  term: key.term,
  session: key.session,
  result: key.result,
});

/**
 * The class's result named by an address without a subject (the broadsheet's, the sheet's other parts'): a term or
 * session left out is the school's current one.
 */
export async function classResultOfQuery(
  deps: ApiDeps,
  tenant: Tenant,
  settings: SchoolSettings,
  query: Omit<SheetQuery, "subject">,
): Promise<ClassResult> {
  const sent = await termOfQuery(deps, tenant, query);
  return checkClassResult(settings, { ...sent, class: text(query.class) }, "year");
}

/**
 * Whether the class's result is published. Inside a transaction (`now` given) the publication row is made when
 * missing and, on PostgreSQL, locked until the transaction ends, so a save takes its turn with publications.
 */
export async function isClassPublished(db: Db, deps: ApiDeps, schoolId: number, key: ClassResult, now?: string) {
  const publication = now
    ? await lockedPublication(db, deps, schoolId, key, now)
    : await publicationRow(db, deps, schoolId, key);
  return publication?.published === 1;
}

/** The class's publication row, locked for the rest of the transaction on PostgreSQL. */
export async function publicationRow(db: Db, deps: ApiDeps, schoolId: number, key: ClassResult, lock = false) {
  const where = classResultOf(schoolId, key);
  let query = db
    .selectFrom("result_publications")
    .select(["published", "version", "published_at"])
    .where((eb) => eb.and(where));
  if (lock && deps.dialect === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The subjects of the class's result reopened by a correction and not yet published again. */
async function reopenedSubjects(db: Db, schoolId: number, key: ClassResult): Promise<string[]> {
  const rows = await db
    .selectFrom("result_corrections")
    .select("subject")
    .distinct()
    .where((eb) => eb.and(classResultOf(schoolId, key)))
    .where("closed_at", "is", null)
    .orderBy("subject")
    .execute();
  return rows.map((r) => r.subject);
}

/**
 * The class's publication row inside a transaction, made (unpublished, version 0) when missing and, on PostgreSQL,
 * locked until the transaction ends: publications, corrections and saves of one class take turns.
 */
async function lockedPublication(trx: Db, deps: ApiDeps, schoolId: number, key: ClassResult, now: string) {
  await trx
    .insertInto("result_publications")
    .values({ ...classResultOf(schoolId, key), published: 0, version: 0, published_at: null, updated_at: now })
    .onConflict((oc) => oc.columns(["school_id", "class_name", "term", "session", "result"]).doNothing())
    .execute();
  return (await publicationRow(trx, deps, schoolId, key, true))!;
}

/** Whether the subject's scores are locked: the class's result is published and no correction reopened it. */
async function isLocked(db: Db, schoolId: number, key: SheetKey, publication: { published: number } | undefined) {
  return publication?.published === 1 && !(await reopenedSubjects(db, schoolId, key)).includes(key.subject);
}

async function lockState(db: Db, deps: ApiDeps, schoolId: number, key: SheetKey) {
  const publication = await publicationRow(db, deps, schoolId, key);
  return {
    published: publication?.published === 1,
    locked: await isLocked(db, schoolId, key, publication),
    version: publication?.version ?? 0,
  };
}

export function parseScores(text: string | null): Record<string, unknown> {
  if (!text) return {};
  const parsed = JSON.parse(text) as unknown;
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/** The sheet's columns for the class's section and the result. */
export const columnsOf = (settings: SchoolSettings, key: ClassResult): ScoreColumn[] =>
  scoreColumns(settings.report_sheet, key.schoolClass.section, key.result);

/**
 * The students who were in the class that session (class history), A–Z: those still at school, and those gone
 * since who have scores on this sheet.
 */
async function sheetStudents(db: Db, schoolId: number, key: SheetKey) {
  const { rows } = await sql<{
    id: number;
    name: string;
    admission_number: string | null;
    scores: string | null;
  }>`select s.id, st.name, st.admission_number, r.scores
    from ${studentsWithClassIn(schoolId, key.session)} s
    join students st on st.id = s.id
    left join result_scores r on r.school_id = ${schoolId} and r.student_id = s.id and r.subject = ${key.subject}
      and r.term = ${key.term} and r.session = ${key.session} and r.result = ${key.result}
    where s.class_name = ${key.schoolClass.class_name} and (s.status = 'active' or r.student_id is not null)
    order by st.sort_name, st.id`.execute(db);
  return rows;
}

export async function readSheet(
  deps: ApiDeps,
  tenant: Tenant,
  settings: SchoolSettings,
  key: SheetKey,
): Promise<ScoreSheet> {
  const columns = columnsOf(settings, key);
  const [students, lock] = await Promise.all([
    sheetStudents(deps.db, tenant.schoolId, key),
    lockState(deps.db, deps, tenant.schoolId, key),
  ]);
  const scale = sectionGradeScale(settings.report_sheet, key.schoolClass.section);
  const rows = students.map((s) => {
    const stored = parseScores(s.scores);
    const scores: Scores = Object.fromEntries(
      columns.map((c) => [c.name, typeof stored[c.name] === "number" ? (stored[c.name] as number) : null]),
    );
    const total = subjectTotal(scores, columns);
    const band = total === null ? null : gradeFor(percentage(total, columns), scale);
    return {
      student_id: Number(s.id),
      name: s.name,
      admission: s.admission_number ?? "",
      scores,
      total,
      grade: band?.grade ?? null,
      remark: band?.remark ?? null,
      position: null as number | null,
    };
  });
  const positions = rank(
    rows.filter((r) => r.total !== null).map((r) => ({ key: r.student_id, value: r.total! })),
    settings.report_sheet.position_ties,
  );
  for (const row of rows) row.position = positions.get(row.student_id) ?? null;
  return {
    columns,
    rows,
    published: lock.published,
    locked: lock.locked,
    version: lock.version,
    class_name: key.schoolClass.class_name,
    section: key.schoolClass.section,
    subject: key.subject,
    term: key.term,
    session: key.session,
    result: key.result,
    scale,
  };
}

/**
 * A teacher (the staff area) reaches only the sheets of their own classes and subjects: the (class, subject) pairs
 * their staff record says they teach. Anyone else is refused (403).
 */
async function requireTaught(deps: ApiDeps, tenant: Tenant, key: SheetKey) {
  await requireTeaches(deps, tenant, key.schoolClass.class_name, key.subject);
}

/** A teacher may act on a class and subject only when their staff record says they teach it (else 403); admins may. */
export async function requireTeaches(deps: ApiDeps, tenant: Tenant, className: string, subject: string) {
  if (!tenant.staff) return;
  const taught = await deps.db
    .selectFrom("staff_teaching")
    .select("staff_id")
    .where("school_id", "=", tenant.schoolId)
    .where("staff_id", "=", tenant.staff.id)
    .where("class_name", "=", className)
    .where("subject", "=", subject)
    .executeTakeFirst();
  const message = TEACHER.notTaught(subject, className);
  if (!taught) throw new ApiError(403, message, { subject: [message] });
}

/** `GET /results/sheet`. A teacher's view of a published sheet is read-only (`locked`), reopened or not. */
export async function getSheet(deps: ApiDeps, tenant: Tenant, query: SheetQuery): Promise<ScoreSheet> {
  const settings = await getSchoolSettings(deps, tenant);
  const key = await sheetKeyOf(deps, tenant, settings, query);
  await requireTaught(deps, tenant, key);
  const sheet = await readSheet(deps, tenant, settings, key);
  return tenant.staff && sheet.published ? { ...sheet, locked: true } : sheet;
}

/** Ids are 32-bit integers on both databases: a larger number names no student. */
const ID_MAX = 2_147_483_647;

/** The students named by the rows, by id or Unique ID, with their class that session; any other is not found. */
export async function sentStudents(deps: ApiDeps, tenant: Tenant, session: string, keys: string[]) {
  const numeric = (k: string) => /^\d{1,10}$/.test(k);
  const ids = keys
    .filter(numeric)
    .map(Number)
    .filter((id) => id <= ID_MAX);
  const uniqueIds = keys.filter((k) => !numeric(k) && k.length <= 60);
  if (!ids.length && !uniqueIds.length) return [];
  const { rows } = await sql<{ id: number; unique_id: string; class_name: string | null }>`
    select s.id, s.unique_id, s.class_name from ${studentsWithClassIn(tenant.schoolId, session)} s
    where ${sql.join(
      [
        ...(ids.length ? [sql`s.id in (${sql.join(ids)})`] : []),
        ...(uniqueIds.length ? [sql`s.unique_id in (${sql.join(uniqueIds)})`] : []),
      ],
      sql` or `,
    )}`.execute(deps.db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

const refuseLocked = (key: ClassResult) => new ApiError(409, M.locked(key.schoolClass.class_name));

/** The sheet named by the address, refused (409) while its scores are locked. */
export async function openSheet(deps: ApiDeps, tenant: Tenant, query: SheetQuery) {
  const settings = await getSchoolSettings(deps, tenant);
  const key = await sheetKeyOf(deps, tenant, settings, query);
  await requireTaught(deps, tenant, key);
  const lock = await lockState(deps.db, deps, tenant.schoolId, key);
  if (lock.locked) throw refuseLocked(key);
  // A correction reopens a published subject for the admins alone.
  if (tenant.staff && lock.published) throw new ApiError(409, TEACHER.publishedForTeachers(key.schoolClass.class_name));
  return { settings, key, columns: columnsOf(settings, key) };
}

/** A student's scores to save: every column of the sheet, null where not taken. */
export interface ScoresToSave {
  studentId: number;
  scores: Scores;
}

/**
 * `PUT /results/sheet`: every row sent replaces that student's scores in the subject, in one transaction;
 * any bad cell or student refuses the whole save, naming each.
 */
export async function saveSheet(deps: ApiDeps, tenant: Tenant, query: SheetQuery, body: unknown): Promise<ScoreSheet> {
  const { settings, key, columns } = await openSheet(deps, tenant, query);
  const parsed = sheetPayload.safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error);
  const sent = parsed.data.rows.map((row) => ({ key: String(row.student_id).trim(), scores: row.scores }));

  const students = await sentStudents(deps, tenant, key.session, [...new Set(sent.map((r) => r.key))]);
  const byKey = new Map(students.flatMap((s) => [[String(s.id), s] as const, [s.unique_id, s] as const]));
  if (sent.some((r) => !byKey.has(r.key))) throw new ApiError(404, M.studentNotFound);

  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const rows = sent.map((row, i) => {
    const student = byKey.get(row.key)!;
    if (seen.has(student.id)) errors[`rows.${i}.student_id`] = [M.studentTwice];
    else if (student.class_name !== key.schoolClass.class_name) errors[`rows.${i}.student_id`] = [M.studentNotInClass];
    seen.add(student.id);
    for (const name of Object.keys(row.scores))
      if (!columns.some((c) => c.name === name)) errors[`rows.${i}.scores.${name}`] = [M.columnUnknown];
    const scores: Scores = {};
    for (const column of columns) {
      const read = readScore(row.scores[column.name], column.max);
      if ("error" in read) errors[`rows.${i}.scores.${column.name}`] = [read.error];
      else scores[column.name] = read.score;
    }
    return { studentId: student.id, scores };
  });
  if (Object.keys(errors).length) throw validationError(errors);
  await writeScores(deps, tenant, key, rows);
  return readSheet(deps, tenant, settings, key);
}

/**
 * Writes checked rows of a sheet in one transaction (the grid's save and a spreadsheet's upload): each row
 * replaces that student's scores in the subject, and a row with no score taken is removed. Refused (409) when the
 * class's result was published meanwhile; `audit`, when given, is recorded in the same transaction.
 */
export async function writeScores(
  deps: ApiDeps,
  tenant: Tenant,
  key: SheetKey,
  checked: ScoresToSave[],
  audit?: Parameters<typeof recordAudit>[2],
): Promise<void> {
  const rows = checked.map((r) => ({ ...r, taken: Object.values(r.scores).some((v) => v !== null) }));
  const now = deps.now().toISOString();
  const where = { ...classResultOf(tenant.schoolId, key), subject: key.subject };
  await deps.db.transaction().execute(async (trx) => {
    // Published meanwhile: the check above ran before the transaction.
    const publication = await lockedPublication(trx, deps, tenant.schoolId, key, now);
    if (await isLocked(trx, tenant.schoolId, key, publication)) throw refuseLocked(key);
    const taken = rows.filter((r) => r.taken);
    for (let start = 0; start < taken.length; start += BATCH) {
      await trx
        .insertInto("result_scores")
        .values(
          taken
            .slice(start, start + BATCH)
            .map((r) => ({ ...where, student_id: r.studentId, scores: JSON.stringify(r.scores), updated_at: now })),
        )
        .onConflict((oc) =>
          oc.columns(["school_id", "student_id", "subject", "term", "session", "result"]).doUpdateSet((eb) => ({
            class_name: eb.ref("excluded.class_name"),
            scores: eb.ref("excluded.scores"),
            updated_at: eb.ref("excluded.updated_at"),
          })),
        )
        .execute();
    }
    const blank = rows.filter((r) => !r.taken).map((r) => r.studentId);
    for (let start = 0; start < blank.length; start += BATCH) {
      await trx
        .deleteFrom("result_scores")
        .where((eb) =>
          eb.and({
            school_id: tenant.schoolId,
            subject: key.subject,
            term: key.term,
            session: key.session,
            result: key.result,
          }),
        )
        .where("student_id", "in", blank.slice(start, start + BATCH))
        .execute();
    }
    if (audit) await recordAudit(deps, tenant, audit, trx);
  });
}

/** What the audit log says of a class's result: "JSS1, 1st Term 2025/2026 (mid-term)". */
export const describe = (key: ClassResult) =>
  `${key.schoolClass.class_name}, ${key.term} ${key.session}${key.result === "mid_term" ? " (mid-term)" : ""}`;

/** `GET /results/completeness`: each class's subjects fully scored, and its publication. */
export async function resultCompleteness(
  deps: ApiDeps,
  tenant: Tenant,
  query: Omit<SheetQuery, "class" | "subject">,
): Promise<ClassCompleteness[]> {
  const settings = await getSchoolSettings(deps, tenant);
  const { term, session, result } = await termOfQuery(deps, tenant, query);
  const errors = termErrors(settings, { term, session, result }, "year");
  if (Object.keys(errors).length) throw validationError(errors);
  const schoolId = tenant.schoolId;
  const ofTerm = { school_id: schoolId, term, session, result };
  const students = await sql<{ class_name: string; n: number | string }>`
    select s.class_name, count(*) as n from ${studentsWithClassIn(schoolId, session)} s
    where s.status = 'active' group by s.class_name`.execute(deps.db);
  const scored = await sql<{ class_name: string; subject: string; n: number | string }>`
    select s.class_name, r.subject, count(*) as n from ${studentsWithClassIn(schoolId, session)} s
    join result_scores r on r.school_id = ${schoolId} and r.student_id = s.id
      and r.term = ${term} and r.session = ${session} and r.result = ${result}
    where s.status = 'active' group by s.class_name, r.subject`.execute(deps.db);
  const publications = await deps.db
    .selectFrom("result_publications")
    .select(["class_name", "published", "version"])
    .where((eb) => eb.and(ofTerm))
    .execute();
  const corrections = await deps.db
    .selectFrom("result_corrections")
    .select(["class_name", "subject"])
    .distinct()
    .where((eb) => eb.and(ofTerm))
    .where("closed_at", "is", null)
    .orderBy("subject")
    .execute();

  const count = new Map(students.rows.map((r) => [r.class_name, Number(r.n)]));
  const scoredIn = new Map(scored.rows.map((r) => [`${r.class_name}\n${r.subject}`, Number(r.n)]));
  return settings.classes.map((c) => {
    const n = count.get(c.class_name) ?? 0;
    const publication = publications.find((p) => p.class_name === c.class_name);
    return {
      class_name: c.class_name,
      section: c.section,
      students: n,
      subjects: c.subjects.length,
      subjects_complete:
        n === 0 ? 0 : c.subjects.filter((subject) => (scoredIn.get(`${c.class_name}\n${subject}`) ?? 0) >= n).length,
      published: publication?.published === 1,
      version: publication?.version ?? 0,
      reopened: corrections.filter((r) => r.class_name === c.class_name).map((r) => r.subject),
    };
  });
}

/**
 * A publication's or a correction's body, checked by its schema and against the school's settings at once, so that
 * one answer names every bad field (a field the schema refused is not checked again).
 */
async function readClassResultBody<T extends ClassResultFields>(
  deps: ApiDeps,
  tenant: Tenant,
  schema: ZodType<T, ZodTypeDef, unknown>,
  body: unknown,
): Promise<{ data: T; key: SheetKey }> {
  const parsed = schema.safeParse(body);
  const errors: FieldErrors = parsed.success ? {} : (fromZod(parsed.error).errors ?? {});
  const sent = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const field = (name: string) => (typeof sent[name] === "string" ? (sent[name] as string).trim() : "");
  const settings = await getSchoolSettings(deps, tenant);
  const result = field("result") || "terminal";
  const names = { class: field("class"), term: field("term"), session: field("session"), result };
  let key: SheetKey | undefined;
  try {
    key = checkClassResult(settings, "subject" in sent ? { ...names, subject: field("subject") } : names, "session");
  } catch (error) {
    if (!(error instanceof ApiError) || !error.errors) throw error;
    for (const [name, messages] of Object.entries(error.errors)) errors[name] ??= messages;
  }
  if (!parsed.success || !key) throw validationError(errors);
  return { data: parsed.data, key };
}

/**
 * `POST /results/publication`: publishes or unpublishes a class's result. Publishing again after a correction
 * or an unpublication re-issues its report cards as the next version and closes the corrections; sending what
 * already stands changes nothing (a double submit is one publication).
 */
export async function setPublication(
  deps: ApiDeps,
  tenant: Tenant,
  body: unknown,
): Promise<{ publication: Publication; message: string }> {
  requireMainAdmin(tenant, M.publishMainOnly);
  const { data, key } = await readClassResultBody(deps, tenant, publicationPayload, body);
  const { published } = data;
  const now = deps.now().toISOString();
  const where = classResultOf(tenant.schoolId, key);
  const className = key.schoolClass.class_name;

  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await lockedPublication(trx, deps, tenant.schoolId, key, now);
    const reopened = await reopenedSubjects(trx, tenant.schoolId, key);
    const isPublished = current.published === 1;
    if (published === isPublished && !(published && reopened.length)) return current;

    const version = published ? current.version + 1 : current.version;
    const next = { published: published ? 1 : 0, version, published_at: published ? now : current.published_at };
    await trx
      .updateTable("result_publications")
      .set({ ...next, updated_at: now })
      .where((eb) => eb.and(where))
      .execute();
    await trx
      .updateTable("result_corrections")
      .set({ closed_at: now })
      .where((eb) => eb.and(where))
      .where("closed_at", "is", null)
      .execute();
    const summary = !published
      ? `Unpublished the results of ${describe(key)}`
      : version > 1
        ? `Published the results of ${describe(key)} again, as version ${version}` +
          (reopened.length ? ` (corrected: ${reopened.join(", ")})` : "")
        : `Published the results of ${describe(key)}`;
    await recordAudit(deps, tenant, { kind: "publication", summary }, trx);
    if (published) {
      const query = { class: className, term: key.term, year: key.session, result: key.result };
      await notify(
        trx,
        tenant.schoolId,
        {
          kind: "results_published",
          feature: "results",
          summary,
          link: `/admin/results/broadsheet?${new URLSearchParams(query)}`,
          className,
          staffLink: "/staff/results",
        },
        deps.now(),
      );
    }
    return next;
  });

  const publication: Publication = {
    class_name: className,
    term: key.term,
    session: key.session,
    result: key.result,
    published: row.published === 1,
    version: row.version,
    published_at: row.published_at,
  };
  const message = !published
    ? M.unpublished(className)
    : row.version > 1
      ? M.reissued(className, row.version)
      : M.published(className);
  return { publication, message };
}

/**
 * `POST /results/corrections`: reopens one subject of a published class for editing, until the class is
 * published again; the subject reopened already answers its open correction (a double submit is one).
 */
export async function openCorrection(
  deps: ApiDeps,
  tenant: Tenant,
  body: unknown,
): Promise<{ correction: Correction; created: boolean }> {
  requireMainAdmin(tenant, M.correctMainOnly);
  const { data, key } = await readClassResultBody(deps, tenant, correctionPayload, body);
  const now = deps.now().toISOString();
  const where = { ...classResultOf(tenant.schoolId, key), subject: key.subject };

  return deps.db.transaction().execute(async (trx) => {
    const publication = await lockedPublication(trx, deps, tenant.schoolId, key, now);
    if (publication.published !== 1) throw new ApiError(409, M.notPublished);
    const open = await trx
      .selectFrom("result_corrections")
      .selectAll()
      .where((eb) => eb.and(where))
      .where("closed_at", "is", null)
      .executeTakeFirst();
    if (open) return { correction: correctionRecord(open), created: false };
    const values = {
      ...where,
      reason: data.reason,
      sub_admin_id: tenant.subAdmin?.id ?? null,
      actor_name: tenant.subAdmin?.name ?? MAIN_ADMIN_NAME,
      version: publication.version,
      created_at: now,
      closed_at: null,
    };
    const { id } = await trx.insertInto("result_corrections").values(values).returning("id").executeTakeFirstOrThrow();
    await recordAudit(
      deps,
      tenant,
      {
        kind: "correction",
        summary: `Reopened ${key.subject} of ${describe(key)} for a correction: ${data.reason}`,
        recordIds: [id],
      },
      trx,
    );
    return { correction: correctionRecord({ ...values, id }), created: true };
  });
}

function correctionRecord(row: Selectable<ResultCorrectionTable>): Correction {
  return {
    id: Number(row.id),
    class_name: row.class_name,
    subject: row.subject,
    term: row.term,
    session: row.session,
    result: row.result as ResultKind,
    reason: row.reason,
    actor_name: row.actor_name,
    version: row.version,
    created_at: row.created_at,
  };
}
