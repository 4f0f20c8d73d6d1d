import { z } from "zod";
import { FEE_LIMITS, FEE_MESSAGES as M, FEE_SCOPES, PAYMENT_METHODS } from "./fees";
import { nairaAmount } from "./money.schema";

/**
 * The zod rules of school fees, apart from contract/fees.ts so that pages never ship zod. The same
 * schemas check the web forms (through Conform) and the API's JSON.
 */

const text = (required: string, max: number, tooLong: string) =>
  z.string({ required_error: required, invalid_type_error: required }).trim().min(1, required).max(max, tooLong);

export const feeAmount = nairaAmount(
  { required: M.amountRequired, invalid: M.amountInvalid, tooLow: M.amountTooLow, tooHigh: M.amountTooHigh },
  FEE_LIMITS.amountMaxKobo,
);

const term = text(M.termRequired, 30, M.termRequired);
const session = z
  .string({ required_error: M.sessionRequired, invalid_type_error: M.sessionRequired })
  .trim()
  .min(1, M.sessionRequired)
  .regex(/^\d{4}\/\d{4}$/, M.sessionInvalid);

/** A fee item: the section or class it bills is required when it bills one. */
export const feeItemFields = z
  .object({
    name: text(M.nameRequired, FEE_LIMITS.nameMax, M.nameTooLong),
    amount: feeAmount,
    applies_to: z.enum(FEE_SCOPES, { errorMap: () => ({ message: M.scopeRequired }) }),
    section: z.string().trim().max(60, M.sectionUnknown).optional(),
    class: z.string().trim().max(60, M.classUnknown).optional(),
    term,
    session,
    compulsory: z.boolean({ invalid_type_error: M.scopeRequired }).optional().default(false),
  })
  .superRefine((fee, ctx) => {
    if (fee.applies_to === "section" && !fee.section)
      ctx.addIssue({ code: "custom", path: ["section"], message: M.sectionRequired });
    if (fee.applies_to === "class" && !fee.class)
      ctx.addIssue({ code: "custom", path: ["class"], message: M.classRequired });
  });
export type FeeItemFields = z.infer<typeof feeItemFields>;

const studentId = text(M.studentRequired, 60, M.studentNotFound);
const reason = text(M.reasonRequired, FEE_LIMITS.reasonMax, M.reasonTooLong);

export const discountFields = z.object({ amount: feeAmount, reason });
export type DiscountFields = z.infer<typeof discountFields>;
/** `POST /fees/discounts`. */
export const discountPayload = discountFields.extend({ student_id: studentId, term, session });

export const assignmentPayload = z.object({
  student_id: studentId,
  assigned: z.boolean({ invalid_type_error: M.studentRequired }),
});
export const retirePayload = z.object({
  retired: z.boolean({ required_error: M.feeNotFound, invalid_type_error: M.feeNotFound }),
});
export const reversalFields = z.object({ reason });

/** What the payment form asks; a cash payment needs no reference. */
export const paymentFields = z
  .object({
    amount: feeAmount,
    paid_on: z
      .string({ required_error: M.dateRequired, invalid_type_error: M.dateRequired })
      .trim()
      .min(1, M.dateRequired)
      .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateInvalid)
      .refine(
        (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
        M.dateInvalid,
      ),
    method: z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: M.methodRequired }) }),
    reference: z
      .string({ invalid_type_error: M.referenceRequired })
      .trim()
      .max(FEE_LIMITS.referenceMax, M.referenceTooLong)
      .optional(),
  })
  .superRefine((p, ctx) => {
    if (p.method !== "Cash" && !p.reference)
      ctx.addIssue({ code: "custom", path: ["reference"], message: M.referenceRequired });
  });
/** `POST /fees/payments`. */
export const paymentPayload = z.object({ student_id: studentId, term, session }).and(paymentFields);

/** The fee page's "Pay by link" form: the amount, at most the balance (the API checks that). */
export const payLinkFields = z.object({ amount: feeAmount });
/** `POST /fees/students/{id}/pay-links`. */
export const payLinkPayload = payLinkFields.extend({ term, session });
