import { sql, type Kysely } from "kysely";
import { phoneSearchForms, SCHOOL_SPAN, searchText, type SearchableTable } from "../search";
import type { Dialect, DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * Parents (linked to their children), staff made editable (the table is in 0001_foundation), and one
 * text index per list of people for the search of api/db/search.ts.
 *
 * - `parents`: email and phone unique per school; `parent_students` links a parent to a student, and
 *   goes when either does (a student keeps living without a parent, and a parent without a child).
 * - `staff`: the classes a teacher teaches in move from the single `class_name` to `staff_classes`, so
 *   the class filter reads an index; a class has at most one form teacher; email and phone are unique
 *   per school.
 * - students' `search_text` is written again by the shared normaliser (accents and tone marks dropped).
 */
export const people: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("parents")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("unique_id", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("address", "text")
        .addColumn("profile_img_key", "text")
        .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("idempotency_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("parents_school_email")
        .on("parents")
        .columns(["school_id", "email"])
        .unique()
        .execute();
      await db.schema
        .createIndex("parents_school_phone")
        .on("parents")
        .columns(["school_id", "phone"])
        .unique()
        .execute();
      await db.schema.createIndex("parents_school_name").on("parents").columns(["school_id", "name"]).execute();
      await db.schema
        .createIndex("parents_school_search")
        .on("parents")
        .columns(["school_id", "search_text"])
        .execute();
      await sql`create unique index parents_school_idempotency on parents (school_id, idempotency_key) where idempotency_key is not null`.execute(
        db,
      );

      await db.schema
        .createTable("parent_students")
        .addColumn("parent_id", "integer", (c) => c.notNull().references("parents.id").onDelete("cascade"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id").onDelete("cascade"))
        .addColumn("school_id", "integer", (c) => c.notNull().references("schools.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("parent_students_pk", ["parent_id", "student_id"])
        .execute();
      await db.schema
        .createIndex("parent_students_student")
        .on("parent_students")
        .columns(["student_id", "parent_id"])
        .execute();

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
      await sql`insert into staff_classes (staff_id, school_id, class_name) select id, school_id, class_name from staff where class_name is not null`.execute(
        db,
      );
      await db.schema.alterTable("staff").dropColumn("class_name").execute();
      await db.schema
        .alterTable("staff")
        .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema.alterTable("staff").addColumn("idempotency_key", "text").execute();
      await sql`update staff set email = lower(email) where email is not null`.execute(db);
      await rewriteSearchText(db, "staff", ["name", "position", "email"], "phone");
      await rewriteSearchText(db, "students", ["name", "admission_number", "email"], "phone_number");

      await db.schema.dropIndex("staff_school_teaching").execute();
      await db.schema
        .createIndex("staff_school_teaching_name")
        .on("staff")
        .columns(["school_id", "is_teaching_staff", "name"])
        .execute();
      await db.schema.createIndex("staff_school_name").on("staff").columns(["school_id", "name"]).execute();
      await db.schema.createIndex("staff_school_search").on("staff").columns(["school_id", "search_text"]).execute();
      await sql`create unique index staff_school_email on staff (school_id, email) where email is not null`.execute(db);
      await sql`create unique index staff_school_phone on staff (school_id, phone) where phone is not null`.execute(db);
      await sql`create unique index staff_school_form_teacher on staff (school_id, form_teacher) where form_teacher is not null`.execute(
        db,
      );
      await sql`create unique index staff_school_idempotency on staff (school_id, idempotency_key) where idempotency_key is not null`.execute(
        db,
      );

      const ops = dialect === "postgres" ? await trigramOperatorClass(db) : "";
      for (const table of ["students", "parents", "staff"] as const) await createSearchIndex(db, dialect, table, ops);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["students", "parents", "staff"] as const) await dropSearchIndex(db, dialect, table);
      for (const index of [
        "staff_school_idempotency",
        "staff_school_form_teacher",
        "staff_school_phone",
        "staff_school_email",
        "staff_school_search",
        "staff_school_name",
        "staff_school_teaching_name",
      ]) {
        await db.schema.dropIndex(index).ifExists().execute();
      }
      await db.schema
        .createIndex("staff_school_teaching")
        .on("staff")
        .columns(["school_id", "is_teaching_staff"])
        .execute();
      await db.schema.alterTable("staff").addColumn("class_name", "text").execute();
      await sql`update staff set class_name = (select min(class_name) from staff_classes where staff_classes.staff_id = staff.id)`.execute(
        db,
      );
      await db.schema.alterTable("staff").dropColumn("idempotency_key").execute();
      await db.schema.alterTable("staff").dropColumn("search_text").execute();
      for (const table of ["staff_classes", "parent_students", "parents"])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
};

const REWRITE_BATCH = 500;

/** Writes `search_text` again for every row of `table`, in batches of ids. */
async function rewriteSearchText(db: Kysely<unknown>, table: SearchableTable, fields: string[], phone: string) {
  for (let after = 0; ; ) {
    const rows = (
      await sql<
        Record<string, string | number | null>
      >`select ${sql.join([sql.ref("id"), ...fields.map((f) => sql.ref(f)), sql.ref(phone)])} from ${sql.table(table)} where id > ${after} order by id limit ${REWRITE_BATCH}`.execute(
        db,
      )
    ).rows;
    for (const row of rows) {
      const text = searchText([
        ...fields.map((f) => row[f] as string | null),
        ...phoneSearchForms(row[phone] as string | null),
      ]);
      await sql`update ${sql.table(table)} set search_text = ${text} where id = ${row.id}`.execute(db);
    }
    if (rows.length < REWRITE_BATCH) return;
    after = Number(rows[rows.length - 1].id);
  }
}

/**
 * pg_trgm's operator class, qualified by the schema the extension lives in. The extension is made in
 * `public` when missing, so schemas dropped with CASCADE (one per API test file) never take it along,
 * and a deployment whose search_path names another schema still finds it.
 */
async function trigramOperatorClass(db: Kysely<unknown>): Promise<string> {
  const installed = async () =>
    (
      await sql<{
        schema: string;
      }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
        db,
      )
    ).rows[0]?.schema;
  let schema = await installed();
  if (!schema) {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    schema = (await installed())!;
  }
  return `${quoteIdentifier(schema)}.gin_trgm_ops`;
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function createSearchIndex(db: Kysely<unknown>, dialect: Dialect, table: SearchableTable, trigramOps: string) {
  if (dialect === "postgres") {
    await sql`create index ${sql.id(`${table}_search_trgm`)} on ${sql.table(table)} using gin (search_text ${sql.raw(trigramOps)})`.execute(
      db,
    );
    return;
  }
  const index = `${table}_search`;
  const key = (row: "new" | "old") => sql.raw(`${row}.school_id * ${SCHOOL_SPAN} + ${row}.id`);
  const add = sql`insert into ${sql.table(index)} (rowid, search_text) values (${key("new")}, new.search_text);`;
  const remove = sql`delete from ${sql.table(index)} where rowid = ${key("old")};`;
  // Contentless (the text lives in the table itself) with deletes by rowid; detail=full keeps the
  // positions a quoted phrase needs.
  await sql`create virtual table ${sql.table(index)} using fts5(search_text, content='', contentless_delete=1, tokenize='trigram', detail=full)`.execute(
    db,
  );
  await sql`insert into ${sql.table(index)} (rowid, search_text) select school_id * ${sql.raw(String(SCHOOL_SPAN))} + id, search_text from ${sql.table(table)}`.execute(
    db,
  );
  await sql`create trigger ${sql.id(`${index}_insert`)} after insert on ${sql.table(table)} begin ${add} end`.execute(
    db,
  );
  await sql`create trigger ${sql.id(`${index}_delete`)} after delete on ${sql.table(table)} begin ${remove} end`.execute(
    db,
  );
  await sql`create trigger ${sql.id(`${index}_update`)} after update of search_text, school_id on ${sql.table(table)} begin ${remove} ${add} end`.execute(
    db,
  );
}

async function dropSearchIndex(db: Kysely<unknown>, dialect: Dialect, table: SearchableTable) {
  if (dialect === "postgres") {
    await sql`drop index if exists ${sql.id(`${table}_search_trgm`)}`.execute(db);
    return;
  }
  for (const trigger of ["insert", "delete", "update"])
    await sql`drop trigger if exists ${sql.id(`${table}_search_${trigger}`)}`.execute(db);
  await sql`drop table if exists ${sql.table(`${table}_search`)}`.execute(db);
}
