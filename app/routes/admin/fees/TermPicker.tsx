import { ExistingSearchParams } from "remix-utils/existing-search-params";
import { FilterForm } from "~/components/list/FilterForm";
import { SelectField } from "~/components/ui/SelectField";
import type { TermChoice } from "./shared";

/**
 * The term and session a fees screen shows: a GET form (`?term=&year=`) that carries the address's
 * other query values (the tab) along; a class filter and the page start over with the new term.
 */
export function TermPicker({ chosen, terms, sessions }: { chosen: TermChoice; terms: string[]; sessions: string[] }) {
  const sessionList = sessions.includes(chosen.year) ? sessions : [...sessions, chosen.year];
  const termList = terms.includes(chosen.term) ? terms : [...terms, chosen.term];
  return (
    <FilterForm label="Term" submitLabel="Show">
      <ExistingSearchParams exclude={["term", "year", "class", "page"]} />
      <div className="min-w-36 flex-1">
        <SelectField
          id="fee-term"
          label="Term"
          options={termList}
          selectProps={{ name: "term", defaultValue: chosen.term }}
        />
      </div>
      <div className="min-w-36 flex-1">
        <SelectField
          id="fee-year"
          label="Session"
          options={sessionList}
          selectProps={{ name: "year", defaultValue: chosen.year }}
        />
      </div>
    </FilterForm>
  );
}
