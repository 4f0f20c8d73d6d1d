import { RESULT_KINDS, RESULTS_MESSAGES as M } from "../../../../contract/results";
import { FilterForm } from "~/components/list/FilterForm";
import { SelectField } from "~/components/ui/SelectField";
import type { ResultChoice } from "~/lib/result-choice";

/**
 * Which result a results screen shows: a GET form (`?class=&term=&year=&result=`), the class left out where
 * the screen shows every class.
 */
export function ResultPicker({
  label,
  chosen,
  classes,
  terms,
  sessions,
}: {
  label: string;
  /** The address's values, as sent (a result not one of the kinds selects the first). */
  chosen: Omit<ResultChoice, "result"> & { result: string };
  /** Null: no class to choose. */
  classes: string[] | null;
  terms: string[];
  sessions: string[];
}) {
  return (
    <FilterForm label={label} submitLabel="Show">
      {classes ? (
        <div className="min-w-32 flex-1">
          <SelectField
            id="result-class"
            label="Class"
            placeholder="Select a class"
            options={classes}
            selectProps={{ name: "class", defaultValue: chosen.class }}
          />
        </div>
      ) : null}
      <div className="min-w-32 flex-1">
        <SelectField
          id="result-term"
          label="Term"
          options={terms}
          selectProps={{ name: "term", defaultValue: chosen.term }}
        />
      </div>
      <div className="min-w-32 flex-1">
        <SelectField
          id="result-year"
          label="Session"
          options={sessions}
          selectProps={{ name: "year", defaultValue: chosen.year }}
        />
      </div>
      <div className="min-w-32 flex-1">
        <SelectField
          id="result-kind"
          label="Result"
          options={RESULT_KINDS.map((kind) => ({ value: kind, label: M.resultKinds[kind] }))}
          selectProps={{ name: "result", defaultValue: chosen.result }}
        />
      </div>
    </FilterForm>
  );
}
