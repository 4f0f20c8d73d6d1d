import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * School fees: fee items, optional fees put on students' bills, discounts, payments and the school's
 * running receipt number.
 *
 * - A bill is never stored: it is worked out from these rows, the student's class and the inventory sales
 *   of the term, so it can never disagree with them.
 * - Money is integer kobo in `bigint` columns; PostgreSQL answers bigint as text, read with Number().
 * - A payment is never deleted: a reversal fills `reversed_at` and `reversal_reason`.
 * - `idempotency_key` is a create form's key: a re-sent form finds the row it already made.
 */
/** What a bill is made of: a write to any of these moves the school's fee version on. */
const BILL_TABLES = [
  "students",
  "school_settings",
  "inventory_purchases",
  "fee_items",
  "fee_assignments",
  "fee_discounts",
  "fee_payments",
];

export const fees: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  const school = (c: ColumnDefinitionBuilder) => c.notNull().references("schools.id").onDelete("cascade");
  const student = (c: ColumnDefinitionBuilder) => c.notNull().references("students.id").onDelete("cascade");

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("fee_items")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_key", "text", (c) => c.notNull())
        .addColumn("amount_kobo", "bigint", (c) => c.notNull())
        .addColumn("applies_to", "text", (c) => c.notNull())
        .addColumn("target", "text")
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("session", "text", (c) => c.notNull())
        .addColumn("compulsory", "integer", (c) => c.notNull())
        .addColumn("retired", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("idempotency_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("fee_items_school_term")
        .on("fee_items")
        .columns(["school_id", "session", "term", "name_key"])
        .execute();
      await db.schema
        .createIndex("fee_items_school_key")
        .on("fee_items")
        .columns(["school_id", "idempotency_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("fee_assignments")
        .addColumn("fee_item_id", "integer", (c) => c.notNull().references("fee_items.id").onDelete("cascade"))
        .addColumn("student_id", "integer", student)
        .addColumn("school_id", "integer", school)
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("fee_assignments_pk", ["fee_item_id", "student_id"])
        .execute();
      await db.schema
        .createIndex("fee_assignments_student")
        .on("fee_assignments")
        .columns(["student_id", "fee_item_id"])
        .execute();

      await db.schema
        .createTable("fee_discounts")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("student_id", "integer", student)
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("session", "text", (c) => c.notNull())
        .addColumn("amount_kobo", "bigint", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("idempotency_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("fee_discounts_term_student")
        .on("fee_discounts")
        .columns(["school_id", "session", "term", "student_id"])
        .execute();
      await db.schema.createIndex("fee_discounts_student").on("fee_discounts").column("student_id").execute();
      await db.schema
        .createIndex("fee_discounts_school_key")
        .on("fee_discounts")
        .columns(["school_id", "idempotency_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("fee_payments")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("receipt_no", "integer", (c) => c.notNull())
        // A deleted student's payments stay, under the name and class they were paid with.
        .addColumn("student_id", "integer", (c) => c.references("students.id").onDelete("set null"))
        .addColumn("student_name", "text", (c) => c.notNull())
        .addColumn("student_class", "text")
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("session", "text", (c) => c.notNull())
        .addColumn("amount_kobo", "bigint", (c) => c.notNull())
        .addColumn("paid_on", "text", (c) => c.notNull())
        .addColumn("method", "text", (c) => c.notNull())
        .addColumn("reference", "text")
        .addColumn("idempotency_key", "text")
        .addColumn("recorded_at", "text", (c) => c.notNull())
        .addColumn("reversed_at", "text")
        .addColumn("reversal_reason", "text")
        .execute();
      await db.schema
        .createIndex("fee_payments_receipt")
        .on("fee_payments")
        .columns(["school_id", "receipt_no"])
        .unique()
        .execute();
      await db.schema
        .createIndex("fee_payments_school_key")
        .on("fee_payments")
        .columns(["school_id", "idempotency_key"])
        .unique()
        .execute();
      // The bills' and the overview's sums of a term, per student, and the collections per day.
      await db.schema
        .createIndex("fee_payments_term_student")
        .on("fee_payments")
        .columns(["school_id", "session", "term", "student_id", "amount_kobo"])
        .where(sql.ref("reversed_at"), "is", null)
        .execute();
      await db.schema
        .createIndex("fee_payments_term_day")
        .on("fee_payments")
        .columns(["school_id", "session", "term", "paid_on", "amount_kobo"])
        .where(sql.ref("reversed_at"), "is", null)
        .execute();
      await db.schema
        .createIndex("fee_payments_student")
        .on("fee_payments")
        .columns(["student_id", "recorded_at"])
        .execute();

      await db.schema
        .createTable("fee_receipt_counters")
        .addColumn("school_id", "integer", (c) => c.primaryKey().references("schools.id").onDelete("cascade"))
        .addColumn("last_receipt_no", "integer", (c) => c.notNull())
        .execute();

      // A number per school that every write to what bills are made of moves on, in the writing transaction:
      // the overview is kept while it stands still. No foreign key: deleting a school deletes its students,
      // whose triggers write here.
      await db.schema
        .createTable("fee_versions")
        .addColumn("school_id", "integer", (c) => c.primaryKey())
        .addColumn("version", "integer", (c) => c.notNull())
        .execute();
      if (dialect === "postgres") {
        await sql`create or replace function fee_version_bump() returns trigger language plpgsql as $$
          begin
            if tg_op = 'DELETE' then
              insert into fee_versions (school_id, version) values (old.school_id, 1) on conflict (school_id) do update set version = fee_versions.version + 1;
            else
              insert into fee_versions (school_id, version) values (new.school_id, 1) on conflict (school_id) do update set version = fee_versions.version + 1;
            end if;
            return null;
          end $$`.execute(db);
        for (const table of BILL_TABLES) {
          await sql`create trigger ${sql.raw(`fee_version_${table}`)} after insert or update or delete on ${sql.table(table)} for each row execute function fee_version_bump()`.execute(
            db,
          );
        }
      } else {
        for (const table of BILL_TABLES) {
          for (const [op, row] of [
            ["insert", "new"],
            ["update", "new"],
            ["delete", "old"],
          ] as const) {
            await sql`create trigger ${sql.raw(`fee_version_${table}_${op}`)} after ${sql.raw(op)} on ${sql.table(table)} begin
              insert into fee_versions (school_id, version) values (${sql.raw(row)}.school_id, 1) on conflict (school_id) do update set version = version + 1;
            end`.execute(db);
          }
        }
      }

      // The bills read a term's sales per student; the inventory's own indexes start with the sale's date.
      await db.schema
        .createIndex("inventory_purchases_term_student")
        .on("inventory_purchases")
        .columns(["school_id", "session", "term", "student_id", "total_kobo"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("inventory_purchases_term_student").ifExists().execute();
      for (const table of BILL_TABLES) {
        if (dialect === "postgres")
          await sql`drop trigger if exists ${sql.raw(`fee_version_${table}`)} on ${sql.table(table)}`.execute(db);
        else
          for (const op of ["insert", "update", "delete"])
            await sql`drop trigger if exists ${sql.raw(`fee_version_${table}_${op}`)}`.execute(db);
      }
      if (dialect === "postgres") await sql`drop function if exists fee_version_bump()`.execute(db);
      await db.schema.dropTable("fee_versions").ifExists().execute();
      for (const table of ["fee_receipt_counters", "fee_payments", "fee_discounts", "fee_assignments", "fee_items"]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
};
