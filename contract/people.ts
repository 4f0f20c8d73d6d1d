/**
 * What parents and staff share: the contact details every person record has, their messages, and the reading
 * of a JSON payload that may arrive looser than the schema.
 */

/** Texts docs/product.md does not give for parents and staff; each is recorded in docs/decisions.md. */
export const PEOPLE_MESSAGES = {
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  phoneRequired: "Phone number is required",
} as const;

/** The contact details of a parent or a staff member as records carry them. */
export interface PersonContact {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  profile_img: string | null;
}

/** A list sent as a list, as JSON text (`["a","b"]`) or as comma text (`a, b`), as a list. */
export function splitList(value: unknown): string[] {
  if (Array.isArray(value))
    return value
      .filter((v): v is string => typeof v === "string")
      .map((v) => v.trim())
      .filter(Boolean);
  if (typeof value !== "string") return [];
  const text = value.trim();
  if (text.startsWith("[")) {
    try {
      return splitList(JSON.parse(text));
    } catch {
      // Not JSON after all: read it as comma text.
    }
  }
  return text
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * Brings a JSON `parent_data` or `staff_data` to the schema's plain types: empty values are dropped (a blank
 * field counts as not given), the named `lists` become lists, the named `flags` booleans ("true", "1", "on").
 */
export function personDataInput(
  raw: unknown,
  lists: readonly string[],
  flags: readonly string[],
): Record<string, unknown> {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === null || value === undefined || (typeof value === "string" && !value.trim())) continue;
    input[name] = value;
  }
  for (const name of lists) if (input[name] !== undefined) input[name] = splitList(input[name]);
  for (const name of flags) {
    const value = input[name];
    if (typeof value === "string" || typeof value === "number")
      input[name] = ["true", "1", "on", "yes"].includes(String(value).toLowerCase());
  }
  return input;
}
