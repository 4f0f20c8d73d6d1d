import { formatDate, isIsoDate, schoolDay, type TermLabel } from "../../contract/calendar";
import type { FieldErrors } from "../../contract/http";
import {
  ATTENDANCE_LIMITS as LIMITS,
  ATTENDANCE_MESSAGES as M,
  ATTENDANCE_STATUSES,
  type AttendanceRegister,
  type AttendanceStatus,
  type AttendanceSummary,
} from "../../contract/attendance";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import { requireFeature } from "../lib/access";
import { ApiError, validationError } from "../lib/errors";
import { recordAudit } from "./audit";
import { schoolTerm } from "./calendar";
import { getSchoolSettings } from "./settings";

/**
 * The attendance register (contract/staff-area.ts): one per class per school day of the term calendar, taken by
 * the class's form teacher, the main admin or a sub-admin holding the Students key. Saving one is one
 * transaction; saving again replaces its marks; a day before today is a correction, kept in the audit log.
 */

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The weekday of a YYYY-MM-DD day. */
export const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];

/** The term a day is a school day of, or why it is not one (a sentence for the person taking the register). */
export async function schoolDayFacts(
  db: Db,
  schoolId: number,
  day: string,
): Promise<{ term: string; session: string } | { reason: string }> {
  const shown = formatDate(day);
  const term = await db
    .selectFrom("term_dates")
    .select(["term", "session"])
    .where("school_id", "=", schoolId)
    .where("starts_on", "<=", day)
    .where("ends_on", ">=", day)
    .executeTakeFirst();
  if (!term) return { reason: M.notInTerm(shown) };
  const weekday = weekdayOf(day);
  if (weekday === "Saturday" || weekday === "Sunday") return { reason: M.weekend(shown, weekday) };
  const closure = await db
    .selectFrom("term_closures")
    .select("name")
    .where("school_id", "=", schoolId)
    .where("closed_on", "=", day)
    .executeTakeFirst();
  if (closure) return { reason: M.closed(shown, closure.name) };
  return term;
}

interface RegisterQuery {
  class?: string;
  date?: string;
}

/** The class and day asked for, checked: the class is the school's and the caller's to mark, the day a school day. */
async function checkedDay(deps: ApiDeps, tenant: Tenant, query: RegisterQuery) {
  const className = query.class?.trim() || tenant.staff?.formClass || "";
  const date = query.date?.trim() || schoolDay(deps.now());
  const errors: FieldErrors = {};
  if (!className) errors.class = [tenant.staff ? M.noFormClass : M.classRequired];
  if (!isIsoDate(date)) errors.date = [M.dateInvalid];
  if (Object.keys(errors).length) throw validationError(errors);
  if (tenant.staff) {
    if (tenant.staff.formClass !== className) throw new ApiError(403, M.notFormTeacher, { class: [M.notFormTeacher] });
  } else if (tenant.subAdmin) requireFeature(tenant, "students");
  const settings = await getSchoolSettings(deps, tenant);
  if (!settings.classes.some((c) => c.class_name === className)) throw validationError({ class: [M.classUnknown] });
  const facts = await schoolDayFacts(deps.db, tenant.schoolId, date);
  if ("reason" in facts) throw new ApiError(422, facts.reason, { date: [facts.reason] });
  return { className, date, ...facts };
}

/** The class's active students, A–Z (the register's, and a computer-based test's when it is opened). */
export async function classStudents(db: Db, schoolId: number, className: string) {
  return db
    .selectFrom("students")
    .select(["id", "name"])
    .where("school_id", "=", schoolId)
    .where("class_name", "=", className)
    .where("status", "=", "active")
    .orderBy("sort_name")
    .orderBy("id")
    .execute();
}

/** Whether a day's register may be saved now: today or before, in the school's current term. */
async function editable(deps: ApiDeps, tenant: Tenant, day: { date: string; term: string; session: string }) {
  if (day.date > schoolDay(deps.now())) return { ok: false, reason: M.future(formatDate(day.date)) };
  const current = await schoolTerm(deps, tenant);
  if (current.term !== day.term || current.session !== day.session) return { ok: false, reason: M.pastTerm };
  return { ok: true, reason: null };
}

export async function getRegister(deps: ApiDeps, tenant: Tenant, query: RegisterQuery): Promise<AttendanceRegister> {
  const day = await checkedDay(deps, tenant, query);
  const [students, register, open] = await Promise.all([
    classStudents(deps.db, tenant.schoolId, day.className),
    deps.db
      .selectFrom("attendance_registers")
      .select(["id", "taken_by"])
      .where("school_id", "=", tenant.schoolId)
      .where("class_name", "=", day.className)
      .where("date", "=", day.date)
      .executeTakeFirst(),
    editable(deps, tenant, day),
  ]);
  const marks = register
    ? await deps.db
        .selectFrom("attendance_marks")
        .select(["student_id", "status", "note"])
        .where("school_id", "=", tenant.schoolId)
        .where("register_id", "=", register.id)
        .execute()
    : [];
  const byStudent = new Map(marks.map((m) => [Number(m.student_id), m]));
  return {
    date: day.date,
    class: day.className,
    term: day.term,
    session: day.session,
    taken: Boolean(register),
    taken_by: register?.taken_by ?? null,
    editable: open.ok,
    closed_reason: open.reason,
    marks: students.map((s) => {
      const mark = byStudent.get(s.id);
      return {
        student_id: s.id,
        name: s.name,
        status: (mark?.status as AttendanceStatus | undefined) ?? "present",
        note: mark?.note ?? null,
      };
    }),
  };
}

