import { sql } from "kysely";
import { followingTerm, TERMS } from "../../contract/calendar";
import { cumulative, roundScore, scoreColumns, subjectTotal } from "../../contract/grading";
import type { FieldErrors } from "../../contract/http";
import {
  DEFAULT_MARKS,
  GRADUATED,
  PROMOTION_MESSAGES as M,
  SUGGESTIONS,
  type LastPromotion,
  type PromotionClass,
  type PromotionCounts,
  type PromotionPreview,
  type SuggestedStudent,
} from "../../contract/promotion";
import { isSession, type SchoolSettings } from "../../contract/settings";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import { requireMainAdmin } from "../lib/access";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, validationError } from "../lib/errors";
import { idempotencyKey } from "../lib/idempotency";
import { recordAudit } from "./audit";
import { schoolTermIn } from "./calendar";
import { getSchoolSettings } from "./settings";

/** Rows per batched write: far under both databases' bound-parameter limits. */
const BATCH = 500;

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH) out.push(items.slice(start, start + BATCH));
  return out;
};

/** The session after this one: 2025/2026 → 2026/2027. */
export const nextSession = (session: string) => followingTerm(TERMS[2], session).session;

/**
 * Each class's default next class: the following class of its section; after a section's last class, the first
 * class of the next section that has one; the last class of the last section graduates (null).
 */
export function defaultNextClasses(settings: Pick<SchoolSettings, "sections" | "classes_by_section">) {
  const ordered = settings.sections.flatMap((section) => settings.classes_by_section[section] ?? []);
  return new Map(ordered.map((name, at) => [name, at + 1 < ordered.length ? ordered[at + 1] : null]));
}

interface Rules {
  next: Map<string, string | null>;
  lower_mark: number;
  upper_mark: number;
}

/** The school's rules: its saved next classes over the defaults (a saved class no longer the school's is ignored). */
async function rulesOf(db: Db, schoolId: number, settings: SchoolSettings): Promise<Rules> {
  const next = defaultNextClasses(settings);
  const row = await db.selectFrom("promotion_rules").selectAll().where("school_id", "=", schoolId).executeTakeFirst();
  if (!row) return { next, ...DEFAULT_MARKS };
  const saved = JSON.parse(row.next_classes) as Record<string, string | null>;
  for (const [name, to] of Object.entries(saved)) {
    if (next.has(name) && (to === null || next.has(to))) next.set(name, to);
  }
  return { next, lower_mark: row.lower_mark, upper_mark: row.upper_mark };
}

/**
 * Each active student's annual average of a session: for every subject, the mean of its terminal totals over the
 * terms whose class result was published (`cumulative`), then the mean over the subjects. Students with no
 * published result have none.
 */
async function annualAverages(db: Db, schoolId: number, settings: SchoolSettings, session: string) {
  const rows = await db
    .selectFrom("result_scores as r")
    .innerJoin("result_publications as p", (join) =>
      join
        .onRef("p.school_id", "=", "r.school_id")
        .onRef("p.class_name", "=", "r.class_name")
        .onRef("p.term", "=", "r.term")
        .onRef("p.session", "=", "r.session")
        .onRef("p.result", "=", "r.result"),
    )
    .innerJoin("students as s", "s.id", "r.student_id")
    .select(["r.student_id", "r.class_name", "r.subject", "r.term", "r.scores"])
    .where("r.school_id", "=", schoolId)
    .where("r.session", "=", session)
    .where("r.result", "=", "terminal")
    .where("p.published", "=", 1)
    .where("s.status", "=", "active")
    .execute();
  const sectionOf = new Map(settings.classes.map((c) => [c.class_name, c.section]));
  const columnsOf = new Map<string, ReturnType<typeof scoreColumns>>();
  const bySubject = new Map<
    number,
    Map<string, { first: number | null; second: number | null; third: number | null }>
  >();
  for (const row of rows) {
    const section = sectionOf.get(row.class_name) ?? "";
    if (!columnsOf.has(section)) columnsOf.set(section, scoreColumns(settings.report_sheet, section, "terminal"));
    const parsed = JSON.parse(row.scores) as Record<string, unknown>;
    const scores = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === "number" ? v : null]));
    const total = subjectTotal(scores, columnsOf.get(section)!);
    const place = (["first", "second", "third"] as const)[TERMS.indexOf(row.term as (typeof TERMS)[number])];
    if (total === null || !place) continue;
    const id = Number(row.student_id);
    const subjects = bySubject.get(id) ?? new Map();
    bySubject.set(id, subjects);
    const terms = subjects.get(row.subject) ?? { first: null, second: null, third: null };
    terms[place] = total;
    subjects.set(row.subject, terms);
  }
  const averages = new Map<number, number>();
  for (const [id, subjects] of bySubject) {
    const annual = [...subjects.values()].map(cumulative).filter((n) => n !== null);
    if (annual.length) averages.set(id, roundScore(annual.reduce((a, b) => a + b, 0) / annual.length));
  }
  return averages;
}

