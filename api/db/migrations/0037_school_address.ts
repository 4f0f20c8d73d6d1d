import type { Kysely } from "kysely";
import type { DialectMigration } from "../types";

/** The school's postal address, which its report cards print under its name; optional, as schools registered without one. */
export const schoolAddress: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("schools").addColumn("address", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("schools").dropColumn("address").execute();
  },
});
