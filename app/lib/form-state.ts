import type { SubmissionResult } from "@conform-to/react";
import { useLocation } from "@remix-run/react";
import { useRef } from "react";

/**
 * Forms are checked on the server only, with or without JavaScript: the action parses with Conform and
 * zod and answers a refused submission with `submission.reply()`. This module reads that answer in the
 * page without shipping zod or Conform to the browser.
 */
export type FormResult = SubmissionResult<string[]>;

/** One field's name, ids, messages and starting value, ready to spread onto its control. */
export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
  /** What was sent when the server refused the form, else the default; checkboxes read "on". */
  defaultValue?: string;
  /** Every value, for a group of checkboxes. */
  defaultValues: string[];
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

export interface FormState<Name extends string> {
  id: string;
  errorId: string;
  /** Messages about the whole form, not one field. */
  errors?: string[];
  /** For the form element: `noValidate`, so the browser's own bubbles never stand in for the server's messages. */
  props: { id: string; noValidate: true; "aria-invalid"?: true; "aria-describedby"?: string };
  field: (name: Name) => FieldMeta;
}

const asText = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : value === true ? "on" : undefined;

const asList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).map(asText).filter((v): v is string => v !== undefined);

const present = (errors: string[] | null | undefined) => (errors?.length ? errors : undefined);

/**
 * The state of form `id` from the action's last answer. After a refused submit every value comes from
 * what was sent (an untouched checkbox is absent, so it must not fall back to its default); fields the
 * action hid (passwords) and files come back empty. A "validate" intent (see `validateButton`) shows
 * only that field's messages.
 */
export function formState<Name extends string>(id: string, lastResult: FormResult | null | undefined, defaults?: Partial<Record<Name, unknown>>): FormState<Name> {
  const values: Record<string, unknown> = lastResult?.initialValue ?? defaults ?? {};
  const validated = lastResult?.intent?.type === "validate" ? lastResult.intent.payload.name : undefined;
  const errorsOf = (name: string) => (lastResult?.status === "error" || name === validated ? present(lastResult?.error?.[name]) : undefined);
  const errors = errorsOf("");
  return {
    id,
    errorId: `${id}-error`,
    errors,
    props: { id, noValidate: true, "aria-invalid": errors ? true : undefined, "aria-describedby": errors ? `${id}-error` : undefined },
    field: (name) => {
      const fieldId = `${id}-${name}`;
      const errors = errorsOf(name);
      return {
        id: fieldId,
        name,
        errorId: `${fieldId}-error`,
        errors,
        defaultValue: asText(values[name]),
        defaultValues: asList(values[name]),
        "aria-invalid": errors ? true : undefined,
        "aria-describedby": errors ? `${fieldId}-error` : undefined,
      };
    },
  };
}

/**
 * `formState` plus the `key` to give the form. The key stays while the server refuses submissions, so
 * with JavaScript the browser keeps everything typed (files and passwords included); any other
 * navigation, such as a save that redirects back to this page, draws the form afresh from `defaults`.
 */
export function useFormState<Name extends string>(id: string, lastResult: FormResult | null | undefined, defaults?: Partial<Record<Name, unknown>>) {
  const location = useLocation();
  const kept = useRef(location.key);
  if (!lastResult) kept.current = location.key;
  return { ...formState(id, lastResult, defaults), key: kept.current };
}

/**
 * A submit button that asks the server to check one field only: the page comes back with everything
 * sent kept and no other field's message (Conform's "validate" intent, read by `parseWithZod`).
 */
export const validateButton = (name: string) => ({
  name: "__intent__",
  value: JSON.stringify({ type: "validate", payload: { name } }),
});
