import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DialectMigration } from "../types";

/**
 * The term calendar: each term's dates per school and session, and the days the school is closed within
 * a term. Dates are YYYY-MM-DD text (a day in Lagos), which sorts and compares as dates do. A term not set
 * has no row. Today's term is found by `(school_id, starts_on)`.
 */
export const calendar: DialectMigration = () => {
  const school = (c: ColumnDefinitionBuilder) => c.notNull().references("schools.id").onDelete("cascade");
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("term_dates")
        .addColumn("school_id", "integer", school)
        .addColumn("session", "text", (c) => c.notNull())
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("starts_on", "text", (c) => c.notNull())
        .addColumn("ends_on", "text", (c) => c.notNull())
        .addColumn("next_term_starts_on", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("term_dates_pk", ["school_id", "session", "term"])
        .execute();
      await db.schema
        .createIndex("term_dates_school_start")
        .on("term_dates")
        .columns(["school_id", "starts_on"])
        .execute();

      await db.schema
        .createTable("term_closures")
        .addColumn("school_id", "integer", school)
        .addColumn("session", "text", (c) => c.notNull())
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("closed_on", "text", (c) => c.notNull())
        .addColumn("name", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("term_closures_pk", ["school_id", "session", "term", "closed_on"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("term_closures").ifExists().execute();
      await db.schema.dropTable("term_dates").ifExists().execute();
    },
  };
};
