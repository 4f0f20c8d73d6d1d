import { expect } from "vitest";
import type { Paginated } from "../../contract/http";
import type { RegisteredSchool, TestApi } from "./harness";

/** Calls of the people APIs (students, parents, staff) as a school, answering status and JSON body. */
export function peopleClient(api: TestApi) {
  const base = (s: RegisteredSchool) => `/api/admin/${s.uniqueId}`;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked by the tests
  const answer = async (res: Response): Promise<{ status: number; body: any }> => ({
    status: res.status,
    body: await res.json(),
  });

  const client = {
    /**
     * A create or update: `{[field]: data}` as JSON, or, with a photo, multipart with `field` as JSON text
     * and the photo as `profile_img` (contract/parents.ts). `data` undefined sends no record at all.
     */
    async send(
      s: RegisteredSchool,
      method: string,
      path: string,
      field: string,
      data: unknown,
      init: { key?: string; photo?: File } = {},
    ) {
      const headers: Record<string, string> = { ...s.auth, ...(init.key ? { "Idempotency-Key": init.key } : {}) };
      let body: BodyInit;
      if (init.photo) {
        const form = new FormData();
        if (data !== undefined) form.set(field, JSON.stringify(data));
        form.set("profile_img", init.photo);
        body = form;
      } else {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(data === undefined ? {} : { [field]: data });
      }
      return answer(await api.fetch(`${base(s)}${path}`, { method, headers, body }));
    },
    async post(s: RegisteredSchool, path: string, json: unknown) {
      return answer(
        await api.fetch(`${base(s)}${path}`, {
          method: "POST",
          headers: { ...s.auth, "Content-Type": "application/json" },
          body: JSON.stringify(json),
        }),
      );
    },
    async get(s: RegisteredSchool, path: string) {
      return answer(await api.fetch(`${base(s)}${path}`, { headers: s.auth }));
    },
    async remove(s: RegisteredSchool, path: string) {
      return answer(await api.fetch(`${base(s)}${path}`, { method: "DELETE", headers: s.auth }));
    },
    async list<T>(s: RegisteredSchool, path: string): Promise<Paginated<T>> {
      const { status, body } = await client.get(s, path);
      expect(status, JSON.stringify(body)).toBe(200);
      return body.data;
    },
    /** Adds a student (JSS1, male, a phone unless given) and answers its record. */
    async student(s: RegisteredSchool, data: Record<string, unknown>) {
      const { status, body } = await client.post(s, "/students", {
        student_data: { selectedClass: "JSS1", gender: "Male", phone_number: "0803 111 2222", ...data },
      });
      expect(status, JSON.stringify(body)).toBe(201);
      return body.data;
    },
  };
  return client;
}
