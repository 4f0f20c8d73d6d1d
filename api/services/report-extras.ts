import { sql } from "kysely";
import { classResults, gradeFor, percentage, scoreColumns, subjectTotal } from "../../contract/grading";
import { followingTerm, schoolDays, TERMS, type TermLabel } from "../../contract/calendar";
import type { FieldErrors } from "../../contract/http";
import {
  EXTRAS_LIMITS as LIMITS,
  EXTRAS_MESSAGES as M,
  type ExtrasParts,
  type ExtrasRow,
  type ExtrasSheet,
  type ReportComment,
} from "../../contract/report-extras";
import { commentPayload, extrasPayload } from "../../contract/report-extras.schema";
import { RESULTS_MESSAGES, type ResultKind } from "../../contract/results";
import { sectionGradeScale, type SchoolSettings } from "../../contract/settings";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, fromZod, validationError } from "../lib/errors";
import type { AttendanceSummary } from "../../contract/attendance";
import { attendanceSummaries } from "./attendance";
import { studentsWithClassIn } from "./class-history";
import { classResultOfQuery, isClassPublished, sentStudents, type ClassResult, type SheetQuery } from "./results";
import { getSchoolSettings } from "./settings";

/**
 * The report sheet's other parts (contract/report-extras.ts): attendance, child-development ratings, extra inputs
 * and remarks per student, the term calendar's days open and next term, and the school's comment bank.
 */

/** Rows per insert: far under both databases' bound-parameter limits (14 values a row). */
const BATCH = 100;

const partsOf = (settings: SchoolSettings): ExtrasParts => {
  const sheet = settings.report_sheet;
  return {
    attendance: sheet.include_attendance,
    ratings: sheet.enable_child_development ? [...sheet.child_development_inputs] : [],
    extra_inputs: sheet.enable_extra_inputs ? [...sheet.extra_inputs] : [],
  };
};

/** The term's school days (null while it has no dates) and the date the next term begins. */
async function termFacts(db: Db, schoolId: number, term: string, session: string) {
  const following = (TERMS as readonly string[]).includes(term) ? followingTerm(term as TermLabel, session) : null;
  const dates = await db
    .selectFrom("term_dates")
    .select(["term", "session", "starts_on", "ends_on", "next_term_starts_on"])
    .where("school_id", "=", schoolId)
    .where((eb) =>
      eb.or([
        eb.and({ term, session }),
        ...(following ? [eb.and({ term: following.term, session: following.session })] : []),
      ]),
    )
    .execute();
  const own = dates.find((d) => d.term === term && d.session === session);
  const next = following && dates.find((d) => d.term === following.term && d.session === following.session);
  let daysOpen: number | null = null;
  if (own) {
    const closures = await db
      .selectFrom("term_closures")
      .select("closed_on")
      .where((eb) => eb.and({ school_id: schoolId, term, session }))
      .execute();
    daysOpen = schoolDays(
      own.starts_on,
      own.ends_on,
      closures.map((c) => c.closed_on),
    );
  }
  return { daysOpen, nextTermBegins: own?.next_term_starts_on ?? next?.starts_on ?? null };
}

