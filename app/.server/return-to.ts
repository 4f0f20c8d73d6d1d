/**
 * Where an action sends the admin back to: the list they came from (with its search, filters and page),
 * taken from the form only when it is a path under `base`, so a crafted form cannot redirect elsewhere.
 */
export function returnTo(value: FormDataEntryValue | string | null | undefined, base: string): string {
  if (typeof value !== "string") return base;
  const sameList = value === base || value.startsWith(`${base}?`);
  return sameList && !/[\\\s]/.test(value) ? value : base;
}
