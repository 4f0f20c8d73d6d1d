import { ACCESS_MESSAGES } from "./access";
import type { Paginated } from "./http";
import { UPLOAD_MAX_BYTES } from "./limits";

import type { ApplicantCbtAccess, ApplicantCbtScore } from "./cbt";
import type { ApplicationPaymentStatus } from "./payments";
/**
 * Admissions: admission forms, the public application page, and the
 * review of submissions.
 *
 * Calls, under /api/admin/{uniqueId}; `{id}` is the record's numeric `id`:
 * - GET    /admission-forms?page=                 → {data: Paginated<AdmissionForm>} newest first
 * - POST   /create-admission-form {title, amount, cbt_enabled, status} (+ Idempotency-Key)
 *          → 201 {message, data: AdmissionForm}; a re-sent key 200 with the same form
 * - PUT    /admission-forms/{id}/toggle-status {status} → 200 {message, data: AdmissionForm}
 * - DELETE /admission-forms/{id}                  → 200 {message}; its submissions stay
 * - GET    /admission-forms/{id}                  → 200 {data: AdmissionForm}; another school's is 404
 * - PUT    /admission-forms/{id}/cbt-test {test_id} → 200 {message, data: AdmissionForm}: the test of a form with
 *          `cbt_enabled` (one of the school's; null removes it); its applicants get a paper and PIN (contract/cbt.ts)
 * - GET    /submissions/{id}/details              → {data: SubmissionDetail}
 * - GET    /submissions/{id}/documents/{field}    → the document's bytes, as an attachment
 * - GET    /submissions?status=&form_id=&class=&page= → {data: Paginated<SubmissionRow>} newest first
 *          (every form's when `form_id` is left out: /super-admin/admissions)
 * - PUT    /submissions/{id}/approve | /reject    → 200 {message, data: SubmissionDetail}
 * - POST   /submissions/decisions {ids, decision} → 200 {message, data: BulkDecision} (contract/admission-decisions.ts):
 *          the main admin's, in one transaction; a submission decided already (a double submit) is skipped
 * Public, no token, the form named by its unguessable `public_id`:
 * - GET    /api/public/admission-forms/{publicId} → {data: PublicAdmissionForm}
 * - POST   /api/public/admission-forms/{publicId}/submissions multipart: the detail fields, the four
 *          documents and `idempotency_key` → 201 {message, data: {reference}}; a re-sent key 200
 * - GET    /api/public/admission-forms/{publicId}/submissions/{reference} → {data: PublicSubmission}: with the
 *          applicant's test (`cbt`), whose PIN only the first read after it was issued carries
 */

