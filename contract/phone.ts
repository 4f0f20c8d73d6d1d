/**
 * Phone numbers: parsed with full metadata and default country Nigeria, stored as E.164.
 * Server-only (libphonenumber's metadata must never reach the browser): import it from api/ or app/.server.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

export function toE164(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const phone = parsePhoneNumberFromString(trimmed, "NG");
  if (!phone || !phone.isValid()) return null;
  return phone.number;
}
