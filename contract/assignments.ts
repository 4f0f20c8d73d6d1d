import type { Paginated } from "./http";

/**
 * Assignments (docs/product.md, Staff area): a teacher's work for a class and subject, with a due date and up to
 * ASSIGNMENT_MAX_FILES attachments, printed or sent to parents (students do not sign in).
 *
 * Calls, under /api/admin/{uniqueId}; a teacher sees and changes only their own, for the (class, subject) pairs
 * their staff record lists; the admins (main, or sub-admins with the staff key) read every teacher's:
 * - GET    /assignments?when=upcoming|past&page=&per_page= → {data: Paginated<Assignment>}: upcoming (due today
 *          or later) soonest first, past latest first
 * - POST   /assignments multipart (or JSON without files): class, subject, title, instructions, due_date, files[]
 *          (0 to 5) → 201 {message, data: Assignment}; the same Idempotency-Key again answers 200 with it
 * - GET    /assignments/{id}                                → {data: Assignment}
 * - PUT    /assignments/{id} the same fields, files[] added and remove[] (attachment ids) taken away, at most 5 in
 *          all → 200 {message, data: Assignment}
 * - DELETE /assignments/{id}                                → 200 {message}: frees its attachments' space
 * - GET    /assignments/{id}/attachments/{attachmentId}     → the file, as an attachment
 * Writes are the teacher's: an admin is answered 403. Failures: 422 {message, errors: {field: [..]}}, 403, 404.
 */

export const ASSIGNMENT_MAX_FILES = 5;
export const ASSIGNMENT_LIMITS = { title: 120, instructions: 4000 } as const;
export const ASSIGNMENT_WHEN = ["upcoming", "past"] as const;
export type AssignmentWhen = (typeof ASSIGNMENT_WHEN)[number];
export const ASSIGNMENT_FIELDS = { files: "files[]", remove: "remove[]" } as const;

export interface AssignmentAttachment {
  id: number;
  original_name: string;
  size: number;
  mime_type: string;
}

export interface Assignment {
  id: number;
  class_name: string;
  subject: string;
  title: string;
  instructions: string;
  due_date: string;
  teacher: string;
  created_at: string;
  updated_at: string;
  attachments: AssignmentAttachment[];
}

export type AssignmentPage = Paginated<Assignment>;

export const ASSIGNMENT_MESSAGES = {
  title: "Assignments",
  created: "Assignment created",
  updated: "Assignment updated",
  deleted: "Assignment deleted",
  notFound: "Assignment not found.",
  attachmentNotFound: "Attachment not found.",
  titleRequired: "Enter the assignment's title",
  titleTooLong: `Use at most ${ASSIGNMENT_LIMITS.title} characters`,
  instructionsRequired: "Write the instructions",
  instructionsTooLong: `Use at most ${ASSIGNMENT_LIMITS.instructions} characters`,
  dueDateInvalid: "Enter a date like 2026-09-14",
  dueDatePast: "Choose today or a later day",
  tooManyFiles: `An assignment has at most ${ASSIGNMENT_MAX_FILES} attachments: remove one first.`,
  none: { upcoming: "No upcoming assignments", past: "No past assignments" },
  noneDetail: "An assignment you set for one of your classes appears here until its due date.",
  failedList: "Failed to load the assignments",
  failedDownload: "Failed to download the attachment",
  add: "New assignment",
  save: "Save assignment",
  whenLabel: "Assignments due",
  whenLabels: { upcoming: "Upcoming", past: "Past" },
  print: "Print",
  edit: "Edit",
  editTitle: "Edit assignment",
  titleLabel: "Title",
  instructionsLabel: "Instructions",
  dueDateLabel: "Due date",
  attachmentsLabel: "Attachments",
  filesLabel: "Add attachments",
  filesHint: (left: number) => `Up to ${left} more: PDFs, Word documents or pictures, each at most 5MB.`,
  removeLabel: (name: string) => `Remove ${name}`,
  listLabel: "Assignments",
  noPairs: "No classes to set assignments for",
  noPairsDetail:
    "A teacher sets assignments for the classes and subjects their staff record lists: ask the admin to add yours.",
  printHint: "Print this page, or save it as a PDF, to give it to the students or send it to parents.",
  printBack: "Back to assignments",
  setBy: (teacher: string) => `Set by ${teacher}`,
  due: (date: string) => `Due ${date}`,
} as const;
