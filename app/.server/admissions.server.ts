import { data, type AppLoadContext } from "@remix-run/node";
import {
  ADMISSION_MESSAGES,
  ADMISSION_SPEC_MESSAGES as SPEC,
  ADMISSION_TEXT_FIELDS,
  APPLICATION_UPLOAD_LIMITS,
  DOCUMENT_FIELDS,
  HONEYPOT_FIELD,
  reviewPath,
  type SubmissionDetail,
  type SubmissionRow,
} from "../../contract/admissions";
import { REVIEW_MESSAGES, type ReviewDecision } from "../../contract/admission-review";
import type { Paginated } from "../../contract/http";
import { PAYMENT_MESSAGES } from "../../contract/payments";
import type { FormResult } from "~/lib/form-state";
import type { SchoolApiClient } from "./api.server";
import { publicApi } from "./auth.server";
import { notFound } from "./not-found.server";
import { failure, redirectWithToast, success } from "./toast.server";
import { diskFileAsFile, withUploadedForm } from "./form.server";
import { apiReply } from "./reply.server";

/** The admission screens' server side: the application's hand-over to the API, and the review of a submission. */

const SUBMISSIONS = { to: "/admin/admission-forms?tab=submissions", label: "Back to submissions" };
const submissionPath = (id: string | undefined) => `/submissions/${encodeURIComponent(id ?? "")}`;

/**
 * A submission of the signed-in school for its review and its confirm pages; another school's address or
 * an unknown submission is the 404 'No submission data found'. A sub-admin gets the product's "main
 * administrators only" message with a 403.
 */
/** A page of submissions with each fee's state in words, from the server: the page's script carries no list of them. */
export function withFeeWords(list: Paginated<SubmissionRow>) {
  return {
    ...list,
    data: list.data.map((row) => ({
      ...row,
      fee: row.payment_status === "not_required" ? "" : PAYMENT_MESSAGES.paymentStatus[row.payment_status],
    })),
  };
}

export async function loadSubmission(
  api: SchoolApiClient,
  uniqueId: string,
  params: { uniqueId?: string; submissionId?: string },
) {
  if (params.uniqueId?.toUpperCase() !== uniqueId) notFound(SPEC.noSubmission, SUBMISSIONS);
  const result = await api.get<SubmissionDetail>(`${submissionPath(params.submissionId)}/details`, {
    fallback: SPEC.failedDetails,
  });
  if (result.ok) return { submission: result.data, error: null, uniqueId };
  if (result.status === 404) notFound(SPEC.noSubmission, SUBMISSIONS);
  const message = result.status === 403 ? SPEC.mainAdminOnly : result.message;
  return data({ submission: null, error: message, uniqueId }, { status: result.status === 403 ? 403 : 200 });
}

/**
 * Approves or rejects a submission, then back to its review with a toast saying what happened, naming the
 * applicant (and, on approval, the class they joined). A second tap finds it reviewed: the API's refusal.
 */
export async function decideSubmission(
  request: Request,
  context: AppLoadContext,
  api: SchoolApiClient,
  uniqueId: string,
  submissionId: string,
  decision: ReviewDecision,
) {
  const approve = decision === "approve";
  const result = await api.update<SubmissionDetail>(
    `${submissionPath(submissionId)}/${decision}`,
    // The confirm dialog or page that led here named an unpaid fee, if there was one.
    approve ? { confirm_unpaid: true } : {},
    {
      method: "PUT",
      fallback: approve ? SPEC.failedApprove : SPEC.failedReject,
    },
  );
  const toast = !result.ok
    ? failure(result.message)
    : success(
        approve
          ? REVIEW_MESSAGES.approved(result.data.student_name, result.data.class_applying_into)
          : REVIEW_MESSAGES.rejected(result.data.student_name),
      );
  return redirectWithToast(request, context, reviewPath(uniqueId, submissionId), toast);
}

/**
 * Sends an application from the public page on to the API as it came (the API checks every answer and
 * document). A refusal comes back as the form's state: every text answer kept, each message beside its
 * field, a message about the whole form above it.
 */
export async function sendApplication(
  request: Request,
  context: AppLoadContext,
  publicId: string,
): Promise<{ reference: string } | { result: FormResult }> {
  return withUploadedForm(request, context, APPLICATION_UPLOAD_LIMITS, async (form) => {
    const body = new FormData();
    const values: Record<string, string> = {};
    for (const field of ADMISSION_TEXT_FIELDS) {
      const value = form.fields[field.name]?.[0] ?? "";
      values[field.name] = value;
      body.set(field.name, value);
    }
    for (const name of [HONEYPOT_FIELD, "idempotency_key"]) body.set(name, form.fields[name]?.[0] ?? "");
    for (const file of form.files)
      if (DOCUMENT_FIELDS.includes(file.field)) body.set(file.field, await diskFileAsFile(file));
    const response = await publicApi(context).create<{ reference: string }>(
      `/api/public/admission-forms/${encodeURIComponent(publicId)}/submissions`,
      body,
      {
        fallback: ADMISSION_MESSAGES.submitFailed,
      },
    );
    if (response.ok) return { reference: response.data.reference };
    return { result: apiReply({ values }, response) };
  });
}
