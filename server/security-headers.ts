import type { MiddlewareHandler } from "hono";
import { randomBytes } from "node:crypto";
import { SHARED_FILES_PATH } from "../contract/files";

/**
 * The security headers of every answer the process gives (pages, API, assets, media, health), set once
 * the answer is made. A header the route set on its own answer is kept as it is: a download that
 * sandboxes itself with its own Content-Security-Policy, an asset cached for a year.
 *
 * Pages get a Content-Security-Policy whose scripts are this server's files and the inline scripts
 * that carry this request's nonce (Remix's hydration and scroll restoration, app/entry.server.tsx and
 * app/root.tsx): an injected <script> or event handler never runs. Inline styles stay allowed: React
 * style attributes and the server-drawn SVG charts use them, and a style cannot run code. Anything else
 * (JSON, images, PDFs) gets a policy that allows nothing. Answers are `no-store` unless the route chose
 * its own caching: pages and API answers carry children's records, which must not linger in a shared
 * phone's cache or a proxy.
 */

export type NonceEnv = { Variables: { cspNonce: string } };

export interface SecurityHeaderOptions {
  /** PUBLIC_URL: where share links serve the files a page previews, whatever address the request named. */
  publicUrl: string;
  /** Origins besides this one that pages show images from (the school API's media when it runs elsewhere). */
  imageOrigins?: string[];
}

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The policy of a page. A page may embed (`<object>`) only the school's shared files, under their own
 * sandboxing policy, from PUBLIC_URL (`publicOrigin`, where share links point) or from the school API
 * (`imageOrigins`), so Chrome's PDF viewer can show a preview while nothing else can be embedded; the
 * preview of a picture is an image from there too.
 */
export function pagePolicy(nonce: string, publicOrigin: string, imageOrigins: string[] = []): string {
  const origins = [...new Set([publicOrigin, ...imageOrigins])];
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...origins].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    `object-src ${origins.map((origin) => `${origin}${SHARED_FILES_PATH}`).join(" ")}`,
  ].join("; ");
}

/** For anything that is not a page: nothing may run, load or frame it. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const FIXED: Array<[string, string]> = [
  ["X-Content-Type-Options", "nosniff"],
  // For browsers that predate frame-ancestors.
  ["X-Frame-Options", "DENY"],
  // Same-origin pages still see the Referer (the cross-site write check reads it); other sites never
  // see our addresses, which hold record ids and search words.
  ["Referrer-Policy", "same-origin"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
  ["Cache-Control", "no-store"],
];

const HSTS = "max-age=31536000";

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler<NonceEnv> {
  const publicOrigin = new URL(options.publicUrl).origin;
  const imageOrigins = (options.imageOrigins ?? []).map((url) => new URL(url).origin);
  return async (c, next) => {
    const nonce = newNonce();
    c.set("cspNonce", nonce);
    await next();

    const wanted: Array<[string, string]> = [...FIXED];
    const isPage = /^text\/html/i.test(c.res.headers.get("Content-Type") ?? "");
    const forwarded = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim();
    const protocol = forwarded ?? new URL(c.req.url).protocol.replace(":", "");
    wanted.push(["Content-Security-Policy", isPage ? pagePolicy(nonce, publicOrigin, imageOrigins) : NON_PAGE_POLICY]);
    if (protocol === "https") wanted.push(["Strict-Transport-Security", HSTS]);

    const missing = wanted.filter(([name]) => !c.res.headers.has(name));
    if (!missing.length) return;
    try {
      for (const [name, value] of missing) c.res.headers.set(name, value);
    } catch {
      // An answer fetched from elsewhere has immutable headers: copy it.
      const headers = new Headers(c.res.headers);
      for (const [name, value] of missing) headers.set(name, value);
      const res = c.res;
      c.res = undefined;
      c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers });
    }
  };
}
