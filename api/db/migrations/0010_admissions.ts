import type { Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * Admissions. A form is found by its random `public_id` (its public link); a deleted form keeps its row
 * (`deleted_at`) so its submissions stay reviewable. A submission keeps its text answers as JSON, the
 * columns the list filters and shows, a hash of the address it came from (per-address limit), and the
 * student approving it made. Documents are stored bytes named by a random key, outside `media` (which
 * serves anyone holding a key): only the school's admins read them.
 */
export const admissions: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("admission_forms")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("public_id", "text", (c) => c.notNull().unique())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("amount_kobo", "bigint", (c) => c.notNull())
        .addColumn("cbt_enabled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("idempotency_key", "text")
        .addColumn("deleted_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("admission_forms_school")
        .on("admission_forms")
        .columns(["school_id", "id"])
        .execute();
      await db.schema
        .createIndex("admission_forms_school_key")
        .on("admission_forms")
        .columns(["school_id", "idempotency_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("admission_submissions")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("form_id", "integer", (c) => c.notNull().references("admission_forms.id").onDelete("cascade"))
        .addColumn("reference", "text", (c) => c.notNull().unique())
        .addColumn("student_name", "text", (c) => c.notNull())
        .addColumn("class_applying_into", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("form_data", "text", (c) => c.notNull())
        .addColumn("address_hash", "text", (c) => c.notNull())
        .addColumn("idempotency_key", "text")
        .addColumn("student_id", "integer", (c) => c.references("students.id").onDelete("set null"))
        .addColumn("reviewed_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("admission_submissions_school_status")
        .on("admission_submissions")
        .columns(["school_id", "status", "id"])
        .execute();
      await db.schema
        .createIndex("admission_submissions_form")
        .on("admission_submissions")
        .columns(["form_id", "created_at"])
        .execute();
      await db.schema
        .createIndex("admission_submissions_address")
        .on("admission_submissions")
        .columns(["address_hash", "created_at"])
        .execute();
      await db.schema
        .createIndex("admission_submissions_form_key")
        .on("admission_submissions")
        .columns(["form_id", "idempotency_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("admission_documents")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("submission_id", "integer", (c) =>
          c.notNull().references("admission_submissions.id").onDelete("cascade"),
        )
        .addColumn("field", "text", (c) => c.notNull())
        .addColumn("storage_key", "text", (c) => c.notNull().unique())
        .addColumn("original_name", "text", (c) => c.notNull())
        .addColumn("mime_type", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("admission_documents_submission")
        .on("admission_documents")
        .columns(["submission_id", "field"])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["admission_documents", "admission_submissions", "admission_forms"]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
};
