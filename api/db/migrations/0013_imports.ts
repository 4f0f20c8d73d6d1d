import { sql, type Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * Bulk imports. A checked file waits here under an unguessable `token` (its rows as read, their
 * problems, and the records they make when they have none) until its 'Import N rows' or its expiry.
 * Once imported it keeps only its `file_hash`: the partial unique index allows one import of the same
 * file per school and kind, so the same file sent twice, or two commits racing, add its rows once.
 */
export const imports: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("imports")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("token", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("file_hash", "text", (c) => c.notNull())
        .addColumn("file_name", "text", (c) => c.notNull())
        .addColumn("headers", "text", (c) => c.notNull())
        .addColumn("rows", "text", (c) => c.notNull())
        .addColumn("row_count", "integer", (c) => c.notNull())
        .addColumn("problems", "text", (c) => c.notNull())
        .addColumn("prepared", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("added", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("imported_at", "text")
        .execute();
      await db.schema
        .createIndex("imports_school_kind_hash")
        .on("imports")
        .columns(["school_id", "kind", "file_hash"])
        .execute();
      await sql`create unique index imports_once on imports (school_id, kind, file_hash) where status = 'imported'`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("imports").ifExists().execute();
    },
  };
};
