import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db";
import { migrateTo, migrateToLatest } from "../../api/db/migrate";

/**
 * The upgrade that lets an applicant hold a CBT paper (0039) rebuilds SQLite's `cbt_papers` table, which the answers
 * reference: a database that already holds papers and answers keeps every one of them, and its foreign keys still
 * hold afterwards.
 */
describe("the CBT papers' upgrade on a SQLite database that holds papers and answers", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cbt-upgrade-"));
  const handle = openDatabase(path.join(dir, "school.sqlite"));
  const { db } = handle;
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A row of `table` with `values`, every other column without a default given a value of its type. */
  async function insert(table: string, values: Record<string, unknown>): Promise<number> {
    const columns = await sql<{ name: string; type: string; notnull: number; dflt_value: unknown; pk: number }>`
      select * from pragma_table_info(${table})`.execute(db);
    const row: Record<string, unknown> = { ...values };
    for (const c of columns.rows)
      if (!(c.name in row) && c.notnull && c.dflt_value === null && !c.pk)
        row[c.name] = /int|real|num/i.test(c.type) ? 1 : `${table}-${c.name}`;
    const names = Object.keys(row);
    const inserted = await sql<{
      id: number;
    }>`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
      values (${sql.join(names.map((n) => row[n]))}) returning rowid as id`.execute(db);
    return Number(inserted.rows[0].id);
  }

  it("keeps the papers and their answers, lets a paper name a submission instead of a student, and still cascades", async () => {
    await migrateTo(db, "sqlite", "0038_applicant_decisions");
    const school = await insert("schools", {});
    const student = await insert("students", { school_id: school, status: "active" });
    const test = await insert("cbt_tests", { school_id: school });
    const paper = await insert("cbt_papers", { school_id: school, test_id: test, student_id: student, attempt: "a1" });
    await insert("cbt_answers", { paper_id: paper, school_id: school, n: 1 });

    await migrateToLatest(db, "sqlite");

    const papers = await sql<{ id: number; student_id: number | null }>`select id, student_id from cbt_papers`.execute(
      db,
    );
    expect(papers.rows).toEqual([{ id: paper, student_id: student }]);
    const answers = await sql<{ paper_id: number }>`select paper_id from cbt_answers`.execute(db);
    expect(answers.rows).toEqual([{ paper_id: paper }]);
    const form = await insert("admission_forms", { school_id: school });
    const submission = await insert("admission_submissions", { school_id: school, form_id: form });
    await insert("cbt_papers", {
      school_id: school,
      test_id: test,
      submission_id: submission,
      attempt: "a2",
      pin_hash: "other-pin",
    });
    expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);

    await sql`delete from students where id = ${student}`.execute(db);
    const left = await sql<{ n: number }>`select count(*) as n from cbt_answers`.execute(db);
    expect(Number(left.rows[0].n)).toBe(0);
    const kept = await sql<{ submission_id: number }>`select submission_id from cbt_papers`.execute(db);
    expect(kept.rows).toEqual([{ submission_id: submission }]);
  });
});
