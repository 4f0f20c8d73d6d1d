import { addIntent, DEFAULT_INTENT, newEntryName, removeIntent } from "~/lib/list-intents";
import { Button } from "./Button";
import { Field, inputClass } from "./Field";

export const chipClass = "inline-flex items-center rounded-full bg-brand-50 pl-3 text-brand-800 ring-1 ring-brand-100";
export const chipButtonClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-full font-bold text-brand-800 hover:bg-brand-100";

/** A chip's remove button content: a cross for the eye, "Remove {name}" for screen readers. */
export function RemoveLabel({ name }: { name: string }) {
  return (
    <>
      <span aria-hidden>✕</span>
      <span className="sr-only">Remove {name}</span>
    </>
  );
}

interface MultiValueInputProps {
  /** The list's field name: each entry is a hidden input of this name. */
  name: string;
  label: string;
  /** What one entry is called, for the buttons: "Add mid-term column", "Remove Neatness". */
  noun: string;
  values: readonly string[];
  /** Text typed in the new-entry input, kept when it could not be added. */
  pending?: string;
  errors?: string[];
  autoFocus?: boolean;
}

/**
 * A list of names edited inside an enclosing form: chips with a remove button each, and a text input
 * with an Add button. The buttons are plain submit buttons (see app/lib/list-intents.ts), so it works
 * the same with or without JavaScript.
 */
export function MultiValueInput({ name, label, noun, values, pending = "", errors, autoFocus }: MultiValueInputProps) {
  return (
    <fieldset className="space-y-2" data-testid={`list-${name}`}>
      <legend className="text-sm font-semibold text-slate-800">{label}</legend>
      {values.length ? (
        <ul className="flex flex-wrap gap-2">
          {values.map((value, index) => (
            <li key={`${index}-${value}`} className={chipClass}>
              <input type="hidden" name={name} value={value} />
              <span>{value}</span>
              <button type="submit" name="intent" value={removeIntent(name, index)} className={chipButtonClass}>
                <RemoveLabel name={value} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">None yet.</p>
      )}
      <NewEntry list={name} noun={noun} pending={pending} errors={errors} autoFocus={autoFocus} />
    </fieldset>
  );
}

interface NewEntryProps {
  list: string;
  noun: string;
  pending?: string;
  errors?: string[];
  autoFocus?: boolean;
}

/** A text input and an Add button that appends what was typed to the list named `list`. */
export function NewEntry({ list, noun, pending = "", errors, autoFocus }: NewEntryProps) {
  const id = `${list}-new`;
  const errorId = `${list}-error`;
  return (
    <Field id={id} label={`New ${noun}`} errors={errors} errorId={errorId}>
      <div className="flex gap-2">
        <input
          id={id}
          name={newEntryName(list)}
          defaultValue={pending}
          autoFocus={autoFocus}
          className={inputClass}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
        />
        <Button variant="secondary" name="intent" value={addIntent(list)}>
          Add<span className="sr-only"> {noun}</span>
        </Button>
      </div>
    </Field>
  );
}

/** The form's first submit button: Enter in any field adds what was typed instead of saving or removing. */
export function DefaultAddButton() {
  return (
    <button type="submit" name="intent" value={DEFAULT_INTENT} className="sr-only" tabIndex={-1} aria-hidden="true">
      Add
    </button>
  );
}
