import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * Money paid online through Paystack (docs/decisions.md, Online payments):
 * - `bank_accounts` gains the school's Paystack subaccount (its code, and whether registering it worked), so the
 *   money settles into the school's own account.
 * - `admission_submissions` gains its fee's state (`not_required`, `unpaid`, `paid`, `at_school`) and the reference
 *   of the payment that paid it.
 * - `online_payments`: one row per payment started, by our own reference (unique: the callback, the webhook and the
 *   periodic check record it once however often and in whatever order they come), what it pays (an application or
 *   a student's fees), the amount asked, the subaccount it was sent to, and once verified its status, Paystack's
 *   fee and the ledger payment it became. `sandbox_outcome` is the test checkout's answer (PAYMENTS_SANDBOX=1 only).
 */
export const onlinePayments: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  const school = (c: ColumnDefinitionBuilder) => c.notNull().references("schools.id").onDelete("cascade");
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("bank_accounts").addColumn("subaccount_code", "text").execute();
      await db.schema.alterTable("bank_accounts").addColumn("subaccount_status", "text").execute();
      await db.schema
        .alterTable("admission_submissions")
        .addColumn("payment_status", "text", (c) => c.notNull().defaultTo("not_required"))
        .execute();
      await db.schema.alterTable("admission_submissions").addColumn("payment_reference", "text").execute();

      await db.schema
        .createTable("online_payments")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("reference", "text", (c) => c.notNull().unique())
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("submission_id", "integer", (c) => c.references("admission_submissions.id").onDelete("set null"))
        .addColumn("student_id", "integer", (c) => c.references("students.id").onDelete("set null"))
        .addColumn("term", "text")
        .addColumn("session", "text")
        .addColumn("payer_name", "text", (c) => c.notNull())
        .addColumn("payer_email", "text", (c) => c.notNull())
        .addColumn("amount_kobo", "bigint", (c) => c.notNull())
        .addColumn("subaccount_code", "text")
        .addColumn("gateway", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("paystack_fee_kobo", "bigint")
        .addColumn("credit_kobo", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("fee_payment_id", "integer")
        .addColumn("sandbox_outcome", "text")
        .addColumn("paid_at", "text")
        .addColumn("checked_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      // The reconciliation page (a school's payments, newest first) and the periodic check of pending ones.
      await db.schema
        .createIndex("online_payments_school")
        .on("online_payments")
        .columns(["school_id", "id"])
        .execute();
      await db.schema
        .createIndex("online_payments_pending")
        .on("online_payments")
        .columns(["status", "created_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("online_payments").ifExists().execute();
      await db.schema.alterTable("admission_submissions").dropColumn("payment_reference").execute();
      await db.schema.alterTable("admission_submissions").dropColumn("payment_status").execute();
      await db.schema.alterTable("bank_accounts").dropColumn("subaccount_status").execute();
      await db.schema.alterTable("bank_accounts").dropColumn("subaccount_code").execute();
    },
  };
};
