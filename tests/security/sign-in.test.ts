import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerSchool, type School } from "./support/client";
import { DATABASE, runCleanups, startEnvironment, type Cleanups, type TestDatabase } from "./support/server";

/**
 * Sign-in throttling from outside: browsers on different addresses (the loopback's 127.0.0.x, one per person)
 * post the login page. An attacker's wrong passwords must not lock the real user out, from another address, nor
 * from a device that signed in before once the account's own ceiling is passed.
 */

interface PageAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** The login page posted from `address` as a browser there posts it, with its cookies. */
function postLogin(
  base: string,
  address: string,
  fields: Record<string, string>,
  cookie?: string,
): Promise<PageAnswer> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/choose-account`,
      {
        method: "POST",
        localAddress: address,
        agent: false,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Origin: base,
          ...(cookie ? { Cookie: cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const deviceCookie = (answer: PageAnswer) =>
  (answer.headers["set-cookie"] ?? []).find((c) => c.startsWith("__device="))?.split(";")[0];

describe(`sign-in throttling from outside on ${DATABASE}`, () => {
  const cleanups: Cleanups = [];
  let base: string;
  let database: TestDatabase;
  let school: School;

  beforeAll(async () => {
    const environment = await startEnvironment(cleanups, "sign-in");
    base = environment.server.base;
    database = environment.database;
    school = await registerSchool(base);
  });
  afterAll(() => runCleanups(cleanups));

  it("an attacker's failures lock their own address, not the real user's, and the page says so with 429", async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await postLogin(base, "127.0.0.2", { unique_id: school.uniqueId, password: `guess-${i}` });
      expect(wrong.status).toBe(422);
    }
    const refused = await postLogin(base, "127.0.0.2", { unique_id: school.uniqueId, password: school.password });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(14 * 60);
    expect(refused.text).toContain("Too many failed attempts. Please wait and try again.");

    const realUser = await postLogin(base, "127.0.0.3", { unique_id: school.uniqueId, password: school.password });
    expect(realUser.status).toBe(302);
    expect(deviceCookie(realUser)).toBeTruthy();
  });

  it("past the account's ceiling a new device waits, while a device that signed in before gets in", async () => {
    const signedIn = await postLogin(base, "127.0.0.4", { unique_id: school.uniqueId, password: school.password });
    expect(signedIn.status).toBe(302);
    const device = deviceCookie(signedIn)!;

    // An attack spread over many addresses runs the account up to its ceiling.
    const at = new Date().toISOString();
    for (let i = 0; i < 50; i++) {
      await database.db
        .insertInto("login_failures")
        .values({ login_key: school.uniqueId, address: `198.51.100.${i % 10}`, created_at: at })
        .execute();
    }
    const stranger = await postLogin(base, "127.0.0.5", { unique_id: school.uniqueId, password: school.password });
    expect(stranger.status).toBe(429);
    expect(stranger.text).toContain("Too many failed attempts. Please wait and try again.");
    // A device cookie that is not signed with the server's secret is no device.
    const forged = await postLogin(
      base,
      "127.0.0.5",
      { unique_id: school.uniqueId, password: school.password },
      `__device=${device.slice("__device=".length, -4)}AAAA`,
    );
    expect(forged.status).toBe(429);

    const known = await postLogin(base, "127.0.0.6", { unique_id: school.uniqueId, password: school.password }, device);
    expect(known.status).toBe(302);
  });
});
