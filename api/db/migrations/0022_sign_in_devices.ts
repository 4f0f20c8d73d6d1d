import type { Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * Sign-in throttling by account and address: each failure keeps the address it came from (rows from before
 * this migration have none and count towards the account only). `sign_in_devices` holds the devices that have
 * signed in to an account (a random token's hash per device, one row per account it signed in to): those pass
 * the looser per-account ceiling.
 */
export const signInDevices: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("login_failures").addColumn("address", "text").execute();
      await db.schema
        .createTable("sign_in_devices")
        .addColumn("id", id, idColumn)
        .addColumn("device_hash", "text", (c) => c.notNull())
        .addColumn("login_key", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_used_at", "text", (c) => c.notNull())
        .addUniqueConstraint("sign_in_devices_device_key", ["device_hash", "login_key"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("sign_in_devices").ifExists().execute();
      await db.schema.alterTable("login_failures").dropColumn("address").execute();
    },
  };
};
