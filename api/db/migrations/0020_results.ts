import type { Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * Results (docs/product.md, Results):
 * - `result_scores`: one student's scores in one subject for a term, session and result (terminal or
 *   mid-term), as JSON of column name → score; a row exists only while at least one score is taken. The
 *   class is the one the scores were entered in, for reading a class's results at once.
 * - `result_publications`: one class's result for a term, session and result, published or not, and the
 *   version of its report cards (each publication after the first re-issues them).
 * - `result_corrections`: a subject of a published class reopened by the main admin, with the reason;
 *   `closed_at` is set when the class is published again.
 */
export const results: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("result_scores")
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id").onDelete("cascade"))
        .addColumn("class_name", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("session", "text", (c) => c.notNull())
        .addColumn("result", "text", (c) => c.notNull())
        .addColumn("scores", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("result_scores_pk", [
          "school_id",
          "student_id",
          "subject",
          "term",
          "session",
          "result",
        ])
        .execute();
      // A class's results of a term at once (completeness, broadsheet, report cards).
      await db.schema
        .createIndex("result_scores_class")
        .on("result_scores")
        .columns(["school_id", "class_name", "term", "session", "result", "subject"])
        .execute();

      await db.schema
        .createTable("result_publications")
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("class_name", "text", (c) => c.notNull())
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("session", "text", (c) => c.notNull())
        .addColumn("result", "text", (c) => c.notNull())
        .addColumn("published", "integer", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("published_at", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("result_publications_pk", ["school_id", "class_name", "term", "session", "result"])
        .execute();

      await db.schema
        .createTable("result_corrections")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("class_name", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("session", "text", (c) => c.notNull())
        .addColumn("result", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("sub_admin_id", "integer")
        .addColumn("actor_name", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("closed_at", "text")
        .execute();
      // The open corrections of a class's result, read by every save of its sheet.
      await db.schema
        .createIndex("result_corrections_class")
        .on("result_corrections")
        .columns(["school_id", "class_name", "term", "session", "result", "subject"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("result_corrections_class").ifExists().execute();
      await db.schema.dropTable("result_corrections").ifExists().execute();
      await db.schema.dropTable("result_publications").ifExists().execute();
      await db.schema.dropIndex("result_scores_class").ifExists().execute();
      await db.schema.dropTable("result_scores").ifExists().execute();
    },
  };
};