/** The marks sent, checked against the class's students; every problem at once, keyed `marks.{i}.{field}`. */
function checkedMarks(raw: unknown, className: string, studentIds: Set<number>) {
  const list = raw && typeof raw === "object" ? (raw as { marks?: unknown }).marks : undefined;
  if (!Array.isArray(list)) throw validationError({ marks: [M.marksRequired] });
  if (list.length > LIMITS.marksMax) throw validationError({ marks: [M.tooManyMarks] });
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const marks = list.map((item: unknown, i) => {
    const mark = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
    const id = Number(mark.student_id);
    if (!Number.isSafeInteger(id) || !studentIds.has(id))
      errors[`marks.${i}.student_id`] = [M.studentNotInClass(className)];
    else if (seen.has(id)) errors[`marks.${i}.student_id`] = [M.markedTwice];
    seen.add(id);
    const status = typeof mark.status === "string" ? mark.status.trim().toLowerCase() : "";
    if (!(ATTENDANCE_STATUSES as readonly string[]).includes(status)) errors[`marks.${i}.status`] = [M.statusUnknown];
    const note = typeof mark.note === "string" ? mark.note.trim() : "";
    if (mark.note !== undefined && mark.note !== null && typeof mark.note !== "string")
      errors[`marks.${i}.note`] = [M.noteTooLong];
    else if (note.length > LIMITS.noteMax) errors[`marks.${i}.note`] = [M.noteTooLong];
    return { student_id: id, status: status as AttendanceStatus, note: note || null };
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return marks;
}

const actorName = (tenant: Tenant) => tenant.staff?.name ?? tenant.subAdmin?.name ?? "Main admin";

/**
 * Saves a class's register for a day: the marks sent (a student of the class left out is Present) replace the
 * day's, in one transaction. A day before today is a correction, written to the audit log with the register.
 */
export async function saveRegister(
  deps: ApiDeps,
  tenant: Tenant,
  query: RegisterQuery,
  raw: unknown,
): Promise<AttendanceRegister> {
  const day = await checkedDay(deps, tenant, query);
  const open = await editable(deps, tenant, day);
  if (!open.ok) throw new ApiError(422, open.reason!, { date: [open.reason!] });
  const students = await classStudents(deps.db, tenant.schoolId, day.className);
  const sent = checkedMarks(raw, day.className, new Set(students.map((s) => s.id)));
  const byStudent = new Map(sent.map((m) => [m.student_id, m]));
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const register = await trx
      .insertInto("attendance_registers")
      .values({
        school_id: tenant.schoolId,
        class_name: day.className,
        date: day.date,
        term: day.term,
        session: day.session,
        taken_by: actorName(tenant),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(["school_id", "class_name", "date"]).doUpdateSet({ taken_by: actorName(tenant), updated_at: now }),
      )
      .returning(["id", "created_at"])
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom("attendance_marks")
      .where("school_id", "=", tenant.schoolId)
      .where("register_id", "=", register.id)
      .execute();
    const rows = students.map((s) => ({
      register_id: register.id,
      school_id: tenant.schoolId,
      student_id: s.id,
      status: byStudent.get(s.id)?.status ?? "present",
      note: byStudent.get(s.id)?.note ?? null,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await trx
        .insertInto("attendance_marks")
        .values(rows.slice(i, i + 100))
        .execute();
    if (day.date < schoolDay(deps.now())) {
      const absent = rows.filter((r) => r.status === "absent").length;
      await recordAudit(
        deps,
        tenant,
        {
          kind: "correction",
          summary: `Corrected the ${day.className} register of ${formatDate(day.date)} (${absent} absent)`,
          recordIds: [register.id],
        },
        trx,
      );
    }
  });
  return getRegister(deps, tenant, { class: day.className, date: day.date });
}

/**
 * Each student's attendance over a term's registers of a class: days the register was taken for them, present
 * (late counts as present), absent and late. Students with no register that term are absent from the map.
 */
export async function attendanceSummaries(
  db: Db,
  schoolId: number,
  key: { className: string; term: TermLabel | string; session: string },
): Promise<Map<number, AttendanceSummary>> {
  const rows = await db
    .selectFrom("attendance_marks")
    .innerJoin("attendance_registers", "attendance_registers.id", "attendance_marks.register_id")
    .select(["attendance_marks.student_id", "attendance_marks.status"])
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("attendance_registers.school_id", "=", schoolId)
    .where("attendance_registers.class_name", "=", key.className)
    .where("attendance_registers.term", "=", key.term)
    .where("attendance_registers.session", "=", key.session)
    .groupBy(["attendance_marks.student_id", "attendance_marks.status"])
    .execute();
  const found = new Map<number, AttendanceSummary>();
  for (const row of rows) {
    const id = Number(row.student_id);
    const summary = found.get(id) ?? { opened: 0, present: 0, absent: 0, late: 0 };
    const n = Number(row.n);
    summary.opened += n;
    if (row.status === "absent") summary.absent += n;
    else summary.present += n;
    if (row.status === "late") summary.late += n;
    found.set(id, summary);
  }
  return found;
}
