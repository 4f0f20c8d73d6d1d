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
 *          left out is cleared); the photo stays unless a new one is sent or `remove_photo`
 * - DELETE /staffs/{id}                        → 200 {message}
 * `staff_data`: name, email, phone (required), address, position, is_teaching_staff, and for teaching staff
 * form_teacher (one class), class (the classes taught) and subjects (each a list, JSON text or comma text).
 * Failures: 422 {message, errors}, 409 (email, phone or form class of another member), 404.
 */

export const STAFF_TYPES = { teaching: "Teaching", "non-teaching": "Non-Teaching" } as const;
export type StaffType = keyof typeof STAFF_TYPES;

/** Texts the spec does not give for this area; each is recorded in docs/decisions.md. */
export const STAFF_MESSAGES = {
  duplicateEmail: "Another staff member in this school already has this email.",
  duplicatePhone: "Another staff member in this school already has this phone number.",
  formClassTaken: (name: string, className: string) => `${name} is already the form teacher of ${className}.`,
  classUnknown: "Choose one of the school's classes",
  subjectsUnknown: "Choose subjects the school teaches",
  notFound: "Staff member not found.",
} as const;

/** The spec's Staff record. `class` is the classes taught, as comma text; `subjects` a list. */
export interface StaffRecord {
  unique_id: string;
  id: number;
  staff_data: PersonContact & {
    position: string | null;
    class: string | null;
    is_teaching_staff: boolean;
    form_teacher: string | null;
    subjects: string[];
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
    class: string[];
    subjects: string[];
    remove_photo?: boolean;
  };
}

export type StaffPage = Paginated<StaffRecord>;
