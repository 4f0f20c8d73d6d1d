import { z } from "zod";
import { newPassword } from "./admin";
import { APP_MESSAGES } from "./messages";

/** The request for a link: the school's Unique ID and the account's email. */
export const passwordResetRequest = z.object({
  unique_id: z.string({ required_error: "Unique ID is required" }).trim().min(1, "Unique ID is required").max(40),
  email: z
    .string({ required_error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .email(APP_MESSAGES.invalidEmail)
    .max(200),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** A new password through a link: the rules of the change-password form. */
export const passwordResetConfirm = z.object({
  token: z.string().trim().min(1).max(200),
  new_password: newPassword,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirm>;
