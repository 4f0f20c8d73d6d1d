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

export async function registerSchool(prefix = "Forms"): Promise<Admin> {
  const details = newSchoolDetails(prefix);
  const form = new FormData();
  form.set("school_name", details.schoolName);
  form.set("principal_name", details.principalName);
  form.set("school_email", details.email);
  form.set("phone_number", details.phone);
  const logo = logoPng();
  form.set("logo", new Blob([new Uint8Array(logo.buffer)], { type: logo.mimeType }), logo.name);
  const registered = await fetch(`${baseUrl()}/api/admin/register`, { method: "POST", body: form });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { data } = (await registered.json()) as { data: { unique_id: string; password: string } };
  const account: SchoolAccount = { uniqueId: data.unique_id, password: data.password, ...details };
  const login = await fetch(`${baseUrl()}/api/admin/login`, {
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
      const response = await fetch(`${baseUrl()}/api/admin/${account.uniqueId}${path}`, init);
      const text = await response.text();
      return {
        status: response.status,
        body: (text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as never,
      };
    },
  };
}

/** A browser without JavaScript, signed in as the school's admin through the login form. */
export async function signedIn(admin: Pick<Admin, "account">): Promise<Browser> {
  const browser = new Browser(baseUrl());
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
