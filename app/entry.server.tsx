import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";

const ABORT_DELAY_MS = 5_000;

/**
 * Every page is sent whole once rendered: no screen streams deferred data, so bots and browsers take
 * one path. A client that goes away mid-answer (common on a weak mobile network) is not an error worth
 * logging; anything else that fails while rendering is.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let ready = false;
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />, {
      onAllReady() {
        ready = true;
        clearTimeout(timer);
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the page is ready reject above and are logged by Remix itself.
        if (ready && !request.signal.aborted) console.error(error);
      },
    });
    const timer = setTimeout(abort, ABORT_DELAY_MS);
  });
}
