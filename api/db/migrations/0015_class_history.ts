import { sql, type Kysely } from "kysely";
import { currentSession } from "../../../contract/calendar";
import { isSession } from "../../../contract/settings";
import type { DialectMigration } from "../types";

/**
 * Each student's class per session (docs/product.md, Classes by session). Filled here with every student's
 * class today under the session each school is in when the migration runs: the session it set as current,
 * else the month's. From then on the students' writes keep the current session's row.
 */
export const classHistory: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("student_classes")
      .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
      .addColumn("student_id", "integer", (c) => c.notNull().references("students.id").onDelete("cascade"))
      .addColumn("session", "text", (c) => c.notNull())
      .addColumn("class_name", "text")
      .addColumn("recorded_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("student_classes_pk", ["student_id", "session"])
      .execute();
    // A session's class lists (results, registers) read by school, session and class.
    await db.schema
      .createIndex("student_classes_school_session")
      .on("student_classes")
      .columns(["school_id", "session", "class_name"])
      .execute();

    // A student's class of a session is part of their bill of that session: writes move the fee version on.
    if (dialect === "postgres") {
      await sql`create trigger fee_version_student_classes after insert or update or delete on student_classes for each row execute function fee_version_bump()`.execute(
        db,
      );
    } else {
      for (const [op, row] of [
        ["insert", "new"],
        ["update", "new"],
        ["delete", "old"],
      ] as const) {
        await sql`create trigger ${sql.raw(`fee_version_student_classes_${op}`)} after ${sql.raw(op)} on student_classes begin
          insert into fee_versions (school_id, version) values (${sql.raw(row)}.school_id, 1) on conflict (school_id) do update set version = version + 1;
        end`.execute(db);
      }
    }

    const now = new Date();
    const configured = await sql<{
      school_id: number;
      settings: string;
    }>`select school_id, settings from school_settings`.execute(db);
    const sessions = new Map<string, number[]>();
    for (const row of configured.rows) {
      const session = (JSON.parse(row.settings) as { other_settings?: { current_session?: unknown } }).other_settings
        ?.current_session;
      if (typeof session !== "string" || !isSession(session)) continue;
      sessions.set(session, [...(sessions.get(session) ?? []), row.school_id]);
    }
    const stamp = now.toISOString();
    const ownSession = [...sessions.values()].flat();
    const fill = (session: string, where: ReturnType<typeof sql>) =>
      sql`insert into student_classes (school_id, student_id, session, class_name, recorded_at)
        select school_id, id, ${session}, class_name, ${stamp} from students where ${where}`.execute(db);
    for (const [session, schools] of sessions) await fill(session, sql`school_id in (${sql.join(schools)})`);
    await fill(currentSession(now), ownSession.length ? sql`school_id not in (${sql.join(ownSession)})` : sql`1 = 1`);
  },
  async down(db: Kysely<unknown>) {
    if (dialect === "postgres")
      await sql`drop trigger if exists fee_version_student_classes on student_classes`.execute(db);
    else
      for (const op of ["insert", "update", "delete"])
        await sql`drop trigger if exists ${sql.raw(`fee_version_student_classes_${op}`)}`.execute(db);
    await db.schema.dropIndex("student_classes_school_session").ifExists().execute();
    await db.schema.dropTable("student_classes").ifExists().execute();
  },
});
