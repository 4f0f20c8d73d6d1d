/** The headers only a proxy in front should set: believed only when TRUST_PROXY says there is one. */
const FORWARDED_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "forwarded"];

/**
 * The client's address for a request that reached the server from `connection`: with `trustedProxies` proxies
 * in front, the X-Forwarded-For entry the outermost trusted one appended (an entry further left is whatever the
 * client claimed); else the connection's. Without trusted proxies the forwarded headers are dropped from
 * `headers`, so that nothing downstream (the cross-site check, the secure cookie) believes a client's own.
 */
export function clientAddress(headers: Headers, connection: string, trustedProxies: number): string {
  if (trustedProxies === 0) {
    for (const name of FORWARDED_HEADERS) headers.delete(name);
    return connection;
  }
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (hops.length === 0) return connection;
  return hops[Math.max(0, hops.length - trustedProxies)];
}
