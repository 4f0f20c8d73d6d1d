import { z } from "zod";
import { CALENDAR_LIMITS, CALENDAR_MESSAGES as M, isIsoDate, TERMS } from "./calendar";

/**
 * The zod rules of the term calendar's body, apart from contract/calendar.ts so that pages never ship zod.
 * They check each value's shape; the rules between dates (order, overlaps, closures within their term)
 * need the stored calendar and are `calendarErrors`' (api/services/calendar.ts).
 */

/** A date, or empty (null, "" or left out) for a term not set yet. */
const optionalDate = z
  .union([z.string({ invalid_type_error: M.dateInvalid }), z.null()])
  .optional()
  .transform((value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null))
  .refine((value) => value === null || isIsoDate(value), M.dateInvalid);

export const closureInput = z.object({
  date: z
    .string({ required_error: M.closureDateRequired, invalid_type_error: M.dateInvalid })
    .trim()
    .min(1, M.closureDateRequired)
    .refine(isIsoDate, M.dateInvalid),
  name: z
    .union([z.string({ invalid_type_error: M.closureNameTooLong }), z.null()])
    .optional()
    .transform((value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null))
    .refine((value) => value === null || value.length <= CALENDAR_LIMITS.closureNameMax, M.closureNameTooLong),
});

export const termInput = z.object({
  term: z.enum(TERMS as [string, ...string[]], { errorMap: () => ({ message: M.termUnknown }) }),
  starts_on: optionalDate,
  ends_on: optionalDate,
  next_term_starts_on: optionalDate,
  closures: z.array(closureInput).max(CALENDAR_LIMITS.closuresPerTerm, M.tooManyClosures).optional(),
});
export type TermInput = z.input<typeof termInput>;
export type CheckedTerm = z.output<typeof termInput>;

/** `PUT /calendar?year=`: one to three terms, each at most once. */
export const calendarPayload = z.object({
  terms: z
    .array(termInput, { required_error: M.termsRequired, invalid_type_error: M.termsRequired })
    .min(1, M.termsRequired)
    .max(TERMS.length, M.termTwice)
    .superRefine((terms, ctx) => {
      terms.forEach((t, index) => {
        if (terms.findIndex((other) => other.term === t.term) !== index)
          ctx.addIssue({ code: "custom", path: [index, "term"], message: M.termTwice });
      });
    }),
});
