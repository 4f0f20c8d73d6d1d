import { sql, type Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * Computer-based tests for admissions (docs/decisions.md, CBT for admissions):
 * - `admission_forms.cbt_test_id`: the test a form with `cbt_enabled` gives its applicants; null until one is linked.
 * - `cbt_papers.submission_id`: an applicant's paper names its submission instead of a student, so `student_id`
 *   becomes nullable (on SQLite by rebuilding the table, its rows and answers kept); one paper per test and
 *   submission.
 * - `cbt_papers.pin_shown_at`: when the applicant's confirmation page showed the PIN, which it shows once.
 */
export const cbtApplicants: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("admission_forms")
      .addColumn("cbt_test_id", "integer", (c) => c.references("cbt_tests.id").onDelete("set null"))
      .execute();
    if (dialect === "postgres") {
      await sql`alter table cbt_papers alter column student_id drop not null`.execute(db);
      await db.schema
        .alterTable("cbt_papers")
        .addColumn("submission_id", "integer", (c) => c.references("admission_submissions.id").onDelete("cascade"))
        .execute();
      await db.schema.alterTable("cbt_papers").addColumn("pin_shown_at", "text").execute();
    } else {
      // SQLite cannot drop a NOT NULL: the table is made again and its rows copied. Foreign keys are off meanwhile,
      // so that dropping the old table does not cascade to the answers (which then name the new one by its name).
      const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
      await sql`pragma foreign_keys = off`.execute(db);
      try {
        await db.schema
          .createTable("cbt_papers_new")
          .addColumn("id", id, idColumn)
          .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
          .addColumn("test_id", "integer", (c) => c.notNull().references("cbt_tests.id").onDelete("cascade"))
          .addColumn("student_id", "integer", (c) => c.references("students.id").onDelete("cascade"))
          .addColumn("pin_hash", "text", (c) => c.notNull())
          .addColumn("pin_round", "integer", (c) => c.notNull())
          .addColumn("questions", "text", (c) => c.notNull())
          .addColumn("attempt", "text", (c) => c.unique())
          .addColumn("started_at", "text")
          .addColumn("ends_at", "text")
          .addColumn("submitted_at", "text")
          .addColumn("submission_id", "integer", (c) => c.references("admission_submissions.id").onDelete("cascade"))
          .addColumn("pin_shown_at", "text")
          .execute();
        await sql`insert into cbt_papers_new (id, school_id, test_id, student_id, pin_hash, pin_round, questions,
          attempt, started_at, ends_at, submitted_at)
          select id, school_id, test_id, student_id, pin_hash, pin_round, questions, attempt, started_at, ends_at,
          submitted_at from cbt_papers`.execute(db);
        await db.schema.dropTable("cbt_papers").execute();
        await db.schema.alterTable("cbt_papers_new").renameTo("cbt_papers").execute();
        await db.schema
          .createIndex("cbt_papers_student")
          .on("cbt_papers")
          .columns(["test_id", "student_id"])
          .unique()
          .execute();
        await db.schema
          .createIndex("cbt_papers_pin")
          .on("cbt_papers")
          .columns(["test_id", "pin_hash"])
          .unique()
          .execute();
      } finally {
        await sql`pragma foreign_keys = on`.execute(db);
      }
    }
    await db.schema
      .createIndex("cbt_papers_submission")
      .on("cbt_papers")
      .columns(["test_id", "submission_id"])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("cbt_papers_submission").ifExists().execute();
    await db
      .deleteFrom("cbt_papers" as never)
      .where("submission_id" as never, "is not", null)
      .execute();
    await db.schema.alterTable("cbt_papers").dropColumn("pin_shown_at").execute();
    await db.schema.alterTable("cbt_papers").dropColumn("submission_id").execute();
    await db.schema.alterTable("admission_forms").dropColumn("cbt_test_id").execute();
  },
});
