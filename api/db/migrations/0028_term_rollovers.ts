import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * The end of a term (docs/product.md, Promotion): `term_rollovers` holds each 1st or 2nd Term a school ended, one
 * row per term and session, so that a second submit is refused and the school's current term reads as the next one
 * until its calendar or settings say later. Bills are not touched: arrears are worked out from the ledger.
 *
 * On PostgreSQL the fee version moves once per statement on `student_classes` too (as on `students`, migration
 * 0024): a promotion writes a class record for every student of the school, each bumping one row of
 * `fee_versions` under a per-row trigger.
 */
const TRANSITIONS = [
  ["insert", "new"],
  ["update", "new"],
  ["delete", "old"],
] as const;

export const termRollovers: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  const school = (c: ColumnDefinitionBuilder) => c.notNull().references("schools.id").onDelete("cascade");
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("term_rollovers")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("ending_term", "text", (c) => c.notNull())
        .addColumn("ending_session", "text", (c) => c.notNull())
        .addColumn("new_term", "text", (c) => c.notNull())
        .addColumn("settings_before", "text", (c) => c.notNull())
        .addColumn("idempotency_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      // One rollover per term ended: a second submit, even at the same moment, is refused.
      await db.schema
        .createIndex("term_rollovers_term")
        .on("term_rollovers")
        .columns(["school_id", "ending_session", "ending_term"])
        .unique()
        .execute();
      if (dialect === "postgres") {
        await sql`drop trigger if exists fee_version_student_classes on student_classes`.execute(db);
        for (const [op, rows] of TRANSITIONS) {
          await sql`create trigger ${sql.raw(`fee_version_student_classes_${op}`)} after ${sql.raw(op)} on student_classes referencing ${sql.raw(rows)} table as changed_rows for each statement execute function fee_version_bump_rows()`.execute(
            db,
          );
        }
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === "postgres") {
        for (const [op] of TRANSITIONS)
          await sql`drop trigger if exists ${sql.raw(`fee_version_student_classes_${op}`)} on student_classes`.execute(
            db,
          );
        await sql`create trigger fee_version_student_classes after insert or update or delete on student_classes for each row execute function fee_version_bump()`.execute(
          db,
        );
      }
      await db.schema.dropIndex("term_rollovers_term").ifExists().execute();
      await db.schema.dropTable("term_rollovers").ifExists().execute();
    },
  };
};
