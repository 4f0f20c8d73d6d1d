/**
 * Terms and sessions of the Nigerian school year (docs/product.md, Terms and sessions). Two month rules:
 * `currentTerm` for the dashboard, `planningTerm` for new timetables; a school's own setting wins over both.
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
