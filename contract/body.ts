/**
 * Server-only: a request body read as text with a hard cap, for the school API's JSON and the web
 * app's plain forms alike. The cap holds whatever Content-Length claims (a chunked body has none):
 * reading stops at the first byte past it.
 */
export class BodyTooLargeError extends Error {
  constructor() {
    super("Request body is too large.");
  }
}

export async function readTextWithin(request: Request, maxBytes: number): Promise<string> {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) throw new BodyTooLargeError();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Not cancelled: that would cut the connection before the 413 is sent. The host drains the rest.
      reader.releaseLock();
      throw new BodyTooLargeError();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
