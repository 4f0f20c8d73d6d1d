import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * The notification centre (docs/product.md, Notifications): one row per event, whoever sees it. `feature` is the
 * menu key a sub-admin needs to see it; `class_name`, when set, lets a teacher of that class see it too. `dedupe_key`
 * (unique per school when set) keeps an event the jobs find twice (a register not taken) to one row. Read state is
 * per reader ("main", "sub:{id}", "staff:{id}"): one row per notification read one by one, and one watermark per
 * reader for "mark all as read" (every notification up to `read_through_id`), so neither fan-out nor marking all
 * writes a row per user per event. Rows older than 90 days are removed by the daily sweep, their reads with them.
 *
 * Every submission of the school filtered by the class applied into (/super-admin/admissions): its index.
 */
export const notifications: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  const cascade = (table: string) => (c: ColumnDefinitionBuilder) => c.references(`${table}.id`).onDelete("cascade");
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("notifications")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => cascade("schools")(c).notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("feature", "text", (c) => c.notNull())
        .addColumn("class_name", "text")
        .addColumn("summary", "text", (c) => c.notNull())
        .addColumn("link", "text", (c) => c.notNull())
        .addColumn("staff_link", "text")
        .addColumn("dedupe_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      // The list and the unread count: the school's newest first, by id.
      await db.schema.createIndex("notifications_school").on("notifications").columns(["school_id", "id"]).execute();
      await db.schema.createIndex("notifications_created").on("notifications").columns(["created_at"]).execute();
      await db.schema
        .createIndex("notifications_dedupe")
        .on("notifications")
        .columns(["school_id", "dedupe_key"])
        .unique()
        .execute();
      await db.schema
        .createTable("notification_reads")
        .addColumn("notification_id", "integer", (c) => cascade("notifications")(c).notNull())
        .addColumn("reader", "text", (c) => c.notNull())
        .addColumn("school_id", "integer", (c) => cascade("schools")(c).notNull())
        .addColumn("read_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("notification_reads_pk", ["notification_id", "reader"])
        .execute();
      await db.schema
        .createTable("notification_readers")
        .addColumn("school_id", "integer", (c) => cascade("schools")(c).notNull())
        .addColumn("reader", "text", (c) => c.notNull())
        .addColumn("read_through_id", "integer", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("notification_readers_pk", ["school_id", "reader"])
        .execute();
      await db.schema
        .createIndex("admission_submissions_school_class")
        .on("admission_submissions")
        .columns(["school_id", "class_applying_into", "id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("admission_submissions_school_class").ifExists().execute();
      await db.schema.dropTable("notification_readers").ifExists().execute();
      await db.schema.dropTable("notification_reads").ifExists().execute();
      await db.schema.dropTable("notifications").ifExists().execute();
    },
  };
};
