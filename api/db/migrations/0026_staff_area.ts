import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * The staff area (docs/product.md, Staff area):
 * - `staff.password_hash`: set while the teacher may sign in (with the school's Unique ID and the staff email);
 *   null when sign-in is off.
 * - `auth_tokens.staff_id`: the token is a teacher's sign-in; deleting the member ends their sessions.
 * - `attendance_registers`: one register per class per school day (unique), with the term and session the day
 *   belongs to, so that a term's summary is read by term; `attendance_marks`: each student's mark on it.
 */
export const staffArea: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  const school = (c: ColumnDefinitionBuilder) => c.notNull().references("schools.id").onDelete("cascade");
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("staff").addColumn("password_hash", "text").execute();
      await db.schema
        .alterTable("auth_tokens")
        .addColumn("staff_id", "integer", (c) => c.references("staff.id").onDelete("cascade"))
        .execute();
      await db.schema.createIndex("auth_tokens_staff").on("auth_tokens").column("staff_id").execute();

      await db.schema
        .createTable("attendance_registers")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("class_name", "text", (c) => c.notNull())
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("session", "text", (c) => c.notNull())
        .addColumn("taken_by", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("attendance_registers_day")
        .on("attendance_registers")
        .columns(["school_id", "class_name", "date"])
        .unique()
        .execute();
      await db.schema
        .createIndex("attendance_registers_term")
        .on("attendance_registers")
        .columns(["school_id", "session", "term", "class_name"])
        .execute();

      await db.schema
        .createTable("attendance_marks")
        .addColumn("register_id", "integer", (c) =>
          c.notNull().references("attendance_registers.id").onDelete("cascade"),
        )
        .addColumn("school_id", "integer", school)
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id").onDelete("cascade"))
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("note", "text")
        .addPrimaryKeyConstraint("attendance_marks_pk", ["register_id", "student_id"])
        .execute();
      await db.schema
        .createIndex("attendance_marks_student")
        .on("attendance_marks")
        .columns(["school_id", "student_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("attendance_marks").ifExists().execute();
      await db.schema.dropTable("attendance_registers").ifExists().execute();
      await db.schema.dropIndex("auth_tokens_staff").ifExists().execute();
      await db.schema.alterTable("auth_tokens").dropColumn("staff_id").execute();
      await db.schema.alterTable("staff").dropColumn("password_hash").execute();
    },
  };
};
