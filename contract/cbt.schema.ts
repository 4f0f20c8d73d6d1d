import { z } from "zod";
import { CBT_ADMISSION_MESSAGES, CBT_LIMITS as L, CBT_MESSAGES as M, QUESTION_KINDS } from "./cbt";
import { isSession } from "./settings";

/** The zod rules of the assessments' bodies, apart from contract/cbt.ts so that pages never ship zod. */

const text = (required: string, max: number, tooLong: string) =>
  z.string({ required_error: required, invalid_type_error: required }).trim().min(1, required).max(max, tooLong);

/** A whole number sent as a number or as text (a form's field). */
const whole = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string()], { required_error: message, invalid_type_error: message })
    .transform((v) => (typeof v === "string" ? (v.trim() === "" ? NaN : Number(v)) : v))
    .refine((v) => Number.isInteger(v) && v >= min && v <= max, message);

export const questionFields = z
  .object({
    class: text(M.classRequired, 60, M.classUnknown),
    subject: text(M.subjectRequired, 100, M.subjectUnknown),
    kind: z.enum(QUESTION_KINDS, { errorMap: () => ({ message: M.kindUnknown }) }),
    text: text(M.textRequired, L.textMax, M.textTooLong),
    options: z
      .array(z.string({ invalid_type_error: M.optionsCount }).trim().max(L.optionMax, M.optionTooLong), {
        invalid_type_error: M.optionsCount,
      })
      .optional(),
    answer: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
    marks: whole(M.marksInvalid, 1, L.marksMax).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.kind === "objective") {
      const options = (q.options ?? []).filter(Boolean);
      if (options.length < L.optionsMin || options.length > L.optionsMax)
        ctx.addIssue({ code: "custom", path: ["options"], message: M.optionsCount });
      const answer = q.answer === null || q.answer === undefined ? NaN : Number(q.answer);
      if (!Number.isInteger(answer) || answer < 0 || answer >= options.length)
        ctx.addIssue({ code: "custom", path: ["answer"], message: M.answerRequired });
    }
    if (q.kind === "true_false" && !["true", "false"].includes(String(q.answer)))
      ctx.addIssue({ code: "custom", path: ["answer"], message: M.answerRequired });
  });
export type QuestionInput = z.input<typeof questionFields>;

/** A moment: an ISO timestamp, or a form's "YYYY-MM-DDTHH:mm", which is Lagos time. */
const moment = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .transform((v) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}:00+01:00` : v))
    .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), message)
    .transform((v) => new Date(Date.parse(v)).toISOString());

const flag = z
  .union([z.boolean(), z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => v === true || v === 1 || v === "true" || v === "on" || v === "1");

export const testFields = z
  .object({
    title: text(M.titleRequired, L.titleMax, M.titleTooLong),
    class: text(M.classRequired, 60, M.classUnknown),
    subject: text(M.subjectRequired, 100, M.subjectUnknown),
    term: text(M.termUnknown, 20, M.termUnknown),
    session: z.string({ required_error: M.sessionInvalid }).trim().refine(isSession, M.sessionInvalid),
    duration_minutes: whole(M.durationInvalid, 1, L.durationMax),
    question_count: whole(M.questionCountInvalid, 1, L.questionCountMax),
    opens_at: moment(M.opensInvalid),
    closes_at: moment(M.closesInvalid),
    results_column: z
      .union([z.string(), z.null()])
      .optional()
      .transform((v) => (typeof v === "string" && v.trim() ? v.trim() : null)),
    shuffle: flag,
    grace_minutes: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((v) => (v === null || v === undefined || v === "" ? 2 : Number(v)))
      .refine((v) => Number.isInteger(v) && v >= 0 && v <= L.graceMax, M.graceInvalid),
    lab_network: z
      .union([z.string().max(100, M.labInvalid), z.null()])
      .optional()
      .transform((v) => (typeof v === "string" && v.trim() ? v.trim() : null)),
  })
  .superRefine((t, ctx) => {
    if (Date.parse(t.closes_at) <= Date.parse(t.opens_at))
      ctx.addIssue({ code: "custom", path: ["closes_at"], message: M.closesBeforeOpens });
  });
export type TestInput = z.input<typeof testFields>;

export const attemptPayload = z.object({
  code: z
    .string({ required_error: M.codeRequired, invalid_type_error: M.codeRequired })
    .trim()
    .min(1, M.codeRequired)
    .max(20, M.wrongCodeOrPin),
  pin: z
    .string({ required_error: M.pinRequired, invalid_type_error: M.pinRequired })
    .trim()
    .min(1, M.pinRequired)
    .max(20, M.wrongCodeOrPin),
});

export const answerPayload = z.object({
  choice: z
    .union([z.string(), z.number(), z.boolean()], {
      required_error: M.choiceInvalid,
      invalid_type_error: M.choiceInvalid,
    })
    .transform(String),
});

export const theoryMarksPayload = z.object({
  marks: z
    .array(
      z.object({
        paper_id: z.coerce.number().int().positive(),
        n: z.coerce.number().int().positive(),
        marks: z
          .union([z.number(), z.string()])
          .transform((v) => (typeof v === "string" ? Number(v) : v))
          .refine((v) => Number.isFinite(v) && v >= 0, M.marksOverMax),
      }),
    )
    .max(2000),
});

/** `PUT /admission-forms/{id}/cbt-test`: the test the form's applicants take (its id), or null for none. */
export const formTestPayload = z.object({
  test_id: z
    .union([z.number(), z.string(), z.null()], { invalid_type_error: CBT_ADMISSION_MESSAGES.testUnknown })
    .transform((v) => (v === null || v === "" ? null : Number(v)))
    .refine(
      (v) => v === null || (Number.isInteger(v) && v > 0 && v <= 2_147_483_647),
      CBT_ADMISSION_MESSAGES.testUnknown,
    ),
});
