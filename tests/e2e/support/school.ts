import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { logoPng } from "./files";

export interface SchoolAccount {
  uniqueId: string;
  password: string;
  schoolName: string;
  principalName: string;
  email: string;
}

let counter = 0;

/**
 * Details of a new school; the suffix keeps names and emails unique across tests and runs. Test files run in
 * parallel workers, each with its own counter, so the time and counter alone can repeat in the same millisecond:
 * random bytes make the suffix unique across workers too.
 */
export function newSchoolDetails(prefix = "Test") {
  const suffix = `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString("hex")}`;
  return {
    schoolName: `${prefix} College ${suffix}`,
    principalName: `Adaeze Okafor ${suffix}`,
    email: `admin-${suffix}@school.test`,
    phone: "08031234567",
  };
}

/** Registers a school straight through the school API (fast set-up for tests about other screens). */
export async function registerSchoolViaApi(request: APIRequestContext, prefix?: string): Promise<SchoolAccount> {
  const details = newSchoolDetails(prefix);
  const response = await request.post("/api/admin/register", {
    multipart: {
      school_name: details.schoolName,
      principal_name: details.principalName,
      school_email: details.email,
      phone_number: details.phone,
      logo: logoPng(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { unique_id: string; password: string } };
  return { uniqueId: data.unique_id, password: data.password, ...details };
}

/**
 * Logs in by posting the login form from the page's own context (so its cookies take the session),
 * then opens the dashboard. The login page itself is driven by the login tests (foundation.spec.ts);
 * every other test saves loading it.
 */
export async function logIn(page: Page, account: Pick<SchoolAccount, "uniqueId" | "password">) {
  const response = await page.request.post("/choose-account", {
    form: { unique_id: account.uniqueId, password: account.password },
    maxRedirects: 0,
  });
  expect(response.headers().location, await response.text()).toBe("/admin/dashboard");
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** A bearer token for calling the school API directly. */
export async function apiToken(request: APIRequestContext, account: Pick<SchoolAccount, "uniqueId" | "password">) {
  const response = await request.post("/api/admin/login", {
    data: { unique_id: account.uniqueId, password: account.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { data } = (await response.json()) as { data: { token: string } };
  return data.token;
}

/**
 * Adds students through the school API. Returns false when this build has no students API, so a test
 * can say so instead of failing on a missing feature.
 */
export async function addStudentsViaApi(
  request: APIRequestContext,
  account: Pick<SchoolAccount, "uniqueId" | "password">,
  genders: ("Male" | "Female")[],
): Promise<boolean> {
  const token = await apiToken(request, account);
  for (const [index, gender] of genders.entries()) {
    const response = await request.post(`/api/admin/${account.uniqueId}/students`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        student_data: { name: `Pupil ${index + 1}`, selectedClass: "JSS1", gender, phone_number: "08031234567" },
      },
    });
    if (response.status() === 404) return false;
    expect(response.status(), await response.text()).toBe(201);
  }
  return true;
}

/** A school's account and a bearer token for its API, for set-up and checks through the API. */
export interface Admin {
  account: SchoolAccount;
  token: string;
}

/** Registers a school through the API and logs the page in as its admin. */
export async function signedIn(page: Page, request: APIRequestContext, prefix: string): Promise<Admin> {
  const account = await registerSchoolViaApi(request, prefix);
  const token = await apiToken(request, account);
  await logIn(page, account);
  return { account, token };
}