/** The students who were in the class that session, A–Z: those still at school, and those gone who have a row. */
async function classStudents(db: Db, schoolId: number, key: ClassResult) {
  const { rows } = await sql<{
    id: number;
    name: string;
    admission_number: string | null;
    days_opened: number | null;
    days_present: number | null;
    days_absent: number | null;
    ratings: string | null;
    extra_inputs: string | null;
    teacher_remark: string | null;
    principal_remark: string | null;
  }>`select s.id, st.name, st.admission_number, e.days_opened, e.days_present, e.days_absent, e.ratings,
      e.extra_inputs, e.teacher_remark, e.principal_remark
    from ${studentsWithClassIn(schoolId, key.session)} s
    join students st on st.id = s.id
    left join report_extras e on e.school_id = ${schoolId} and e.student_id = s.id and e.term = ${key.term}
      and e.session = ${key.session} and e.result = ${key.result}
    where s.class_name = ${key.schoolClass.class_name} and (s.status = 'active' or e.student_id is not null)
    order by st.sort_name, st.id`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * Each student's average over the class's subjects they took (as percentages of the columns' maxima, so a
 * mid-term's subjects weigh the same) and its band in the section's grade scale.
 */
async function averages(db: Db, schoolId: number, settings: SchoolSettings, key: ClassResult, ids: number[]) {
  const found = new Map<number, { average: number | null; grade: string | null; remark: string | null }>();
  if (!ids.length) return found;
  const subjects = key.schoolClass.subjects;
  const columns = scoreColumns(settings.report_sheet, key.schoolClass.section, key.result);
  const scores = await db
    .selectFrom("result_scores")
    .select(["student_id", "subject", "scores"])
    .where((eb) => eb.and({ school_id: schoolId, term: key.term, session: key.session, result: key.result }))
    .where("student_id", "in", ids)
    .execute();
  const totals = new Map<number, Record<string, number | null>>(ids.map((id) => [id, {}]));
  for (const row of scores) {
    if (!subjects.includes(row.subject)) continue;
    const total = subjectTotal(JSON.parse(row.scores) as Record<string, number | null>, columns);
    totals.get(Number(row.student_id))![row.subject] = total === null ? null : percentage(total, columns);
  }
  const worked = classResults({
    subjects,
    students: ids.map((id) => ({ id, totals: totals.get(id)! })),
    rule: settings.report_sheet.position_ties,
    addPosition: false,
  });
  const scale = sectionGradeScale(settings.report_sheet, key.schoolClass.section);
  for (const student of worked.students) {
    const band = student.average === null ? null : gradeFor(student.average, scale);
    found.set(student.id, { average: student.average, grade: band?.grade ?? null, remark: band?.remark ?? null });
  }
  return found;
}

function parseObject(text: string | null): Record<string, unknown> {
  if (!text) return {};
  const parsed = JSON.parse(text) as unknown;
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

async function listComments(db: Db, schoolId: number): Promise<ReportComment[]> {
  const rows = await db
    .selectFrom("report_comments")
    .select(["id", "remark", "grade"])
    .where("school_id", "=", schoolId)
    .orderBy("grade")
    .orderBy("remark")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: Number(r.id), remark: r.remark, grade: r.grade || null }));
}

async function readExtras(deps: ApiDeps, tenant: Tenant, settings: SchoolSettings, key: ClassResult) {
  const schoolId = tenant.schoolId;
  const [students, facts, published, comments] = await Promise.all([
    classStudents(deps.db, schoolId, key),
    termFacts(deps.db, schoolId, key.term, key.session),
    isClassPublished(deps.db, deps, schoolId, key),
    listComments(deps.db, schoolId),
  ]);
  const bands = await averages(
    deps.db,
    schoolId,
    settings,
    key,
    students.map((s) => s.id),
  );
  const parts = partsOf(settings);
  const rows: ExtrasRow[] = students.map((s) => {
    const band = bands.get(s.id);
    const ratings = parseObject(s.ratings);
    const extra = parseObject(s.extra_inputs);
    const fromBank = band?.grade ? comments.find((c) => c.grade === band.grade) : undefined;
    return {
      student_id: s.id,
      name: s.name,
      admission: s.admission_number ?? "",
      average: band?.average ?? null,
      grade: band?.grade ?? null,
      suggested_remark: fromBank?.remark ?? band?.remark ?? null,
      days_opened: parts.attendance && s.days_opened !== null ? Number(s.days_opened) : null,
      days_present: parts.attendance && s.days_present !== null ? Number(s.days_present) : null,
      days_absent: parts.attendance && s.days_absent !== null ? Number(s.days_absent) : null,
      ratings: Object.fromEntries(
        parts.ratings.map((input) => [input, typeof ratings[input] === "number" ? (ratings[input] as number) : null]),
      ),
      extra_inputs: Object.fromEntries(
        parts.extra_inputs.map((input) => [input, typeof extra[input] === "string" ? (extra[input] as string) : ""]),
      ),
      teacher_remark: s.teacher_remark,
      principal_remark: s.principal_remark,
    };
  });
  const sheet: ExtrasSheet = {
    class_name: key.schoolClass.class_name,
    section: key.schoolClass.section,
    term: key.term,
    session: key.session,
    result: key.result,
    published,
    parts,
    days_opened_default: parts.attendance ? facts.daysOpen : null,
    next_term_begins: facts.nextTermBegins,
    rows,
    comments,
    grades: sectionGradeScale(settings.report_sheet, key.schoolClass.section).map((band) => band.grade),
  };
  return sheet;
}

