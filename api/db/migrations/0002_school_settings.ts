import type { Kysely } from "kysely";
import type { DialectMigration } from "../types";

/**
 * One row per school that has saved settings, holding the parts it saved as JSON text; a school
 * without a row (or a part missing from it) gets the defaults of contract/settings.ts.
 */
export const schoolSettings: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("school_settings")
      .addColumn("school_id", "integer", (c) => c.primaryKey().references("schools.id").onDelete("cascade"))
      .addColumn("settings", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("school_settings").ifExists().execute();
  },
});
