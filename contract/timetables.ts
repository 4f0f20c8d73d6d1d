import { z } from "zod";
import { SCHOOL_TIME_ZONE } from "./calendar";
import { MESSAGES } from "./messages";

/** Timetables and their schedules (spec sections 3, 4, 5, 7 and 9). */
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

/** Messages the spec does not give; each is recorded in docs/decisions.md. */
export const TIMETABLE_MESSAGES = {
  invalidType: "Type must be Regular School Period, Test or Exam",
  invalidDay: "Choose a day from Monday to Sunday",
  invalidTime: "Enter a time like 08:00",
  invalidDate: "Enter a date like 2026-05-18",
  pastDate: "The date cannot be in the past",
  tooLong: `Use at most ${TEXT_MAX} characters`,
  tooManySchedules: `A timetable can hold at most ${MAX_SCHEDULES} schedules`,
  typeLocked: "Remove this timetable's schedules before switching between Regular School Period and Test or Exam",
  timetableNotFound: "Timetable Not Found",
  scheduleNotFound: "Schedule Not Found",
} as const;

/** Test and Exam timetables carry dates; a Regular School Period repeats every week by day. */
export const isDated = (type: string) => type === "Test" || type === "Exam";

export interface Schedule {
  id: number;
  schedule_day: Day;
  schedule_start_time: string;
  schedule_end_time: string;
  subject: string;
  venue: string | null;
  schedule_date: string | null;
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

/** Empty text (and null, as some clients send) counts as not given. */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const requiredText = (message: string) =>
  z.preprocess(blankToUndefined, z.string({ required_error: message, invalid_type_error: message }).trim().max(TEXT_MAX, TIMETABLE_MESSAGES.tooLong));

const optionalText = () =>
  z.preprocess(blankToUndefined, z.string().trim().max(TEXT_MAX, TIMETABLE_MESSAGES.tooLong).optional());

/** Create and edit a timetable: type, class, session and term are required ('All fields are required'). */
export const timetablePayload = z.object({
  type: requiredText(MESSAGES.allFieldsRequired).refine(
    (value) => (TIMETABLE_TYPES as readonly string[]).includes(value),
    TIMETABLE_MESSAGES.invalidType,
  ) as z.ZodType<TimetableType, z.ZodTypeDef, unknown>,
  class: requiredText(MESSAGES.allFieldsRequired),
  session: requiredText(MESSAGES.allFieldsRequired),
  term: requiredText(MESSAGES.allFieldsRequired),
  venue: optionalText(),
});
export type TimetablePayload = z.infer<typeof timetablePayload>;

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "8:05" and "08:05:00" both become "08:05", so times compare as text. */
function normalTime(value: string): string | null {
  const match = TIME.exec(value);
  return match ? `${match[1].padStart(2, "0")}:${match[2]}` : null;
}

/** The weekday of a calendar date, or null when the text is not a real date. */
export function dayOfDate(date: string): Day | null {
  if (!DATE.test(date)) return null;
  const [year, month, day] = date.split("-").map(Number);
  const moment = new Date(Date.UTC(year, month - 1, day));
  if (moment.getUTCFullYear() !== year || moment.getUTCMonth() !== month - 1 || moment.getUTCDate() !== day) return null;
  return DAYS[(moment.getUTCDay() + 6) % 7];
}

const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: SCHOOL_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** Today's date (YYYY-MM-DD) as a calendar in Lagos shows it. */
export function schoolToday(now: Date): string {
  return isoDay.format(now);
}

/**
 * A schedule of a timetable of the given type, by the rules of spec section 5. `today` (YYYY-MM-DD)
 * bounds the date: never in the past, except `keepDate`, the unchanged past date of a schedule being
 * edited. The day of a dated schedule is always taken from its date.
 */
export function schedulePayload(type: string, today: string, keepDate?: string) {
  const dated = isDated(type);
  return z
    .object({
      schedule_day: optionalText(),
      schedule_start_time: optionalText(),
      schedule_end_time: optionalText(),
      subject: optionalText(),
      venue: optionalText(),
      schedule_date: optionalText(),
    })
    .superRefine((value, ctx) => {
      const fail = (field: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
      const missing = (["schedule_start_time", "schedule_end_time", "subject"] as const).filter((f) => !value[f]);
      for (const field of missing) fail(field, MESSAGES.scheduleRequired);

      const start = value.schedule_start_time ? normalTime(value.schedule_start_time) : undefined;
      const end = value.schedule_end_time ? normalTime(value.schedule_end_time) : undefined;
      if (start === null) fail("schedule_start_time", TIMETABLE_MESSAGES.invalidTime);
      if (end === null) fail("schedule_end_time", TIMETABLE_MESSAGES.invalidTime);
      if (start && end && end <= start) fail("schedule_end_time", MESSAGES.endAfterStart);

      if (dated) {
        if (!value.schedule_date) fail("schedule_date", MESSAGES.dateRequired);
        else if (!dayOfDate(value.schedule_date)) fail("schedule_date", TIMETABLE_MESSAGES.invalidDate);
        else if (value.schedule_date < today && value.schedule_date !== keepDate) fail("schedule_date", TIMETABLE_MESSAGES.pastDate);
      } else if (!value.schedule_day) fail("schedule_day", MESSAGES.dayRequired);
      else if (!(DAYS as readonly string[]).includes(value.schedule_day)) fail("schedule_day", TIMETABLE_MESSAGES.invalidDay);
    })
    .transform((value) => ({
      schedule_day: (dated ? dayOfDate(value.schedule_date!) : value.schedule_day) as Day,
      schedule_start_time: normalTime(value.schedule_start_time!)!,
      schedule_end_time: normalTime(value.schedule_end_time!)!,
      subject: value.subject!,
      venue: value.venue ?? null,
      schedule_date: dated ? value.schedule_date! : null,
    }));
}
export type SchedulePayload = z.output<ReturnType<typeof schedulePayload>>;

/** Spec section 4: schedules by day, Monday to Sunday (dated ones by date), each day in time order. */
export function compareSchedules(a: Schedule, b: Schedule): number {
  if (a.schedule_date && b.schedule_date && a.schedule_date !== b.schedule_date) return a.schedule_date < b.schedule_date ? -1 : 1;
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

const longDate = new Intl.DateTimeFormat("en-NG", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

/** "18 May 2026" for a calendar date, read the same on any server or browser. */
export function formatScheduleDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return longDate.format(new Date(Date.UTC(year, month - 1, day)));
}

/** How a schedule is named in messages: "Mathematics, Monday 08:00–09:00" (with the date when dated). */
export function describeSchedule(schedule: Pick<Schedule, "subject" | "schedule_day" | "schedule_date" | "schedule_start_time" | "schedule_end_time">): string {
  const when = schedule.schedule_date ? `${schedule.schedule_day} ${formatScheduleDate(schedule.schedule_date)}` : schedule.schedule_day;
  return `${schedule.subject}, ${when} ${schedule.schedule_start_time}–${schedule.schedule_end_time}`;
}
