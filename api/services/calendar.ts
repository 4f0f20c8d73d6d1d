import {
  CALENDAR_MESSAGES as M,
  resolveSchoolTerm,
  schoolDay,
  schoolDays,
  termOnDay,
  TERMS,
  type CalendarTerm,
  type Closure,
  type SchoolTerm,
  type TermCalendar,
  type TermLabel,
} from "../../contract/calendar";
import { calendarPayload, type CheckedTerm } from "../../contract/calendar.schema";
import type { FieldErrors } from "../../contract/http";
import { isSession } from "../../contract/settings";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import { fromZod, validationError } from "../lib/errors";
import { recordAudit } from "./audit";
import { configuredTermAndSession, storedSettings } from "./stored-settings";

/**
 * The school's current term and session, and those a new timetable starts on: the term calendar's when it
 * covers today (in Lagos), else the ones set in the settings, else the month's (docs/product.md, Terms and
 * sessions), moved on by a promotion (docs/product.md, Promotion). Every screen asking "which term is it" goes
 * through here: two queries, three without a calendar.
 */
export const schoolTerm = (deps: ApiDeps, tenant: Tenant): Promise<SchoolTerm> =>
  schoolTermIn(deps.db, tenant.schoolId, deps.now());

/** `schoolTerm` on a given connection, which may be a transaction (a class recorded for the current session). */
export async function schoolTermIn(db: Db, schoolId: number, now: Date): Promise<SchoolTerm> {
  const today = schoolDay(now);
  const covering = await db
    .selectFrom("term_dates")
    .select(["term", "session", "starts_on", "ends_on", "next_term_starts_on"])
    .where("school_id", "=", schoolId)
    .where("starts_on", "<=", today)
    .where((eb) => eb.or([eb("ends_on", ">=", today), eb("next_term_starts_on", ">", today)]))
    .orderBy("starts_on", "desc")
    .limit(1)
    .execute();
  const fromCalendar = termOnDay(
    covering.map((row) => ({ ...row, term: row.term as TermLabel })),
    today,
  );
  const term = fromCalendar
    ? resolveSchoolTerm(now, fromCalendar, { term: null, session: null })
    : resolveSchoolTerm(now, null, configuredTermAndSession(await storedSettings(db, schoolId)));
  // A promotion moved the school on: it is in the new session's 1st Term until the calendar or settings say later.
  const promoted = await db
    .selectFrom("promotions")
    .select("new_session")
    .where("school_id", "=", schoolId)
    .where("new_session", ">", term.session)
    .orderBy("new_session", "desc")
    .limit(1)
    .executeTakeFirst();
  const current: SchoolTerm = promoted
    ? {
        term: TERMS[0],
        session: promoted.new_session,
        planning_term: TERMS[0],
        planning_session: promoted.new_session,
        from: "settings",
      }
    : term;
  // A term rollover moved the school on within the session: it is in the next term until the calendar says later.
  const rolled = await db
    .selectFrom("term_rollovers")
    .select(["ending_term", "new_term"])
    .where("school_id", "=", schoolId)
    .where("ending_session", "=", current.session)
    .where("ending_term", ">=", current.term)
    .orderBy("ending_term", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!rolled) return current;
  const session = current.session;
  return {
    term: rolled.new_term,
    session,
    planning_term: rolled.new_term,
    planning_session: session,
    from: "settings",
  };
}

/** The session named by `?year=`; none names the school's current one. */
async function sessionOf(deps: ApiDeps, tenant: Tenant, year: string | undefined): Promise<string> {
  if (year === undefined || year.trim() === "") return (await schoolTerm(deps, tenant)).session;
  if (!isSession(year.trim())) throw validationError({ year: [M.yearInvalid] });
  return year.trim();
}

