import { sql, type Kysely } from "kysely";
import type { DialectMigration } from "../types";

/**
 * What a teacher teaches becomes (class, subject) pairs, and a timetable's schedule may name its teacher.
 *
 * - `staff_teaching` replaces `staff_classes` and `staff.subjects`, two separate lists that made a teacher
 *   of Mathematics in JSS1 and Physics in SS1 seem to teach Physics in JSS1. The lists are paired where
 *   only one pairing is possible: one class with its subjects, or one subject in each of the classes.
 *   Otherwise (several of each, or one list empty and not the other) the member gets no pairs and keeps
 *   the lists in `teaching_review` for the admin to pair on the staff form (docs/product.md, Staff).
 * - `timetable_schedules.teacher_id`: the member of staff who takes the period, if named; the index
 *   finds a teacher's other periods when a booking is checked for a clash.
 */

const BATCH = 500;

export interface OldTeaching {
  classes: string[];
  subjects: string[];
}

/** The pairs of a member's old lists, or null when they cannot be paired for sure. */
export function pairOldLists({ classes, subjects }: OldTeaching): { class: string; subject: string }[] | null {
  if (!classes.length && !subjects.length) return [];
  if (classes.length === 1 && subjects.length) return subjects.map((subject) => ({ class: classes[0], subject }));
  if (subjects.length === 1 && classes.length)
    return classes.map((className) => ({ class: className, subject: subjects[0] }));
  return null;
}

const splitComma = (text: string | null) => [
  ...new Set(
    (text ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

export const teaching: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("staff_teaching")
      .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id").onDelete("cascade"))
      .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
      .addColumn("class_name", "text", (c) => c.notNull())
      .addColumn("subject", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("staff_teaching_pk", ["staff_id", "class_name", "subject"])
      .execute();
    await db.schema
      .createIndex("staff_teaching_school_class")
      .on("staff_teaching")
      .columns(["school_id", "class_name", "staff_id"])
      .execute();
    await db.schema.alterTable("staff").addColumn("teaching_review", "text").execute();

    for (let after = 0; ; ) {
      const members = (
        await sql<{
          id: number;
          school_id: number;
          is_teaching_staff: number;
          subjects: string | null;
        }>`select id, school_id, is_teaching_staff, subjects from staff where id > ${after} order by id limit ${BATCH}`.execute(
          db,
        )
      ).rows;
      if (!members.length) break;
      const ids = members.map((m) => m.id);
      const classRows = (
        await sql<{
          staff_id: number;
          class_name: string;
        }>`select staff_id, class_name from staff_classes where staff_id in (${sql.join(ids)}) order by class_name`.execute(
          db,
        )
      ).rows;
      for (const member of members) {
        if (!member.is_teaching_staff) continue;
        const old = {
          classes: classRows.filter((r) => r.staff_id === member.id).map((r) => r.class_name),
          subjects: splitComma(member.subjects),
        };
        const pairs = pairOldLists(old);
        if (!pairs) {
          const review = JSON.stringify({ class: old.classes, subjects: old.subjects });
          await sql`update staff set teaching_review = ${review} where id = ${member.id}`.execute(db);
          continue;
        }
        for (const pair of pairs)
          await sql`insert into staff_teaching (staff_id, school_id, class_name, subject) values (${member.id}, ${member.school_id}, ${pair.class}, ${pair.subject})`.execute(
            db,
          );
      }
      after = ids[ids.length - 1];
    }

    await db.schema.dropTable("staff_classes").execute();
    await db.schema.alterTable("staff").dropColumn("subjects").execute();

    await db.schema.alterTable("timetable_schedules").addColumn("teacher_id", "integer").execute();
    await sql`create index timetable_schedules_teacher on timetable_schedules (school_id, teacher_id) where teacher_id is not null`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("timetable_schedules_teacher").ifExists().execute();
    await db.schema.alterTable("timetable_schedules").dropColumn("teacher_id").execute();
    await db.schema.alterTable("staff").addColumn("subjects", "text").execute();
    await db.schema
      .createTable("staff_classes")
      .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id").onDelete("cascade"))
      .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
      .addColumn("class_name", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("staff_classes_pk", ["staff_id", "class_name"])
      .execute();
    await db.schema
      .createIndex("staff_classes_school_class")
      .on("staff_classes")
      .columns(["school_id", "class_name", "staff_id"])
      .execute();
    await sql`insert into staff_classes (staff_id, school_id, class_name) select distinct staff_id, school_id, class_name from staff_teaching`.execute(
      db,
    );
    const members = (
      await sql<{
        id: number;
        school_id: number;
        teaching_review: string | null;
      }>`select id, school_id, teaching_review from staff`.execute(db)
    ).rows;
    for (const member of members) {
      const pairs = (
        await sql<{
          subject: string;
        }>`select distinct subject from staff_teaching where staff_id = ${member.id} order by subject`.execute(db)
      ).rows;
      const review = member.teaching_review
        ? (JSON.parse(member.teaching_review) as { class?: string[]; subjects?: string[] })
        : null;
      for (const className of review?.class ?? [])
        await sql`insert into staff_classes (staff_id, school_id, class_name) values (${member.id}, ${member.school_id}, ${className})`.execute(
          db,
        );
      const subjects = [...new Set([...pairs.map((p) => p.subject), ...(review?.subjects ?? [])])];
      if (subjects.length)
        await sql`update staff set subjects = ${subjects.join(", ")} where id = ${member.id}`.execute(db);
    }
    await db.schema.alterTable("staff").dropColumn("teaching_review").execute();
    await db.schema.dropTable("staff_teaching").execute();
  },
});
