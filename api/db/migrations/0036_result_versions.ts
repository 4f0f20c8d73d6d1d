import { sql, type Kysely } from "kysely";
import type { DialectMigration } from "../types";

/**
 * `result_versions`: a number per school that moves on, in the writing transaction, with every write to what a
 * class's worked-out results are made of (scores, publications and corrections, students and their class history,
 * settings, the term calendar and promotions). The broadsheet is kept while it stands still (as the fee overview is
 * kept under `fee_versions`, migration 0011), so a kept one is never stale, in this process or another.
 *
 * PostgreSQL moves it once per statement and school (transition tables), since a promotion or an import writes
 * thousands of rows in one statement; SQLite, once per row.
 */
export const RESULT_TABLES = [
  "result_scores",
  "result_publications",
  "result_corrections",
  "students",
  "student_classes",
  "school_settings",
  "term_dates",
  "promotions",
] as const;

const TRANSITIONS = [
  ["insert", "new"],
  ["update", "new"],
  ["delete", "old"],
] as const;

export const resultVersions: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    // No foreign key: deleting a school deletes its students, whose triggers write here.
    await db.schema
      .createTable("result_versions")
      .addColumn("school_id", "integer", (c) => c.primaryKey())
      .addColumn("version", "integer", (c) => c.notNull())
      .execute();
    if (dialect === "postgres") {
      await sql`create or replace function result_version_bump_rows() returns trigger language plpgsql as $$
          begin
            insert into result_versions (school_id, version) select distinct school_id, 1 from changed_rows
              on conflict (school_id) do update set version = result_versions.version + 1;
            return null;
          end $$`.execute(db);
      for (const table of RESULT_TABLES)
        for (const [op, rows] of TRANSITIONS)
          await sql`create trigger ${sql.raw(`result_version_${table}_${op}`)} after ${sql.raw(op)} on ${sql.table(table)} referencing ${sql.raw(rows)} table as changed_rows for each statement execute function result_version_bump_rows()`.execute(
            db,
          );
      return;
    }
    for (const table of RESULT_TABLES)
      for (const [op, row] of TRANSITIONS)
        await sql`create trigger ${sql.raw(`result_version_${table}_${op}`)} after ${sql.raw(op)} on ${sql.table(table)} begin
            insert into result_versions (school_id, version) values (${sql.raw(row)}.school_id, 1) on conflict (school_id) do update set version = version + 1;
          end`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of RESULT_TABLES)
      for (const [op] of TRANSITIONS)
        await (
          dialect === "postgres"
            ? sql`drop trigger if exists ${sql.raw(`result_version_${table}_${op}`)} on ${sql.table(table)}`
            : sql`drop trigger if exists ${sql.raw(`result_version_${table}_${op}`)}`
        ).execute(db);
    if (dialect === "postgres") await sql`drop function if exists result_version_bump_rows()`.execute(db);
    await db.schema.dropTable("result_versions").ifExists().execute();
  },
});
