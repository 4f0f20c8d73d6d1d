import { useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { STAFF_MESSAGES, type TeachingReview } from "../../../../contract/staff";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { inputClass } from "~/components/ui/Field";
import type { FormResult } from "~/lib/form-state";
import { MORE_ROWS_INTENT, type TeachingRow } from "~/lib/teaching-rows";

interface TeachingRowsProps {
  /** The pairs to start from: the record's, or what was sent when the form came back. */
  rows: TeachingRow[];
  /** The action's last answer, for the messages beside each row. */
  lastResult?: FormResult | null;
  /** The school's classes, each with its subjects. */
  classes: { class_name: string; subjects: string[] }[];
  /** Every subject the school teaches: offered in each row without JavaScript, which cannot follow the class. */
  subjects: string[];
  review?: TeachingReview | null;
}

const rowName = (index: number, part: "class" | "subject") => `teaching[${index}].${part}`;
const options = (values: string[], extra: (string | undefined)[]) => [
  ...values,
  ...new Set(extra.filter((v): v is string => Boolean(v) && !values.includes(v!))),
];

/**
 * What a teacher teaches, one (class, subject) pair a row. Without JavaScript each row offers every
 * subject, a blank row is skipped, and 'Add more rows' sends the form back with more rows and everything
 * kept; with JavaScript a row offers its class's subjects and rows are added and removed in the page.
 */
export function TeachingRows({ rows: initial, lastResult, classes, subjects, review }: TeachingRowsProps) {
  const hydrated = useHydrated();
  const next = useRef(initial.length);
  const [rows, setRows] = useState(() => initial.map((row, index) => ({ ...row, key: index })));
  const refused = lastResult?.status === "error";
  const errorsOf = (index: number, part: "class" | "subject") =>
    refused ? (lastResult?.error?.[rowName(index, part)] ?? undefined) : undefined;
  const listErrors = refused ? (lastResult?.error?.teaching ?? undefined) : undefined;
  const classNames = options(
    classes.map((c) => c.class_name),
    rows.map((r) => r.class),
  );
  const subjectsOf = (className: string | undefined) => {
    const own = classes.find((c) => c.class_name === className)?.subjects;
    return hydrated && own ? own : subjects;
  };
  const setRow = (key: number, change: TeachingRow) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const addRow = () => {
    const key = next.current++;
    setRows((current) => [...current, { key }]);
    // The new row's class select takes the focus once it is drawn.
    requestAnimationFrame(() => document.getElementById(`staff-teaching-${key}-class`)?.focus());
  };

  return (
    <fieldset className="space-y-2" aria-describedby={listErrors ? "staff-teaching-error" : undefined}>
      <legend className="font-semibold text-slate-800">Classes and subjects taught</legend>
      {review ? (
        <Banner kind="info">
          <p>{STAFF_MESSAGES.teachingReview}.</p>
          <p className="mt-1 font-normal">
            Before, this record listed the classes {review.class.join(", ") || "(none)"} and the subjects{" "}
            {review.subjects.join(", ") || "(none)"} separately.
          </p>
        </Banner>
      ) : null}
      <p className="text-sm text-slate-600">One class and one subject a row. A row left blank is not saved.</p>
      <ErrorList id="staff-teaching-error" errors={listErrors} />
      <ol className="space-y-2" aria-label="Classes and subjects taught">
        {rows.map((row, index) => {
          const classErrors = errorsOf(index, "class");
          const subjectErrors = errorsOf(index, "subject");
          const errorId = `staff-teaching-${row.key}-error`;
          const invalid = (errors?: string[] | null) =>
            errors?.length ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
          return (
            <li key={row.key}>
              <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-end gap-2">
                <div className="min-w-0">
                  <label htmlFor={`staff-teaching-${row.key}-class`} className="block text-sm text-slate-700">
                    Class {index + 1}
                  </label>
                  <select
                    id={`staff-teaching-${row.key}-class`}
                    name={rowName(index, "class")}
                    defaultValue={row.class ?? ""}
                    onChange={(event) => setRow(row.key, { class: event.currentTarget.value })}
                    className={`${inputClass} px-2`}
                    {...invalid(classErrors)}
                  >
                    <option value="">Class</option>
                    {classNames.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="min-w-0">
                  <label htmlFor={`staff-teaching-${row.key}-subject`} className="block text-sm text-slate-700">
                    Subject {index + 1}
                  </label>
                  <select
                    id={`staff-teaching-${row.key}-subject`}
                    name={rowName(index, "subject")}
                    defaultValue={row.subject ?? ""}
                    onChange={(event) => setRow(row.key, { subject: event.currentTarget.value })}
                    className={`${inputClass} px-2`}
                    {...invalid(subjectErrors)}
                  >
                    <option value="">Subject</option>
                    {options(subjectsOf(row.class), [row.subject]).map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                </div>
                {hydrated ? (
                  <Button
                    type="button"
                    variant="secondary"
                    className="w-11 px-0"
                    aria-label={`Remove row ${index + 1}`}
                    onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                  >
                    ×
                  </Button>
                ) : (
                  <span className="w-11" aria-hidden="true" />
                )}
              </div>
              <ErrorList id={errorId} errors={[...(classErrors ?? []), ...(subjectErrors ?? [])]} />
            </li>
          );
        })}
      </ol>
      {hydrated ? (
        <Button type="button" variant="secondary" className="w-full" onClick={addRow}>
          Add a row
        </Button>
      ) : (
        <Button name="intent" value={MORE_ROWS_INTENT} variant="secondary" className="w-full">
          Add more rows
        </Button>
      )}
    </fieldset>
  );
}
