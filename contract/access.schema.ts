import { z } from "zod";
import { APP_MESSAGES } from "./messages";
import { FEATURE_KEYS } from "./access";

const required = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);

/** A sub-admin as the manage-admins form and the API take it; `features` may arrive as one key or a list. */
export const subAdminFields = z.object({
  name: required("Name").max(200),
  email: required("Email").email(APP_MESSAGES.invalidEmail).max(200),
  phone: z.string().trim().max(40).optional(),
  features: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.enum(FEATURE_KEYS, { errorMap: () => ({ message: "Unknown feature" }) })).max(FEATURE_KEYS.length),
  ),
});
export type SubAdminFields = z.infer<typeof subAdminFields>;

export const subAdminStatus = z.object({ disabled: z.boolean({ required_error: "Disabled is required" }) });
