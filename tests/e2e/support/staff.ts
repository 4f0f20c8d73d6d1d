import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./test";
import { termAroundToday } from "./calendar";
import { addStudentsViaApi, signedIn, type Admin } from "./school";

/** The staff area's set-up for browser tests: a school with a form teacher whose sign-in is on. */

/**
 * A school with two JSS1 pupils, a term around today and a form teacher of JSS1 (teaching the given classes and
 * subjects) whose sign-in is on.
 */
export async function schoolWithTeacher(
  page: Page,
  request: APIRequestContext,
  prefix: string,
  teaching: { class: string; subject: string }[] = [],
) {
  const admin = await signedIn(page, request, prefix);
  expect(await addStudentsViaApi(request, admin.account, ["Female", "Male"])).toBe(true);
  const call = async (method: string, path: string, data?: unknown) => {
    const response = await request.fetch(`/api/admin/${admin.account.uniqueId}${path}`, {
      method,
      headers: { Authorization: `Bearer ${admin.token}` },
      data,
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return ((await response.json()) as { data: Record<string, string> }).data;
  };
  const term = termAroundToday();
  await call("PUT", term.path, term.body);
  const member = await call("POST", "/staffs", {
    staff_data: {
      name: "Mrs. Funke Bello",
      email: `funke-${Date.now().toString(36)}@register.ng`,
      phone: "0806 111 2222",
      is_teaching_staff: true,
      form_teacher: "JSS1",
      teaching,
    },
  });
  const signIn = await call("POST", `/staffs/${member.id}/sign-in`);
  return { admin, call, teacher: { id: Number(member.id), email: signIn.email, password: signIn.password } };
}

export async function teacherLogIn(page: Page, admin: Admin, teacher: { email: string; password: string }) {
  const response = await page.request.post("/choose-account", {
    form: { unique_id: admin.account.uniqueId, email: teacher.email, password: teacher.password },
    maxRedirects: 0,
  });
  expect(response.headers().location).toBe("/staff/dashboard");
}
