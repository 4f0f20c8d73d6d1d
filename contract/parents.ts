import type { Paginated } from "./http";
import type { PersonContact } from "./people";

/**
 * Parents and their children (screens: docs/product.md, Parents).
 *
 * Calls, under /api/admin/{uniqueId}; `{id}` is the parent's `id` or its `unique_id`:
 * - GET    /stu-parents?q=&class=&page=&per_page= → {data: Paginated<ParentRecord>}; `class`: parents with a
 *          child (a current student) in that class
 * - POST   /stu-parents {parent_data}            → 201 {message, data: ParentDetail}; with an `Idempotency-Key`
 *          header a re-sent request answers 200 with the parent it already created. The body is JSON, or
 *          multipart with `parent_data` as JSON text and the photo as the file `profile_img`.
 * - GET    /stu-parents/{id}                     → {data: ParentDetail}
 * - PUT    /stu-parents/{id} {parent_data}       → 200 {message, data: ParentDetail}: replaces the details and the
 *          children (a field left out is cleared); the photo stays unless a new one is sent or `remove_photo`
 * - DELETE /stu-parents/{id}                     → 200 {message}; the children stay
 * `parent_data`: name, email, phone (required), address, children (students' `id` or `unique_id`: a list, JSON
 * text or comma text), remove_photo.
 * Failures: 422 {message, errors: {field: [..]}}, 409 (email or phone of another parent), 404.
 */

export const MAX_CHILDREN = 20;
/** A student has at most this many parents. */
export const MAX_PARENTS = 2;

/** Texts docs/product.md does not give for this area; each is recorded in docs/decisions.md. */
export const PARENT_MESSAGES = {
  duplicateEmail: "Another parent in this school already has this email.",
  duplicatePhone: "Another parent in this school already has this phone number.",
  childUnknown: "Choose children from this school's students.",
  tooManyChildren: `A parent can have at most ${MAX_CHILDREN} children here.`,
  twoParents: (name: string) => `${name} already has two parents.`,
  notFound: "Parent not found.",
} as const;

/** Words of the parents screens docs/product.md does not give; each is recorded in docs/decisions.md. */
export const PARENT_SCREEN = {
  phoneMatches:
    "Students with this phone number are listed under Children. Tick the parent's children, then save again.",
  childrenHint:
    "Tick the parent's children. Find them by name, admission number or phone; students with the parent's phone number are offered too.",
} as const;

/** A child as a parent record lists it, with its class in `student_data.class`. */
export interface ParentChild {
  unique_id: string;
  id: number;
  /** `backlog` for a former student. */
  status: "active" | "backlog";
  student_data: { name: string; class: string | null; profile_img: string | null };
}

/** The product's Parent record. */
export interface ParentRecord {
  unique_id: string;
  id: number;
  parent_data: Omit<PersonContact, "email" | "phone"> & { email: string; phone: string };
  children: ParentChild[];
}

/** The detail view's record: also the children as the product's `students` (id, name, class, profile_image). */
export interface ParentDetail extends ParentRecord {
  students: Array<{ id: number; unique_id: string; name: string; class: string | null; profile_image: string | null }>;
}

/** What the web app sends (empty values already dropped). */
export interface ParentPayload {
  parent_data: {
    name: string;
    email: string;
    phone: string;
    address?: string;
    children: string[];
    remove_photo?: boolean;
  };
}

export type ParentPage = Paginated<ParentRecord>;

/** A student the parent form offers as a child: ticked when chosen. */
export interface ChildOption {
  unique_id: string;
  name: string;
  class: string | null;
  chosen: boolean;
  /** The student's phone number on file is the one typed for the parent. */
  samePhone: boolean;
}
