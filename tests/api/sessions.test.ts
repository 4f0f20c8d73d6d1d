import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deviceName } from "../../api/services/sessions";
import { CLIENT_AGENT_HEADER } from "../../contract/http";
import { SESSION_MESSAGES as M, type SessionRecord } from "../../contract/sessions";
import { bearer, DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0";

/** The main admin's own sessions (contract/sessions.ts): listed with their device and last use, ended one or all. */
describe(`the main admin's sessions on ${DATABASE}`, { timeout: 60_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;

  beforeAll(async () => {
    api = await startApi();
    school = await registerSchool(api, { school_name: "Sessions Academy" });
  });
  afterAll(() => api.close());

  async function signIn(agent: string): Promise<string> {
    const res = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", [CLIENT_AGENT_HEADER]: agent },
      body: JSON.stringify({ unique_id: school.uniqueId, password: school.password }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { token: string } }).data.token;
  }

  async function call(token: string, method: string, path: string) {
    const res = await api.fetch(`/api/admin/${school.uniqueId}${path}`, { method, headers: bearer(token) });
    return { status: res.status, body: (await res.json()) as { message?: string; data?: unknown } };
  }

  const sessions = async (token: string) => (await call(token, "GET", "/sessions")).body.data as SessionRecord[];

  it("lists each signed-in device with its browser, sign-in and last use, this one first and marked", async () => {
    const phone = await signIn(ANDROID_CHROME);
    const laptop = await signIn(WINDOWS_FIREFOX);
    const start = api.clock.now;
    try {
      api.clock.now = new Date(start.getTime() + 5 * 60 * 1000);
      expect((await call(laptop, "GET", "/dashboard")).status).toBe(200);
      // A second call within the minute writes nothing new.
      api.clock.now = new Date(start.getTime() + 5 * 60 * 1000 + 30 * 1000);
      const list = await sessions(phone);
      expect(list[0]).toMatchObject({ device: "Chrome on Android", current: true });
      const other = list.find((s) => s.device === "Firefox on Windows")!;
      expect(other).toMatchObject({
        current: false,
        last_seen_at: new Date(start.getTime() + 5 * 60 * 1000).toISOString(),
      });
      expect(Date.parse(other.signed_in_at)).toBeLessThanOrEqual(start.getTime());
      expect(list.filter((s) => s.current)).toHaveLength(1);
      expect(list.map((s) => s.device)).toContain("Unknown device");
    } finally {
      api.clock.now = new Date();
    }
  });

  it("ends another session, not the one in use, and says when one has ended already", async () => {
    const mine = await signIn(ANDROID_CHROME);
    const theirs = await signIn(WINDOWS_FIREFOX);
    const list = await sessions(mine);
    const target = list.filter((s) => s.device === "Firefox on Windows").sort((x, y) => y.id - x.id)[0];
    expect(await call(mine, "DELETE", `/sessions/${target.id}`)).toEqual({ status: 200, body: { message: M.ended } });
    expect((await call(theirs, "GET", "/dashboard")).status).toBe(401);
    expect(await call(mine, "DELETE", `/sessions/${target.id}`)).toEqual({
      status: 404,
      body: { message: M.notFound },
    });
    const current = list.find((s) => s.current)!;
    expect(await call(mine, "DELETE", `/sessions/${current.id}`)).toEqual({
      status: 409,
      body: { message: M.isCurrent },
    });
    expect((await call(mine, "DELETE", "/sessions/not-a-number")).status).toBe(404);
  });

  it("ends every other session of the main admin, leaving this one and the sub-admins'", async () => {
    const sub = await api.fetch(`/api/admin/${school.uniqueId}/sub-admins`, {
      method: "POST",
      headers: { ...school.auth, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Mrs. Ada Obi",
        email: "ada@sessions.ng",
        phone: "0803 000 0000",
        features: ["students"],
      }),
    });
    const { data } = (await sub.json()) as { data: { password: string; sub_admin: { id: number } } };
    const subLogin = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: school.uniqueId, email: "ada@sessions.ng", password: data.password }),
    });
    const subToken = ((await subLogin.json()) as { data: { token: string } }).data.token;
    const subCall = await call(subToken, "GET", `/sessions?sub_admin_id=${data.sub_admin.id}`);
    expect(subCall).toEqual({ status: 403, body: { message: M.mainOnly } });

    const others = [await signIn(ANDROID_CHROME), school.token];
    const mine = await signIn(WINDOWS_FIREFOX);
    const answer = await call(mine, "POST", "/sessions/end-others");
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(M.othersEnded);
    expect((answer.body.data as { ended: number }).ended).toBeGreaterThanOrEqual(2);
    for (const token of others) expect((await call(token, "GET", "/dashboard")).status).toBe(401);
    expect(await sessions(mine)).toEqual([expect.objectContaining({ current: true, device: "Firefox on Windows" })]);
    expect((await call(subToken, "GET", `/access?sub_admin_id=${data.sub_admin.id}`)).status).toBe(200);
  });
});

describe("naming a session's device", () => {
  it.each([
    [ANDROID_CHROME, "Chrome on Android"],
    [WINDOWS_FIREFOX, "Firefox on Windows"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
      "Samsung Internet on Android",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
      "Safari on macOS",
    ],
    ["curl/8.5.0", "Another app or browser"],
    [null, "Unknown device"],
  ])("%s is %s", (agent, name) => {
    expect(deviceName(agent)).toBe(name);
  });
});
