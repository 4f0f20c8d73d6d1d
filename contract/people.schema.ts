import { z } from "zod";
import { APP_MESSAGES } from "./messages";
import { PEOPLE_MESSAGES } from "./people";

/**
 * The zod rules every person record shares (name, email and phone required), apart from
 * contract/people.ts so that list pages do not ship zod to the browser.
 */
const required = (message: string, max: number) =>
  z.string({ required_error: message }).trim().min(1, message).max(max);
export const optionalText = (max: number) => z.string().trim().max(max).optional();
export const nameList = (max: number) => z.array(z.string().trim().min(1).max(100)).max(max).default([]);

export const contactFields = z.object({
  name: required(PEOPLE_MESSAGES.nameRequired, 200),
  email: required(PEOPLE_MESSAGES.emailRequired, 200).email(APP_MESSAGES.invalidEmail),
  phone: required(PEOPLE_MESSAGES.phoneRequired, 40),
  address: optionalText(500),
  remove_photo: z.boolean().default(false),
});
