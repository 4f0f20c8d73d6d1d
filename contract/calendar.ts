/**
 * Terms and sessions of the Nigerian school year (docs/product.md, Terms and sessions). The school's term
 * calendar says which term today is in; without one covering today, a term and session the school set in
 * its settings, else two month rules: `currentTerm` for the dashboard, `planningTerm` for new timetables.
 *
 * The term calendar's calls, under /api/admin/{uniqueId} (the session travels as `year`):
 * - `GET /calendar?year=2026/2027` (no `year`: the school's current session) → `{ data: TermCalendar }`;
 * - `PUT /calendar?year=2026/2027` with `{ terms: TermInput[] }` (contract/calendar.schema.ts): each term sent
 *   replaces that term's dates, and its closures when `closures` is sent; terms not sent keep theirs. Refusals
 *   are 422 with `errors` keyed `terms.{index}.{field}` (`terms.0.closures.2` for one closure), or `year`.
 *   Answers `{ message, data: TermCalendar }`.
 */
export type TermLabel = "1st Term" | "2nd Term" | "3rd Term";
export const TERMS: readonly TermLabel[] = ["1st Term", "2nd Term", "3rd Term"];

/** The school's day is Lagos's day, whatever the zone of the server or the browser. */
export const SCHOOL_TIME_ZONE = "Africa/Lagos";

const monthAndYear = new Intl.DateTimeFormat("en-US", {
  timeZone: SCHOOL_TIME_ZONE,
  year: "numeric",
  month: "numeric",
});

/** The month (1–12) and year of a moment as a calendar in Lagos shows them. */
function schoolMonth(date: Date): { month: number; year: number } {
  const parts = Object.fromEntries(monthAndYear.formatToParts(date).map((p) => [p.type, p.value]));
  return { month: Number(parts.month), year: Number(parts.year) };
}

/** September to December: 1st; January to April: 2nd; May to August: 3rd. */
export function currentTerm(date: Date): TermLabel {
  const { month } = schoolMonth(date);
  if (month >= 9) return "1st Term";
  if (month <= 4) return "2nd Term";
  return "3rd Term";
}

/** August to December: 1st; January to April: 2nd; otherwise 3rd. */
export function planningTerm(date: Date): TermLabel {
  const { month } = schoolMonth(date);
  if (month >= 8) return "1st Term";
  if (month <= 4) return "2nd Term";
  return "3rd Term";
}

/** The session a date falls in: a session starts in September ("2026/2027" from September 2026). */
export function currentSession(date: Date): string {
  const { month, year } = schoolMonth(date);
  const start = month >= 9 ? year : year - 1;
  return `${start}/${start + 1}`;
}

/** Sessions offered in pickers: the previous, the current and the next, generated around today. */
export function sessionOptions(date: Date): string[] {
  const [start] = currentSession(date).split("/").map(Number);
  return [start - 1, start, start + 1].map((y) => `${y}/${y + 1}`);
}

const isoDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: SCHOOL_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The day a moment falls on in Lagos, as YYYY-MM-DD (a payment's date, the date inputs' value). */
export function schoolDay(date: Date): string {
  return isoDay.format(date);
}

const dayMonthYear = new Intl.DateTimeFormat("en-NG", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const dayMonth = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", timeZone: "UTC" });

/** A calendar day as YYYY-MM-DD stays that day; a moment becomes the day it falls on in Lagos. */
function asCalendarDay(value: Date | string): Date | null {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) ? day : null;
  }
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? null : new Date(`${schoolDay(moment)}T00:00:00Z`);
}

/**
 * "24 Nov 2026": every date a person reads (pages, receipts, PDFs). Takes a day as the API sends it
 * (YYYY-MM-DD) or a moment (a Date or an ISO timestamp, read in Lagos time).
 */
export function formatDate(value: Date | string): string {
  const day = asCalendarDay(value);
  return day ? dayMonthYear.format(day) : String(value);
}

/** "24 Nov": a date where the year goes without saying, such as a chart's axis within one term. */
export function formatDayMonth(value: Date | string): string {
  const day = asCalendarDay(value);
  return day ? dayMonth.format(day) : String(value);
}

/**
 * Beside a date input: browsers without a date picker show a plain text box, and the value sent is
 * year-month-day whatever the page shows.
 */
export const DATE_INPUT_HINT = "Pick the date, or type it as year-month-day: 2026-11-24.";

/** A day the school is closed within a term (a holiday, a closure), with what it is, if given. */
export interface Closure {
  date: string;
  name: string | null;
}

/** One term of a session's calendar as the API answers it; a term not set yet has null dates and school days. */
export interface CalendarTerm {
  term: TermLabel;
  starts_on: string | null;
  ends_on: string | null;
  next_term_starts_on: string | null;
  closures: Closure[];
  school_days: number | null;
}

export interface TermCalendar {
  session: string;
  /** Always the three terms, in order. */
  terms: CalendarTerm[];
}

/** The school's current term and session, and those a new timetable starts on; `from` says what decided them. */
export interface SchoolTerm {
  term: string;
  session: string;
  planning_term: string;
  planning_session: string;
  from: "calendar" | "settings" | "month";
}

/** A term's three dates, in the order the screen asks for them. */
export const TERM_DATE_FIELDS = ["starts_on", "ends_on", "next_term_starts_on"] as const;

export const CALENDAR_LIMITS = { closuresPerTerm: 60, closureNameMax: 60 } as const;

