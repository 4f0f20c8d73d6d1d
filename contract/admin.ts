import { z } from "zod";
import type { FeatureKey } from "./access";
import { SCHOOL_ADDRESS_MAX } from "./limits";
import { APP_MESSAGES } from "./messages";

/** Payloads and responses of registration, login and the admin profile. */
const required = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);

export const schoolEmail = required("School email").email(APP_MESSAGES.invalidEmail).max(200);

export const registerFields = z.object({
  school_name: required("School name").max(200),
  principal_name: required("Principal name").max(200),
  school_email: schoolEmail,
  phone_number: required("Phone number").max(40),
});
export type RegisterFields = z.infer<typeof registerFields>;

/** With an email, a sub-admin of that school signs in; without one, the school's main admin. */
export const loginPayload = z.object({
  unique_id: required("Unique ID").max(40),
  email: z.string().trim().max(200).optional(),
  password: required("Password").max(200),
});
export type LoginPayload = z.infer<typeof loginPayload>;

/** Every field optional: the profile sends only what the admin changed. */
export const profileUpdateFields = z.object({
  school_name: required("School name").max(200).optional(),
  principal_name: required("Principal name").max(200).optional(),
  school_email: schoolEmail.optional(),
  phone_number: required("Phone number").max(40).optional(),
  /** Empty clears it. */
  school_address: z
    .string()
    .trim()
    .max(SCHOOL_ADDRESS_MAX, `School address must be at most ${SCHOOL_ADDRESS_MAX} characters`)
    .optional(),
});
export type ProfileUpdateFields = z.infer<typeof profileUpdateFields>;

export const PASSWORD_MIN_LENGTH = 8;
/** The rules of every new password: a change, a reset through a link. */
export const newPassword = z
  .string({ required_error: "New password is required" })
  .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200);
export const changePasswordPayload = z.object({
  current_password: required("Current password").max(200),
  new_password: newPassword,
});
export type ChangePasswordPayload = z.infer<typeof changePasswordPayload>;

export interface AdminData {
  school_name: string;
  principal_name: string;
  school_email: string;
  phone_number: string;
  /** The postal address its report cards print; null until the admin sets one. */
  school_address: string | null;
  logo_url: string | null;
  signature_url: string | null;
}

export interface AdminRecord {
  unique_id: string;
  admin_data: AdminData;
}

export interface RegisterResponse {
  message: string;
  data: { unique_id: string; password: string; admin_data: AdminData };
}

export interface LoginResponse {
  message: string;
  data: {
    token: string;
    unique_id: string;
    expires_at: string;
    admin_data: AdminData;
    /** The signed-in sub-admin; null for the school's main admin. */
    sub_admin: { id: number; name: string; features: FeatureKey[] } | null;
    /** The signed-in teacher (the staff area); absent or null for admins. */
    staff?: { id: number; name: string } | null;
    /**
     * This device's sign-in token: sent back in `X-Device-Token` at later sign-ins to this account, it passes the
     * per-account ceiling of failures that other addresses ran up.
     */
    device_token: string;
  };
}

export interface DashboardData {
  principal_name: string;
  school_name: string;
  current_term: string;
  current_session: string;
  total_male: number;
  total_female: number;
  teaching_staff: number;
  non_teaching_staff: number;
}
