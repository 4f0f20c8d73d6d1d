import type { ReactNode, SelectHTMLAttributes } from "react";
import { Field, inputClass } from "./Field";

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
}

/** A `Field` whose control is a native select: it works everywhere, with no script. */
export function SelectField({ id, label, options, placeholder, errors, errorId = `${id}-error`, hint, selectProps }: SelectFieldProps) {
  const describedBy = [errors?.length ? errorId : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <Field id={id} label={label} errors={errors} errorId={errorId} hint={hint}>
      <select id={id} className={inputClass} aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy || undefined} {...selectProps}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Field>
  );
}
