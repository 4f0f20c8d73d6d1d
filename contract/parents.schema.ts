import { z } from "zod";
import { MAX_CHILDREN, PARENT_MESSAGES } from "./parents";
import { contactFields } from "./people.schema";

/** A parent's details as the add and edit forms and the API take them (after `personDataInput`). */
export const parentFields = contactFields.extend({
  children: z.array(z.string().trim().min(1).max(100)).max(MAX_CHILDREN, PARENT_MESSAGES.tooManyChildren).default([]),
});
export type ParentFields = z.infer<typeof parentFields>;

export const PARENT_LISTS = ["children"] as const;
export const PARENT_FLAGS = ["remove_photo"] as const;
