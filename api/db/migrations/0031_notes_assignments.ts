import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * A teacher's lesson notes and assignments (docs/product.md, Staff area). Their files are stored as the file
 * manager's are (`storage_key`, counted in `school_storage`); `staff_id` is set null when the staff member is
 * deleted, so the school keeps the files (and their space is still counted) under the teacher's name
 * (`teacher_name`). `idempotency_key` (unique per school) makes a re-sent form find what the first one made.
 * - `lesson_notes`: one file per note, for a class, subject and week of the term it was uploaded in; an admin's
 *   review (`reviewed_at`, `reviewed_by`, `review_comment`).
 * - `assignments` and their `assignment_attachments` (at most 5, deleted with the assignment).
 */
export const notesAssignments: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  const school = (c: ColumnDefinitionBuilder) => c.notNull().references("schools.id").onDelete("cascade");
  const staff = (c: ColumnDefinitionBuilder) => c.references("staff.id").onDelete("set null");
  const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("lesson_notes")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("staff_id", "integer", staff)
        .addColumn("teacher_name", "text", notNull)
        .addColumn("class_name", "text", notNull)
        .addColumn("subject", "text", notNull)
        .addColumn("week", "integer", notNull)
        .addColumn("term", "text", notNull)
        .addColumn("session", "text", notNull)
        .addColumn("storage_key", "text", notNull)
        .addColumn("original_name", "text", notNull)
        .addColumn("size", "integer", notNull)
        .addColumn("mime_type", "text", notNull)
        .addColumn("idempotency_key", "text")
        .addColumn("created_at", "text", notNull)
        .addColumn("reviewed_at", "text")
        .addColumn("reviewed_by", "text")
        .addColumn("review_comment", "text")
        .execute();
      await db.schema
        .createIndex("lesson_notes_list")
        .on("lesson_notes")
        .columns(["school_id", "staff_id", "class_name", "subject", "week"])
        .execute();
      await db.schema
        .createIndex("lesson_notes_key")
        .on("lesson_notes")
        .columns(["school_id", "idempotency_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("assignments")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("staff_id", "integer", staff)
        .addColumn("teacher_name", "text", notNull)
        .addColumn("class_name", "text", notNull)
        .addColumn("subject", "text", notNull)
        .addColumn("title", "text", notNull)
        .addColumn("instructions", "text", notNull)
        .addColumn("due_date", "text", notNull)
        .addColumn("idempotency_key", "text")
        .addColumn("created_at", "text", notNull)
        .addColumn("updated_at", "text", notNull)
        .execute();
      await db.schema
        .createIndex("assignments_due")
        .on("assignments")
        .columns(["school_id", "staff_id", "due_date"])
        .execute();
      await db.schema
        .createIndex("assignments_key")
        .on("assignments")
        .columns(["school_id", "idempotency_key"])
        .unique()
        .execute();
      await db.schema
        .createTable("assignment_attachments")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("assignment_id", "integer", (c) => c.notNull().references("assignments.id").onDelete("cascade"))
        .addColumn("storage_key", "text", notNull)
        .addColumn("original_name", "text", notNull)
        .addColumn("size", "integer", notNull)
        .addColumn("mime_type", "text", notNull)
        .addColumn("created_at", "text", notNull)
        .execute();
      await db.schema
        .createIndex("assignment_attachments_of")
        .on("assignment_attachments")
        .columns(["school_id", "assignment_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("assignment_attachments").ifExists().execute();
      await db.schema.dropTable("assignments").ifExists().execute();
      await db.schema.dropTable("lesson_notes").ifExists().execute();
    },
  };
};
