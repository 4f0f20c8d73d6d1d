import { z } from "zod";
import { MESSAGES } from "./messages";
import {
  dayOfDate,
  DAYS,
  isDated,
  TEXT_MAX,
  TIMETABLE_MESSAGES,
  TIMETABLE_TYPES,
  type Day,
  type TimetableType,
} from "./timetables";

/**
 * The zod rules of timetables and schedules (docs/product.md, Validation), apart from contract/timetables.ts
 * so that pages which only show timetables do not ship zod to the browser.
 */

/** Empty text (and null, as some clients send) counts as not given. */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const requiredText = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.string({ required_error: message, invalid_type_error: message }).trim().max(TEXT_MAX, TIMETABLE_MESSAGES.tooLong),
  );

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

/** "8:05" and "08:05:00" both become "08:05", so times compare as text. */
function normalTime(value: string): string | null {
  const match = TIME.exec(value);
  return match ? `${match[1].padStart(2, "0")}:${match[2]}` : null;
}

/**
 * A schedule of a timetable of the given type: start, end (after the start) and subject, and a day for a
 * Regular School Period or a date for Test and Exam, and optionally its `teacher` (a member of staff's id or
 * unique_id, checked by the API). `today` (YYYY-MM-DD) bounds the date: never in the
 * past, except `keepDate`, the unchanged past date of a schedule being edited. The day of a dated
 * schedule is always taken from its date.
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
      // A member of staff's id may come as a number.
      teacher: z.preprocess((value) => (typeof value === "number" ? String(value) : value), optionalText()),
    })
    .superRefine((value, ctx) => {
      const fail = (field: string, message: string) =>
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
      // The product's sentence once, for the whole form (the API's message); each missing field says "Required".
      const missing = (["schedule_start_time", "schedule_end_time", "subject"] as const).filter((f) => !value[f]);
      if (missing.length) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: MESSAGES.scheduleRequired });
      for (const field of missing) fail(field, TIMETABLE_MESSAGES.required);

      const start = value.schedule_start_time ? normalTime(value.schedule_start_time) : undefined;
      const end = value.schedule_end_time ? normalTime(value.schedule_end_time) : undefined;
      if (start === null) fail("schedule_start_time", TIMETABLE_MESSAGES.invalidTime);
      if (end === null) fail("schedule_end_time", TIMETABLE_MESSAGES.invalidTime);
      if (start && end && end <= start) fail("schedule_end_time", MESSAGES.endAfterStart);

      if (dated) {
        if (!value.schedule_date) fail("schedule_date", MESSAGES.dateRequired);
        else if (!dayOfDate(value.schedule_date)) fail("schedule_date", TIMETABLE_MESSAGES.invalidDate);
        else if (value.schedule_date < today && value.schedule_date !== keepDate)
          fail("schedule_date", TIMETABLE_MESSAGES.pastDate);
      } else if (!value.schedule_day) fail("schedule_day", MESSAGES.dayRequired);
      else if (!(DAYS as readonly string[]).includes(value.schedule_day))
        fail("schedule_day", TIMETABLE_MESSAGES.invalidDay);
    })
    .transform((value) => ({
      schedule_day: (dated ? dayOfDate(value.schedule_date!) : value.schedule_day) as Day,
      schedule_start_time: normalTime(value.schedule_start_time!)!,
      schedule_end_time: normalTime(value.schedule_end_time!)!,
      subject: value.subject!,
      venue: value.venue ?? null,
      schedule_date: dated ? value.schedule_date! : null,
      teacher: value.teacher ?? null,
    }));
}
export type SchedulePayload = z.output<ReturnType<typeof schedulePayload>>;
