import type { Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/** Sub-admins with their feature keys, whose sign-ins they are, and the audit log. */
export const subAdmins: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("sub_admins")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("phone", "text")
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("features", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("idempotency_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("sub_admins_school_email")
        .on("sub_admins")
        .columns(["school_id", "email"])
        .unique()
        .execute();
      await db.schema
        .createIndex("sub_admins_school_key")
        .on("sub_admins")
        .columns(["school_id", "idempotency_key"])
        .unique()
        .execute();

      await db.schema
        .alterTable("auth_tokens")
        .addColumn("sub_admin_id", "integer", (c) => c.references("sub_admins.id").onDelete("cascade"))
        .execute();
      await db.schema.createIndex("auth_tokens_sub_admin").on("auth_tokens").column("sub_admin_id").execute();

      // No foreign key to sub_admins: an entry outlives the sub-admin who made it, under the name it kept.
      await db.schema
        .createTable("audit_log")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("sub_admin_id", "integer")
        .addColumn("actor_name", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("summary", "text", (c) => c.notNull())
        .addColumn("record_ids", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("audit_log_school_time")
        .on("audit_log")
        .columns(["school_id", "created_at", "id"])
        .execute();
      await db.schema
        .createIndex("audit_log_school_kind")
        .on("audit_log")
        .columns(["school_id", "kind", "created_at"])
        .execute();
      await db.schema
        .createIndex("audit_log_school_actor")
        .on("audit_log")
        .columns(["school_id", "sub_admin_id", "created_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("audit_log").ifExists().execute();
      await db.schema.alterTable("auth_tokens").dropColumn("sub_admin_id").execute();
      await db.schema.dropTable("sub_admins").ifExists().execute();
    },
  };
};
