import { sql } from "kysely";
import {
  classResults,
  percentage,
  roundScore,
  scoreColumns,
  subjectSummary,
  subjectTotal,
} from "../../contract/grading";
import { RESULTS_MESSAGES as M, type Broadsheet, type BroadsheetRow, type Scores } from "../../contract/results";
import type { ApiDeps, Tenant } from "../context";
import { writeWorkbook, type SheetCell } from "../lib/spreadsheet";
import { studentsWithClassIn } from "./class-history";
import { classResultOfQuery, parseScores, publicationRow, type SheetQuery } from "./results";
import { getSchoolSettings } from "./settings";

/**
 * The broadsheet (docs/product.md, Results): a class's subject totals for a term side by side, with each
 * student's total, average and position worked out by contract/grading.ts over the class's rows.
 */

/**
 * `GET /results/broadsheet`: the students who were in the class that session (still at school, or gone since
 * with scores of this term), A–Z, by the class's subjects.
 */
export async function getBroadsheet(
  deps: ApiDeps,
  tenant: Tenant,
  query: Omit<SheetQuery, "subject">,
): Promise<Broadsheet> {
  const settings = await getSchoolSettings(deps, tenant);
  const key = await classResultOfQuery(deps, tenant, settings, query);
  const schoolId = tenant.schoolId;
  const className = key.schoolClass.class_name;
  const subjects = key.schoolClass.subjects;
  const columns = scoreColumns(settings.report_sheet, key.schoolClass.section, key.result);

  // The class's students that session: only those whose record or class history names the class are looked up
  // in the history (a school's other students never are), then their scores of the term in one query.
  const [found, publication] = await Promise.all([
    sql<{ id: number; name: string; admission_number: string | null }>`
      select s.id, st.name, st.admission_number
      from ${studentsWithClassIn(schoolId, key.session)} s
      join students st on st.id = s.id
      where s.id in (select c.id from students c where c.school_id = ${schoolId} and c.class_name = ${className}
          union select c.student_id from student_classes c where c.school_id = ${schoolId} and c.class_name = ${className})
        and s.class_name = ${className}
        and (s.status = 'active' or exists (select 1 from result_scores r where r.school_id = ${schoolId}
          and r.student_id = s.id and r.term = ${key.term} and r.session = ${key.session} and r.result = ${key.result}))
      order by st.sort_name, st.id`.execute(deps.db),
    publicationRow(deps.db, deps, schoolId, key),
  ]);
  const ids = found.rows.map((r) => Number(r.id));
  const scored = ids.length
    ? await deps.db
        .selectFrom("result_scores")
        .select(["student_id", "subject", "scores"])
        .where("school_id", "=", schoolId)
        .where("term", "=", key.term)
        .where("session", "=", key.session)
        .where("result", "=", key.result)
        .where("student_id", "in", ids)
        .execute()
    : [];

  const rows = new Map<number, BroadsheetRow>(
    found.rows.map((r) => [
      Number(r.id),
      {
        student_id: Number(r.id),
        name: r.name,
        admission: r.admission_number ?? "",
        totals: Object.fromEntries(subjects.map((subject) => [subject, null])),
        total: null,
        average: null,
        subjects_taken: 0,
        position: null,
      },
    ]),
  );
  for (const r of scored) {
    const row = rows.get(Number(r.student_id));
    if (!row || !subjects.includes(r.subject)) continue;
    const stored = parseScores(r.scores);
    const scores: Scores = Object.fromEntries(
      columns.map((c) => [c.name, typeof stored[c.name] === "number" ? (stored[c.name] as number) : null]),
    );
    row.totals[r.subject] = subjectTotal(scores, columns);
  }

  const students = [...rows.values()];
  // The mid-term's columns need not add up to 100: averages and positions are of percentages (the terminal
  // result's percentages are its totals).
  const worked = classResults({
    subjects,
    students: students.map((s) => ({
      id: s.student_id,
      totals: Object.fromEntries(
        subjects.map((subject) => {
          const total = s.totals[subject];
          return [subject, total === null ? null : percentage(total, columns)];
        }),
      ),
    })),
    rule: settings.report_sheet.position_ties,
    addPosition: settings.report_sheet.add_position,
  });
  const byId = new Map(worked.students.map((w) => [w.id, w]));
  for (const row of students) {
    const w = byId.get(row.student_id)!;
    const taken = subjects.map((subject) => row.totals[subject]).filter((t) => t !== null);
    row.total = taken.length ? roundScore(taken.reduce((a, b) => a + b, 0)) : null;
    row.average = w.average;
    row.subjects_taken = w.subjectsTaken;
    row.position = w.position;
  }

  return {
    class_name: className,
    section: key.schoolClass.section,
    term: key.term,
    session: key.session,
    result: key.result,
    subjects: subjects.map((subject) => ({
      subject,
      ...subjectSummary(students.map((s) => s.totals[subject])),
    })),
    rows: students,
    positions: settings.report_sheet.add_position,
    published: publication?.published === 1,
    version: publication?.version ?? 0,
  };
}

/** The broadsheet as the .xlsx rows: a heading line, the students, then each subject's average, highest, lowest. */
export function broadsheetRows(sheet: Broadsheet): SheetCell[][] {
  const subjects = sheet.subjects.map((s) => s.subject);
  const blankTail = [null, null, null];
  return [
    [`${sheet.class_name}, ${sheet.term} ${sheet.session}, ${M.resultKinds[sheet.result]}`],
    [M.student, M.admission, ...subjects, M.total, M.average, sheet.positions ? M.position : M.numberInClass],
    ...sheet.rows.map((row) => [
      row.name,
      row.admission,
      ...subjects.map((subject) => row.totals[subject]),
      row.total,
      row.average,
      sheet.positions ? row.position : sheet.rows.length,
    ]),
    ...(["average", "highest", "lowest"] as const).map((figure) => [
      { average: M.classAverage, highest: M.highest, lowest: M.lowest }[figure],
      null,
      ...sheet.subjects.map((s) => s[figure]),
      ...blankTail,
    ]),
  ];
}

/** `GET /results/broadsheet.xlsx`: the bytes and the file's name. */
export async function broadsheetFile(
  deps: ApiDeps,
  tenant: Tenant,
  query: Omit<SheetQuery, "subject">,
): Promise<{ bytes: Uint8Array; name: string }> {
  const sheet = await getBroadsheet(deps, tenant, query);
  const bytes = await writeWorkbook([{ name: M.broadsheet, rows: broadsheetRows(sheet) }]);
  const slug = `${sheet.class_name} ${sheet.term} ${sheet.session}`
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return { bytes, name: `broadsheet-${slug || "class"}.xlsx` };
}
