/**
 * The end of a session: every class moves to its next class, the final classes graduate to the backlog, the
 * school moves to the next session (docs/product.md, Promotion). Main admin only.
 *
 * Calls, under /api/admin/{uniqueId}:
 * - GET  /promotion/preview                → {data: PromotionPreview}
 * - POST /promotion/rules {next_classes: {class: next class | ""}, lower_mark, upper_mark}
 *        → 200 {message, data: PromotionPreview} ("" graduates the class; a class left out keeps its next class)
 * - POST /promotion {ending_session, held_back: [student_id], moved_up: [student_id]} → 200 {message, data:
 *        PromotionCounts}; `held_back`: kept in their class whatever their average; `moved_up`: promoted despite an
 *        average under the lower mark. 409 once `ending_session` is not the school's current session (a second
 *        submit, a replay with the same `Idempotency-Key`).
 * - POST /promotion/undo                   → 200 {message, data: PromotionCounts}; 409 with the reason when the
 *        last promotion can no longer be undone, or there is none
 * - POST /term-rollover {ending_term, ending_session} → 200 {message, data: TermRollover}: the school moves from
 *        1st to 2nd Term or from 2nd to 3rd Term; 409 once `ending_term` of `ending_session` is not the school's
 *        current term (a second submit), and from the 3rd Term, whose end is the promotion
 * Failures: 422 {message, errors: {field: [..]}}, 409 {message, errors: {promotion: [..]}}, 403 for sub-admins.
 */

/** What the preview suggests for a student whose annual average is under the upper mark. */
export const SUGGESTIONS = { repeat: "Not promoted", trial: "Promoted on trial" } as const;
export type Suggestion = (typeof SUGGESTIONS)[keyof typeof SUGGESTIONS];

/** The reason graduates take in the backlog. */
export const GRADUATED = "Graduated";

/** The marks a school starts with: under 40 repeats, 40 to under 50 goes up on trial. */
export const DEFAULT_MARKS = { lower_mark: 40, upper_mark: 50 } as const;

export interface PromotionClass {
  class_name: string;
  section: string;
  /** Null: the class graduates. */
  next_class: string | null;
  /** Active students in the class now. */
  count: number;
}

export interface SuggestedStudent {
  id: number;
  unique_id: string;
  name: string;
  class_name: string;
  /** The annual average of the session's published results. */
  average: number;
  suggestion: Suggestion;
}

export interface PromotionCounts {
  ending_session: string;
  new_session: string;
  promoted: number;
  repeated: number;
  graduated: number;
}

export interface LastPromotion extends PromotionCounts {
  promoted_at: string;
  /** Null while it can be undone; else why not. */
  undo_refused: string | null;
}

/** A term ended: the school is now in `new_term` of the same session. */
export interface TermRollover {
  ending_term: string;
  ending_session: string;
  new_term: string;
}

export interface PromotionPreview {
  /** The school's current term; from the 3rd Term its end is the promotion, before it the term rollover. */
  current_term: string;
  ending_session: string;
  new_session: string;
  lower_mark: number;
  upper_mark: number;
  classes: PromotionClass[];
  /** Students whose average is under the upper mark, lowest first. */
  suggested: SuggestedStudent[];
  graduates: number;
  /** Active students in no class of the school's: they stay where they are. */
  unplaced: number;
  /** False when `ending_session` has been promoted already (then see `last`). */
  ready: boolean;
  last: LastPromotion | null;
}

export const PROMOTION_MESSAGES = {
  promoted: (counts: PromotionCounts) =>
    `${counts.ending_session} ended: ${counts.promoted} promoted, ${counts.repeated} kept back, ${counts.graduated} graduated`,
  undone: (session: string) => `Promotion undone: the school is back in ${session}`,
  rulesSaved: "Next classes saved",
  sessionRequired: "Name the session that ends, like 2025/2026",
  notCurrent: (session: string) => `${session} is no longer the current session: its promotion is done`,
  studentsUnknown: "Choose students of the school",
  markInvalid: "A mark is a whole number from 0 to 100",
  marksOrder: "The lower mark must not be above the upper mark",
  nextUnknown: "Choose one of the school's classes, or Graduates",
  nothingToUndo: "There is no promotion to undo",
  undoLater: (session: string) =>
    `The school is no longer in ${session}, the session the promotion started: it can no longer be undone`,
  undoRecorded: (what: string, session: string) =>
    `A ${what} of ${session} has been recorded since the promotion: it can no longer be undone`,
  mainOnly: "Only the main administrator can promote students.",
  termRequired: "Name the term that ends: 1st Term or 2nd Term",
  termNotCurrent: (term: string, session: string) =>
    `${term} of ${session} is no longer the current term: it has been ended already`,
  lastTerm: "The 3rd Term ends with the promotion of the students to the next session",
  termRolled: (r: TermRollover) => `${r.ending_term} ended: the school is in ${r.new_term} of ${r.ending_session}`,
  termMainOnly: "Only the main administrator can end a term.",
} as const;
