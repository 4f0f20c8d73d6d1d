import type { ReactNode, SelectHTMLAttributes } from "react";
import { ErrorList } from "./ErrorList";
import { inputClass } from "./Field";

interface SelectFieldProps {
  id: string;
  label: ReactNode;
  options: readonly string[];
  /** The first, empty choice ("Select a class"); leave out when a value is always chosen. */
  placeholder?: string;
  errors?: string[];
  errorId?: string;
  hint?: ReactNode;
  selectProps?: SelectHTMLAttributes<HTMLSelectElement>;
  /** Rendered right after the select (a "Show subjects" button without JavaScript, say). */
  after?: ReactNode;
}

/** A label, a native select (works everywhere, no script), an optional hint and the field's errors. */
export function SelectField({ id, label, options, placeholder, errors, errorId = `${id}-error`, hint, selectProps, after }: SelectFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={[errors?.length ? errorId : null, hintId].filter(Boolean).join(" ") || undefined}
        {...selectProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {after}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
