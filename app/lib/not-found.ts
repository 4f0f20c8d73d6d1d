/**
 * What a 404 carries (thrown by `notFound()` in app/.server/not-found.server.ts) and the error page reads:
 * what was not found and the way back. The admin layout's error boundary shows it inside the admin shell,
 * the root's on a bare page; with or without JavaScript the page is the same.
 */
export interface NotFoundData {
  notFound: string;
  /** Said under the title; a missing record says it may have been deleted. */
  detail: string;
  back?: { to: string; label: string };
}

export const NOT_FOUND_PAGE = {
  title: "Page not found",
  detail: "The page you asked for does not exist.",
  recordDetail: "It may have been deleted, or the link is wrong.",
} as const;

export function isNotFoundData(value: unknown): value is NotFoundData {
  return typeof value === "object" && value !== null && typeof (value as NotFoundData).notFound === "string";
}
