import { z } from "zod";
import { profileUpdateFields, registerFields } from "../../contract/admin";
import { IMAGE_MAX_BYTES } from "../../contract/limits";
import { BANK_MESSAGES } from "../../contract/banks";
import { APP_MESSAGES, INVENTORY_SPEC_MESSAGES, MESSAGES } from "../../contract/messages";
import { CALENDAR_LIMITS, CALENDAR_MESSAGES, isIsoDate, TERM_DATE_FIELDS, TERMS } from "../../contract/calendar";
import { SETTINGS_MESSAGES } from "../../contract/settings";
import { settingName } from "../../contract/settings.schema";
import { studentCreateFields, studentUpdateFields } from "../../contract/students.schema";
import { parentFields } from "../../contract/parents.schema";
import { passwordResetConfirm } from "../../contract/password-reset.schema";
import { staffFields, teachingRows } from "../../contract/staff.schema";
import { admissionFormFields } from "../../contract/admissions.schema";
import { correctionPayload } from "../../contract/results.schema";
import { PROMOTION_MESSAGES } from "../../contract/promotion";
import { messageFields } from "../../contract/parent-messages.schema";
import { assignmentFields } from "../../contract/assignments.schema";
import { noteFields } from "../../contract/notes.schema";
import { pairOf, TEACHING_FILE_MESSAGES } from "../../contract/teaching-files";

/**
 * The rules the web app's actions check before calling the API, with the API's messages. They run on
 * the server only, with or without JavaScript, so zod never reaches the browser. Phones are checked
 * for shape only here; the API checks them against full numbering metadata.
 */
export const PHONE_SHAPE = /^\+?[0-9][0-9 ()-]{6,19}$/;

export const phoneField = (label = "Phone number") =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(PHONE_SHAPE, "Enter a valid phone number.");

/** An image input by the product's rules; `missing` is the message when no file was chosen. */
export function imageFile(missing: string = MESSAGES.onlyImages) {
  return z
    .instanceof(File, { message: missing })
    .refine((f) => f.size < IMAGE_MAX_BYTES, MESSAGES.imageTooLarge)
    .refine((f) => f.type.startsWith("image/"), MESSAGES.onlyImages);
}

export const registerForm = registerFields.extend({
  phone_number: phoneField(),
  logo: imageFile("Logo is required"),
  idempotency_key: z.string().optional(),
});

export const loginForm = z.object({
  unique_id: z.string({ required_error: "Unique ID is required" }).trim().min(1, "Unique ID is required"),
  email: z.string().trim().email(APP_MESSAGES.invalidEmail).max(200).optional(),
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required"),
});

export { passwordResetRequest as forgotPasswordForm } from "../../contract/password-reset.schema";
export const resetPasswordForm = passwordResetConfirm.omit({ token: true });

export const profileDetailsForm = profileUpdateFields
  .required({ school_name: true, principal_name: true, school_email: true })
  .omit({ phone_number: true });

export const profileImagesForm = z
  .object({ logo: imageFile().optional(), signature: imageFile().optional() })
  .refine((v) => v.logo || v.signature, { message: "Choose a logo or a signature to upload.", path: ["logo"] });

export const phoneForm = z.object({ phone_number: phoneField() });

/** The API's rules, plus the phone's shape before the round trip (the API checks the number itself). */
export const addStudentForm = studentCreateFields.extend({ phone_number: phoneField() });
export const updateStudentForm = studentUpdateFields.extend({ phone_number: phoneField() });

export const addSectionForm = z.object({ section: settingName(SETTINGS_MESSAGES.sectionRequired) });

/** Inventory forms: the API's own rules (contract/inventory.schema.ts). */
export {
  groupFields as groupForm,
  itemFields as itemForm,
  saleFields as saleForm,
} from "../../contract/inventory.schema";

const bankDetailsRequired = z
  .string({ required_error: INVENTORY_SPEC_MESSAGES.bankDetailsRequired })
  .trim()
  .min(1, INVENTORY_SPEC_MESSAGES.bankDetailsRequired);

/** Saving bank details: all three fields, the name only once verified. */
export const bankDetailsForm = z.object({
  account_bank: bankDetailsRequired,
  account_number: bankDetailsRequired.pipe(z.string().regex(/^\d{10}$/, BANK_MESSAGES.accountNumberShape)),
  account_name: bankDetailsRequired,
});

