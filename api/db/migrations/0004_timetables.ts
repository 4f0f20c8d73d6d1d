import type { Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * Timetables and their schedules. `creation_key` is the create form's idempotency key: a re-sent form
 * finds the row it already made. Times are "HH:MM" and dates "YYYY-MM-DD" text, so they sort as text.
 */
export const timetables: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("timetables")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("class_name", "text", (c) => c.notNull())
        .addColumn("session", "text", (c) => c.notNull())
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("venue", "text")
        .addColumn("creation_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("timetables_school_created")
        .on("timetables")
        .columns(["school_id", "created_at"])
        .execute();
      await db.schema
        .createIndex("timetables_school_key")
        .on("timetables")
        .columns(["school_id", "creation_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("timetable_schedules")
        .addColumn("id", id, idColumn)
        .addColumn("timetable_id", "integer", (c) => c.notNull().references("timetables.id").onDelete("cascade"))
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("schedule_day", "text", (c) => c.notNull())
        .addColumn("schedule_start_time", "text", (c) => c.notNull())
        .addColumn("schedule_end_time", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("venue", "text")
        .addColumn("schedule_date", "text")
        .addColumn("creation_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("timetable_schedules_timetable")
        .on("timetable_schedules")
        .columns(["timetable_id", "schedule_day", "schedule_start_time"])
        .execute();
      await db.schema
        .createIndex("timetable_schedules_key")
        .on("timetable_schedules")
        .columns(["timetable_id", "creation_key"])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("timetable_schedules").ifExists().execute();
      await db.schema.dropTable("timetables").ifExists().execute();
    },
  };
};
