import { z } from "zod";
import { isIsoDate } from "./calendar";
import { ASSIGNMENT_LIMITS as L, ASSIGNMENT_MESSAGES as M, ASSIGNMENT_WHEN } from "./assignments";
import { TEACHING_FILE_MESSAGES as T } from "./teaching-files";

const text = (required: string, max: number, tooLong: string) =>
  z.string({ required_error: required }).trim().min(1, required).max(max, tooLong);

/** An assignment's text fields, the same for the web form and the API (multipart fields or JSON). */
export const assignmentFields = z.object({
  class: text(T.chooseClass, 60, T.chooseClass),
  subject: text(T.chooseClass, 60, T.chooseClass),
  title: text(M.titleRequired, L.title, M.titleTooLong),
  instructions: text(M.instructionsRequired, L.instructions, M.instructionsTooLong),
  due_date: z.string({ required_error: M.dueDateInvalid }).trim().refine(isIsoDate, M.dueDateInvalid),
});
export type AssignmentFields = z.infer<typeof assignmentFields>;

/** `GET /assignments?when=`: upcoming unless past is asked. */
export const assignmentsQuery = z.object({ when: z.enum(ASSIGNMENT_WHEN).catch("upcoming") });