async function load(deps: ApiDeps, tenant: Tenant, session: string): Promise<TermCalendar> {
  const dates = await deps.db
    .selectFrom("term_dates")
    .select(["term", "starts_on", "ends_on", "next_term_starts_on"])
    .where("school_id", "=", tenant.schoolId)
    .where("session", "=", session)
    .execute();
  const closures = await deps.db
    .selectFrom("term_closures")
    .select(["term", "closed_on", "name"])
    .where("school_id", "=", tenant.schoolId)
    .where("session", "=", session)
    .orderBy("closed_on")
    .execute();
  return {
    session,
    terms: TERMS.map((term) => {
      const row = dates.find((d) => d.term === term);
      const closed: Closure[] = closures
        .filter((c) => c.term === term)
        .map((c) => ({ date: c.closed_on, name: c.name }));
      return {
        term,
        starts_on: row?.starts_on ?? null,
        ends_on: row?.ends_on ?? null,
        next_term_starts_on: row?.next_term_starts_on ?? null,
        closures: closed,
        school_days: row
          ? schoolDays(
              row.starts_on,
              row.ends_on,
              closed.map((c) => c.date),
            )
          : null,
      };
    }),
  };
}

export async function getCalendar(deps: ApiDeps, tenant: Tenant, year: string | undefined): Promise<TermCalendar> {
  return load(deps, tenant, await sessionOf(deps, tenant, year));
}

interface OtherTerm {
  term: string;
  session: string;
  starts_on: string;
  ends_on: string;
}

/**
 * The rules between dates, over the session's three terms as they would be saved (`terms`, in order),
 * each problem keyed by where the term stands in the request (`sentAt`): a start and an end, or neither;
 * the end not before the start; the next term's beginning after the end; each term after the one before;
 * no overlap with another session's terms; dates within the session's two years; closures within their term.
 */
export function calendarErrors(
  session: string,
  terms: readonly CalendarTerm[],
  sentAt: ReadonlyMap<string, number>,
  others: readonly OtherTerm[],
): FieldErrors {
  const errors: FieldErrors = {};
  const [firstYear, secondYear] = session.split("/");
  const inSession = (date: string) => date >= `${firstYear}-01-01` && date <= `${secondYear}-12-31`;
  const add = (term: string, field: string, message: string) => {
    const index = sentAt.get(term);
    const key = index === undefined ? "terms" : `terms.${index}.${field}`;
    if (!errors[key]) errors[key] = [message];
  };
  let previous: CalendarTerm | null = null;
  for (const t of terms) {
    for (const field of ["starts_on", "ends_on", "next_term_starts_on"] as const) {
      const value = t[field];
      if (value && !inSession(value)) add(t.term, field, M.outsideSession(session));
    }
    if (!t.starts_on && (t.ends_on || t.next_term_starts_on)) add(t.term, "starts_on", M.startRequired);
    if (!t.ends_on && (t.starts_on || t.next_term_starts_on)) add(t.term, "ends_on", M.endRequired);
    if (!t.starts_on || !t.ends_on) {
      if (t.closures.length) add(t.term, "closures", M.closureNeedsDates);
      continue;
    }
    const { starts_on, ends_on } = t;
    if (ends_on < starts_on) add(t.term, "ends_on", M.endBeforeStart);
    if (t.next_term_starts_on && t.next_term_starts_on <= ends_on) add(t.term, "next_term_starts_on", M.nextBeforeEnd);
    if (previous?.ends_on && starts_on <= previous.ends_on) {
      // Said on the term that was sent: the later one, else the earlier one whose end moved past it.
      if (sentAt.has(t.term)) add(t.term, "starts_on", M.startsBefore(previous.term, previous.ends_on));
      else add(previous.term, "ends_on", M.endsAfter(t.term, starts_on));
    }
    const clash = others.find((o) => o.starts_on <= ends_on && starts_on <= o.ends_on);
    if (clash) add(t.term, "starts_on", M.overlaps(clash.term, clash.session, clash.starts_on, clash.ends_on));
    t.closures.forEach((c, at) => {
      if (c.date < starts_on || c.date > ends_on)
        add(t.term, `closures.${at}.date`, M.closureOutside(t.term, starts_on, ends_on));
    });
    previous = t;
  }
  return errors;
}

