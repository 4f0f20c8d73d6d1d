import type { Kysely } from "kysely";
import type { DialectMigration } from "../types";

/**
 * The applicant's decision by message (docs/decisions.md, Messages to parents): whether the school sends it
 * (`message_settings.applicant_decisions`, 0/1, off), and on a line of the delivery log the submission whose
 * admission letter the email carries (`message_recipients.admission_letter`), so that the PDF is made as the line
 * is sent rather than stored.
 */
export const applicantDecisions: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("message_settings")
      .addColumn("applicant_decisions", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("message_recipients").addColumn("admission_letter", "integer").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("message_recipients").dropColumn("admission_letter").execute();
    await db.schema.alterTable("message_settings").dropColumn("applicant_decisions").execute();
  },
});
