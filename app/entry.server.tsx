import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { errorFields, loggedPath, logger } from "../observability/log";
import { NonceContext } from "./lib/nonce";

const ABORT_DELAY_MS = 5_000;

/**
 * Every page is sent whole once rendered: no screen streams deferred data, so bots and browsers take
 * one path. Every inline script carries the request's CSP nonce. A client that goes away mid-answer
 * (common on a weak mobile network) is not an error worth logging; anything else that fails while
 * rendering is.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let ready = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          ready = true;
          clearTimeout(timer);
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the page is ready reject above and reach handleError.
          if (ready && !request.signal.aborted) logPageError(error, request, loadContext);
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY_MS);
  });
}

/** Remix hands over what a loader, an action or a render threw (Responses it answers itself). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (!request.signal.aborted) logPageError(error, request, context);
};

function logPageError(error: unknown, request: Request, context: AppLoadContext) {
  logger.error("page error", {
    request_id: context.requestId,
    method: request.method,
    path: loggedPath(new URL(request.url).pathname),
    ...errorFields(error),
  });
}
