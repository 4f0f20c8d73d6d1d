import type { FeeItem, FeeItemPayload } from "../../contract/fees";
import type { FeeItemFields } from "../../contract/fees.schema";
import { koboToNaira, nairaInputValue, nairaToKobo } from "../../contract/money";
import type { SchoolApiClient } from "./api.server";
import { getSchoolOptions, type SchoolOptions } from "./school-options.server";
import { notFound } from "./not-found.server";

/** What the school fees screens share on the server: the term in the address, and fee form payloads. */

export interface TermChoice {
  term: string;
  /** The session, carried as `year` in addresses (a `session` parameter is refused as a credential). */
  year: string;
}

const LABEL = /^[\w ./-]{1,30}$/;

/** The term and session asked for in the address (`?term=&year=`), else the school's current ones (as the API). */
export function termChoice(request: Request, options: SchoolOptions): TermChoice {
  const params = new URL(request.url).searchParams;
  const asked = (name: string) => {
    const value = params.get(name) ?? "";
    return LABEL.test(value) ? value : "";
  };
  return {
    term: asked("term") || options.schoolTerm.term,
    year: asked("year") || options.schoolTerm.session,
  };
}

/** The options and the chosen term of a fees screen. */
export async function feeScreenOptions(api: SchoolApiClient, request: Request) {
  const options = await getSchoolOptions(api);
  const sections = [...new Set(options.classes.map((c) => c.section))];
  return {
    options: {
      classes: options.classes.map((c) => c.class_name),
      sections,
      terms: options.terms,
      sessions: options.sessions,
    },
    chosen: termChoice(request, options),
  };
}

/** A fee form's values as the API takes them: only the section or class that the scope uses. */
export function feePayload(value: FeeItemFields): FeeItemPayload {
  const { section, class: className, amount, ...rest } = value;
  return {
    ...rest,
    amount: koboToNaira(amount),
    ...(value.applies_to === "section" ? { section } : {}),
    ...(value.applies_to === "class" ? { class: className } : {}),
  };
}

/** A saved fee as the form starts from it. */
export function feeDefaults(fee: FeeItem) {
  return {
    name: fee.name,
    amount: nairaInputValue(nairaToKobo(fee.amount)),
    applies_to: fee.applies_to,
    section: fee.applies_to === "section" ? (fee.target ?? "") : "",
    class: fee.applies_to === "class" ? (fee.target ?? "") : "",
    term: fee.term,
    session: fee.session,
    compulsory: fee.compulsory ? "on" : "",
  };
}

/** A fee of the school by the id in the path; a 404 page when it names none, or the failed load's message. */
export async function loadFee(
  api: SchoolApiClient,
  id: string | undefined,
): Promise<{ fee: FeeItem | null; error: string | null }> {
  if (!id || !/^\d{1,15}$/.test(id)) notFound();
  const result = await api.get<FeeItem>(`/fees/fee-settings/${id}`);
  if (result.ok) return { fee: result.data, error: null };
  if (result.status === 404) notFound();
  return { fee: null, error: result.message };
}
