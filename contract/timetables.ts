import { formatDate, SCHOOL_TIME_ZONE } from "./calendar";

/** Timetables and their schedules (screens: docs/product.md, Timetables). */
export const TIMETABLE_TYPES = ["Regular School Period", "Test", "Exam"] as const;
export type TimetableType = (typeof TIMETABLE_TYPES)[number];
export const DEFAULT_TIMETABLE_TYPE: TimetableType = "Regular School Period";
export const DEFAULT_TIMETABLE_CLASS = "JSS2";
/** Offered as the only subject when the timetable's class has none in the school's settings. */
export const DEFAULT_SCHEDULE_SUBJECT = "Maths";

export const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Day = (typeof DAYS)[number];

/** A timetable holds at most this many schedules: a full week of periods needs well under it. */
export const MAX_SCHEDULES = 200;
export const TEXT_MAX = 100;

/** Messages docs/product.md does not give; each is recorded in docs/decisions.md. */
export const TIMETABLE_MESSAGES = {
  invalidType: "Type must be Regular School Period, Test or Exam",
  invalidDay: "Choose a day from Monday to Sunday",
  invalidTime: "Enter a time like 08:00",
  invalidDate: "Enter a date like 2026-05-18",
  pastDate: "The date cannot be in the past",
  tooLong: `Use at most ${TEXT_MAX} characters`,
  tooManySchedules: `A timetable can hold at most ${MAX_SCHEDULES} schedules`,
  typeLocked: "Remove this timetable's schedules before switching between Regular School Period and Test or Exam",
  teacherUnknown: "Choose one of the school's teaching staff",
  teacherBooked: (teacher: string, other: string) => `${teacher} is already teaching ${other}`,
  timetableNotFound: "Timetable Not Found",
  scheduleNotFound: "Schedule Not Found",
  /** Beside each of start time, end time and subject when missing; the form's own error gives the product's sentence. */
  required: "Required",
} as const;

/** Test and Exam timetables carry dates; a Regular School Period repeats every week by day. */
export const isDated = (type: string) => type === "Test" || type === "Exam";

/** The teaching staff member a schedule names (`teacher` in a schedule's body: their id or unique_id). */
export interface ScheduleTeacher {
  id: number;
  unique_id: string;
  name: string;
}

export interface Schedule {
  id: number;
  schedule_day: Day;
  schedule_start_time: string;
  schedule_end_time: string;
  subject: string;
  venue: string | null;
  schedule_date: string | null;
  teacher: ScheduleTeacher | null;
}

export interface TimetableSummary {
  id: number;
  type: TimetableType;
  class: string;
  session: string;
  term: string;
  venue: string | null;
  schedules_count: number;
  created_at: string;
  updated_at: string;
}

export interface Timetable extends Omit<TimetableSummary, "schedules_count"> {
  schedules: Schedule[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The weekday of a calendar date, or null when the text is not a real date. */
export function dayOfDate(date: string): Day | null {
  if (!DATE.test(date)) return null;
  const [year, month, day] = date.split("-").map(Number);
  const moment = new Date(Date.UTC(year, month - 1, day));
  if (moment.getUTCFullYear() !== year || moment.getUTCMonth() !== month - 1 || moment.getUTCDate() !== day)
    return null;
  return DAYS[(moment.getUTCDay() + 6) % 7];
}

const isoDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: SCHOOL_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's date (YYYY-MM-DD) as a calendar in Lagos shows it. */
export function schoolToday(now: Date): string {
  return isoDay.format(now);
}

/** Schedules by day, Monday to Sunday (dated ones by date), each day in time order. */
export function compareSchedules(a: Schedule, b: Schedule): number {
  if (a.schedule_date && b.schedule_date && a.schedule_date !== b.schedule_date)
    return a.schedule_date < b.schedule_date ? -1 : 1;
  const byDay = DAYS.indexOf(a.schedule_day) - DAYS.indexOf(b.schedule_day);
  if (byDay) return byDay;
  if (a.schedule_start_time !== b.schedule_start_time) return a.schedule_start_time < b.schedule_start_time ? -1 : 1;
  return a.schedule_end_time < b.schedule_end_time ? -1 : a.schedule_end_time > b.schedule_end_time ? 1 : a.id - b.id;
}

export interface ScheduleGroup {
  /** "Monday", or for dated schedules the date (YYYY-MM-DD). */
  key: string;
  day: Day;
  date: string | null;
  schedules: Schedule[];
}

/** Groups sorted schedules: by weekday for a Regular School Period, by date for Test and Exam. */
export function groupSchedules(schedules: Schedule[]): ScheduleGroup[] {
  const groups: ScheduleGroup[] = [];
  for (const schedule of [...schedules].sort(compareSchedules)) {
    const key = schedule.schedule_date ?? schedule.schedule_day;
    const last = groups.at(-1);
    if (last?.key === key) last.schedules.push(schedule);
    else groups.push({ key, day: schedule.schedule_day, date: schedule.schedule_date, schedules: [schedule] });
  }
  return groups;
}

/** How a schedule is named in messages: "Mathematics, Monday 08:00–09:00" (with the date when dated). */
export function describeSchedule(
  schedule: Pick<Schedule, "subject" | "schedule_day" | "schedule_date" | "schedule_start_time" | "schedule_end_time">,
): string {
  const when = schedule.schedule_date
    ? `${schedule.schedule_day} ${formatDate(schedule.schedule_date)}`
    : schedule.schedule_day;
  return `${schedule.subject}, ${when} ${schedule.schedule_start_time}–${schedule.schedule_end_time}`;
}
