import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * A tabbed screen's tabs are one query parameter (`?tab=submissions`); the first tab has none. These
 * helpers know nothing of Radix, so lists can ask them without loading it.
 */

/** The navigation state a tab switch carries: the page has every panel already, lists keep their rows. */
export const tabSwitchState = { tabSwitch: true } as const;

export const isTabSwitch = (location: { state?: unknown } | undefined): boolean =>
  typeof location?.state === "object" && location.state !== null && "tabSwitch" in location.state;

/** Tab `value`'s address: the other query values kept, the list back to its first page. */
export function tabHref(location: { pathname: string; search: string }, param: string, value: string, first: string) {
  const params = new URLSearchParams(location.search);
  params.delete("page");
  if (value === first) params.delete(param);
  else params.set(param, value);
  const query = params.toString();
  return query ? `${location.pathname}?${query}` : location.pathname;
}

/** The tab an address shows: its parameter when it names a tab, else the first. */
export function tabOf(search: string, param: string, values: readonly string[]): string {
  const value = new URLSearchParams(search).get(param);
  return value && values.includes(value) ? value : values[0];
}

/**
 * For a route whose loader gives every panel: a move that changes only the tab reloads nothing.
 * Anything else (a page, a filter, a submitted form) reloads as usual.
 */
export const keepDataOnTabSwitch =
  (param = "tab"): ShouldRevalidateFunction =>
  ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
    if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
    const rest = (url: URL) => {
      const params = new URLSearchParams(url.search);
      params.delete(param);
      params.sort();
      return params.toString();
    };
    return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
  };
