import { z } from "zod";
import { NOTE_COMMENT_MAX, NOTE_MESSAGES as M, NOTE_WEEKS } from "./notes";
import { TEACHING_FILE_MESSAGES as T } from "./teaching-files";

const required = (message: string) => z.string({ required_error: message }).trim().min(1, message).max(60, message);

/** A note's text fields, the same for the web form and the API's multipart fields. */
export const noteFields = z.object({
  class: required(T.chooseClass),
  subject: required(T.chooseClass),
  week: z
    .string({ required_error: M.weekInvalid })
    .trim()
    .regex(/^\d{1,2}$/, M.weekInvalid)
    .transform(Number)
    .refine((week) => week >= 1 && week <= NOTE_WEEKS, M.weekInvalid),
});

export const noteReviewFields = z.object({
  comment: z
    .string({ required_error: M.commentRequired })
    .trim()
    .min(1, M.commentRequired)
    .max(NOTE_COMMENT_MAX, M.commentTooLong),
});

/** `GET /notes`: optional filters; anything unusable is no filter. */
export const notesQuery = z.object({
  class: z.string().trim().max(60).optional().catch(undefined),
  subject: z.string().trim().max(60).optional().catch(undefined),
  week: z.coerce.number().int().min(1).max(NOTE_WEEKS).optional().catch(undefined),
});
