import { createMiddleware } from "hono/factory";
import { APP_MESSAGES } from "../../contract/messages";
import { acceptedRequestId, newRequestId, REQUEST_ID_HEADER } from "../../observability/log";
import { ApiError } from "../lib/errors";

export type RequestEnv = { Variables: { requestId: string } };

/**
 * Every API answer names its request: the id the caller sent (the web app passes its own, so one id
 * follows a page through the API) or a fresh one, in the X-Request-Id header and in the error log.
 */
export function requestId() {
  return createMiddleware<RequestEnv>(async (c, next) => {
    const id = acceptedRequestId(c.req.header(REQUEST_ID_HEADER)) ?? newRequestId();
    c.set("requestId", id);
    c.header(REQUEST_ID_HEADER, id);
    await next();
  });
}

/** Query parameters that would carry a credential: addresses end up in logs, histories and Referer headers. */
const CREDENTIAL_PARAMS =
  /^(token|access[-_]?token|auth|auth[-_]?token|bearer|api[-_]?key|apikey|jwt|password|session)$/i;

/** A credential in the query string is refused outright (400), even beside a valid Authorization header. */
export function refuseCredentialsInQuery() {
  return createMiddleware(async (c, next) => {
    const query = new URL(c.req.url).searchParams;
    for (const name of query.keys())
      if (CREDENTIAL_PARAMS.test(name)) throw new ApiError(400, APP_MESSAGES.tokenInAddress);
    await next();
  });
}
