import { includesName, SETTINGS_LIMITS, SETTINGS_LIST_MESSAGES } from "../../contract/settings";

/**
 * Editable lists in plain HTML forms: every entry travels as a hidden input, and submit buttons named
 * `intent` say what to do ("add:<list>", "remove:<list>:<index>", "save"). The server answers with the
 * changed list, so adding and removing work without JavaScript and nothing is saved until "save".
 */
export type ListIntent =
  | { kind: "add"; list?: string }
  | { kind: "remove"; list: string; index: number }
  | { kind: "save" };

export const addIntent = (list: string) => `add:${list}`;
export const removeIntent = (list: string, index: number) => `remove:${list}:${index}`;
/** The text input whose value "add" appends to the list. */
export const newEntryName = (list: string) => `${list}__new`;
/**
 * The value of the form's first, hidden submit button, which Enter in any field presses: it adds
 * whatever was typed in the new-entry inputs and saves nothing.
 */
export const DEFAULT_INTENT = "add";

export function readIntent(formData: FormData): ListIntent {
  const value = String(formData.get("intent") ?? "");
  if (value === "save") return { kind: "save" };
  const remove = /^remove:([a-z_]+):(\d+)$/.exec(value);
  if (remove) return { kind: "remove", list: remove[1], index: Number(remove[2]) };
  const add = /^add:([a-z_]+)$/.exec(value);
  return { kind: "add", list: add?.[1] };
}

export const readList = (formData: FormData, name: string) =>
  formData.getAll(name).filter((v): v is string => typeof v === "string");

export interface ListRules {
  required: string;
  duplicate: string;
  max: number;
  /** Names used elsewhere that this list may not repeat (another section's classes). */
  taken?: readonly string[];
}

/** The list with the typed entry appended, or the message to show beside the input. */
export function addEntry(values: string[], typed: string, rules: ListRules): { values: string[]; error?: string } {
  const value = typed.trim();
  if (!value) return { values, error: rules.required };
  if (value.length > SETTINGS_LIMITS.nameMax) return { values, error: SETTINGS_LIST_MESSAGES.tooLong };
  if (includesName(values, value) || includesName(rules.taken ?? [], value)) return { values, error: rules.duplicate };
  if (values.length >= rules.max) return { values, error: SETTINGS_LIST_MESSAGES.tooMany(rules.max) };
  return { values: [...values, value] };
}

export const removeEntry = (values: string[], index: number) => values.filter((_, i) => i !== index);
