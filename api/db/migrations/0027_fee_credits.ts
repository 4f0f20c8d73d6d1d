import { sql, type Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * A student's credit (docs/decisions.md, Online payments): money paid online above a bill's balance at the time.
 * Each credit is two rows of `fee_credits`, written in the transaction that records the online payment: the amount
 * taken off the term it was paid in (negative: that bill stays paid in full, not in credit) and the same amount
 * counted as paid on the student's next bill (the following term). The bills add these rows to what was paid, so
 * like payments they move the school's fee version (the overview is never stale).
 */
export const feeCredits: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("fee_credits")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id").onDelete("cascade"))
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("session", "text", (c) => c.notNull())
        .addColumn("amount_kobo", "bigint", (c) => c.notNull())
        .addColumn("online_payment_id", "integer", (c) =>
          c.notNull().references("online_payments.id").onDelete("cascade"),
        )
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("fee_credits_term_student")
        .on("fee_credits")
        .columns(["school_id", "session", "term", "student_id", "amount_kobo"])
        .execute();
      if (dialect === "postgres") {
        await sql`create trigger fee_version_fee_credits after insert or update or delete on fee_credits for each row execute function fee_version_bump()`.execute(
          db,
        );
      } else {
        for (const [op, row] of [
          ["insert", "new"],
          ["update", "new"],
          ["delete", "old"],
        ] as const) {
          await sql`create trigger ${sql.raw(`fee_version_fee_credits_${op}`)} after ${sql.raw(op)} on fee_credits begin
            insert into fee_versions (school_id, version) values (${sql.raw(row)}.school_id, 1) on conflict (school_id) do update set version = version + 1;
          end`.execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("fee_credits").ifExists().execute();
    },
  };
};
