import { createCookie, type AppLoadContext } from "@remix-run/node";
import { isHttps } from "./session.server";

/** A device is known for a year after its last sign-in (the school API keeps it as long). */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * This browser's sign-in device token (issued by the school API at a successful sign-in), in a signed, httpOnly
 * cookie apart from the session: signing out keeps it, so the device stays known to the accounts it signed in to.
 */
function deviceCookie(request: Request, context: AppLoadContext) {
  return createCookie("__device", {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(request),
    path: "/",
    secrets: [context.sessionSecret],
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

/** The device token this browser holds, if its cookie is there and its signature holds. */
export async function deviceToken(request: Request, context: AppLoadContext): Promise<string | undefined> {
  const value: unknown = await deviceCookie(request, context).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : undefined;
}

/** The Set-Cookie header that keeps `token` on this browser. */
export function keepDeviceToken(request: Request, context: AppLoadContext, token: string): Promise<string> {
  return deviceCookie(request, context).serialize(token);
}
