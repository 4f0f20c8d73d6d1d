import type { ReactNode } from "react";
import { ErrorList } from "./ErrorList";

/** One choice of a form as radio buttons under a legend, its message beside it; `children` follow in the group. */
export function Choice({
  name,
  label,
  options,
  value,
  errors,
  children,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  value: string;
  errors?: string[];
  children?: ReactNode;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="space-y-1" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="text-sm font-semibold text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-x-5">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={value === option.value}
              className="h-5 w-5 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
      {children}
    </fieldset>
  );
}