/** The no-JavaScript 'Verify' button: a bank and a 10-digit number. */
export const verifyAccountForm = z.object({
  account_bank: z.string({ required_error: BANK_MESSAGES.bankUnknown }).trim().min(1, BANK_MESSAGES.bankUnknown),
  account_number: z
    .string({ required_error: BANK_MESSAGES.accountNumberShape })
    .trim()
    .regex(/^\d{10}$/, BANK_MESSAGES.accountNumberShape),
});
/** Parents and staff: the API's rules, the phone's shape, and the photo by the profile's rules. */
export const parentForm = parentFields.extend({
  phone: phoneField(),
  photo: imageFile().optional(),
  child_search: z.string().trim().max(100).optional(),
});
export const staffForm = staffFields.extend({
  phone: phoneField(),
  photo: imageFile().optional(),
  teaching: teachingRows,
});

/** The create admission form screen: the API's rules and the form's one-time key. */
export const admissionCreateForm = admissionFormFields.extend({ idempotency_key: z.string().optional() });
export {
  discountFields as discountForm,
  feeItemFields as feeForm,
  paymentFields as paymentForm,
  payLinkFields as payLinkForm,
  reversalFields as reversalForm,
} from "../../contract/fees.schema";

/** A date input of the term calendar: empty (not set) or a real day. */
const calendarDate = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || isIsoDate(value), CALENDAR_MESSAGES.dateInvalid);

/** The term calendar's dates form: `t{index}_{field}` for each of the three terms. */
export const termDatesForm = z.object(
  Object.fromEntries(TERMS.flatMap((_, i) => TERM_DATE_FIELDS.map((field) => [`t${i}_${field}`, calendarDate]))),
);

/** A closure added to one term (`term` is its index). */
export const closureForm = z.object({
  term: z.enum(["0", "1", "2"], { errorMap: () => ({ message: CALENDAR_MESSAGES.termUnknown }) }),
  closure_date: z
    .string({ required_error: CALENDAR_MESSAGES.closureDateRequired })
    .trim()
    .refine(isIsoDate, CALENDAR_MESSAGES.dateInvalid),
  closure_name: z.string().trim().max(CALENDAR_LIMITS.closureNameMax, CALENDAR_MESSAGES.closureNameTooLong).optional(),
});

/** The extras sheet: its values are the API's to check (one check, beside each field); the form only carries them. */
export const extrasForm = z.object({}).passthrough();

/** A remark added to the comment bank. */
export { commentPayload as commentForm } from "../../contract/report-extras.schema";
/** A published class's subject reopened for a correction: the API's own rules (the reason required). */
export const correctionForm = correctionPayload;

/** The promotion page's next classes ("" graduates a class) and marks; the API checks the classes and marks. */
export const promotionRulesForm = z.object({
  next: z.array(z.string().optional()).default([]),
  lower_mark: z.string({ required_error: PROMOTION_MESSAGES.markInvalid }),
  upper_mark: z.string({ required_error: PROMOTION_MESSAGES.markInvalid }),
});

/** A message to parents (/admin/messages/new, /staff/ptc/new), and the daily SMS limit. */
export const messageForm = messageFields.extend({ idempotency_key: z.string().optional() });
export { messageSettingsFields as messageSettingsForm } from "../../contract/parent-messages.schema";
export { attemptPayload as cbtStartForm, testFields as cbtTestForm } from "../../contract/cbt.schema";
/** A teacher's (class, subject) as the notes' and assignments' one select sends it ("JSS1|Mathematics"). */
const teachingPair = z
  .string({ required_error: TEACHING_FILE_MESSAGES.chooseClass })
  .refine((value) => pairOf(value) !== null, TEACHING_FILE_MESSAGES.chooseClass);
/** The lesson note form: the pair and the week (the file is checked beside it by its action). */
export const noteForm = z.object({ pair: teachingPair, week: noteFields.shape.week });
export const assignmentForm = assignmentFields.omit({ class: true, subject: true }).extend({ pair: teachingPair });
export { noteReviewFields as noteReviewForm } from "../../contract/notes.schema";

/** The entrance test of an admission form: a test's id, or none (the API checks it is the school's). */
export const formTestForm = z.object({ test_id: z.number().int().positive().optional() });
