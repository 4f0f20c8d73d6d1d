import { formatDate, formatDayMonth, SCHOOL_TIME_ZONE } from "../../contract/calendar";

/** Dates as a Nigerian school reads them, always in Lagos time whatever the server's zone. */
export { formatDate, formatDayMonth, SCHOOL_TIME_ZONE };

export function formatLongDate(date: Date): string {
  return new Intl.DateTimeFormat("en-NG", { dateStyle: "full", timeZone: SCHOOL_TIME_ZONE }).format(date);
}

/** "15 Jan 2026, 10:30": a moment on a list, in school time. */
export function formatDateTime(date: Date): string {
  return new Intl.DateTimeFormat("en-NG", {
    dateStyle: "medium",
    timeStyle: "short",
    hourCycle: "h23",
    timeZone: SCHOOL_TIME_ZONE,
  }).format(date);
}

export function hourInSchoolTime(date: Date): number {
  const hour = new Intl.DateTimeFormat("en-NG", {
    hour: "numeric",
    hourCycle: "h23",
    timeZone: SCHOOL_TIME_ZONE,
  }).format(date);
  return Number(hour);
}

/** Morning before 12, afternoon before 17, evening after, in school time. */
export function greeting(date: Date): string {
  const hour = hourInSchoolTime(date);
  if (hour < 12) return "Good morning";
  if (hour < 17) return "Good afternoon";
  return "Good evening";
}

/** "Thu, 1 Oct 2026": a calendar day written YYYY-MM-DD (a day, not a moment: no zone applies). */
export function formatCalendarDay(isoDay: string): string {
  return new Intl.DateTimeFormat("en-NG", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${isoDay}T00:00:00Z`));
}
