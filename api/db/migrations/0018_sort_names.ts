import { sql, type Kysely } from "kysely";
import type { DialectMigration } from "../types";

/**
 * The lists of students, parents and staff sort by `sort_name`: the name without its titles, in lower case
 * (contract/names.ts), written with the name by every write. Filled here for the rows there are, and the
 * indexes that served the lists' order by name now serve it by `sort_name`.
 */
const SORTED_INDEXES: Record<PeopleTable, Array<{ name: string; sorted: string; before: string[] }>> = {
  students: [
    { name: "students_school_status_name", sorted: "students_school_status_sort", before: ["school_id", "status"] },
    {
      name: "students_school_status_class",
      sorted: "students_school_status_class_sort",
      before: ["school_id", "status", "class_name"],
    },
    {
      name: "students_school_status_reason",
      sorted: "students_school_status_reason_sort",
      before: ["school_id", "status", "backlog_reason"],
    },
  ],
  parents: [{ name: "parents_school_name", sorted: "parents_school_sort", before: ["school_id"] }],
  staff: [
    { name: "staff_school_name", sorted: "staff_school_sort", before: ["school_id"] },
    {
      name: "staff_school_teaching_name",
      sorted: "staff_school_teaching_sort",
      before: ["school_id", "is_teaching_staff"],
    },
  ],
};

type PeopleTable = "students" | "parents" | "staff";

const FILL_BATCH = 500;

export const sortNames: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    for (const [table, indexes] of Object.entries(SORTED_INDEXES) as Array<
      [PeopleTable, typeof SORTED_INDEXES.staff]
    >) {
      await db.schema
        .alterTable(table)
        .addColumn("sort_name", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await fillSortNames(db, table);
      for (const index of indexes) {
        await db.schema.dropIndex(index.name).ifExists().execute();
        await db.schema
          .createIndex(index.sorted)
          .on(table)
          .columns([...index.before, "sort_name"])
          .execute();
      }
    }
  },
  async down(db: Kysely<unknown>) {
    for (const [table, indexes] of Object.entries(SORTED_INDEXES) as Array<
      [PeopleTable, typeof SORTED_INDEXES.staff]
    >) {
      for (const index of indexes) {
        await db.schema.dropIndex(index.sorted).ifExists().execute();
        await db.schema
          .createIndex(index.name)
          .on(table)
          .columns([...index.before, "name"])
          .execute();
      }
      await db.schema.alterTable(table).dropColumn("sort_name").execute();
    }
  },
});

/**
 * The sort key as this migration wrote it: the name without the titles in front of it, in lower case. A
 * copy of `nameSortKey` (contract/names.ts) as it stood, so that this migration does later what it did the
 * day it shipped, whatever the list of titles becomes.
 */
const TITLES = new Set(
  "mr mrs miss ms dr prof engr barr hon alhaji alhaja hajia hajiya chief pastor rev revd".split(" "),
);

function sortKey(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words.findIndex((word) => !TITLES.has(word.replace(/\.$/, "").toLowerCase()));
  return (first === -1 ? words : words.slice(first)).join(" ").toLowerCase();
}

/** Writes `sort_name` for every row of `table`, in batches of ids. */
async function fillSortNames(db: Kysely<unknown>, table: PeopleTable) {
  for (let after = 0; ; ) {
    const rows = (
      await sql<{
        id: number;
        name: string;
      }>`select id, name from ${sql.table(table)} where id > ${after} order by id limit ${FILL_BATCH}`.execute(db)
    ).rows;
    for (const row of rows)
      await sql`update ${sql.table(table)} set sort_name = ${sortKey(row.name)} where id = ${row.id}`.execute(db);
    if (rows.length < FILL_BATCH) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}
