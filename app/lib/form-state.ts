import type { SubmissionResult } from "@conform-to/react";
import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

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
export function formState<Name extends string>(
  id: string,
  lastResult: FormResult | null | undefined,
  defaults?: Partial<Record<Name, unknown>>,
): FormState<Name> {
  const values: Record<string, unknown> = lastResult?.initialValue ?? defaults ?? {};
  const validated = lastResult?.intent?.type === "validate" ? lastResult.intent.payload.name : undefined;
  const errorsOf = (name: string) =>
    lastResult?.status === "error" || name === validated ? present(lastResult?.error?.[name]) : undefined;
  const errors = errorsOf("");
  return {
    id,
    errorId: `${id}-error`,
    errors,
    props: {
      id,
      noValidate: true,
      "aria-invalid": errors ? true : undefined,
      "aria-describedby": errors ? `${id}-error` : undefined,
    },
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
export function useFormState<Name extends string>(
  id: string,
  lastResult: FormResult | null | undefined,
  defaults?: Partial<Record<Name, unknown>>,
) {
  const location = useLocation();
  const kept = useRef(location.key);
  if (!lastResult) kept.current = location.key;
  useFocusOnRefusal(id, lastResult);
  return { ...formState(id, lastResult, defaults), key: kept.current };
}

/**
 * With JavaScript, a refused submission moves focus (and so the view) to what needs fixing: the form's
 * first control marked `aria-invalid`, else its message above the form (`${id}-error`). A long form's
 * messages are then never out of sight of the button that was pressed. A "validate" round trip
 * ('Show subjects') leaves focus where it was.
 */
export function useFocusOnRefusal(id: string, lastResult: FormResult | null | undefined) {
  useEffect(() => {
    if (lastResult?.status !== "error" || lastResult.intent?.type === "validate") return;
    focusRefused(id);
  }, [id, lastResult]);
}

/** Focus on form `id`'s first control marked `aria-invalid`, else on its message above the form. */
export function focusRefused(id: string) {
  const invalid = document.getElementById(id)?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = invalid ?? document.getElementById(`${id}-error`);
  if (!target) return;
  if (!invalid && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
}

/** Which submission `usePending` asks about; every part given must match. */
export interface PendingMatch {
  /** The form's `intent` value (the button that was pressed). */
  intent?: string;
  /** Other posted values that single the form out (`{ section: "Primary" }`). */
  values?: Record<string, string>;
  /** The URL path the form posts to (`/admin/students/STU-1/delete`). */
  action?: string;
}

/**
 * Whether a given form is being sent: from the press of its button until the page it leads to is shown
 * (the action, then the redirect's load). A "validate" round trip ('Show subjects', 'Find') is not a save.
 * With no match, any form of the page counts.
 */
export function usePending(match: PendingMatch = {}): boolean {
  const navigation = useNavigation();
  const formData = navigation.formData;
  if (navigation.state === "idle" || !formData) return false;
  const validate = formData.get("__intent__");
  if (typeof validate === "string" && validate.includes('"validate"')) return false;
  if (match.intent !== undefined && formData.get("intent") !== match.intent) return false;
  for (const [name, value] of Object.entries(match.values ?? {})) if (formData.get(name) !== value) return false;
  if (match.action !== undefined && navigation.formAction?.split("?")[0] !== match.action) return false;
  return true;
}

/**
 * A submit button that asks the server to check one field only: the page comes back with everything
 * sent kept and no other field's message (Conform's "validate" intent, read by `parseWithZod`).
 */
export const validateButton = (name: string) => ({
  name: "__intent__",
  value: JSON.stringify({ type: "validate", payload: { name } }),
});
