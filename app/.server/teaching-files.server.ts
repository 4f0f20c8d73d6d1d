import type { AppLoadContext } from "@remix-run/node";
import type { SchoolApiClient } from "./api.server";
import { failure, redirectWithToast } from "./toast.server";

/** Headers of the API's answer passed on: the file is always an attachment, never shown as a page. */
const PASSED_ON = [
  "Content-Type",
  "Content-Length",
  "Content-Disposition",
  "X-Content-Type-Options",
  "Content-Security-Policy",
  "Cache-Control",
];

/**
 * A note's or an attachment's file, streamed from the API as an attachment so that a plain link downloads it
 * without JavaScript; a failure (gone, not theirs) goes back to `back` with the screen's message.
 */
export async function passOnTeachingFile(
  request: Request,
  context: AppLoadContext,
  api: SchoolApiClient,
  path: string,
  back: string,
  failed: string,
) {
  const response = await api.raw(path);
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return redirectWithToast(request, context, back, failure(failed));
  }
  const headers = new Headers();
  for (const name of PASSED_ON) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
}

/** A record id from a page's address as the API's path takes it: digits, else a path that names nothing. */
export const idOf = (raw: string | undefined) => (/^\d{1,10}$/.test(raw ?? "") ? raw! : "0");