interface ActiveStudent {
  id: number;
  unique_id: string;
  name: string;
  class_name: string | null;
}

const activeStudents = (db: Db, schoolId: number): Promise<ActiveStudent[]> =>
  db
    .selectFrom("students")
    .select(["id", "unique_id", "name", "class_name"])
    .where("school_id", "=", schoolId)
    .where("status", "=", "active")
    .orderBy("sort_name")
    .orderBy("id")
    .execute();

/** The students under the upper mark, each with what their average suggests, lowest first. */
function suggestions(students: ActiveStudent[], averages: Map<number, number>, rules: Rules): SuggestedStudent[] {
  return students
    .flatMap((s) => {
      const average = averages.get(s.id);
      if (average === undefined || average >= rules.upper_mark || !s.class_name || !rules.next.has(s.class_name))
        return [];
      const suggestion = average < rules.lower_mark ? SUGGESTIONS.repeat : SUGGESTIONS.trial;
      return [{ id: s.id, unique_id: s.unique_id, name: s.name, class_name: s.class_name, average, suggestion }];
    })
    .sort((a, b) => a.average - b.average);
}

/** The tables whose rows of the new session end the time a promotion can be undone, with what each row is. */
const ACTIVITY = [
  { table: "fee_items", at: "created_at", what: "fee" },
  { table: "fee_discounts", at: "created_at", what: "discount" },
  { table: "fee_payments", at: "recorded_at", what: "payment" },
  { table: "inventory_purchases", at: "sold_at", what: "sale" },
  { table: "result_scores", at: "updated_at", what: "score" },
  { table: "report_extras", at: "updated_at", what: "register" },
  { table: "attendance_registers", at: "updated_at", what: "class register" },
  // The end of the new session's 1st Term: undone, the school would land in that term again at the next promotion.
  { table: "term_rollovers", at: "created_at", what: "term rollover", session: "ending_session" },
] as const;

