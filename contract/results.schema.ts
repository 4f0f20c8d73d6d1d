import { z } from "zod";
import { RESULT_KINDS, RESULTS_LIMITS, RESULTS_MESSAGES as M } from "./results";
import { isSession } from "./settings";

/**
 * The zod rules of the results calls' bodies, apart from contract/results.ts so that pages never ship zod. They
 * check each value's shape; whether the class, subject and term are the school's, and each score against its
 * column's maximum (`readScore`), needs the school's settings and is the API's.
 */

const required = (message: string, max = 80) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, message);

const session = z
  .string({ required_error: M.sessionInvalid, invalid_type_error: M.sessionInvalid })
  .trim()
  .refine(isSession, M.sessionInvalid);

/** `terminal` when left out or blank. */
const result = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? "terminal" : value),
  z.enum(RESULT_KINDS, { errorMap: () => ({ message: M.resultUnknown }) }),
);

/** What names one class's result: the class, its term and session, and which result. */
export const classResultFields = z.object({
  class: required(M.classRequired),
  term: required(M.termUnknown, 30),
  session,
  result,
});
export type ClassResultFields = z.output<typeof classResultFields>;

/** `POST /results/publication`; the form's "true"/"false" read as the booleans. */
export const publicationPayload = classResultFields.extend({
  published: z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value),
    z.boolean({ required_error: M.publishedRequired, invalid_type_error: M.publishedRequired }),
  ),
});

/** `POST /results/corrections`. */
export const correctionPayload = classResultFields.extend({
  subject: required(M.subjectRequired),
  reason: z
    .string({ required_error: M.reasonRequired, invalid_type_error: M.reasonRequired })
    .trim()
    .min(1, M.reasonRequired)
    .max(RESULTS_LIMITS.reasonMax, M.reasonTooLong),
});

/** `PUT /results/sheet`: each row names a student and carries its cells, checked one by one by the API. */
export const sheetPayload = z.object({
  rows: z
    .array(
      z.object({
        student_id: z.union([z.number(), z.string()], {
          required_error: M.studentRequired,
          invalid_type_error: M.studentRequired,
        }),
        scores: z.record(z.unknown(), { required_error: M.rowsRequired, invalid_type_error: M.rowsRequired }),
      }),
      { required_error: M.rowsRequired, invalid_type_error: M.rowsRequired },
    )
    .max(RESULTS_LIMITS.rowsMax, M.tooManyRows),
});
