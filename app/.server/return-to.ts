/**
 * Where an action sends the admin back to: the list they came from (with its search, filters and page),
 * taken from the form only when it is a path under `base`, so a crafted form cannot redirect elsewhere.
 */
export function returnTo(value: FormDataEntryValue | string | null | undefined, base: string): string {
  if (typeof value !== "string") return base;
  const sameList = value === base || value.startsWith(`${base}?`);
  return sameList && !/[\\\s]/.test(value) ? value : base;
}

/**
 * A path of this app to go to after a form (a `returnUrl` from the query), or `fallback`: only a path
 * under `/admin/` of this origin is taken, so a crafted link cannot send the admin to another site.
 */
export function adminPath(value: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/admin/") || /[\\\s]/.test(value)) return fallback;
  const url = new URL(value, "http://app.internal");
  return url.origin === "http://app.internal" && url.pathname.startsWith("/admin/")
    ? url.pathname + url.search
    : fallback;
}