/** `GET /results/extras`. */
export async function getExtras(deps: ApiDeps, tenant: Tenant, query: Omit<SheetQuery, "subject">) {
  const settings = await getSchoolSettings(deps, tenant);
  return readExtras(deps, tenant, settings, await classResultOfQuery(deps, tenant, settings, query));
}

const isBlank = (raw: unknown) => raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "");

/** A whole number from `min` to `max` as a number or numeric text, or blank. */
function readWhole(raw: unknown, min: number, max: number): { value: number | null } | { error: "nan" | "range" } {
  if (isBlank(raw)) return { value: null };
  const text = typeof raw === "string" ? raw.trim() : null;
  const value = typeof raw === "number" ? raw : text !== null && /^-?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(value)) return { error: "nan" };
  return value < min || value > max ? { error: "range" } : { value };
}

/** Text or blank, trimmed; blank is null. */
function readText(raw: unknown, max: number, tooLong: string): { value: string | null } | { error: string } {
  if (isBlank(raw)) return { value: null };
  if (typeof raw !== "string") return { error: M.textNotText };
  const value = raw.trim();
  return value.length > max ? { error: tooLong } : { value };
}

const DAY_FIELDS = ["days_opened", "days_present", "days_absent"] as const;

/**
 * `PUT /results/extras`: every row sent replaces that student's extras, in one transaction; any bad value or
 * student refuses the whole save, naming each.
 */
