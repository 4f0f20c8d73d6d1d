/**
 * Non-GET requests to the web app must come from its own pages. Browsers send Origin on form posts;
 * older ones may send only Sec-Fetch-Site or Referer. A request with none of them (curl, a test client)
 * is allowed: it carries no victim's cookies by accident.
 */
export function isCrossOriginWrite(request: Request): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    try {
      return new URL(origin).host !== host;
    } catch {
      return true;
    }
  }
  if (origin === "null") return true;
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "cross-site" || site === "same-site";
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      return new URL(referer).host !== host;
    } catch {
      return true;
    }
  }
  return false;
}
