import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * The report sheet's other parts (docs/product.md, Results):
 * - `report_extras`: one student's row for a term, session and result: attendance (days school opened, present,
 *   absent; days opened null takes the term calendar's school days), the child-development ratings and the extra
 *   inputs as JSON of input name → value, and the class teacher's and the principal's remarks. Ratings and extra
 *   inputs are JSON because their names are the school's own, edited in its settings (as score columns are).
 * - `report_comments`: the school's comment bank, each remark with the grade it suits, if any. A table rather than
 *   a JSON column of the settings: remarks are added and removed one at a time, and a unique index keeps a double
 *   submit to one remark.
 */
export const reportExtras: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  const school = (c: ColumnDefinitionBuilder) => c.notNull().references("schools.id").onDelete("cascade");
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("report_extras")
        .addColumn("school_id", "integer", school)
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id").onDelete("cascade"))
        .addColumn("class_name", "text", (c) => c.notNull())
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("session", "text", (c) => c.notNull())
        .addColumn("result", "text", (c) => c.notNull())
        .addColumn("days_opened", "integer")
        .addColumn("days_present", "integer")
        .addColumn("days_absent", "integer")
        .addColumn("ratings", "text", (c) => c.notNull())
        .addColumn("extra_inputs", "text", (c) => c.notNull())
        .addColumn("teacher_remark", "text")
        .addColumn("principal_remark", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("report_extras_pk", ["school_id", "student_id", "term", "session", "result"])
        .execute();
      // A class's rows of a term at once (the extras screen, report cards).
      await db.schema
        .createIndex("report_extras_class")
        .on("report_extras")
        .columns(["school_id", "class_name", "term", "session", "result"])
        .execute();

      await db.schema
        .createTable("report_comments")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("remark", "text", (c) => c.notNull())
        // "" when the remark suits any grade: a unique index treats two nulls as different.
        .addColumn("grade", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("report_comments_unique")
        .on("report_comments")
        .columns(["school_id", "grade", "remark"])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("report_comments_unique").ifExists().execute();
      await db.schema.dropTable("report_comments").ifExists().execute();
      await db.schema.dropIndex("report_extras_class").ifExists().execute();
      await db.schema.dropTable("report_extras").ifExists().execute();
    },
  };
};
