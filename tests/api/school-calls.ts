import { expect } from "vitest";
import { bearer, login, type RegisteredSchool, type TestApi } from "./harness";

/**
 * A school's JSON calls to its API (`api` is read at each call, as suites start it in `beforeAll`):
 * `call` answers the status and body, `get` the data of a 200, `at` moves the clock.
 */
export function schoolCalls(api: () => TestApi) {
  const base = (s: RegisteredSchool) => `/api/admin/${s.uniqueId}`;
  async function call(
    s: RegisteredSchool,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await api().fetch(`${base(s)}${path}`, {
      method,
      headers: { ...s.auth, "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked by the tests
    return { status: res.status, body: (await res.json()) as any };
  }
  const get = async <T>(s: RegisteredSchool, path: string): Promise<T> => {
    const res = await call(s, "GET", path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as T;
  };
  /** Moves the clock to `date`, signing the schools in again: a sign-in lasts a week. */
  async function at(date: string, ...schools: RegisteredSchool[]) {
    api().clock.now = new Date(date);
    for (const s of schools) {
      const res = await login(api(), s.uniqueId, s.password);
      expect(res.status).toBe(200);
      s.token = ((await res.json()) as { data: { token: string } }).data.token;
      s.auth = bearer(s.token);
    }
  }
  return { base, call, get, at };
}
