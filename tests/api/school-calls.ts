import { expect } from "vitest";
import type { RegisteredSchool, TestApi } from "./harness";

/**
 * A school's JSON calls to its API (`api` is read at each call, as suites start it in `beforeAll`):
 * `call` answers the status and body, `get` the data of a 200.
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
  return { base, call, get };
}
