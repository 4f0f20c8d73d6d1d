/**
 * Non-GET requests to the web app must come from its own pages. Browsers send Origin on form posts;
 * older ones may send only Sec-Fetch-Site or Referer. A request with none of them (curl, a test client)
 * is allowed: it carries no victim's cookies by accident.
 *
 * The whole origin counts (scheme, host and port): the address the request reached, as the proxy in front
 * says when TRUST_PROXY lets the server believe its X-Forwarded-Proto and X-Forwarded-Host (the server drops
 * them otherwise), or PUBLIC_URL's.
 */
export function isCrossOriginWrite(request: Request, publicUrl?: string): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  const own = new Set([requestOrigin(request)]);
  if (publicUrl) own.add(originOf(publicUrl));
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return !own.has(originOf(origin));
  if (origin === "null") return true;
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "cross-site" || site === "same-site";
  const referer = request.headers.get("referer");
  if (referer) return !own.has(originOf(referer));
  return false;
}

/** The origin of an address (`https://school.example.ng`, the default port left out), or "" for no valid one. */
function originOf(address: string): string {
  try {
    const { origin } = new URL(address);
    return origin === "null" ? "" : origin;
  } catch {
    return "";
  }
}

/** The origin the request was made to: the forwarded scheme and host when there are, else its own. */
function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const first = (name: string) => request.headers.get(name)?.split(",")[0]?.trim() || undefined;
  const scheme = first("x-forwarded-proto") ?? url.protocol.replace(":", "");
  const host = first("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  return originOf(`${scheme}://${host}`) || url.origin;
}
