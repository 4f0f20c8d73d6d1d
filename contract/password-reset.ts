/**
 * Password recovery (docs/product.md, Password recovery): the main admin, a sub-admin or a teacher asks for a
 * link by email and sets a new password through it.
 *
 * - `GET /api/admin/password-reset` → `{ data: { email: boolean } }`: whether links can be sent (SMTP_URL set).
 * - `POST /api/admin/password-reset` `{ unique_id, email }` → 200 `{ message: requestSent }`, the same answer
 *   whether or not an account matches; 503 `{ message: emailNotSetUp }` without email; 429 when asked too often.
 *   The main admin's account matches the school's email; a sub-admin's or a teacher's, the email they sign in with.
 * - `GET /api/admin/password-reset/{token}` → `{ data: PasswordResetLink }`, or 404 `{ message: linkInvalid }`.
 * - `POST /api/admin/password-reset/confirm` `{ token, new_password }` → 200 `{ message: passwordReset }`: every
 *   session of the account ends; 404 `{ message: linkInvalid }` when the link was used, expired or never sent.
 */

/** A link works once, for this long. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
/** Requests for one account from one address within the sign-in window (LOGIN_WINDOW_MS); then 429. */
export const PASSWORD_RESET_MAX_REQUESTS = 3;
/** Requests for one account from every address together within the window. */
export const PASSWORD_RESET_ACCOUNT_MAX_REQUESTS = 10;

export const PASSWORD_RESET_PATH = "/forgot-password";
export const resetPasswordPath = (token: string) => `/reset-password/${token}`;

export interface PasswordResetLink {
  unique_id: string;
  /** Whose password the link sets: the school's (main admin), a sub-admin's or a teacher's. */
  account: "main" | "sub-admin" | "teacher";
  /** The school's name, to say which account this is. */
  school_name: string;
  expires_at: string;
}

export const PASSWORD_RESET_MESSAGES = {
  requestSent:
    "If an account matches, we have sent a link to its email. It works once, within 30 minutes. Check your spam folder if it does not arrive.",
  emailNotSetUp:
    "Email is not set up on this server, so no reset link can be sent. Ask the person who runs the server to reset your password.",
  tooManyRequests: "Too many reset requests for this account. Please wait and try again.",
  linkInvalid: "This link has been used, has expired or is not valid. Ask for a new one.",
  passwordReset: "Your password has been changed and every other session has ended. Log in with the new password.",
  subject: "Reset your password",
} as const;