async function latestPromotion(db: Db, schoolId: number) {
  return db
    .selectFrom("promotions")
    .selectAll()
    .where("school_id", "=", schoolId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Why the school's last promotion can no longer be undone, or null while it can. */
async function undoRefusal(
  db: Db,
  schoolId: number,
  promotion: { new_session: string; created_at: string },
  now: Date,
): Promise<string | null> {
  const current = await schoolTermIn(db, schoolId, now);
  if (current.session !== promotion.new_session) return M.undoLater(promotion.new_session);
  for (const activity of ACTIVITY) {
    const { table, at, what } = activity;
    const session = "session" in activity ? activity.session : "session";
    const found = await sql<{ one: number }>`select 1 as one from ${sql.table(table)}
      where school_id = ${schoolId} and ${sql.ref(session)} = ${promotion.new_session} and ${sql.ref(at)} >= ${promotion.created_at}
      limit 1`.execute(db);
    if (found.rows.length) return M.undoRecorded(what, promotion.new_session);
  }
  return null;
}

async function lastPromotion(deps: ApiDeps, schoolId: number): Promise<LastPromotion | null> {
  const row = await latestPromotion(deps.db, schoolId);
  if (!row) return null;
  return {
    ...(JSON.parse(row.counts) as PromotionCounts),
    promoted_at: row.created_at,
    undo_refused: await undoRefusal(deps.db, schoolId, row, deps.now()),
  };
}

export async function promotionPreview(deps: ApiDeps, tenant: Tenant): Promise<PromotionPreview> {
  requireMainAdmin(tenant, M.mainOnly);
  const schoolId = tenant.schoolId;
  const settings = await getSchoolSettings(deps, tenant);
  const { term, session } = await schoolTermIn(deps.db, schoolId, deps.now());
  const rules = await rulesOf(deps.db, schoolId, settings);
  const students = await activeStudents(deps.db, schoolId);
  const counts = new Map<string, number>();
  for (const s of students) if (s.class_name) counts.set(s.class_name, (counts.get(s.class_name) ?? 0) + 1);
  const classes: PromotionClass[] = settings.classes.map((c) => ({
    class_name: c.class_name,
    section: c.section,
    next_class: rules.next.get(c.class_name) ?? null,
    count: counts.get(c.class_name) ?? 0,
  }));
  const done = await deps.db
    .selectFrom("promotions")
    .select("id")
    .where("school_id", "=", schoolId)
    .where("ending_session", "=", session)
    .executeTakeFirst();
  return {
    current_term: term,
    ending_session: session,
    new_session: nextSession(session),
    lower_mark: rules.lower_mark,
    upper_mark: rules.upper_mark,
    classes,
    suggested: suggestions(students, await annualAverages(deps.db, schoolId, settings, session), rules),
    graduates: classes.filter((c) => c.next_class === null).reduce((sum, c) => sum + c.count, 0),
    unplaced: students.filter((s) => !s.class_name || !rules.next.has(s.class_name)).length,
    ready: !done,
    last: await lastPromotion(deps, schoolId),
  };
}

const isMark = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 100;
const asMark = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value);

/** Saves the next classes and the marks; nothing is written unless all of it is valid. */
export async function savePromotionRules(deps: ApiDeps, tenant: Tenant, body: unknown): Promise<PromotionPreview> {
  requireMainAdmin(tenant, M.mainOnly);
  const sent = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const settings = await getSchoolSettings(deps, tenant);
  const current = await rulesOf(deps.db, tenant.schoolId, settings);
  const errors: FieldErrors = {};
  const next = new Map(current.next);
  const nextSent = sent.next_classes ?? {};
  if (typeof nextSent !== "object" || nextSent === null || Array.isArray(nextSent)) {
    errors.next_classes = [M.nextUnknown];
  } else {
    for (const [name, to] of Object.entries(nextSent)) {
      if (!next.has(name) || (to !== "" && to !== null && !(typeof to === "string" && next.has(to))))
        errors[`next_classes.${name}`] = [M.nextUnknown];
      else next.set(name, to || null);
    }
  }
  const lower = sent.lower_mark === undefined ? current.lower_mark : asMark(sent.lower_mark);
  const upper = sent.upper_mark === undefined ? current.upper_mark : asMark(sent.upper_mark);
  if (!isMark(lower)) errors.lower_mark = [M.markInvalid];
  if (!isMark(upper)) errors.upper_mark = [M.markInvalid];
  if (isMark(lower) && isMark(upper) && lower > upper) errors.lower_mark = [M.marksOrder];
  if (Object.keys(errors).length) throw validationError(errors);
  const row = {
    next_classes: JSON.stringify(Object.fromEntries(next)),
    lower_mark: lower as number,
    upper_mark: upper as number,
    updated_at: deps.now().toISOString(),
  };
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("promotion_rules")
      .values({ school_id: tenant.schoolId, ...row })
      .onConflict((oc) => oc.column("school_id").doUpdateSet(row))
      .execute();
    await recordAudit(deps, tenant, { kind: "settings", summary: "Changed the next classes and promotion marks" }, trx);
  });
  return promotionPreview(deps, tenant);
}

/** A list of student ids as sent: numbers, or numeric text (a form's values). */
function idList(value: unknown, field: string, errors: FieldErrors): number[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v));
  if (!ids.every((id): id is number => typeof id === "number" && Number.isInteger(id) && id > 0)) {
    errors[field] = [M.studentsUnknown];
    return [];
  }
  return [...new Set(ids)];
}

/** The settings as the school saved them (parts never saved are absent). */
export async function savedSettings(trx: Db, schoolId: number) {
  const row = await trx
    .selectFrom("school_settings")
    .select("settings")
    .where("school_id", "=", schoolId)
    .executeTakeFirst();
  return (row ? JSON.parse(row.settings) : {}) as {
    report_sheet?: Record<string, unknown>;
    other_settings?: Record<string, unknown>;
    sessions?: string[] | null;
    terms?: string[];
  };
}

