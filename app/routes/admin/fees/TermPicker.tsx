import { FilterForm } from "~/components/list/FilterForm";
import { SelectField } from "~/components/ui/SelectField";
import type { TermChoice } from "./shared";

/** The term and session a fees screen shows: a GET form (`?term=&year=`), kept with the other query values. */
export function TermPicker({ chosen, terms, sessions, keep = {} }: { chosen: TermChoice; terms: string[]; sessions: string[]; keep?: Record<string, string> }) {
  const sessionList = sessions.includes(chosen.year) ? sessions : [...sessions, chosen.year];
  const termList = terms.includes(chosen.term) ? terms : [...terms, chosen.term];
  return (
    <FilterForm label="Term" submitLabel="Show">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-36 flex-1">
        <SelectField id="fee-term" label="Term" options={termList} selectProps={{ name: "term", defaultValue: chosen.term }} />
      </div>
      <div className="min-w-36 flex-1">
        <SelectField id="fee-year" label="Session" options={sessionList} selectProps={{ name: "year", defaultValue: chosen.year }} />
      </div>
    </FilterForm>
  );
}
