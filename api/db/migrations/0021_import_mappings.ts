import type { Kysely } from "kysely";
import type { DialectMigration } from "../types";

/**
 * What a school chose for the columns of its import files that no field's header names: one row per
 * school, kind and header (as compared, `headerKey`), holding the field it fills or "" to ignore it; and
 * each check's report of how its file was read (its header row, the rows skipped, the values read
 * otherwise than written, the mapping step), kept with the check.
 */
export const importMappings: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("import_mappings")
      .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("header_key", "text", (c) => c.notNull())
      .addColumn("field", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("import_mappings_pk", ["school_id", "kind", "header_key"])
      .execute();
    await db.schema.alterTable("imports").addColumn("report", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("imports").dropColumn("report").execute();
    await db.schema.dropTable("import_mappings").ifExists().execute();
  },
});
