import type { ReactNode, SelectHTMLAttributes } from "react";
import { controlProps, Field, inputClass, type FieldControl } from "./Field";

/** A choice whose label is its value ("JSS1"), or a value shown by another label (a group's id by its name). */
export type SelectOption = string | { value: string; label: string };

type SelectFieldProps = FieldControl & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** The first, empty choice ("Select a class"); leave out when a value is always chosen. */
  placeholder?: string;
  hint?: ReactNode;
  required?: boolean;
  selectProps?: SelectHTMLAttributes<HTMLSelectElement>;
};

/** A `Field` whose control is a native select: it works everywhere, with no script. */
export function SelectField({
  label,
  options,
  placeholder,
  hint,
  required,
  selectProps,
  ...control
}: SelectFieldProps) {
  const { props } = controlProps(control, hint, required);
  return (
    <Field {...control} label={label} hint={hint}>
      <select className={inputClass} {...props} {...selectProps}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => {
          const { value, label } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {label}
            </option>
          );
        })}
      </select>
    </Field>
  );
}
