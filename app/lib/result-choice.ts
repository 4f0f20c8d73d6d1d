import type { ResultKind } from "../../contract/results";

/** Which class's result a results screen shows, as its address says (`?class=&term=&year=&result=`). */
export interface ResultChoice {
  /** "" until a class is chosen (the publishing screen shows every class). */
  class: string;
  term: string;
  year: string;
  result: ResultKind;
}

/** The query of a choice, as the API and the screens' links take it (`year` is the session). */
export function resultQuery(choice: ResultChoice): string {
  const query = new URLSearchParams({ term: choice.term, year: choice.year, result: choice.result });
  if (choice.class) query.set("class", choice.class);
  return query.toString();
}

export const BROADSHEET_PATH = "/admin/results/broadsheet";
export const PUBLISHING_PATH = "/super-admin/results";
