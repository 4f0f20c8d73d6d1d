import { isResultKind } from "../../contract/results";
import type { ResultChoice } from "~/lib/result-choice";
import type { SchoolClass } from "../../contract/settings";
import type { SchoolApiClient } from "./api.server";
import { getSchoolOptions } from "./school-options.server";

const LABEL = /^[\w ./-]{1,60}$/;

/**
 * The school's classes, terms and sessions, and the choice in the address: a class only when it is one of the
 * school's, the term and session the school's current ones when left out (as the API), the terminal result by
 * default.
 */
export async function resultScreenOptions(api: SchoolApiClient, request: Request) {
  const options = await getSchoolOptions(api);
  const params = new URL(request.url).searchParams;
  const asked = (name: string) => {
    const value = params.get(name) ?? "";
    return LABEL.test(value) ? value : "";
  };
  const result = params.get("result");
  const chosen: ResultChoice = {
    class: options.classes.some((c) => c.class_name === params.get("class")) ? params.get("class")! : "",
    term: asked("term") || options.schoolTerm.term,
    year: asked("year") || options.schoolTerm.session,
    result: isResultKind(result) ? result : "terminal",
  };
  return {
    classes: options.classes as SchoolClass[],
    terms: options.terms.includes(chosen.term) ? options.terms : [...options.terms, chosen.term],
    sessions: options.sessions.includes(chosen.year) ? options.sessions : [...options.sessions, chosen.year],
    chosen,
  };
}
