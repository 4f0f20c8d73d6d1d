/**
 * Deciding several admission submissions at once (/super-admin/admissions), apart from contract/admissions.ts so
 * that the admission screens' pages do not carry these words:
 * - POST /submissions/decisions {ids, decision: "approve" | "reject"} → 200 {message, data: BulkDecision}
 */

export const SUBMISSION_DECISIONS = ["approve", "reject"] as const;
export type SubmissionDecision = (typeof SUBMISSION_DECISIONS)[number];

/** Approving or rejecting several submissions at once (/super-admin/admissions). */
export const BULK_DECISION_LIMITS = { maxIds: 100 } as const;

/** What a decision on several submissions did: those decided now, and those left as they were, with why. */
export interface BulkDecision {
  decision: SubmissionDecision;
  decided: number;
  skipped: Array<{ id: number; reference: string; reason: string }>;
}

/** The words of /super-admin/admissions; recorded in docs/decisions.md. */
export const BULK_DECISION_MESSAGES = {
  title: "Admissions",
  choose: "Choose at least one submission.",
  tooMany: `Choose at most ${BULK_DECISION_LIMITS.maxIds} submissions at a time.`,
  decisionInvalid: "Choose approve or reject.",
  notFound: "Some of the chosen submissions were not found.",
  skippedDecided: "Already reviewed",
  skippedUnpaid: "Application fee not paid: approve it from its review page",
  approved: (n: number) => `${n} ${n === 1 ? "submission" : "submissions"} approved.`,
  rejected: (n: number) => `${n} ${n === 1 ? "submission" : "submissions"} rejected.`,
  skipped: (n: number) => `${n} left as ${n === 1 ? "it was" : "they were"}.`,
  approveChosen: "Approve chosen",
  rejectChosen: "Reject chosen",
  allForms: "All forms",
  allClasses: "All classes",
  allStatuses: "All statuses",
} as const;
