import { z } from "zod";
import { EXTRAS_LIMITS, EXTRAS_MESSAGES as M } from "./report-extras";
import { RESULTS_MESSAGES } from "./results";

/**
 * The zod rules of the extras calls' bodies, apart from contract/report-extras.ts so that pages never ship zod.
 * They check the shape; each value against the school's settings and the term calendar is the API's.
 */

/** `PUT /results/extras`: each row names a student; its values are read one by one by the API. */
export const extrasPayload = z.object({
  rows: z
    .array(
      z
        .object({
          student_id: z.union([z.number(), z.string()], {
            required_error: RESULTS_MESSAGES.studentRequired,
            invalid_type_error: RESULTS_MESSAGES.studentRequired,
          }),
          ratings: z.record(z.unknown()).optional(),
          extra_inputs: z.record(z.unknown()).optional(),
        })
        .passthrough(),
      { required_error: M.rowsRequired, invalid_type_error: M.rowsRequired },
    )
    .max(EXTRAS_LIMITS.rowsMax, M.tooManyRows),
});

/** `POST /results/comments`. */
export const commentPayload = z.object({
  remark: z
    .string({ required_error: M.commentRequired, invalid_type_error: M.commentRequired })
    .trim()
    .min(1, M.commentRequired)
    .max(EXTRAS_LIMITS.remarkMax, M.remarkTooLong),
  grade: z
    .string({ invalid_type_error: M.gradeUnknown })
    .trim()
    .max(20, M.gradeUnknown)
    .nullish()
    .transform((g) => g || null),
});
