import type { SubmissionDetail } from "../../../../contract/admissions";
import { REVIEW_MESSAGES, type ReviewDecision } from "../../../../contract/admission-review";
import { PAYMENT_MESSAGES } from "../../../../contract/payments";

/** What Approve and Reject ask before they act, in the review's dialog and on its confirm pages alike. */
export function decisionText(decision: ReviewDecision, submission: SubmissionDetail) {
  const name = submission.student_name;
  return decision === "approve"
    ? {
        title: REVIEW_MESSAGES.approveTitle,
        // An applicant who has not paid the fee: the question says so first.
        description: `${submission.payment_status === "unpaid" ? `${PAYMENT_MESSAGES.approveUnpaid} ` : ""}${REVIEW_MESSAGES.approveQuestion(
          name,
          submission.class_applying_into,
          submission.form_data.parentName?.value ?? "",
        )}`,
        confirmLabel: "Approve",
        variant: "primary" as const,
      }
    : {
        title: REVIEW_MESSAGES.rejectTitle,
        description: REVIEW_MESSAGES.rejectQuestion(name),
        confirmLabel: "Reject",
        variant: "danger" as const,
      };
}
