import type { InputHTMLAttributes, ReactNode } from "react";
import type { FieldMeta } from "~/lib/form-state";
import { ErrorList } from "./ErrorList";

export const inputClass =
  "block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600 read-only:bg-slate-100";

/** A control's id and messages: given one by one, or as a form field (see app/lib/form-state.ts). */
export type FieldControl = { field: FieldMeta } | { id: string; errors?: string[]; errorId?: string };

/**
 * The id, messages, name, starting value and ARIA attributes of a field's control. `required` is only
 * announced (aria-required): the browser never blocks a submit, so the server's message shows instead.
 */
export function controlProps(control: FieldControl, hint: ReactNode, required?: boolean) {
  const {
    id,
    errors,
    errorId = `${id}-error`,
    name,
    defaultValue,
  } = "field" in control ? control.field : { ...control, name: undefined, defaultValue: undefined };
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [errors?.length ? errorId : null, hintId].filter(Boolean).join(" ") || undefined;
  return {
    errors,
    errorId,
    hintId,
    props: {
      id,
      name,
      defaultValue,
      "aria-invalid": errors?.length ? true : undefined,
      "aria-describedby": describedBy,
      "aria-required": required || undefined,
    },
  };
}

type FieldProps = FieldControl & {
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  children?: ReactNode;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
};

/** A label, one input (or the given control), an optional hint and the field's errors beside it. */
export function Field({ label, hint, required, children, inputProps, ...control }: FieldProps) {
  const { errors, errorId, hintId, props } = controlProps(control, hint, required);
  return (
    <div className="space-y-1">
      <label htmlFor={props.id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children ?? <input className={inputClass} {...props} {...inputProps} />}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
