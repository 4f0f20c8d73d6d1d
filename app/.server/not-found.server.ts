import { data } from "@remix-run/node";
import { NOT_FOUND_PAGE, type NotFoundData } from "~/lib/not-found";

/**
 * THE "not found" of the app: throws a 404 that the nearest error boundary renders (inside the admin
 * shell under /admin). Without a title it is the plain "Page not found"; a missing record names itself
 * ('Timetable Not Found') and, with `back`, the way back to its list.
 */
export function notFound(title?: string, back?: { to: string; label: string }): never {
  const body: NotFoundData = title
    ? { notFound: title, detail: NOT_FOUND_PAGE.recordDetail, back }
    : { notFound: NOT_FOUND_PAGE.title, detail: NOT_FOUND_PAGE.detail, back };
  throw data(body, { status: 404 });
}