/**
 * Saves the terms sent for the session: each replaces that term's dates, and its closures when they were
 * sent; the others stay. Everything is checked first, over the session as it would be, and nothing is
 * written unless all of it is valid. Saving the same calendar again changes nothing (a double submit).
 */
export async function saveCalendar(
  deps: ApiDeps,
  tenant: Tenant,
  year: string | undefined,
  body: unknown,
): Promise<TermCalendar> {
  if (year === undefined || !isSession(year.trim())) throw validationError({ year: [M.yearInvalid] });
  const session = year.trim();
  const parsed = calendarPayload.safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error);
  const sent = new Map<string, CheckedTerm>(parsed.data.terms.map((t) => [t.term, t]));
  const sentAt = new Map(parsed.data.terms.map((t, index) => [t.term, index]));

  const current = await load(deps, tenant, session);
  const next: CalendarTerm[] = current.terms.map((stored) => {
    const t = sent.get(stored.term);
    if (!t) return stored;
    // In the order sent, so that a refusal names the closure by its place in the request.
    const closures = t.closures ? t.closures.map((c) => ({ date: c.date, name: c.name })) : stored.closures;
    return {
      term: stored.term,
      starts_on: t.starts_on,
      ends_on: t.ends_on,
      next_term_starts_on: t.next_term_starts_on,
      closures,
      school_days: null,
    };
  });
  const others = await deps.db
    .selectFrom("term_dates")
    .select(["term", "session", "starts_on", "ends_on"])
    .where("school_id", "=", tenant.schoolId)
    .where("session", "!=", session)
    .execute();
  const errors = calendarErrors(session, next, sentAt, others);
  if (Object.keys(errors).length) throw validationError(errors);

  const now = deps.now().toISOString();
  // Upserts, so that the same form sent twice at once writes the same rows instead of clashing.
  await deps.db.transaction().execute(async (trx) => {
    for (const t of next.filter((term) => sent.has(term.term))) {
      const key = { school_id: tenant.schoolId, session, term: t.term };
      if (t.starts_on && t.ends_on) {
        const dates = { starts_on: t.starts_on, ends_on: t.ends_on, next_term_starts_on: t.next_term_starts_on };
        await trx
          .insertInto("term_dates")
          .values({ ...key, ...dates, created_at: now, updated_at: now })
          .onConflict((oc) => oc.columns(["school_id", "session", "term"]).doUpdateSet({ ...dates, updated_at: now }))
          .execute();
      } else {
        await trx
          .deleteFrom("term_dates")
          .where("school_id", "=", tenant.schoolId)
          .where("session", "=", session)
          .where("term", "=", t.term)
          .execute();
      }
      if (!sent.get(t.term)?.closures) continue;
      let kept = trx
        .deleteFrom("term_closures")
        .where("school_id", "=", tenant.schoolId)
        .where("session", "=", session)
        .where("term", "=", t.term);
      if (t.closures.length)
        kept = kept.where(
          "closed_on",
          "not in",
          t.closures.map((c) => c.date),
        );
      await kept.execute();
      // A date sent twice is one closure, named as sent last.
      const closures = [...new Map(t.closures.map((c) => [c.date, c])).values()];
      if (closures.length)
        await trx
          .insertInto("term_closures")
          .values(closures.map((c) => ({ ...key, closed_on: c.date, name: c.name, created_at: now })))
          .onConflict((oc) =>
            oc
              .columns(["school_id", "session", "term", "closed_on"])
              .doUpdateSet((eb) => ({ name: eb.ref("excluded.name") })),
          )
          .execute();
    }
    await recordAudit(deps, tenant, { kind: "settings", summary: `Changed the term calendar of ${session}` }, trx);
  });
  return load(deps, tenant, session);
}