export const FORM_STATUSES = ["active", "inactive"] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];
export const SUBMISSION_STATUSES = ["pending", "approved", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The public application page's address in the web app, from the form's public id. */
export const applicationPath = (publicId: string) => `/apply/${publicId}`;
/** A submission's review page, outside the /admin prefix. */
export const reviewPath = (uniqueId: string, submissionId: number | string) =>
  `/submission-review/${uniqueId}/${submissionId}`;

export const ADMISSION_LIMITS = {
  titleMax: 150,
  /** ₦10,000,000: a fee above it is a typing mistake. */
  amountMaxKobo: 1_000_000_000,
  /** Each document: an image or a PDF of at most the file manager's 5 MB. */
  documentMaxBytes: UPLOAD_MAX_BYTES,
  /** Submissions one address may make in an hour to one school, over its forms (a family, or a shared connection). */
  perAddressPerHour: 20,
  /** Submissions one form takes in an hour. */
  perFormPerHour: 200,
} as const;

/** The product's words for this area. */
export const ADMISSION_SPEC_MESSAGES = {
  created: "Admission instance created successfully!",
  approved: "Submission approved successfully",
  rejected: "Submission rejected successfully",
  deleted: "Admission form deleted successfully",
  linkCopied: "Link copied to clipboard!",
  activated: "Form activated successfully",
  deactivated: "Form deactivated successfully",
  failedForms: "Failed to load forms",
  failedSubmissions: "Failed to load submissions",
  failedApprove: "Failed to approve submission",
  failedReject: "Failed to reject submission",
  failedToggle: "Failed to update form status",
  failedDelete: "Failed to delete admission form",
  failedDetails: "Failed to load submission details",
  noSubmission: "No submission data found",
  mainAdminOnly: ACCESS_MESSAGES.submissionReviewMainOnly,
} as const;

/** Texts docs/product.md does not give; each is recorded in docs/decisions.md. */
export const ADMISSION_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: `Use at most ${ADMISSION_LIMITS.titleMax} characters for the title.`,
  amountRequired: "Application fee is required",
  amountInvalid: "Enter an application fee of ₦0 or more, like 5000.00",
  amountTooHigh: "The application fee can be at most ₦10,000,000.",
  statusInvalid: "Status must be active or inactive",
  formNotFound: "Admission form not found.",
  submissionNotFound: "No submission data found",
  documentNotFound: "Document not found.",
  closed: "This admission form is closed.",
  notPending: "This submission has already been {status}.",
  classUnknown: "Choose one of the school's classes.",
  documentRefused: "Upload a picture (PNG, JPEG, GIF or WebP) or a PDF.",
  documentTooLarge: "The file must be at most 5 MB.",
  documentEmpty: "This file is empty.",
  dateInvalid: "Enter a date like 2015-09-01",
  dateInFuture: "The date of birth cannot be in the future.",
  choiceInvalid: "Choose one of the options.",
  tooLong: "This answer is too long.",
  honeypot: "Your application could not be accepted. Please reload the page and try again.",
  tooManyFromAddress: "Too many applications were sent from this connection. Please try again in an hour.",
  tooManyForForm: "This form is receiving too many applications right now. Please try again in an hour.",
  submitted: "Your application has been submitted.",
  submitFailed: "Your application could not be sent. Please try again.",
  chooseDocumentsAgain:
    "Your other answers are kept. Choose your documents again before sending: a page cannot keep files once they are sent.",
} as const;

export type AdmissionFieldKind = "text" | "long" | "date" | "email" | "tel" | "gender" | "class" | "choice" | "file";

export interface AdmissionField {
  name: string;
  label: string;
  kind: AdmissionFieldKind;
  required?: boolean;
  options?: readonly string[];
  autoComplete?: string;
}

export interface AdmissionFieldGroup {
  title: string;
  fields: readonly AdmissionField[];
}

/** Every detail field of a submission, in its groups and order. */
export const ADMISSION_FIELD_GROUPS: readonly AdmissionFieldGroup[] = [
  {
    title: "Personal",
    fields: [
      { name: "surname", label: "Surname", kind: "text", required: true, autoComplete: "off" },
      { name: "firstName", label: "First name", kind: "text", required: true, autoComplete: "off" },
      { name: "middleName", label: "Middle name", kind: "text", autoComplete: "off" },
      { name: "dateOfBirth", label: "Date of birth", kind: "date", required: true },
      { name: "gender", label: "Gender", kind: "gender", required: true },
      { name: "nationality", label: "Nationality", kind: "text", autoComplete: "country-name" },
      { name: "stateOfOrigin", label: "State of origin", kind: "text" },
      { name: "localGovernmentArea", label: "Local government area", kind: "text" },
      { name: "homeAddress", label: "Home address", kind: "long", required: true, autoComplete: "street-address" },
      { name: "phoneNumber", label: "Phone number", kind: "tel", required: true, autoComplete: "tel" },
      { name: "emailAddress", label: "Email address", kind: "email", required: true, autoComplete: "email" },
      { name: "classApplyingInto", label: "Class applying into", kind: "class", required: true },
      { name: "previousSchool", label: "Previous school", kind: "text" },
      { name: "reasonForLeaving", label: "Reason for leaving", kind: "long" },
    ],
  },
  {
    title: "Parent or guardian",
    fields: [
      { name: "parentName", label: "Parent or guardian's name", kind: "text", required: true, autoComplete: "name" },
      { name: "parentOccupation", label: "Occupation", kind: "text" },
      { name: "relationshipToApplicant", label: "Relationship to applicant", kind: "text", required: true },
    ],
  },
  {
    title: "Additional",
    fields: [
      { name: "medicalConditions", label: "Medical conditions", kind: "long" },
      { name: "religion", label: "Religion", kind: "text" },
      { name: "hobbies", label: "Hobbies", kind: "text" },
      { name: "languagesSpoken", label: "Languages spoken", kind: "text" },
      {
        name: "parentMaritalStatus",
        label: "Parents' marital status",
        kind: "choice",
        options: ["Married", "Single", "Separated", "Divorced", "Widowed"],
      },
      { name: "siblingsInSchool", label: "Siblings in this school", kind: "choice", options: ["Yes", "No"] },
      { name: "siblingsNames", label: "Siblings' names", kind: "text" },
      { name: "specialEducationalNeeds", label: "Special educational needs", kind: "long" },
    ],
  },
  {
    title: "Documents",
    fields: [
      { name: "passportPhotograph", label: "Passport photograph", kind: "file" },
      { name: "birthCertificate", label: "Birth certificate", kind: "file" },
      { name: "lastTermResult", label: "Last term result", kind: "file" },
      { name: "medicalReport", label: "Medical report", kind: "file" },
    ],
  },
];

