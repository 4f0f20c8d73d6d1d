import type { InputHTMLAttributes, ReactNode } from "react";
import { ErrorList } from "./ErrorList";

export const inputClass =
  "block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600 read-only:bg-slate-100";

interface FieldProps {
  id: string;
  label: ReactNode;
  errors?: string[];
  errorId?: string;
  hint?: ReactNode;
  children?: ReactNode;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}

/** A label, one input (or the given control), an optional hint and the field's errors beside it. */
export function Field({ id, label, errors, errorId = `${id}-error`, hint, children, inputProps }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children ?? (
        <input
          id={id}
          className={inputClass}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={[errors?.length ? errorId : null, hintId].filter(Boolean).join(" ") || undefined}
          {...inputProps}
        />
      )}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
