import { sql, type Kysely } from "kysely";
import { randomKey } from "../../lib/crypto";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * Links that work without a sign-in (api/lib/public-links.ts): one row per link, holding the SHA-256 of
 * its token (never the token), its school, purpose and subject, when it stops working and when it was
 * revoked. File share links move here from signatures made with `school_storage.share_key`, which is
 * dropped: those links were never stored, so none is carried over (each lived 5 minutes at most).
 */
export const publicLinks: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("public_links")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("revoked_at", "text")
        .execute();
      // Revoking a subject's links, and clearing a school's long-expired ones.
      await db.schema
        .createIndex("public_links_school_subject")
        .on("public_links")
        .columns(["school_id", "purpose", "subject"])
        .execute();
      await db.schema
        .createIndex("public_links_school_expiry")
        .on("public_links")
        .columns(["school_id", "expires_at"])
        .execute();
      await db.schema.alterTable("school_storage").dropColumn("share_key").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("public_links").ifExists().execute();
      await db.schema.alterTable("school_storage").addColumn("share_key", "text").execute();
      const schools = await sql<{ school_id: number }>`select school_id from school_storage`.execute(db);
      for (const { school_id } of schools.rows) {
        await sql`update school_storage set share_key = ${randomKey() + randomKey()} where school_id = ${school_id}`.execute(
          db,
        );
      }
    },
  };
};
