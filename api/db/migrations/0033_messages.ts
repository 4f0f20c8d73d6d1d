import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * Messages to parents (docs/product.md, Messages to parents). `messages` is what was written and to whom
 * (`audience`, `target`: a class or a section), by whom (`staff_id` for a teacher, so that a teacher sees their own),
 * with the form's idempotency key (unique per school: a double submit makes one message). `message_recipients` is
 * the delivery log: one row per parent and channel (`recipient_key`, unique per message, so that building the list
 * twice never makes two rows), or per student no parent reaches (`channel` "none"), each with the text it carries
 * (a parent's own balance), the children whose published report card it links (`report_cards`, JSON: the links
 * themselves are made as the line is sent, so that no token is stored), its status and the provider's reason. `sms_usage` counts the SMS a school sent each day
 * (Lagos time) against its cap, which `message_settings` keeps when the main admin changed it, with whether a
 * receipt goes to the parents when a payment is recorded (`payment_receipts`, 0/1).
 */
export const messages: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  const cascade = (table: string) => (c: ColumnDefinitionBuilder) => c.references(`${table}.id`).onDelete("cascade");
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("messages")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => cascade("schools")(c).notNull())
        .addColumn("audience", "text", (c) => c.notNull())
        .addColumn("target", "text")
        .addColumn("channels", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("staff_id", "integer", (c) => c.references("staff.id").onDelete("set null"))
        .addColumn("sent_by", "text", (c) => c.notNull())
        .addColumn("idempotency_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("messages_list").on("messages").columns(["school_id", "created_at"]).execute();
      await db.schema
        .createIndex("messages_idempotency")
        .on("messages")
        .columns(["school_id", "idempotency_key"])
        .unique()
        .execute();
      await db.schema
        .createTable("message_recipients")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => cascade("schools")(c).notNull())
        .addColumn("message_id", "integer", (c) => cascade("messages")(c).notNull())
        .addColumn("recipient_key", "text", (c) => c.notNull())
        .addColumn("parent_name", "text")
        .addColumn("students", "text", (c) => c.notNull())
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("address", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("report_cards", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("reason", "text")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("message_recipients_key")
        .on("message_recipients")
        .columns(["message_id", "recipient_key"])
        .unique()
        .execute();
      await db.schema
        .createIndex("message_recipients_status")
        .on("message_recipients")
        .columns(["school_id", "message_id", "status"])
        .execute();
      await db.schema
        .createTable("sms_usage")
        .addColumn("school_id", "integer", (c) => cascade("schools")(c).notNull())
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("used", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("sms_usage_pk", ["school_id", "day"])
        .execute();
      await db.schema
        .createTable("message_settings")
        .addColumn("school_id", "integer", (c) => c.primaryKey().references("schools.id").onDelete("cascade"))
        .addColumn("daily_sms_cap", "integer", (c) => c.notNull())
        .addColumn("payment_receipts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("message_settings").ifExists().execute();
      await db.schema.dropTable("sms_usage").ifExists().execute();
      await db.schema.dropTable("message_recipients").ifExists().execute();
      await db.schema.dropTable("messages").ifExists().execute();
    },
  };
};
