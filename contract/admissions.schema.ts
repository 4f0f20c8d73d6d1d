import { z } from "zod";
import { BULK_DECISION_LIMITS, BULK_DECISION_MESSAGES, SUBMISSION_DECISIONS } from "./admission-decisions";
import {
  ADMISSION_LIMITS,
  ADMISSION_MESSAGES as M,
  ADMISSION_TEXT_FIELDS,
  ANSWER_MAX,
  FORM_STATUSES,
  requiredMessage,
  type AdmissionField,
} from "./admissions";
import { GENDERS } from "./limits";
import { APP_MESSAGES } from "./messages";
import { nairaToKobo, parseNaira } from "./money";

/**
 * The zod rules of admissions (docs/product.md, Validation), apart from contract/admissions.ts so that pages
 * never ship zod. The same schemas check the web forms (through Conform) and the API's JSON.
 */

/** The application fee in naira, to kobo: a number on the wire, or typed text ("5,000.00"); 0 is allowed. */
const amountKobo = z
  .union([z.number(), z.string()], { errorMap: () => ({ message: M.amountRequired }) })
  .transform((value, ctx) => {
    if (typeof value === "string" && !value.trim()) {
      ctx.addIssue({ code: "custom", message: M.amountRequired });
      return z.NEVER;
    }
    const kobo = typeof value === "number" ? nairaToKobo(value) : parseNaira(value);
    const problem =
      kobo === null || kobo < 0 ? M.amountInvalid : kobo > ADMISSION_LIMITS.amountMaxKobo ? M.amountTooHigh : null;
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return kobo!;
  });

const status = z.enum(FORM_STATUSES, { errorMap: () => ({ message: M.statusInvalid }) });

/** `POST /create-admission-form` and the create screen: title, fee, CBT on or off, status. */
export const admissionFormFields = z.object({
  title: z
    .string({ required_error: M.titleRequired, invalid_type_error: M.titleRequired })
    .trim()
    .min(1, M.titleRequired)
    .max(ADMISSION_LIMITS.titleMax, M.titleTooLong),
  amount: amountKobo,
  cbt_enabled: z.boolean().default(false),
  status: status.default("active"),
});

/** `PUT /admission-forms/{id}/toggle-status`: the new status. */
export const toggleStatusPayload = z.object({ status });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function answerRule(field: AdmissionField): z.ZodTypeAny {
  const max = field.kind === "long" ? ANSWER_MAX.long : ANSWER_MAX.other;
  const missing = requiredMessage(field.label);
  let text = z.string({ invalid_type_error: missing }).trim().max(max, M.tooLong);
  if (field.required) text = text.min(1, missing);
  let rule: z.ZodTypeAny = text;
  if (field.kind === "email")
    rule = text.refine((v) => !v || z.string().email().safeParse(v).success, APP_MESSAGES.invalidEmail);
  if (field.kind === "date") {
    rule = text.refine(
      (v) =>
        !v ||
        (ISO_DATE.test(v) &&
          !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
          new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)),
      M.dateInvalid,
    );
  }
  if (field.kind === "gender" || field.kind === "choice") {
    const options: readonly string[] = field.kind === "gender" ? GENDERS : field.options!;
    rule = text.refine((v) => !v || options.includes(v), M.choiceInvalid);
  }
  return field.required ? rule : rule.optional();
}

/**
 * The text answers of an application: the required ones present, each within its length, dates, emails and
 * choices of their shape. The class (one of the school's), the phone (E.164) and the date of birth (not in
 * the future) are checked by the API against the school and the clock.
 */
export const applicationFields = z.object(
  Object.fromEntries(ADMISSION_TEXT_FIELDS.map((f) => [f.name, answerRule(f)])),
);

/** `POST /submissions/decisions`: the chosen submissions' ids (numbers, or their text from a form) and the decision. */
export const bulkDecisionPayload = z.object({
  ids: z
    .array(z.coerce.number().int().positive().max(2_147_483_647), {
      errorMap: () => ({ message: BULK_DECISION_MESSAGES.choose }),
    })
    .min(1, BULK_DECISION_MESSAGES.choose)
    .max(BULK_DECISION_LIMITS.maxIds, BULK_DECISION_MESSAGES.tooMany),
  decision: z.enum(SUBMISSION_DECISIONS, { errorMap: () => ({ message: BULK_DECISION_MESSAGES.decisionInvalid }) }),
});
