import { expect } from "vitest";
import { bearer, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/**
 * A school with JSS1 and JSS2 taught Mathematics and English, and its teachers signed in to the staff area: each
 * answers as a `RegisteredSchool` whose token is the teacher's, so the same calls work for both.
 */
let serial = 0;

export async function schoolWithClasses(api: TestApi, school: RegisteredSchool) {
  const { call } = schoolCalls(() => api);
  const settings = await call(school, "POST", "/school-settings", {
    school_settings: {
      sections: ["Junior"],
      classes: [
        { class_name: "JSS1", section: "Junior", subjects: ["Mathematics", "English"] },
        { class_name: "JSS2", section: "Junior", subjects: ["Mathematics", "English"] },
      ],
    },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
}

export async function signedInTeacher(
  api: TestApi,
  school: RegisteredSchool,
  name: string,
  teaching: { class: string; subject: string }[],
): Promise<RegisteredSchool & { id: number }> {
  const { call } = schoolCalls(() => api);
  serial += 1;
  const added = await call(school, "POST", "/staffs", {
    staff_data: {
      name,
      email: `teacher${serial}-${Date.now().toString(36)}@notes.ng`,
      phone: `0806 800 ${String(1000 + serial)}`,
      is_teaching_staff: true,
      teaching,
    },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const on = await call(school, "POST", `/staffs/${added.body.data.id}/sign-in`);
  expect(on.status).toBe(201);
  const res = await api.fetch("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ unique_id: school.uniqueId, email: on.body.data.email, password: on.body.data.password }),
  });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  return { id: Number(added.body.data.id), uniqueId: school.uniqueId, password: "", token, auth: bearer(token) };
}
