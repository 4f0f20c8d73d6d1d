import { z } from "zod";
import { contactFields, nameList, optionalText } from "./people.schema";

/** A staff member's details as the add and edit forms and the API take them (after `personDataInput`). */
export const staffFields = contactFields.extend({
  position: optionalText(100),
  is_teaching_staff: z.boolean().default(false),
  form_teacher: optionalText(60),
  class: nameList(60),
  subjects: nameList(150),
});
export type StaffFields = z.infer<typeof staffFields>;

export const STAFF_LISTS = ["class", "subjects"] as const;
export const STAFF_FLAGS = ["is_teaching_staff", "remove_photo"] as const;
