import { currentSession, currentTerm, schoolDay } from "../../../contract/calendar";

/**
 * School days for tests that run on any date: a term of the term calendar around today, and the weekdays near
 * it, so that a register (a school day's) is there to take whatever day the suite runs.
 */
const DAY_MS = 86_400_000;

export const TODAY = schoolDay(new Date());

/** `day` moved by `days` (YYYY-MM-DD). */
export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export const weekdayNumber = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The nearest weekday from `day` going `step` days at a time (`day` itself when it is one). */
export function weekdayFrom(day: string, step: 1 | -1) {
  let d = day;
  while (weekdayNumber(d) === 0 || weekdayNumber(d) === 6) d = shiftDay(d, step);
  return d;
}

/** The latest school day up to today: today on a weekday, else the Friday before. */
export const RECENT_SCHOOL_DAY = weekdayFrom(TODAY, -1);

/** The call that puts the current term 40 days either side of today in the calendar (`PUT {path}` with `body`). */
export function termAroundToday(closures: { date: string; name: string }[] = []) {
  const now = new Date();
  return {
    path: `/calendar?year=${encodeURIComponent(currentSession(now))}`,
    body: {
      terms: [{ term: currentTerm(now), starts_on: shiftDay(TODAY, -40), ends_on: shiftDay(TODAY, 40), closures }],
    },
  };
}
