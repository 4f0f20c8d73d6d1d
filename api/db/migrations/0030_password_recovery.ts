import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * Password recovery (docs/product.md, Password recovery): one row per reset link sent. The account is the
 * school's main admin when both `sub_admin_id` and `staff_id` are null, else that sub-admin or teacher; only the
 * link's SHA-256 is kept (`token_hash`, unique); `used_at` is set by the one reset that uses it; a link is
 * good until `expires_at` (30 minutes). Deleting the school, sub-admin or staff member deletes their links.
 *
 * The main admin's sessions (/super-admin/profile): each `auth_tokens` row keeps the browser it signed in from
 * (`user_agent`, as sent, cut to 300 characters; null for sessions from before this migration), and
 * `session_activity` when it was last used, written at most once a minute by the calls themselves: a table of its
 * own, bookkeeping like the job queue's, so that a call that writes nothing else leaves the school's rows as they were.
 */
export const passwordRecovery: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  const cascade = (table: string) => (c: ColumnDefinitionBuilder) => c.references(`${table}.id`).onDelete("cascade");
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("password_resets")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => cascade("schools")(c).notNull())
        .addColumn("sub_admin_id", "integer", cascade("sub_admins"))
        .addColumn("staff_id", "integer", cascade("staff"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema
        .createIndex("password_resets_account")
        .on("password_resets")
        .columns(["school_id", "sub_admin_id", "staff_id"])
        .execute();
      await db.schema.alterTable("auth_tokens").addColumn("user_agent", "text").execute();
      await db.schema
        .createTable("session_activity")
        .addColumn("token_id", "integer", (c) => c.primaryKey().references("auth_tokens.id").onDelete("cascade"))
        .addColumn("last_seen_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("session_activity").ifExists().execute();
      await db.schema.alterTable("auth_tokens").dropColumn("user_agent").execute();
      await db.schema.dropTable("password_resets").ifExists().execute();
    },
  };
};
