import type { Paginated } from "./http";

/**
 * Lesson notes (docs/product.md, Staff area): a teacher's file per class, subject and week of the term.
 *
 * Calls, under /api/admin/{uniqueId}; a teacher sees and changes only their own notes, for the (class, subject)
 * pairs their staff record lists; the admins (main, or sub-admins with the staff key) read every teacher's:
 * - GET    /notes?class=&subject=&week=&page=&per_page= → {data: Paginated<LessonNote>}, newest first
 * - POST   /notes multipart: class, subject, week (1 to NOTE_WEEKS), file (one PDF, Word document or picture of
 *          at most 5 MB) → 201 {message, data: LessonNote}; the same Idempotency-Key again answers 200 with it.
 *          Teachers only: an admin is answered 403 (TEACHING_FILE_MESSAGES.readOnly)
 * - GET    /notes/{id}                          → {data: LessonNote}
 * - GET    /notes/{id}/download                 → the file, as an attachment
 * - DELETE /notes/{id}                          → 200 {message}: the teacher's own; frees its space
 * - POST   /notes/{id}/review {comment}         → 200 {message, data: LessonNote}: admins only, audited
 * Failures: 422 {message, errors: {class | subject | week | file | comment: [..]}}, 403, 404 {message}.
 */

export const NOTE_WEEKS = 14;
export const NOTE_COMMENT_MAX = 500;
export const NOTE_FIELDS = { class: "class", subject: "subject", week: "week", file: "file" } as const;

export interface LessonNote {
  id: number;
  class_name: string;
  subject: string;
  week: number;
  term: string;
  session: string;
  teacher: string;
  original_name: string;
  size: number;
  mime_type: string;
  created_at: string;
  reviewed_at: string | null;
  reviewed_by: string | null;
  review_comment: string | null;
}

export type LessonNotePage = Paginated<LessonNote>;

export const NOTE_MESSAGES = {
  title: "Notes",
  adminTitle: "Lesson Notes",
  uploaded: "Note uploaded",
  deleted: "Note deleted",
  reviewed: "Note marked reviewed",
  notFound: "Note not found.",
  fileRequired: "Choose the note's file",
  oneFile: "Upload one file for a note",
  weekInvalid: `Choose a week from 1 to ${NOTE_WEEKS}`,
  commentRequired: "Write a comment for the teacher",
  commentTooLong: `Use at most ${NOTE_COMMENT_MAX} characters`,
  noNotes: "No notes yet",
  noNotesDetail: "Upload a lesson note for one of your classes and subjects.",
  noNotesAdmin: "No teacher has uploaded a lesson note yet.",
  failedList: "Failed to load the notes",
  failedDownload: "Failed to download the note",
  upload: "Upload note",
  weekField: "Week",
  fileField: "File",
  listLabel: "Lesson notes",
  download: "Download",
  noPairs: "No classes to share notes for",
  noPairsDetail:
    "A teacher shares notes for the classes and subjects their staff record lists: ask the admin to add yours.",
  commentLabel: "Comment for the teacher",
  review: "Mark reviewed",
  weekLabel: (week: number) => `Week ${week}`,
  reviewedBy: (name: string | null) => (name ? `Reviewed by ${name}` : "Reviewed"),
  notReviewed: "Not reviewed yet",
} as const;
