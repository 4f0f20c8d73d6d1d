import type { LoaderFunctionArgs } from "@remix-run/node";
import { APP_MESSAGES } from "../../contract/messages";
import { UnauthorizedError } from "~/.server/api.server";
import { signedInAdmin } from "~/.server/auth.server";

/** Headers of the API's answer passed on to the browser. */
const PASSED_ON = ["Content-Type", "Content-Length", "Cache-Control", "X-Content-Type-Options"];

const refused = (status: number, message: string) =>
  new Response(message, { status, headers: { "Cache-Control": "private, no-store" } });

/**
 * /media/{key}: one of the school's images (a photo, the signature, the logo) for an <img> of a signed-in
 * page, JavaScript on or off, fetched from the school API with the session's token and never stored
 * unless the API says it is public. Signed out: 401 (an image, not a page to redirect); another school's
 * or a deleted one: 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await signedInAdmin(request, context);
  if (!admin) return refused(401, APP_MESSAGES.unauthenticated);
  let response: Response;
  try {
    response = await admin.api.raw(`/api/media/${encodeURIComponent(params.key ?? "")}`);
  } catch (error) {
    if (error instanceof UnauthorizedError) return refused(401, APP_MESSAGES.unauthenticated);
    throw error;
  }
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel();
    return refused(
      response.status === 404 ? 404 : 502,
      response.status === 404 ? APP_MESSAGES.notFound : APP_MESSAGES.unavailable,
    );
  }
  const headers = new Headers();
  for (const name of PASSED_ON) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
}
