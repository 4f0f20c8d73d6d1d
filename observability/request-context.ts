import type { MiddlewareHandler } from "hono";
import type { IncomingMessage } from "node:http";
import { acceptedRequestId, loggedPath, logger, newRequestId, REQUEST_ID_HEADER } from "./log";

export type RequestIdEnv = { Variables: { requestId: string } };

/** Files and probes that would drown the log: one line per asset of every page says nothing. */
const QUIET = /^\/(assets\/|favicon\.ico$|healthz$)/;

/**
 * Gives every request an id (a valid X-Request-Id from a proxy in front, else a fresh one), sets it on
 * the request so the school API and the web app log under the same id, answers with it, and logs one
 * line per request: method, path without its query, status, time taken. A health check is logged only
 * when it fails.
 */
export function requestContext(): MiddlewareHandler<RequestIdEnv> {
  return async (c, next) => {
    const started = performance.now();
    const sent = c.req.header(REQUEST_ID_HEADER);
    const id = acceptedRequestId(sent) ?? newRequestId();
    if (id !== sent) c.req.raw.headers.set(REQUEST_ID_HEADER, id);
    c.set("requestId", id);
    await next();
    if (!c.res.headers.has(REQUEST_ID_HEADER)) c.res.headers.set(REQUEST_ID_HEADER, id);
    const status = c.res.status;
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    // A body answered before it was read to its end (too large, the wrong kind, refused first, a file past its
    // limit) leaves the rest of it on the connection: close it rather than have the client send its next
    // request after it.
    if (status === 413 || (c.req.raw.body && !c.req.raw.bodyUsed) || incoming?.complete === false) {
      c.res.headers.set("Connection", "close");
    }
    if (QUIET.test(c.req.path) && !(c.req.path === "/healthz" && status !== 200)) return;
    // The client went away before sending all it meant to (a cancelled upload): its own doing, not a fault
    // here, whatever the answer nobody reads says.
    if (incoming?.aborted) {
      logger.warn("request aborted", {
        request_id: id,
        method: c.req.method,
        path: loggedPath(c.req.path),
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
      return;
    }
    logger[status >= 500 ? "error" : "info"]("request", {
      request_id: id,
      method: c.req.method,
      path: loggedPath(c.req.path),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
