import { z } from "zod";
import { GENDERS } from "./limits";
import { APP_MESSAGES } from "./messages";
import { BACKLOG_REASONS, STUDENT_MESSAGES } from "./students";

/**
 * The zod rules of students (docs/product.md, Validation), apart from contract/students.ts so that pages
 * which only list students do not ship zod to the browser.
 */

const required = (message: string, max: number) =>
  z.string({ required_error: message }).trim().min(1, message).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * The details of a student as the add form and `POST /students` take them. Plain types, so the same
 * schema validates the web form (through Conform) and the API's JSON (after `studentDataInput`).
 */
export const studentCreateFields = z.object({
  name: required(STUDENT_MESSAGES.nameRequired, 200),
  selectedClass: required(STUDENT_MESSAGES.classRequired, 60),
  gender: z.enum(GENDERS, {
    errorMap: (issue, ctx) => ({
      message:
        issue.code === "invalid_type" && ctx.data === undefined
          ? STUDENT_MESSAGES.genderRequired
          : STUDENT_MESSAGES.genderInvalid,
    }),
  }),
  phone_number: required(STUDENT_MESSAGES.phoneRequired, 40),
  email: z.string().trim().email(APP_MESSAGES.invalidEmail).max(200).optional(),
  address: optionalText(500),
  admission: optionalText(60),
  takes_lesson: z.boolean().default(false),
  subjects: z.array(z.string().trim().min(1).max(100)).max(60).default([]),
});

/** Update: name, gender and phone are required; the class may be left out. */
export const studentUpdateFields = studentCreateFields.extend({ selectedClass: optionalText(60) });

export type StudentFields = z.infer<typeof studentUpdateFields>;

export const backlogPayload = z.object({
  reason: z.enum(BACKLOG_REASONS, { errorMap: () => ({ message: STUDENT_MESSAGES.reasonRequired }) }),
});
