import { createCookieSessionStorage } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPage, pageLogin, registerSchool, type School } from "./support/client";
import { DATABASE, runCleanups, SESSION_SECRET, startEnvironment, type Cleanups } from "./support/server";

/**
 * Origins, proxies and the session cookie from outside: the cross-site check compares the whole origin and
 * believes X-Forwarded-* only when TRUST_PROXY says a proxy is in front; the session cookie shows nothing of the
 * API token it carries and cannot be altered.
 */

/** A form post to the profile page with the session cookie and the given headers; redirects not followed. */
async function post(base: string, cookie: string, headers: Record<string, string>) {
  const response = await fetch(`${base}/admin/profile`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...headers },
    body: new URLSearchParams({ intent: "nothing" }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A failed sign-in through the API, claiming `forwardedFor` as the client's address. */
async function failedSignIn(base: string, uniqueId: string, forwardedFor: string) {
  const response = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
    body: JSON.stringify({ unique_id: uniqueId, password: "wrong" }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe(`origins, proxies and the session cookie on ${DATABASE}`, () => {
  const cleanups: Cleanups = [];
  let direct: { base: string; school: School; cookie: string };
  let proxied: { base: string; school: School; cookie: string };

  beforeAll(async () => {
    const start = async (name: string, env: Record<string, string>) => {
      const { server } = await startEnvironment(cleanups, name, env);
      const school = await registerSchool(server.base);
      return { base: server.base, school, cookie: await pageLogin(server.base, school.uniqueId, school.password) };
    };
    direct = await start("origins", {});
    proxied = await start("proxied", { TRUST_PROXY: "true" });
  });
  afterAll(() => runCleanups(cleanups));

  it("another scheme or port of the same host is another origin", async () => {
    const { base, cookie } = direct;
    const url = new URL(base);
    expect(await post(base, cookie, { Origin: `https://${url.host}` })).toBe(403);
    expect(await post(base, cookie, { Origin: `http://${url.hostname}:${Number(url.port) + 1}` })).toBe(403);
    expect(await post(base, cookie, { Referer: `https://${url.host}/admin/profile` })).toBe(403);
    expect(await post(base, cookie, { Origin: base })).not.toBe(403);
  });

  it("without TRUST_PROXY, X-Forwarded-Host and -Proto cannot make another site's post look like ours", async () => {
    const { base, cookie } = direct;
    const spoofed = {
      Origin: "https://evil.example",
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "https",
    };
    expect(await post(base, cookie, spoofed)).toBe(403);
  });

  it("with TRUST_PROXY, the proxy's X-Forwarded-Host and -Proto name the address the browser used", async () => {
    const { base, cookie } = proxied;
    const forwarded = { "X-Forwarded-Host": "school.example.ng", "X-Forwarded-Proto": "https" };
    expect(await post(base, cookie, { ...forwarded, Origin: "https://school.example.ng" })).not.toBe(403);
    expect(await post(base, cookie, { ...forwarded, Origin: "http://school.example.ng" })).toBe(403);
    expect(await post(base, cookie, { ...forwarded, Origin: "https://evil.example" })).toBe(403);
  });

  it("X-Forwarded-For changes the address sign-ins are counted by only behind a trusted proxy", async () => {
    for (let i = 0; i < 5; i++)
      expect(await failedSignIn(direct.base, direct.school.uniqueId, `203.0.113.${i}`)).toBe(401);
    // Five made-up addresses are still one connection's.
    expect(await failedSignIn(direct.base, direct.school.uniqueId, "203.0.113.99")).toBe(429);

    for (let i = 0; i < 5; i++)
      expect(await failedSignIn(proxied.base, proxied.school.uniqueId, "203.0.113.1")).toBe(401);
    expect(await failedSignIn(proxied.base, proxied.school.uniqueId, "203.0.113.1")).toBe(429);
    // The proxy appends the address it saw last; whatever the client wrote before it does not count.
    expect(await failedSignIn(proxied.base, proxied.school.uniqueId, "203.0.113.1, 192.0.2.8")).toBe(401);
  });

  it("the session cookie does not show the API token or who is signed in, and cannot be altered", async () => {
    const { base, cookie, school } = direct;
    const value = decodeURIComponent(cookie.slice("__session=".length));
    const readable = [
      value,
      Buffer.from(value, "base64").toString("latin1"),
      Buffer.from(value, "base64url").toString("latin1"),
    ];
    for (const text of readable) {
      expect(text).not.toContain(school.uniqueId);
      expect(text).not.toMatch(/token/i);
    }
    expect((await getPage(base, "/admin/dashboard", cookie)).status).toBe(200);

    // One character changed: no session at all.
    const last = value.at(-5) === "A" ? "B" : "A";
    const altered = `__session=${encodeURIComponent(value.slice(0, -5) + last + value.slice(-4))}`;
    const refused = await getPage(base, "/admin/dashboard", altered);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toMatch(/^\/choose-account/);
  });

  it("a session cookie of the earlier kind (signed, readable) signs its holder out once", async () => {
    const { base, school } = direct;
    const earlier = createCookieSessionStorage({
      cookie: { name: "__session", httpOnly: true, sameSite: "lax", path: "/", secrets: [SESSION_SECRET] },
    });
    const session = await earlier.getSession();
    session.set("token", school.token);
    session.set("uniqueId", school.uniqueId);
    const cookie = (await earlier.commitSession(session)).split(";")[0];
    const answer = await getPage(base, "/admin/dashboard", cookie);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toMatch(/^\/choose-account/);
  });
});
