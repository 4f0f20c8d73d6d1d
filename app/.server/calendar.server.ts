import type { FieldErrors } from "../../contract/http";
import { TERM_DATE_FIELDS, type CalendarTerm, type TermCalendar } from "../../contract/calendar";
import type { ApiFailure } from "./reply.server";
import type { SchoolApiClient } from "./api.server";

/** What the term calendar screen shares on the server: its calls and how the API's field names become the forms'. */

export const loadCalendar = (api: SchoolApiClient, year: string | null, fallback: string) =>
  api.get<TermCalendar>("/calendar", { query: { year: year ?? undefined }, fallback });

export const saveTerms = (api: SchoolApiClient, session: string, terms: unknown[]) =>
  api.update<TermCalendar>("/calendar", { terms }, { method: "PUT", query: { year: session } });

/** A term as the API takes it back: its dates, and its closures when they change. */
export const termPayload = (t: CalendarTerm, closures?: CalendarTerm["closures"]) => ({
  term: t.term,
  starts_on: t.starts_on,
  ends_on: t.ends_on,
  next_term_starts_on: t.next_term_starts_on,
  ...(closures ? { closures } : {}),
});

/**
 * The API names a field `terms.{index}.{field}`; the dates form names it `t{index}_{field}` (the three terms
 * are sent in order), and a closure's problem goes beside that term's closures (`t{index}_closures`).
 */
export function datesFormErrors(response: ApiFailure): ApiFailure {
  const fieldErrors: FieldErrors = {};
  for (const [key, errors] of Object.entries(response.fieldErrors ?? {})) {
    const match = /^terms\.(\d)\.(\w+)/.exec(key);
    const field = match && (TERM_DATE_FIELDS as readonly string[]).includes(match[2]) ? match[2] : "closures";
    const name = match ? `t${match[1]}_${field}` : key;
    fieldErrors[name] = [...(fieldErrors[name] ?? []), ...errors];
  }
  return { ...response, fieldErrors };
}

/** A closure added to one term: the API's `terms.0.closures…` problems go beside the new closure's date or name. */
export function closureFormErrors(response: ApiFailure): ApiFailure {
  const fieldErrors: FieldErrors = {};
  for (const [key, errors] of Object.entries(response.fieldErrors ?? {})) {
    const name = key.endsWith(".name") ? "closure_name" : key.startsWith("terms.") ? "closure_date" : key;
    fieldErrors[name] = [...(fieldErrors[name] ?? []), ...errors];
  }
  return { ...response, fieldErrors };
}
