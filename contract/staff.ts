import type { Paginated } from "./http";
import type { PersonContact } from "./people";

/**
 * Staff (screens: docs/product.md, Staff).
 *
 * Calls, under /api/admin/{uniqueId}; `{id}` is the staff member's `id` or its `unique_id`:
 * - GET    /staffs?q=&type=&class=&page=&per_page= → {data: Paginated<StaffRecord>}; `type`: teaching or
 *          non-teaching (anything else: all); `class`: form teacher of, or teaches in, that class
 * - POST   /staffs {staff_data}                → 201 {message, data: StaffRecord}; `Idempotency-Key` as for
 *          students. JSON, or multipart with `staff_data` as JSON text and the photo as the file `profile_img`.
 * - GET    /staffs/{id}                        → {data: StaffRecord}
 * - PUT    /staffs/{id} {staff_data}           → 200 {message, data: StaffRecord}: replaces the details (a field
 *          left out is cleared) and clears `teaching_review`; the photo stays unless a new one is sent or
 *          `remove_photo`
 * - DELETE /staffs/{id}                        → 200 {message}
 * `staff_data`: name, email, phone (required), address, position, is_teaching_staff, and for teaching staff
 * form_teacher (one class) and teaching: what they teach as (class, subject) pairs, a list of
 * `{class, subject}` (or JSON text of it, or the import's text `JSS1: Mathematics, English Language; SS1:
 * Physics`). Each class is one of the school's, each subject one of that class's, no pair twice.
 * Failures: 422 {message, errors} (a pair's problem under `teaching[i].class` or `teaching[i].subject`, the
 * pair's place in the list sent), 409 (email, phone or form class of another member), 404.
 */

export const STAFF_TYPES = { teaching: "Teaching", "non-teaching": "Non-Teaching" } as const;
export type StaffType = keyof typeof STAFF_TYPES;

/** At most this many (class, subject) pairs per member. */
export const MAX_TEACHING_PAIRS = 300;

/** Texts docs/product.md does not give for this area; each is recorded in docs/decisions.md. */
export const STAFF_MESSAGES = {
  duplicateEmail: "Another staff member in this school already has this email.",
  duplicatePhone: "Another staff member in this school already has this phone number.",
  formClassTaken: (name: string, className: string) => `${name} is already the form teacher of ${className}.`,
  classUnknown: "Choose one of the school's classes",
  classRequired: "Choose a class",
  subjectRequired: "Choose a subject",
  subjectUnknown: (className: string) => `Choose one of the subjects of ${className}`,
  pairTwice: "This class and subject are already listed",
  tooManyPairs: `List at most ${MAX_TEACHING_PAIRS} classes and subjects`,
  teachingText: "Write classes and subjects like JSS1: Mathematics, English Language; SS1: Physics",
  teachingReview: "Check the classes and subjects this staff member teaches",
  notFound: "Staff member not found.",
} as const;

/** One class and one subject a teacher teaches in it. */
export interface TeachingPair {
  class: string;
  subject: string;
}

/**
 * The separate lists of classes and subjects a member had before they became pairs, kept when they could
 * not be paired for sure (several classes and several subjects): the admin decides, and saving the
 * member clears it.
 */
export interface TeachingReview {
  class: string[];
  subjects: string[];
}

/**
 * The product's Staff record. `teaching` is what is taught; `class` (the classes taught, as comma text) and
 * `subjects` (a list) are read from it.
 */
export interface StaffRecord {
  unique_id: string;
  id: number;
  /** Whether the teacher may sign in to the staff area now (contract/staff-area.ts). */
  sign_in: boolean;
  staff_data: PersonContact & {
    position: string | null;
    class: string | null;
    is_teaching_staff: boolean;
    form_teacher: string | null;
    subjects: string[];
    teaching: TeachingPair[];
    teaching_review: TeachingReview | null;
  };
}

/** What the web app sends (empty values already dropped). */
export interface StaffPayload {
  staff_data: {
    name: string;
    email: string;
    phone: string;
    address?: string;
    position?: string;
    is_teaching_staff: boolean;
    form_teacher?: string;
    teaching: TeachingPair[];
    remove_photo?: boolean;
  };
}

export type StaffPage = Paginated<StaffRecord>;

/** Pairs as the import writes them: `JSS1: Mathematics, English Language; SS1: Physics`. */
export function teachingText(pairs: readonly TeachingPair[]): string {
  const byClass = new Map<string, string[]>();
  for (const { class: className, subject } of pairs)
    byClass.set(className, [...(byClass.get(className) ?? []), subject]);
  return [...byClass].map(([className, subjects]) => `${className}: ${subjects.join(", ")}`).join("; ");
}

/**
 * Reads `JSS1: Mathematics, English Language; SS1: Physics` (groups by `;` or a new line, a class before
 * `:`, its subjects by `,`); null when a group has no class or no subject.
 */
export function readTeachingText(text: string): TeachingPair[] | null {
  const pairs: TeachingPair[] = [];
  for (const group of text.split(/[;\n]/)) {
    if (!group.trim()) continue;
    const colon = group.indexOf(":");
    if (colon < 0) return null;
    const className = group.slice(0, colon).trim();
    const subjects = group
      .slice(colon + 1)
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (!className || !subjects.length) return null;
    for (const subject of subjects) pairs.push({ class: className, subject });
  }
  return pairs;
}

/**
 * `teaching` as it may arrive (a list of pairs, JSON text of one, or the import's text) as a list for the
 * schema; text that cannot be read is left as it came, for the schema to refuse.
 */
export function teachingInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text.startsWith("[")) {
    try {
      return JSON.parse(text);
    } catch {
      return value;
    }
  }
  return readTeachingText(text) ?? value;
}
