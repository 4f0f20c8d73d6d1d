import type { Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * The file manager. Folders have a case-free `name_key`, unique per school. `files.storage_key` names
 * the bytes in the file storage. `file_uploads` holds each upload form's idempotency key, so a re-sent
 * upload finds the files it already stored. `school_storage` keeps the bytes a school uses (reserved
 * before an upload stores anything, so concurrent uploads never pass the quota together) and the key
 * that signs its share links.
 */
export const files: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("file_folders")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_key", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("file_folders_school_name")
        .on("file_folders")
        .columns(["school_id", "name_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("file_uploads")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("idempotency_key", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("file_uploads_school_key")
        .on("file_uploads")
        .columns(["school_id", "idempotency_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("files")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("folder_id", "integer", (c) => c.notNull().references("file_folders.id"))
        .addColumn("upload_id", "integer", (c) => c.references("file_uploads.id"))
        .addColumn("storage_key", "text", (c) => c.notNull().unique())
        .addColumn("original_name", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("mime_type", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("files_school_folder")
        .on("files")
        .columns(["school_id", "folder_id", "id"])
        .execute();
      await db.schema.createIndex("files_upload").on("files").column("upload_id").execute();

      await db.schema
        .createTable("school_storage")
        .addColumn("school_id", "integer", (c) => c.primaryKey().references("schools.id").onDelete("cascade"))
        .addColumn("used_bytes", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("share_key", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["school_storage", "files", "file_uploads", "file_folders"]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
};
