/** The words of a submission's review decisions, apart from the admission screens' shared words: only the review pages load them. */

/**
 * What approving or rejecting a submission does, said before (the confirmation) and after (the toast). The
 * parent is linked as approving does it: the school's parent with the same phone, else the same email, else
 * a new parent.
 */
export type ReviewDecision = "approve" | "reject";

export const REVIEW_MESSAGES = {
  approveTitle: "Approve application",
  approveQuestion: (name: string, className: string, parent: string) =>
    `${name} will be added to ${className} as a student, with ${parent} as their parent or guardian ` +
    "(the school's parent with the same phone number or email, else a new parent). This cannot be undone.",
  approved: (name: string, className: string) => `${name} was added to ${className} as a student`,
  rejectTitle: "Reject application",
  rejectQuestion: (name: string) =>
    `The application of ${name} will be marked rejected and kept with the submissions; no student is added. ` +
    "This cannot be undone.",
  rejected: (name: string) => `The application of ${name} was rejected`,
} as const;