/** The term calendar's messages (recorded in docs/decisions.md). */
export const CALENDAR_MESSAGES = {
  yearInvalid: "Choose a session like 2026/2027",
  termsRequired: "Send the terms to save",
  termUnknown: "Choose 1st Term, 2nd Term or 3rd Term",
  termTwice: "Each term can be sent once",
  dateInvalid: "Enter a date like 2026-09-14",
  startRequired: "Enter the date the term starts",
  endRequired: "Enter the date the term ends",
  datesFirst: "Enter the term's start and end dates first",
  endBeforeStart: "The term cannot end before it starts",
  nextBeforeEnd: "The next term must begin after this term ends",
  outsideSession: (session: string) => `Choose a date in ${session.replace("/", " or ")}`,
  startsBefore: (term: string, endsOn: string) => `Must start after the ${term} ends (${endsOn})`,
  endsAfter: (term: string, startsOn: string) => `Must end before the ${term} starts (${startsOn})`,
  overlaps: (term: string, session: string, startsOn: string, endsOn: string) =>
    `Overlaps the ${term} of ${session} (${startsOn} to ${endsOn})`,
  closureOutside: (term: string, startsOn: string, endsOn: string) =>
    `Choose a date within the ${term} (${startsOn} to ${endsOn})`,
  closureNeedsDates: "Set the term's dates before adding closures",
  closureDateRequired: "Enter the date the school is closed",
  closureNameTooLong: `Use at most ${CALENDAR_LIMITS.closureNameMax} characters`,
  tooManyClosures: `A term holds at most ${CALENDAR_LIMITS.closuresPerTerm} closures`,
  saved: "Term calendar saved",
  closureAdded: "Closure added",
  closureRemoved: "Closure removed",
  failedCalendar: "Failed to load the term calendar",
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

const DAY_MS = 86_400_000;
const epochDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/**
 * The school days of a term: the weekdays (Monday to Friday) from its start to its end, both included,
 * less the closures that fall on one of them. The one count of days open that attendance, "days school
 * opened" and registers not taken all use. An end before the start counts nothing.
 */
export function schoolDays(startsOn: string, endsOn: string, closures: readonly string[] = []): number {
  const first = epochDay(startsOn);
  const last = epochDay(endsOn);
  if (!(last >= first)) return 0;
  // Day 0 of the epoch (1970-01-01) was a Thursday: (day + 4) % 7 is 0 on Sundays, 6 on Saturdays.
  const isWeekday = (day: number) => (day + 4) % 7 !== 0 && (day + 4) % 7 !== 6;
  const total = last - first + 1;
  const weeks = Math.floor(total / 7);
  let weekdays = weeks * 5;
  for (let day = first + weeks * 7; day <= last; day++) if (isWeekday(day)) weekdays++;
  const closed = new Set(
    closures
      .filter(isIsoDate)
      .map(epochDay)
      .filter((day) => day >= first && day <= last && isWeekday(day)),
  );
  return weekdays - closed.size;
}

/** The term a 1st or 2nd Term's end moves the school to; none after the 3rd Term (its end is the promotion). */
export function termEndingInto(term: string, session: string): TermLabel | null {
  return term === TERMS[2] || !TERMS.includes(term as TermLabel)
    ? null
    : followingTerm(term as TermLabel, session).term;
}

/** The term after this one: the 3rd Term is followed by the next session's 1st Term. */
export function followingTerm(term: TermLabel, session: string): { term: TermLabel; session: string } {
  const index = TERMS.indexOf(term);
  if (index < TERMS.length - 1) return { term: TERMS[index + 1], session };
  const [start] = session.split("/").map(Number);
  return { term: TERMS[0], session: `${start + 1}/${start + 2}` };
}

export interface DatedTerm {
  term: TermLabel;
  session: string;
  starts_on: string;
  ends_on: string;
  next_term_starts_on: string | null;
}

/**
 * The calendar's term on a day: a term lasts from its start to the day before the next term begins (to
 * its end when that date is not set), so the holiday after a term still belongs to it. `between_terms`
 * says the day is in that holiday; a new timetable is then planned for the term that follows.
 */
export function termOnDay(
  terms: readonly DatedTerm[],
  day: string,
): { term: TermLabel; session: string; between_terms: boolean } | null {
  const covering = terms
    .filter(
      (t) =>
        t.starts_on <= day && (day <= t.ends_on || (t.next_term_starts_on !== null && day < t.next_term_starts_on)),
    )
    .sort((a, b) => (a.starts_on < b.starts_on ? 1 : -1))[0];
  return covering ? { term: covering.term, session: covering.session, between_terms: day > covering.ends_on } : null;
}

/**
 * The school's term: the calendar's when it covers today, else the term and session the school set in
 * its settings, else the month rules (`currentTerm` now, `planningTerm` for what is being planned).
 */
export function resolveSchoolTerm(
  today: Date,
  fromCalendar: ReturnType<typeof termOnDay>,
  configured: { term: string | null; session: string | null },
): SchoolTerm {
  if (fromCalendar) {
    const planned = fromCalendar.between_terms ? followingTerm(fromCalendar.term, fromCalendar.session) : fromCalendar;
    return {
      term: fromCalendar.term,
      session: fromCalendar.session,
      planning_term: planned.term,
      planning_session: planned.session,
      from: "calendar",
    };
  }
  const session = configured.session || currentSession(today);
  return {
    term: configured.term || currentTerm(today),
    session,
    planning_term: configured.term || planningTerm(today),
    planning_session: session,
    from: configured.term || configured.session ? "settings" : "month",
  };
}
