import type { InputHTMLAttributes, ReactNode } from "react";
import type { FieldMeta } from "~/lib/form-state";
import { ErrorList } from "./ErrorList";

export const checkboxClass = "h-5 w-5 shrink-0 accent-brand-700";

/** One checkbox with its label, as tall as a finger. `field` gives its id, name and starting state. */
export function Checkbox({
  field,
  label,
  inputProps,
}: {
  field: FieldMeta;
  label: ReactNode;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <div className="flex min-h-11 items-center gap-3">
      <input
        type="checkbox"
        id={field.id}
        name={field.name}
        defaultChecked={field.defaultValue === "on" || field.defaultValue === "true"}
        className={checkboxClass}
        {...inputProps}
      />
      <label htmlFor={field.id} className="font-semibold text-slate-800">
        {label}
      </label>
    </div>
  );
}

export interface CheckboxOption {
  value: string;
  label: ReactNode;
  /** Ticked at first; by default, when the field's values hold it. */
  checked?: boolean;
}

/**
 * A list of checkboxes sharing one name (classes, subjects, children), in a fieldset named by its legend,
 * with the field's messages. `children` stands in for the boxes when there are none to tick. `short`
 * labels sit two to a row even on a phone.
 */
export function CheckboxGroup({
  legend,
  field,
  options,
  hint,
  short,
  children,
}: {
  legend: ReactNode;
  field: FieldMeta;
  options: CheckboxOption[];
  hint?: ReactNode;
  short?: boolean;
  children?: ReactNode;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const describedBy = [field["aria-describedby"], hintId].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3" aria-describedby={describedBy}>
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {options.length ? (
        <ul className={`grid gap-1 ${short ? "grid-cols-2" : "sm:grid-cols-2"}`}>
          {options.map((option, index) => (
            <li key={option.value} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                id={`${field.id}-${index}`}
                name={field.name}
                value={option.value}
                defaultChecked={option.checked ?? field.defaultValues.includes(option.value)}
                className={checkboxClass}
              />
              <label htmlFor={`${field.id}-${index}`}>{option.label}</label>
            </li>
          ))}
        </ul>
      ) : (
        children
      )}
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
