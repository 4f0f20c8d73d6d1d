import type { MiddlewareHandler } from "hono";
import zlib from "node:zlib";

/**
 * Compresses each text answer (pages, JSON) in one piece. Pages are rendered whole before they are
 * sent, so nothing is lost by not streaming, and one pass over the finished body costs a fraction of
 * a streaming compressor fed React's many small chunks (each a trip through the zlib thread pool).
 * It runs on the spot: a page takes about a quarter of a millisecond, less than the hop to the thread
 * pool and back would cost. Brotli when the browser offers it (smaller, same speed at this quality),
 * gzip otherwise.
 */

const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|x-www-form-urlencoded)|image\/svg\+xml)/i;
/** Below this, headers outweigh the saving. */
const MIN_BYTES = 1024;
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

export type Encoding = "br" | "gzip";

/** The encoding to answer with, from an Accept-Encoding header: brotli, then gzip; none refused with q=0. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}

/** zlib hands back buffers over plain (never shared) ArrayBuffers, which a Response takes as a body. */
function pack(body: Buffer<ArrayBuffer>, encoding: Encoding): Buffer<ArrayBuffer> {
  return (
    encoding === "br"
      ? zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : zlib.gzipSync(body, { level: GZIP_LEVEL })
  ) as Buffer<ArrayBuffer>;
}

export function compressWhole(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === "HEAD" || !res.body || res.headers.has("Content-Encoding")) return;
    if (!COMPRESSIBLE.test(res.headers.get("Content-Type") ?? "")) return;
    if (/no-transform/i.test(res.headers.get("Cache-Control") ?? "")) return;

    const headers = new Headers(res.headers);
    if (!/accept-encoding/i.test(headers.get("Vary") ?? "")) headers.append("Vary", "Accept-Encoding");
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    let body: BodyInit | null = res.body;
    if (encoding) {
      const whole = Buffer.from(await res.arrayBuffer());
      const packed = whole.length < MIN_BYTES ? whole : pack(whole, encoding);
      if (packed !== whole) headers.set("Content-Encoding", encoding);
      headers.set("Content-Length", String(packed.length));
      body = packed;
    }
    // Hono would copy the old answer's headers (its length among them) over a replacement; clear it first.
    c.res = undefined;
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}
