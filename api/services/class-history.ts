import { sql, type RawBuilder } from "kysely";
import type { SessionClass } from "../../contract/students";
import { STUDENT_MESSAGES } from "../../contract/students";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import { ApiError } from "../lib/errors";
import { isRecordKey } from "../lib/record-key";
import { schoolTermIn } from "./calendar";

/**
 * Each student's class per session (docs/product.md, Classes by session). Writing a student's class records it
 * for the school's current session; a past session's row is never written again. Whatever belongs to a session
 * (bills, and results and registers to come) reads the class through `studentsWithClassIn`.
 */

/** The school's current session (the term calendar's, else the one it set, else the month's). */
export async function schoolSession(db: Db, schoolId: number, now: Date): Promise<string> {
  return (await schoolTermIn(db, schoolId, now)).session;
}

/** Rows per upsert: far under both databases' bound-parameter limits. */
const BATCH = 500;

/** Records the students' classes for a session, replacing what that session had. `db` may be a transaction. */
export async function recordClasses(
  db: Db,
  schoolId: number,
  session: string,
  students: { id: number; class_name: string | null }[],
  now: string,
): Promise<void> {
  for (let start = 0; start < students.length; start += BATCH) {
    await db
      .insertInto("student_classes")
      .values(
        students.slice(start, start + BATCH).map((s) => ({
          school_id: schoolId,
          student_id: s.id,
          session,
          class_name: s.class_name,
          recorded_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(["student_id", "session"]).doUpdateSet((eb) => ({
          class_name: eb.ref("excluded.class_name"),
          recorded_at: eb.ref("excluded.recorded_at"),
        })),
      )
      .execute();
  }
}

/** Records the students' classes for the school's current session. */
export async function recordCurrentClasses(
  db: Db,
  schoolId: number,
  students: { id: number; class_name: string | null }[],
  now: Date,
): Promise<void> {
  if (!students.length) return;
  await recordClasses(db, schoolId, await schoolSession(db, schoolId, now), students, now.toISOString());
}

/**
 * The school's students (current and former) as a derived table, with `class_name` the class each was in
 * during `session`: the class recorded for that session, else for the latest session before it, else the
 * earliest recorded (a session before the student's first), else the class on their record. Use it in place
 * of `students` wherever something belongs to a session: `from ${studentsWithClassIn(schoolId, session)} s`.
 */
export function studentsWithClassIn(schoolId: number, session: string): RawBuilder<unknown> {
  return sql`(
    select st.id, st.school_id, st.unique_id, st.name, st.status,
      case when h.student_id is null then st.class_name else h.class_name end as class_name
    from students st
    left join student_classes h on h.school_id = ${schoolId} and h.student_id = st.id and h.session = coalesce(
      (select max(x.session) from student_classes x where x.student_id = st.id and x.session <= ${session}),
      (select min(x.session) from student_classes x where x.student_id = st.id))
    where st.school_id = ${schoolId}
  )`;
}

/** One student's class in a session (`studentsWithClassIn`). */
export async function classOfStudentIn(
  db: Db,
  schoolId: number,
  session: string,
  studentId: number,
): Promise<string | null> {
  const row = await sql<{
    class_name: string | null;
  }>`select s.class_name from ${studentsWithClassIn(schoolId, session)} s
    where s.id = ${studentId}`.execute(db);
  return row.rows[0]?.class_name ?? null;
}

/** `GET /students/{id}/classes`: the student's class in each session recorded, newest session first. */
export async function studentClassHistory(deps: ApiDeps, tenant: Tenant, key: string): Promise<SessionClass[]> {
  const student = await deps.db
    .selectFrom("students")
    .select("id")
    .where("school_id", "=", tenant.schoolId)
    .where(isRecordKey(key))
    .executeTakeFirst();
  if (!student) throw new ApiError(404, STUDENT_MESSAGES.notFound);
  const rows = await deps.db
    .selectFrom("student_classes")
    .select(["session", "class_name"])
    .where("school_id", "=", tenant.schoolId)
    .where("student_id", "=", student.id)
    .orderBy("session", "desc")
    .execute();
  return rows.map((r) => ({ session: r.session, class: r.class_name }));
}