export const ADMISSION_FIELDS: readonly AdmissionField[] = ADMISSION_FIELD_GROUPS.flatMap((g) => g.fields);
export const ADMISSION_TEXT_FIELDS = ADMISSION_FIELDS.filter((f) => f.kind !== "file");
export const DOCUMENT_FIELDS = ADMISSION_FIELDS.filter((f) => f.kind === "file").map((f) => f.name);

/** An application's upload, on the page and at the API: the documents of 5 MB, the text answers, and room to name a document that is too large. */
export const APPLICATION_UPLOAD_LIMITS = {
  maxFiles: DOCUMENT_FIELDS.length,
  maxFileBytes: ADMISSION_LIMITS.documentMaxBytes,
  maxFields: 40,
  maxFieldBytes: 4096,
  maxRequestBytes: (DOCUMENT_FIELDS.length + 1) * ADMISSION_LIMITS.documentMaxBytes + 256 * 1024,
};
/** The hidden field a person never sees or fills; a program filling every field fills it too. */
export const HONEYPOT_FIELD = "website";
/** The longest answer of a `long` field, and of every other text field. */
export const ANSWER_MAX = { long: 1000, other: 200 } as const;

export const requiredMessage = (label: string) => `${label} is required`;

/** The product's Admission form. `amount` is naira (a decimal number); `public_link` the application page's path. */
export interface AdmissionForm {
  id: number;
  title: string;
  amount: number;
  cbt_enabled: boolean;
  /** The test its applicants take; null when none is linked. */
  cbt_test_id: number | null;
  status: FormStatus;
  public_id: string;
  public_link: string;
  created_at: string;
  submission_count: number;
}

/** The product's Submission in the list. */
export interface SubmissionRow {
  id: number;
  reference: string;
  student_name: string;
  form_id: number;
  form_title: string;
  class_applying_into: string;
  status: SubmissionStatus;
  created_at: string;
  /** The application fee: none, not paid yet, paid online, or to be paid at the school. */
  payment_status: ApplicationPaymentStatus;
  /** The online payment's reference, once one was started and paid. */
  payment_reference: string | null;
}

/** Each answer of a submission: text, or a document (its value the API path that serves it). */
export interface FormDataEntry {
  type: "text" | "file";
  value: string;
  /** Documents: the file's name as sent and its type. */
  name?: string;
  mime_type?: string;
}

export interface SubmissionDetail extends SubmissionRow {
  title: string;
  form_data: Record<string, FormDataEntry>;
  /** The student made by approving it. */
  student_id: string | null;
  /** The applicant's entrance test and score; null when they have no paper. */
  cbt: ApplicantCbtScore | null;
}

/** What the applicant's confirmation page reads of their submission. */
export interface PublicSubmission {
  reference: string;
  title: string;
  amount: number;
  payment_status: ApplicationPaymentStatus;
  /** Their entrance test, once their paper is drawn (after paying, where the fee is paid online). */
  cbt: ApplicantCbtAccess | null;
}

export type SubmissionList = Paginated<SubmissionRow>;

/** What the public page may read of a form: the form, the school's name and logo, its classes. */
export interface PublicAdmissionForm {
  title: string;
  amount: number;
  cbt_enabled: boolean;
  open: boolean;
  school: { school_name: string; logo_url: string | null };
  classes: string[];
}
