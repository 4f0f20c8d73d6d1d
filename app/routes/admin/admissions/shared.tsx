import { REVIEW_MESSAGES, type ReviewDecision, type SubmissionDetail } from "../../../../contract/admissions";

/** What the admission screens share. */
export const ADMISSIONS_HOME = "/admin/admission-forms";

const LABELS: Record<string, string> = {
  active: "Active",
  inactive: "Inactive",
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};
const TONES: Record<string, string> = {
  active: "bg-emerald-100 text-emerald-900",
  approved: "bg-emerald-100 text-emerald-900",
  pending: "bg-amber-100 text-amber-900",
  inactive: "bg-slate-200 text-slate-800",
  rejected: "bg-red-100 text-red-900",
};

export const statusLabel = (status: string) => LABELS[status] ?? status;

/** A form's or a submission's status, in words (never by colour alone). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${TONES[status] ?? "bg-slate-200 text-slate-800"}`}
    >
      {statusLabel(status)}
    </span>
  );
}

/** What Approve and Reject ask before they act, in the review's dialog and on its confirm pages alike. */
export function decisionText(decision: ReviewDecision, submission: SubmissionDetail) {
  const name = submission.student_name;
  return decision === "approve"
    ? {
        title: REVIEW_MESSAGES.approveTitle,
        description: REVIEW_MESSAGES.approveQuestion(
          name,
          submission.class_applying_into,
          submission.form_data.parentName?.value ?? "",
        ),
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
