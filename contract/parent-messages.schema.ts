import { z } from "zod";
import { MESSAGE_LIMITS, MESSAGE_MESSAGES as M } from "./parent-messages";

/** The message form and `POST /messages`, in plain types: the same schema checks the web form and the API's JSON. */
export const messageFields = z.object({
  audience: z.string({ required_error: M.audienceRequired }).min(1, M.audienceRequired),
  class: z.string().max(60).optional(),
  section: z.string().max(60).optional(),
  student_ids: z.array(z.string().max(40)).max(MESSAGE_LIMITS.studentsMax, M.studentsTooMany).optional(),
  channels: z.array(z.string().max(10), { required_error: M.channelsRequired }).min(1, M.channelsRequired),
  /** Each child's own report card link, when their class's result of this term is published. */
  report_cards: z.boolean().optional(),
  body: z
    .string({ required_error: M.bodyRequired })
    .trim()
    .min(1, M.bodyRequired)
    .max(MESSAGE_LIMITS.bodyMax, M.bodyTooLong),
});
export type MessageFields = z.infer<typeof messageFields>;

/** `PUT /message-settings`. */
export const messageSettingsFields = z.object({
  // The form sends text, the API's JSON a number: both are read as a whole number.
  daily_sms_cap: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v),
    z
      .number({ invalid_type_error: M.capInvalid, required_error: M.capInvalid })
      .int(M.capInvalid)
      .min(0, M.capInvalid)
      .max(MESSAGE_LIMITS.dailySmsCapMax, M.capInvalid),
  ),
  payment_receipts: z.boolean().optional(),
  applicant_decisions: z.boolean().optional(),
});

/** The JSON may arrive looser (one id as text, a comma list of channels): brought to the schema's types first. */
export function messageInput(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const body = { ...(raw as Record<string, unknown>) };
  for (const name of ["student_ids", "channels"]) {
    const value = body[name];
    if (typeof value === "string")
      body[name] = value
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean);
    else if (Array.isArray(value)) body[name] = value.map((v) => (typeof v === "number" ? String(v) : v));
  }
  for (const name of ["class", "section"]) if (body[name] === "" || body[name] === null) delete body[name];
  return body;
}
