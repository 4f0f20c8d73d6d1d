import { inject } from "vitest";
import { logoPng } from "../../e2e/support/files";
import { newSchoolDetails, type SchoolAccount } from "../../e2e/support/school";
import { Browser } from "./browser";

/** The server every form test file talks to (started once by tests/forms/support/server.ts). */
export const baseUrl = () => inject("baseUrl");

/** A school registered through the school API, with a bearer token for set-up and checks. */
export interface Admin {
  account: SchoolAccount;
  token: string;
  /** Calls the school API as this school: `api("GET", "/students")` is `/api/admin/{uniqueId}/students`. */
  api<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T }>;
}

export async function registerSchool(prefix = "Forms", base = baseUrl()): Promise<Admin> {
  const details = newSchoolDetails(prefix);
  const form = new FormData();
  form.set("school_name", details.schoolName);
  form.set("principal_name", details.principalName);
  form.set("school_email", details.email);
  form.set("phone_number", details.phone);
  const logo = logoPng();
  form.set("logo", new Blob([new Uint8Array(logo.buffer)], { type: logo.mimeType }), logo.name);
  const registered = await fetch(`${base}/api/admin/register`, { method: "POST", body: form });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { data } = (await registered.json()) as { data: { unique_id: string; password: string } };
  const account: SchoolAccount = { uniqueId: data.unique_id, password: data.password, ...details };
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ unique_id: account.uniqueId, password: account.password }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return {
    account,
    token,
    async api(method, path, body, headers = {}) {
      const init: RequestInit = { method, headers: { Authorization: `Bearer ${token}`, ...headers } };
      if (body instanceof FormData) init.body = body;
      else if (body !== undefined) {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)["Content-Type"] = "application/json";
      }
      const response = await fetch(`${base}/api/admin/${account.uniqueId}${path}`, init);
      const text = await response.text();
      return {
        status: response.status,
        body: (text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as never,
      };
    },
  };
}

/** A browser without JavaScript, signed in as the school's admin through the login form. */
export async function signedIn(
  admin: Pick<Admin, "account">,
  base = baseUrl(),
  headers: Record<string, string> = {},
): Promise<Browser> {
  const browser = new Browser(base, headers);
  const login = await browser.goto("/choose-account");
  const dashboard = await login
    .form({ button: /^Log ?in$/i })
    .fill("Unique ID", admin.account.uniqueId)
    .fill("Password", admin.account.password)
    .submit();
  if (dashboard.path !== "/admin/dashboard")
    throw new Error(`login ended on ${dashboard.path}: ${dashboard.text().slice(0, 300)}`);
  return browser;
}

/** A browser without JavaScript after the login form was sent with a teacher's (or sub-admin's) email. */
export async function emailLogin(admin: Pick<Admin, "account">, email: string, password: string, base = baseUrl()) {
  const browser = new Browser(base);
  const login = await browser.goto("/choose-account");
  const page = await login
    .form({ button: "Login" })
    .fill("Unique ID", admin.account.uniqueId)
    .fill("Email (sub-admins and teachers)", email)
    .fill("Password", password)
    .submit("Login");
  return { browser, page };
}

/**
 * A teaching member added through the API with their sign-in turned on, and a browser without JavaScript signed
 * in as them through the login form.
 */
let teachers = 0;
export async function signedInTeacher(
  admin: Admin,
  staffData: { name: string; email: string; form_teacher?: string; teaching?: { class: string; subject: string }[] },
) {
  teachers += 1;
  const added = await admin.api<{ data: { id: number } }>("POST", "/staffs", {
    staff_data: { phone: `0806 111 ${String(2000 + teachers)}`, is_teaching_staff: true, ...staffData },
  });
  if (added.status !== 201) throw new Error(`add staff: ${added.status} ${JSON.stringify(added.body)}`);
  const on = await admin.api<{ data: { email: string; password: string } }>(
    "POST",
    `/staffs/${added.body.data.id}/sign-in`,
  );
  if (on.status !== 201) throw new Error(`sign-in on: ${on.status} ${JSON.stringify(on.body)}`);
  const { browser, page } = await emailLogin(admin, on.body.data.email, on.body.data.password);
  if (page.path !== "/staff/dashboard") throw new Error(`teacher login ended on ${page.path}`);
  return { browser, id: added.body.data.id };
}

/**
 * A school with JSS1 (Mathematics, English) and JSS2 (Mathematics), and two teachers signed in without JavaScript:
 * Mrs. Ada Obi teaching Mathematics in both classes, Mr. Bola Ade English in JSS1 (`ada@<domain>`, `bola@<domain>`).
 */
export async function schoolWithTwoTeachers(prefix: string, domain: string) {
  const school = await registerSchool(prefix);
  const settings = await school.api("POST", "/school-settings", {
    school_settings: {
      sections: ["Junior"],
      classes: [
        { class_name: "JSS1", section: "Junior", subjects: ["Mathematics", "English"] },
        { class_name: "JSS2", section: "Junior", subjects: ["Mathematics"] },
      ],
    },
  });
  if (settings.status !== 200) throw new Error(`school settings: ${settings.status}`);
  const ada = await signedInTeacher(school, {
    name: "Mrs. Ada Obi",
    email: `ada@${domain}`,
    teaching: [
      { class: "JSS1", subject: "Mathematics" },
      { class: "JSS2", subject: "Mathematics" },
    ],
  });
  const bola = await signedInTeacher(school, {
    name: "Mr. Bola Ade",
    email: `bola@${domain}`,
    teaching: [{ class: "JSS1", subject: "English" }],
  });
  return { school, ada: ada.browser, bola: bola.browser };
}
