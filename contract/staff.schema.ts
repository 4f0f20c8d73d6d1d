import { z } from "zod";
import { contactFields, optionalText } from "./people.schema";
import { MAX_TEACHING_PAIRS, STAFF_MESSAGES, teachingInput } from "./staff";

const pairPart = (required: string, max: number) =>
  z.string({ required_error: required, invalid_type_error: required }).trim().min(1, required).max(max);

/** One (class, subject) pair; whether the school teaches it is the API's check (api/services/staff.ts). */
export const teachingPair = z.object({
  class: pairPart(STAFF_MESSAGES.classRequired, 60),
  subject: pairPart(STAFF_MESSAGES.subjectRequired, 100),
});

/** The second and later places of a pair listed again, told beside its subject. */
function noPairTwice(rows: readonly ({ class?: string; subject?: string } | null | undefined)[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (!row?.class || !row.subject) return;
    const key = JSON.stringify([row.class.trim().toLowerCase(), row.subject.trim().toLowerCase()]);
    if (seen.has(key))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "subject"], message: STAFF_MESSAGES.pairTwice });
    seen.add(key);
  });
}

/** What a teacher teaches, as the API takes it: a list of pairs (or text, see `teachingInput`). */
export const teachingList = z.preprocess(
  teachingInput,
  z
    .array(teachingPair, { invalid_type_error: STAFF_MESSAGES.teachingText })
    .max(MAX_TEACHING_PAIRS, STAFF_MESSAGES.tooManyPairs)
    .superRefine(noPairTwice)
    .default([]),
);

/**
 * The staff form's rows: a row left blank (no class, no subject) is no pair and is skipped; a row half
 * filled is told what it lacks beside it.
 */
export const teachingRows = z
  .array(teachingPair.partial().nullish())
  .max(MAX_TEACHING_PAIRS, STAFF_MESSAGES.tooManyPairs)
  .superRefine((rows, ctx) => {
    rows.forEach((row, index) => {
      if (!row || (!row.class && !row.subject)) return;
      if (!row.class)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "class"], message: STAFF_MESSAGES.classRequired });
      if (!row.subject)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [index, "subject"],
          message: STAFF_MESSAGES.subjectRequired,
        });
    });
    noPairTwice(rows, ctx);
  })
  .default([]);

/** A staff member's details as the add and edit forms and the API take them (after `personDataInput`). */
export const staffFields = contactFields.extend({
  position: optionalText(100),
  is_teaching_staff: z.boolean().default(false),
  form_teacher: optionalText(60),
  teaching: teachingList,
});
export type StaffFields = z.infer<typeof staffFields>;

export const STAFF_FLAGS = ["is_teaching_staff", "remove_photo"] as const;