interface SettingsBefore {
  term: string | null;
  session: string | null;
  added_session: boolean;
}

/** Moves the school's settings to the new session's first term; answers what they held, for an undo. */
async function moveSettings(trx: Db, schoolId: number, session: string, now: string): Promise<SettingsBefore> {
  const saved = await savedSettings(trx, schoolId);
  const before: SettingsBefore = {
    term: typeof saved.report_sheet?.current_term === "string" ? saved.report_sheet.current_term : null,
    session: typeof saved.other_settings?.current_session === "string" ? saved.other_settings.current_session : null,
    added_session: Array.isArray(saved.sessions) && !saved.sessions.includes(session),
  };
  const terms = saved.terms ?? [...TERMS];
  const next = {
    ...saved,
    report_sheet: { ...saved.report_sheet, current_term: terms.includes(TERMS[0]) ? TERMS[0] : terms[0] },
    other_settings: { ...saved.other_settings, current_session: session },
    ...(before.added_session ? { sessions: [...(saved.sessions ?? []), session] } : {}),
  };
  await writeSettings(trx, schoolId, next, now);
  return before;
}

export async function writeSettings(trx: Db, schoolId: number, value: object, now: string) {
  const settings = JSON.stringify(value);
  await trx
    .insertInto("school_settings")
    .values({ school_id: schoolId, settings, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("school_id").doUpdateSet({ settings, updated_at: now }))
    .execute();
}

/** Puts back the term and session the settings held before the promotion (the rest of them stays as it is now). */
async function restoreSettings(trx: Db, schoolId: number, before: SettingsBefore, session: string, now: string) {
  const saved = await savedSettings(trx, schoolId);
  const { current_term: _term, ...sheet } = saved.report_sheet ?? {};
  const { current_session: _session, ...other } = saved.other_settings ?? {};
  const restored: Record<string, unknown> = {
    ...saved,
    report_sheet: before.term === null ? sheet : { ...sheet, current_term: before.term },
    other_settings: before.session === null ? other : { ...other, current_session: before.session },
  };
  if (before.added_session && Array.isArray(saved.sessions))
    restored.sessions = saved.sessions.filter((s) => s !== session);
  // A part the school had never saved goes back to being its default.
  if (before.term === null && !Object.keys(sheet).length) delete restored.report_sheet;
  await writeSettings(trx, schoolId, restored, now);
}

/**
 * Sets the students a promotion moved from its moves, in one statement per kind: `class_name` (and for graduates
 * the backlog) from `promotion_moves`, an UPDATE … FROM both databases take. `column` is the moves' class to set:
 * `to_class` promoting, `from_class` undoing.
 */
async function setFromMoves(
  trx: Db,
  schoolId: number,
  promotionId: number,
  column: "to_class" | "from_class",
  graduated: boolean,
  now: string,
) {
  const status = graduated
    ? column === "to_class"
      ? sql`, status = 'backlog', backlog_reason = ${GRADUATED}`
      : sql`, status = 'active', backlog_reason = null`
    : sql``;
  // Promoting, the students who stay in their class are not rewritten.
  const moved = !graduated && column === "to_class" ? sql`and m.to_class <> m.from_class` : sql``;
  await sql`update students set class_name = ${graduated ? sql`m.from_class` : sql.ref(`m.${column}`)}, updated_at = ${now} ${status}
    from promotion_moves m
    where m.promotion_id = ${promotionId} and m.school_id = ${schoolId} and m.student_id = students.id
      and students.school_id = ${schoolId} and m.graduated = ${graduated ? 1 : 0} ${moved}`.execute(trx);
}

/**
 * Records a class for `session` of each student a promotion moves, from its moves (one INSERT … SELECT); a record
 * already holding that class is left as it is.
 */
async function recordClassesFromMoves(
  trx: Db,
  schoolId: number,
  promotionId: number,
  session: string,
  column: "to_class" | "from_class",
  now: string,
) {
  await sql`insert into student_classes (school_id, student_id, session, class_name, recorded_at)
    select m.school_id, m.student_id, ${session}, ${sql.ref(`m.${column}`)}, ${now} from promotion_moves m
    where m.promotion_id = ${promotionId} and m.school_id = ${schoolId}
      ${column === "to_class" ? sql`and m.graduated = 0` : sql``}
    on conflict (student_id, session) do update set class_name = excluded.class_name, recorded_at = excluded.recorded_at
      where student_classes.class_name is null or student_classes.class_name <> excluded.class_name`.execute(trx);
}

/**
 * Writes a promotion's moves: every student of the school's classes read (`students`) to their class's next class
 * in one INSERT … SELECT (a CASE over the classes), then those who stay (`stays`) put back in their class, a
 * statement per batch of them.
 */
async function writeMoves(
  trx: Db,
  schoolId: number,
  promotionId: number,
  rules: Rules,
  students: ActiveStudent[],
  stays: number[],
) {
  const classes = [...rules.next];
  if (!classes.length || !students.length) return;
  const lastId = students.reduce((most, s) => Math.max(most, s.id), 0);
  const graduating = classes.filter(([, to]) => to === null).map(([from]) => from);
  await sql`insert into promotion_moves (promotion_id, school_id, student_id, from_class, to_class, graduated)
    select ${promotionId}, s.school_id, s.id, s.class_name,
      case s.class_name ${sql.join(
        classes.map(([from, to]) => sql`when ${from} then ${to}`),
        sql` `,
      )} end,
      ${graduating.length ? sql`case when s.class_name in (${sql.join(graduating)}) then 1 else 0 end` : sql`0`}
    from students s
    where s.school_id = ${schoolId} and s.status = 'active' and s.id <= ${lastId}
      and s.class_name in (${sql.join(classes.map(([from]) => from))})`.execute(trx);
  for (const part of chunks(stays)) {
    await trx
      .updateTable("promotion_moves")
      .set((eb) => ({ to_class: eb.ref("from_class"), graduated: 0 }))
      .where("promotion_id", "=", promotionId)
      .where("student_id", "in", part)
      .execute();
  }
}

/**
 * Ends `ending_session`: in one transaction every active student of the school's classes moves to their class's
 * next class (or stays, held back or under the lower mark and not moved up), the final classes' students go to the
 * backlog as Graduated, the class history records both sessions, and the school's current session becomes the
 * next one's 1st Term. Refused (409) once that session is no longer current, so a replay does nothing.
 */
export async function promote(
  deps: ApiDeps,
  tenant: Tenant,
  body: unknown,
  idempotencyHeader: string | undefined,
): Promise<PromotionCounts> {
  requireMainAdmin(tenant, M.mainOnly);
  const schoolId = tenant.schoolId;
  const sent = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const ending = typeof sent.ending_session === "string" ? sent.ending_session.trim() : "";
  if (!isSession(ending)) errors.ending_session = [M.sessionRequired];
  const heldBack = new Set(idList(sent.held_back, "held_back", errors));
  const movedUp = new Set(idList(sent.moved_up, "moved_up", errors));
  if (Object.keys(errors).length) throw validationError(errors);
  const key = idempotencyKey(idempotencyHeader);
  const conflict = () => new ApiError(409, M.notCurrent(ending), { ending_session: [M.notCurrent(ending)] });

  const settings = await getSchoolSettings(deps, tenant);
  const rules = await rulesOf(deps.db, schoolId, settings);
  const today = deps.now();
  const now = today.toISOString();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const { session } = await schoolTermIn(trx, schoolId, today);
      if (session !== ending) throw conflict();
      const newSession = nextSession(ending);
      // First, so that a second promotion of the same session waits on this row and is refused.
      const promotion = await trx
        .insertInto("promotions")
        .values({
          school_id: schoolId,
          ending_session: ending,
          new_session: newSession,
          settings_before: "{}",
          counts: "{}",
          idempotency_key: key,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();

      const students = await activeStudents(trx, schoolId);
      const known = new Set(students.map((s) => s.id));
      const strangers = [...heldBack, ...movedUp].some((id) => !known.has(id));
      if (strangers)
        throw validationError({
          ...([...heldBack].some((id) => !known.has(id)) ? { held_back: [M.studentsUnknown] } : {}),
          ...([...movedUp].some((id) => !known.has(id)) ? { moved_up: [M.studentsUnknown] } : {}),
        });
      const averages = await annualAverages(trx, schoolId, settings, ending);
      const placed = students.filter((s) => s.class_name !== null && rules.next.has(s.class_name));
      const moves = placed.map((s) => {
        const average = averages.get(s.id);
        const under = average !== undefined && average < rules.lower_mark && !movedUp.has(s.id);
        const stays = heldBack.has(s.id) || under;
        const to = stays ? s.class_name : (rules.next.get(s.class_name!) ?? null);
        return { id: s.id, from: s.class_name, to, graduated: to === null, stays };
      });
      // The moves are written first, set-based; every other write is one statement over them.
      await writeMoves(
        trx,
        schoolId,
        promotion.id,
        rules,
        students,
        moves.filter((m) => m.stays).map((m) => m.id),
      );
      // The ending session keeps the class each student was in; the new one records where each now is.
      await recordClassesFromMoves(trx, schoolId, promotion.id, ending, "from_class", now);
      await setFromMoves(trx, schoolId, promotion.id, "to_class", false, now);
      await setFromMoves(trx, schoolId, promotion.id, "to_class", true, now);
      await recordClassesFromMoves(trx, schoolId, promotion.id, newSession, "to_class", now);
      const counts: PromotionCounts = {
        ending_session: ending,
        new_session: newSession,
        promoted: moves.filter((m) => !m.graduated && !m.stays).length,
        repeated: moves.filter((m) => m.stays).length,
        graduated: moves.filter((m) => m.graduated).length,
      };
      const before = await moveSettings(trx, schoolId, newSession, now);
      await trx
        .updateTable("promotions")
        .set({ settings_before: JSON.stringify(before), counts: JSON.stringify(counts) })
        .where("id", "=", promotion.id)
        .execute();
      await recordAudit(
        deps,
        tenant,
        {
          kind: "settings",
          summary: `Promoted the students of ${ending}: ${counts.promoted} promoted, ${counts.repeated} kept back, ${counts.graduated} graduated; the school is in ${newSession}`,
        },
        trx,
      );
      return counts;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

/**
 * Undoes the school's last promotion exactly: every student it moved back in their class, its graduates back from
 * the backlog, the new session's class records it wrote removed and the settings' term and session put back. Refused
 * (409, with the reason) once anything of the new session has been recorded, or the school has left that session.
 */
export async function undoPromotion(deps: ApiDeps, tenant: Tenant): Promise<PromotionCounts> {
  requireMainAdmin(tenant, M.mainOnly);
  const schoolId = tenant.schoolId;
  const now = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const promotion = await latestPromotion(trx, schoolId);
    if (!promotion) throw new ApiError(409, M.nothingToUndo, { promotion: [M.nothingToUndo] });
    const refused = await undoRefusal(trx, schoolId, promotion, deps.now());
    if (refused) throw new ApiError(409, refused, { promotion: [refused] });
    const moved = await trx
      .selectFrom("promotion_moves")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("school_id", "=", schoolId)
      .where("promotion_id", "=", promotion.id)
      .executeTakeFirstOrThrow();
    await setFromMoves(trx, schoolId, promotion.id, "from_class", false, now);
    await setFromMoves(trx, schoolId, promotion.id, "from_class", true, now);
    await sql`delete from student_classes where school_id = ${schoolId} and session = ${promotion.new_session}
      and student_id in (select m.student_id from promotion_moves m where m.promotion_id = ${promotion.id})`.execute(
      trx,
    );
    await restoreSettings(
      trx,
      schoolId,
      JSON.parse(promotion.settings_before) as SettingsBefore,
      promotion.new_session,
      now,
    );
    await trx.deleteFrom("promotion_moves").where("promotion_id", "=", promotion.id).execute();
    await trx.deleteFrom("promotions").where("id", "=", promotion.id).execute();
    const counts = JSON.parse(promotion.counts) as PromotionCounts;
    await recordAudit(
      deps,
      tenant,
      {
        kind: "restore",
        summary: `Undid the promotion of ${promotion.ending_session}: ${Number(moved.n)} students back in their classes; the school is in ${promotion.ending_session}`,
      },
      trx,
    );
    return counts;
  });
}
