import type { Paginated } from "./http";

/**
 * Students and the former-students backlog (screens: docs/product.md, Students).
 *
 * Calls, under /api/admin/{uniqueId} unless stated; `{id}` is the student's `id` or its `unique_id`:
 * - GET    /students?q=&class=&page=&per_page=   → {data: Paginated<StudentRecord>} (active students)
 * - POST   /students {student_data}              → 201 {message, data: StudentRecord}; with an
 *          `Idempotency-Key` header a re-sent request answers 200 with the student it already created
 * - POST   /students/{id} {student_data}         → 200 {message, data: StudentRecord} (replaces the details:
 *          a field left out is cleared)
 * - DELETE /students/{id}                        → 200 {message}
 * - GET    /students/backlog?reason=&page=&per_page= → {data: Paginated<BacklogEntry>}
 * - POST   /students/{id}/backlog {reason}       → 200 {message, data: BacklogEntry}
 * - POST   /students/{id}/restore                → 200 {message, data: StudentRecord} (back to the active list)
 * - GET    /students/{id}/classes                → {data: SessionClass[]} (the class of each session recorded,
 *          newest session first)
 * - GET    /api/students/{uniqueId}/studentInfo/{id} → {data: StudentRecord | BacklogEntry}
 * - GET    /students/{id}/data-export               → application/gzip: a .tar.gz of `student-data.json`
 *          (everything held about the student) and the photo, admission documents and receipts as files
 *          (main admin only)
 * - POST   /students/{id}/erase                     → 200 {message, data: StudentErasure}: a former student's
 *          data removed, payments and purchases kept under ERASED_STUDENT_NAME (main admin only; 409 for a
 *          current student)
 * Failures: 422 {message, errors: {field: [..]}}, 409 {message, errors: {admission: [..]}}, 404 {message}.
 */

export const BACKLOG_REASONS = ["Expelled", "Switched School", "Graduated"] as const;
export type BacklogReason = (typeof BACKLOG_REASONS)[number];

/** Texts docs/product.md does not give for this area; each is recorded in docs/decisions.md. */
export const STUDENT_MESSAGES = {
  nameRequired: "Name is required",
  classRequired: "Class is required",
  genderRequired: "Gender is required",
  genderInvalid: "Gender must be Male or Female",
  phoneRequired: "Phone number is required",
  classUnknown: "Choose one of the school's classes",
  subjectsUnknown: "Choose subjects from this class's subjects",
  duplicateAdmission: "Another student in this school already has this admission number.",
  reasonRequired: "Choose a reason: Expelled, Switched School or Graduated",
  restored: "Student added back to students successfully!",
  notFound: "Student not found.",
  eraseCurrentRefused: "Only a former student can be erased: move the student to the backlog first.",
  erased: 'The student\'s data was erased. Payments and purchases are kept as "Erased student".',
  downloadData: "Download the student's data",
  eraseData: "Erase the student's data",
  eraseConfirm: "Erase",
  eraseQuestion: "This cannot be undone. Download the student's data first if it is wanted.",
  eraseKept:
    'Kept: payments, receipts and inventory purchases (money records the school must keep), named "Erased student" with no other personal data.',
} as const;

/** What erasing a former student removes, as the confirmation lists it. */
export const ERASE_REMOVES = [
  "the student's record and photo",
  "the admission application and its documents",
  "the class history and results, report sheet entries, attendance marks and computer-based test papers",
  "optional fees, discounts and credit on the student's bill",
  "the links to parents and guardians (a parent left with no child stays on the parents list)",
] as const;

/** What kept money records (payments, receipts, purchases) name in place of an erased student. */
export const ERASED_STUDENT_NAME = "Erased student";

/** The erase answer's message: a parent left with no child stays on the parents list, and is told so. */
export function erasedMessage(parentsWithoutChildren: number): string {
  if (!parentsWithoutChildren) return STUDENT_MESSAGES.erased;
  const who = parentsWithoutChildren === 1 ? "1 parent now has" : `${parentsWithoutChildren} parents now have`;
  return `${STUDENT_MESSAGES.erased} ${who} no child at the school and stays on the parents list.`;
}

/** The erase answer's data. */
export interface StudentErasure {
  unique_id: string;
  /** Parents whose only child this was: kept, with no child. */
  parents_without_children: { unique_id: string; name: string }[];
  /** Payments and purchases kept, renamed. */
  payments_kept: number;
  purchases_kept: number;
}

/**
 * Brings a JSON `student_data` to the schema's plain types: empty values are dropped,
 * `class` is taken for `selectedClass`, comma text becomes a list of subjects, "true"/"1" a boolean.
 */
export function studentDataInput(raw: unknown): Record<string, unknown> {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === null || value === undefined || (typeof value === "string" && !value.trim())) continue;
    input[name] = value;
  }
  if (input.selectedClass === undefined && input.class !== undefined) input.selectedClass = input.class;
  delete input.class;
  if (typeof input.subjects === "string") input.subjects = splitSubjects(input.subjects);
  if (typeof input.takes_lesson === "string" || typeof input.takes_lesson === "number") {
    input.takes_lesson = ["true", "1", "on", "yes"].includes(String(input.takes_lesson).toLowerCase());
  }
  return input;
}

export function splitSubjects(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** What the web app sends: the product's creation payload with empty values already dropped. */
export interface StudentPayload {
  student_data: {
    name: string;
    selectedClass?: string;
    gender: string;
    phone_number: string;
    email?: string;
    address?: string;
    admission?: string;
    takes_lesson: boolean;
    /** Comma-separated, as the record carries them. */
    subjects?: string;
  };
}

/** A student as the API answers it. */
export interface StudentRecord {
  unique_id: string;
  id: number;
  student_data: {
    name: string;
    class: string | null;
    gender: string;
    phone_number: string | null;
    email: string | null;
    address: string | null;
    admission: string | null;
    takes_lesson: boolean;
    subjects: string | null;
    subject_combo: string | null;
    profile_img: string | null;
  };
}

/** The product's Backlog entry: a former student with the reason they left. */
export interface BacklogEntry extends StudentRecord {
  backlog_reason: BacklogReason;
}

/** The class a student was in during a session (docs/product.md, Classes by session). */
export interface SessionClass {
  session: string;
  class: string | null;
}

export type StudentPage = Paginated<StudentRecord>;
export type BacklogPage = Paginated<BacklogEntry>;
