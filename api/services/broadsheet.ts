import { sql } from "kysely";
import {
  classResults,
  percentage,
  roundScore,
  scoreColumns,
  subjectSummary,
  subjectTotal,
} from "../../contract/grading";
import {
  CUMULATIVE_MESSAGES,
  RESULTS_MESSAGES as M,
  type AnnualSubject,
  type Broadsheet,
  type BroadsheetRow,
  type Scores,
} from "../../contract/results";
import { schoolDay } from "../../contract/calendar";
import type { ApiDeps, Tenant } from "../context";
import { writeWorkbook, type SheetCell } from "../lib/spreadsheet";
import { studentsWithClassIn } from "./class-history";
import { annualFiguresOf } from "./annual-results";
import { classResultOfQuery, parseScores, publicationRow, type SheetQuery } from "./results";
import { getSchoolSettings } from "./settings";

/**
 * The broadsheet (docs/product.md, Results): a class's subject totals for a term side by side, with each
 * student's total, average and position worked out by contract/grading.ts over the class's rows.
 */

const KEPT_BROADSHEETS = 100;
/** Kept broadsheets per database (tests open several in one process). */
const keptBroadsheets = new WeakMap<object, Map<string, Broadsheet>>();

/**
 * `GET /results/broadsheet`: the students who were in the class that session (still at school, or gone since
 * with scores of this term), A–Z, by the class's subjects. Working it out reads every score of the class's term,
 * so a broadsheet is kept under the school's results version (migration 0036), which triggers move on in the
 * same transaction as any write it reads from, and under the day (a query without a term means today's term).
 */
export async function getBroadsheet(
  deps: ApiDeps,
  tenant: Tenant,
  query: Omit<SheetQuery, "subject">,
): Promise<Broadsheet> {
  const version = await deps.db
    .selectFrom("result_versions")
    .select("version")
    .where("school_id", "=", tenant.schoolId)
    .executeTakeFirst();
  const key = JSON.stringify([
    tenant.schoolId,
    version?.version ?? 0,
    schoolDay(deps.now()),
    query.class ?? "",
    query.term ?? "",
    query.year ?? "",
    query.result ?? "",
  ]);
  let kept = keptBroadsheets.get(deps.db);
  if (!kept) keptBroadsheets.set(deps.db, (kept = new Map()));
  const earlier = kept.get(key);
  if (earlier) return earlier;
  const sheet = await workOutBroadsheet(deps, tenant, query);
  if (kept.size >= KEPT_BROADSHEETS) kept.clear();
  kept.set(key, sheet);
  return sheet;
}

async function workOutBroadsheet(
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
        annual: null,
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

  const annual = await annualFiguresOf(deps, schoolId, key, {
    subjects,
    columns,
    thisTerm: new Map(students.map((s) => [s.student_id, s.totals])),
    rule: settings.report_sheet.position_ties,
    addPosition: settings.report_sheet.add_position,
  });
  if (annual) for (const row of students) row.annual = annual.get(row.student_id) ?? null;

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
    cumulative: annual !== null,
    published: publication?.published === 1,
    version: publication?.version ?? 0,
  };
}

/**
 * The broadsheet as the .xlsx rows: a heading line, the students, then each subject's average, highest, lowest. In
 * the 3rd term's terminal result each subject has its cumulative columns (1st, 2nd, 3rd term, annual average) and
 * each student an annual average and position after the term's figures.
 */
export function broadsheetRows(sheet: Broadsheet): SheetCell[][] {
  const subjects = sheet.subjects.map((s) => s.subject);
  const C = CUMULATIVE_MESSAGES;
  const termKeys = ["first", "second", "third"] as const;
  const subjectHeads = sheet.cumulative
    ? subjects.flatMap((subject) => [
        ...termKeys.map((term) => `${subject} (${C.terms[term]})`),
        `${subject} (${C.annualAverage})`,
      ])
    : subjects;
  /** A subject's cells of a row: its total, or its cumulative columns with the term's own `total` third. */
  const subjectCells = (total: number | null, annual: AnnualSubject | undefined) =>
    sheet.cumulative ? [annual?.first ?? null, annual?.second ?? null, total, annual?.average ?? null] : [total];
  const blank = (n: number) => Array.from({ length: n }, () => null);
  const annualHeads = sheet.cumulative ? [C.annualAverage, ...(sheet.positions ? [C.annualPosition] : [])] : [];
  const tail = 3 + annualHeads.length;
  return [
    [`${sheet.class_name}, ${sheet.term} ${sheet.session}, ${M.resultKinds[sheet.result]}`],
    [
      M.student,
      M.admission,
      ...subjectHeads,
      M.total,
      M.average,
      sheet.positions ? M.position : M.numberInClass,
      ...annualHeads,
    ],
    ...sheet.rows.map((row) => [
      row.name,
      row.admission,
      ...subjects.flatMap((subject) => subjectCells(row.totals[subject], row.annual?.subjects[subject])),
      row.total,
      row.average,
      sheet.positions ? row.position : sheet.rows.length,
      ...(sheet.cumulative
        ? [row.annual?.average ?? null, ...(sheet.positions ? [row.annual?.position ?? null] : [])]
        : []),
    ]),
    ...(["average", "highest", "lowest"] as const).map((figure) => [
      { average: M.classAverage, highest: M.highest, lowest: M.lowest }[figure],
      null,
      ...sheet.subjects.flatMap((s) => (sheet.cumulative ? [null, null, s[figure], null] : [s[figure]])),
      ...blank(tail),
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
