import { sql, type Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

export const foundation: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("schools")
        .addColumn("id", id, idColumn)
        .addColumn("unique_id", "text", (c) => c.notNull().unique())
        .addColumn("school_name", "text", (c) => c.notNull())
        .addColumn("principal_name", "text", (c) => c.notNull())
        .addColumn("school_email", "text", (c) => c.notNull())
        .addColumn("phone_number", "text", (c) => c.notNull())
        .addColumn("logo_key", "text")
        .addColumn("signature_key", "text")
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("registration_key", "text", (c) => c.unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("auth_tokens")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("auth_tokens_school").on("auth_tokens").column("school_id").execute();

      await db.schema
        .createTable("login_failures")
        .addColumn("id", id, idColumn)
        .addColumn("login_key", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("login_failures_key")
        .on("login_failures")
        .columns(["login_key", "created_at"])
        .execute();

      await db.schema
        .createTable("students")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("unique_id", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("class_name", "text")
        .addColumn("gender", "text", (c) => c.notNull())
        .addColumn("phone_number", "text")
        .addColumn("email", "text")
        .addColumn("address", "text")
        .addColumn("admission_number", "text")
        .addColumn("takes_lesson", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("subjects", "text")
        .addColumn("subject_combo", "text")
        .addColumn("profile_img_key", "text")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
        .addColumn("backlog_reason", "text")
        .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("students_school_status_class")
        .on("students")
        .columns(["school_id", "status", "class_name", "name"])
        .execute();
      await db.schema
        .createIndex("students_school_status_name")
        .on("students")
        .columns(["school_id", "status", "name"])
        .execute();
      await db.schema
        .createIndex("students_school_gender")
        .on("students")
        .columns(["school_id", "status", "gender"])
        .execute();
      // One admission number per school; several students may have none.
      await sql`create unique index students_school_admission on students (school_id, admission_number) where admission_number is not null`.execute(
        db,
      );

      await db.schema
        .createTable("staff")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("unique_id", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text")
        .addColumn("phone", "text")
        .addColumn("address", "text")
        .addColumn("position", "text")
        .addColumn("class_name", "text")
        .addColumn("form_teacher", "text")
        .addColumn("subjects", "text")
        .addColumn("is_teaching_staff", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("gender", "text")
        .addColumn("profile_img_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("staff_school_teaching")
        .on("staff")
        .columns(["school_id", "is_teaching_staff"])
        .execute();

      await db.schema
        .createTable("media")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("mime_type", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["media", "staff", "students", "login_failures", "auth_tokens", "schools"]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
};