export async function saveExtras(
  deps: ApiDeps,
  tenant: Tenant,
  query: Omit<SheetQuery, "subject">,
  body: unknown,
): Promise<ExtrasSheet> {
  const settings = await getSchoolSettings(deps, tenant);
  const key = await classResultOfQuery(deps, tenant, settings, query);
  const refuseLocked = () => new ApiError(409, RESULTS_MESSAGES.locked(key.schoolClass.class_name));
  if (await isClassPublished(deps.db, deps, tenant.schoolId, key)) throw refuseLocked();
  const parsed = extrasPayload.safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error);
  const sent = parsed.data.rows.map((row) => ({ ...row, key: String(row.student_id).trim() }));

  const students = await sentStudents(deps, tenant, key.session, [...new Set(sent.map((r) => r.key))]);
  const byKey = new Map(students.flatMap((s) => [[String(s.id), s] as const, [s.unique_id, s] as const]));
  if (sent.some((r) => !byKey.has(r.key))) throw new ApiError(404, RESULTS_MESSAGES.studentNotFound);

  const parts = partsOf(settings);
  const { daysOpen } = await termFacts(deps.db, tenant.schoolId, key.term, key.session);
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const rows = sent.map((row, i) => {
    const at = (field: string) => `rows.${i}.${field}`;
    const student = byKey.get(row.key)!;
    if (seen.has(student.id)) errors[at("student_id")] = [RESULTS_MESSAGES.studentTwice];
    else if (student.class_name !== key.schoolClass.class_name)
      errors[at("student_id")] = [RESULTS_MESSAGES.studentNotInClass];
    seen.add(student.id);
    const raw = row as Record<string, unknown>;

    const days: Record<(typeof DAY_FIELDS)[number], number | null> = {
      days_opened: null,
      days_present: null,
      days_absent: null,
    };
    for (const field of DAY_FIELDS) {
      if (!parts.attendance) {
        if (!isBlank(raw[field])) errors[at(field)] = [M.attendanceOff];
        continue;
      }
      const read = readWhole(raw[field], 0, LIMITS.daysMax);
      if ("error" in read) errors[at(field)] = [read.error === "nan" ? M.daysNotNumber : M.daysAboveMax];
      else days[field] = read.value;
    }
    const opened = days.days_opened ?? daysOpen;
    const counted = (days.days_present ?? 0) + (days.days_absent ?? 0);
    if (parts.attendance && !errors[at("days_opened")] && (days.days_present !== null || days.days_absent !== null)) {
      if (opened === null) errors[at("days_opened")] = [M.daysOpenedRequired];
      else if (counted > opened && !errors[at("days_present")] && !errors[at("days_absent")])
        errors[at("days_present")] = [M.daysTooMany];
    }

    const ratings: Record<string, number> = {};
    const sentRatings = row.ratings ?? {};
    for (const name of Object.keys(sentRatings))
      if (!parts.ratings.includes(name)) errors[at(`ratings.${name}`)] = [M.ratingUnknown];
    for (const input of parts.ratings) {
      const read = readWhole(sentRatings[input], LIMITS.ratingMin, LIMITS.ratingMax);
      if ("error" in read) errors[at(`ratings.${input}`)] = [M.ratingInvalid];
      else if (read.value !== null) ratings[input] = read.value;
    }

    const extra: Record<string, string> = {};
    const sentExtra = row.extra_inputs ?? {};
    for (const name of Object.keys(sentExtra))
      if (!parts.extra_inputs.includes(name)) errors[at(`extra_inputs.${name}`)] = [M.extraInputUnknown];
    for (const input of parts.extra_inputs) {
      const read = readText(sentExtra[input], LIMITS.extraInputMax, M.extraInputTooLong);
      if ("error" in read) errors[at(`extra_inputs.${input}`)] = [read.error];
      else if (read.value !== null) extra[input] = read.value;
    }

    const remarks = { teacher_remark: null as string | null, principal_remark: null as string | null };
    for (const field of ["teacher_remark", "principal_remark"] as const) {
      const read = readText(raw[field], LIMITS.remarkMax, M.remarkTooLong);
      if ("error" in read) errors[at(field)] = [read.error];
      else remarks[field] = read.value;
    }
    const empty =
      Object.values(days).every((d) => d === null) &&
      !Object.keys(ratings).length &&
      !Object.keys(extra).length &&
      remarks.teacher_remark === null &&
      remarks.principal_remark === null;
    return { studentId: student.id, days, ratings, extra, remarks, empty };
  });
  if (Object.keys(errors).length) throw validationError(errors);

  const now = deps.now().toISOString();
  const where = {
    school_id: tenant.schoolId,
    term: key.term,
    session: key.session,
    result: key.result,
  };
  await deps.db.transaction().execute(async (trx) => {
    // Published meanwhile: the check above ran before the transaction.
    if (await isClassPublished(trx, deps, tenant.schoolId, key, now)) throw refuseLocked();
    const kept = rows.filter((r) => !r.empty);
    for (let start = 0; start < kept.length; start += BATCH) {
      await trx
        .insertInto("report_extras")
        .values(
          kept.slice(start, start + BATCH).map((r) => ({
            ...where,
            student_id: r.studentId,
            class_name: key.schoolClass.class_name,
            ...r.days,
            ratings: JSON.stringify(r.ratings),
            extra_inputs: JSON.stringify(r.extra),
            ...r.remarks,
            updated_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(["school_id", "student_id", "term", "session", "result"]).doUpdateSet((eb) => ({
            class_name: eb.ref("excluded.class_name"),
            days_opened: eb.ref("excluded.days_opened"),
            days_present: eb.ref("excluded.days_present"),
            days_absent: eb.ref("excluded.days_absent"),
            ratings: eb.ref("excluded.ratings"),
            extra_inputs: eb.ref("excluded.extra_inputs"),
            teacher_remark: eb.ref("excluded.teacher_remark"),
            principal_remark: eb.ref("excluded.principal_remark"),
            updated_at: eb.ref("excluded.updated_at"),
          })),
        )
        .execute();
    }
    const cleared = rows.filter((r) => r.empty).map((r) => r.studentId);
    for (let start = 0; start < cleared.length; start += BATCH) {
      await trx
        .deleteFrom("report_extras")
        .where((eb) => eb.and(where))
        .where("student_id", "in", cleared.slice(start, start + BATCH))
        .execute();
    }
  });
  return readExtras(deps, tenant, settings, key);
}

/** One student's part of the report card, as the PDF draws it. */
export interface StudentExtras {
  student_id: number;
  /** Null when attendance is off; days opened is the saved figure, else the term calendar's school days. */
  attendance: { days_opened: number | null; days_present: number | null; days_absent: number | null } | null;
  /** One entry per child-development input, in the settings' order; empty when the part is off. */
  ratings: { input: string; rating: number | null }[];
  /** One entry per extra input, in the settings' order; empty when the part is off. */
  extra_inputs: { input: string; value: string }[];
  /** As saved; null when none was saved (the report card then leaves the line blank). */
  teacher_remark: string | null;
  principal_remark: string | null;
}

export interface ReportExtras {
  parts: ExtrasParts;
  /** YYYY-MM-DD, or null when the calendar does not say. */
  next_term_begins: string | null;
  /** Student id → their part; every student of the class that session, whether or not anything was saved. */
  students: Map<number, StudentExtras>;
}

/**
 * The sheet's other parts of a class's result, for its report cards. A class, term or result the school does not
 * have is refused as the extras call refuses it (422).
 */
export async function reportExtras(
  deps: ApiDeps,
  tenant: Tenant,
  which: { class: string; term: string; session: string; result: ResultKind },
): Promise<ReportExtras> {
  const settings = await getSchoolSettings(deps, tenant);
  const key = await classResultOfQuery(deps, tenant, settings, {
    class: which.class,
    term: which.term,
    year: which.session,
    result: which.result,
  });
  const sheet = await readExtras(deps, tenant, settings, key);
  // Where the register was taken that term, its summary is the report card's attendance.
  const registers = sheet.parts.attendance
    ? await attendanceSummaries(deps.db, tenant.schoolId, {
        className: key.schoolClass.class_name,
        term: key.term,
        session: key.session,
      })
    : new Map<number, AttendanceSummary>();
  const attendanceOf = (row: (typeof sheet.rows)[number]) => {
    const taken = registers.get(row.student_id);
    if (taken) return { days_opened: taken.opened, days_present: taken.present, days_absent: taken.absent };
    return {
      days_opened: row.days_opened ?? sheet.days_opened_default,
      days_present: row.days_present,
      days_absent: row.days_absent,
    };
  };
  return {
    parts: sheet.parts,
    next_term_begins: sheet.next_term_begins,
    students: new Map(
      sheet.rows.map((row) => [
        row.student_id,
        {
          student_id: row.student_id,
          attendance: sheet.parts.attendance ? attendanceOf(row) : null,
          ratings: sheet.parts.ratings.map((input) => ({ input, rating: row.ratings[input] ?? null })),
          extra_inputs: sheet.parts.extra_inputs.map((input) => ({ input, value: row.extra_inputs[input] ?? "" })),
          teacher_remark: row.teacher_remark,
          principal_remark: row.principal_remark,
        },
      ]),
    ),
  };
}

/** `GET /results/comments`. */
export const getComments = (deps: ApiDeps, tenant: Tenant) => listComments(deps.db, tenant.schoolId);

/**
 * `POST /results/comments`: adds a remark to the school's bank, with the grade it suits (one of the grades of the
 * school's scales) or none. The same remark and grade sent again answer the one there (a double submit is one).
 */
export async function addComment(
  deps: ApiDeps,
  tenant: Tenant,
  body: unknown,
): Promise<{ comment: ReportComment; created: boolean }> {
  const parsed = commentPayload.safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error);
  const { remark, grade } = parsed.data;
  const settings = await getSchoolSettings(deps, tenant);
  const grades = new Set(
    settings.sections.flatMap((section) => sectionGradeScale(settings.report_sheet, section).map((band) => band.grade)),
  );
  if (grade !== null && !grades.has(grade)) throw validationError({ grade: [M.gradeUnknown] });
  const schoolId = tenant.schoolId;
  const existing = () =>
    deps.db
      .selectFrom("report_comments")
      .select(["id", "remark", "grade"])
      .where((eb) => eb.and({ school_id: schoolId, remark, grade: grade ?? "" }))
      .executeTakeFirst();
  const asComment = (row: { id: number; remark: string; grade: string }): ReportComment => ({
    id: Number(row.id),
    remark: row.remark,
    grade: row.grade || null,
  });
  const found = await existing();
  if (found) return { comment: asComment(found), created: false };
  const { n } = await deps.db
    .selectFrom("report_comments")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("school_id", "=", schoolId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= LIMITS.comments) throw validationError({ remark: [M.tooManyComments] });
  try {
    const values = { school_id: schoolId, remark, grade: grade ?? "", created_at: deps.now().toISOString() };
    const { id } = await deps.db.insertInto("report_comments").values(values).returning("id").executeTakeFirstOrThrow();
    return { comment: asComment({ ...values, id }), created: true };
  } catch (error) {
    const raced = isUniqueViolation(error) ? await existing() : undefined;
    if (!raced) throw error;
    return { comment: asComment(raced), created: false };
  }
}

/** `DELETE /results/comments/{id}`: another school's remark, or one gone, is not found. */
export async function deleteComment(deps: ApiDeps, tenant: Tenant, id: string): Promise<void> {
  if (!/^\d{1,9}$/.test(id)) throw new ApiError(404, M.commentNotFound);
  const deleted = await deps.db
    .deleteFrom("report_comments")
    .where("school_id", "=", tenant.schoolId)
    .where("id", "=", Number(id))
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new ApiError(404, M.commentNotFound);
}
