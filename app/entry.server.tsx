import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { Transform } from "node:stream";
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
          const body = withoutZeroBytes();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // A browser's `Save-Data: on` turns the scripts off (root.tsx): the page differs by it.
          responseHeaders.append("Vary", "Save-Data");
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

/**
 * React 18.3's Node renderer sends its whole 2 KB buffer when a character of several bytes does not fit at its
 * end, so the unfilled last byte reaches the page as a NUL before that character ("‹ Previous" became
 * "\u0000‹ Previous" and no longer matched its name). A page never holds U+0000, whose UTF-8 is the one zero byte:
 * zero bytes are dropped on the way out.
 */
function withoutZeroBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!chunk.includes(0)) return done(null, chunk);
      done(
        null,
        chunk.filter((byte) => byte !== 0),
      );
    },
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
