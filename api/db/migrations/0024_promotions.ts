import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * The end of a session (docs/product.md, Promotion):
 * - `promotion_rules`: a school's next class for each class (JSON of class → next class, null to graduate; a
 *   class left out takes the default) and the two marks its annual averages are read against.
 * - `promotions`: each promotion done, one per ending session, with what it changed in the settings so that it can
 *   be undone; an undone promotion is deleted with its moves.
 * - `promotion_moves`: each student a promotion moved, with the class before and after (null after: graduated).
 */
export const promotions: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  const school = (c: ColumnDefinitionBuilder) => c.notNull().references("schools.id").onDelete("cascade");
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("promotion_rules")
        .addColumn("school_id", "integer", (c) => school(c).primaryKey())
        .addColumn("next_classes", "text", (c) => c.notNull())
        .addColumn("lower_mark", "integer", (c) => c.notNull())
        .addColumn("upper_mark", "integer", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("promotions")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("ending_session", "text", (c) => c.notNull())
        .addColumn("new_session", "text", (c) => c.notNull())
        .addColumn("settings_before", "text", (c) => c.notNull())
        .addColumn("counts", "text", (c) => c.notNull())
        .addColumn("idempotency_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      // One promotion per ending session: a second submit, even at the same moment, is refused.
      await db.schema
        .createIndex("promotions_session")
        .on("promotions")
        .columns(["school_id", "ending_session"])
        .unique()
        .execute();
      await db.schema
        .createIndex("promotions_key")
        .on("promotions")
        .columns(["school_id", "idempotency_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("promotion_moves")
        .addColumn("promotion_id", "integer", (c) => c.notNull().references("promotions.id").onDelete("cascade"))
        .addColumn("school_id", "integer", school)
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id").onDelete("cascade"))
        .addColumn("from_class", "text")
        .addColumn("to_class", "text")
        .addColumn("graduated", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("promotion_moves_pk", ["promotion_id", "student_id"])
        .execute();
      await db.schema.createIndex("promotion_moves_student").on("promotion_moves").column("student_id").execute();

      // On PostgreSQL the students' fee version moved once per row written, each a new version of one row: 5,000
      // students moved at once took seconds. It now moves once per statement and school, which the overview's
      // cache needs no more than that.
      if (dialect === "postgres") {
        await sql`drop trigger if exists fee_version_students on students`.execute(db);
        await sql`create or replace function fee_version_bump_rows() returns trigger language plpgsql as $$
          begin
            insert into fee_versions (school_id, version) select distinct school_id, 1 from changed_rows
              on conflict (school_id) do update set version = fee_versions.version + 1;
            return null;
          end $$`.execute(db);
        for (const [op, rows] of [
          ["insert", "new"],
          ["update", "new"],
          ["delete", "old"],
        ] as const) {
          await sql`create trigger ${sql.raw(`fee_version_students_${op}`)} after ${sql.raw(op)} on students referencing ${sql.raw(rows)} table as changed_rows for each statement execute function fee_version_bump_rows()`.execute(
            db,
          );
        }
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === "postgres") {
        for (const op of ["insert", "update", "delete"])
          await sql`drop trigger if exists ${sql.raw(`fee_version_students_${op}`)} on students`.execute(db);
        await sql`create trigger fee_version_students after insert or update or delete on students for each row execute function fee_version_bump()`.execute(
          db,
        );
      }
      await db.schema.dropIndex("promotion_moves_student").ifExists().execute();
      await db.schema.dropTable("promotion_moves").ifExists().execute();
      await db.schema.dropIndex("promotions_key").ifExists().execute();
      await db.schema.dropIndex("promotions_session").ifExists().execute();
      await db.schema.dropTable("promotions").ifExists().execute();
      await db.schema.dropTable("promotion_rules").ifExists().execute();
    },
  };
};
