import { sql, type Kysely } from "kysely";
import type { DialectMigration } from "../types";

/**
 * Students: the add form's idempotency key (a re-sent form finds the student it already created) and
 * an index for the backlog's reason filter. The table itself is in 0001_foundation.
 */
export const students: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("students").addColumn("idempotency_key", "text").execute();
    await sql`create unique index students_school_idempotency on students (school_id, idempotency_key) where idempotency_key is not null`.execute(
      db,
    );
    await db.schema
      .createIndex("students_school_status_reason")
      .on("students")
      .columns(["school_id", "status", "backlog_reason", "name"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("students_school_status_reason").ifExists().execute();
    await db.schema.dropIndex("students_school_idempotency").ifExists().execute();
    await db.schema.alterTable("students").dropColumn("idempotency_key").execute();
  },
});
