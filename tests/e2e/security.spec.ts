import type { APIRequestContext, ConsoleMessage, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/axe";
import { apiToken, logIn, registerSchoolViaApi } from "./support/school";

/**
 * The Content-Security-Policy in a real browser: pages hydrate and their scripted parts work with only
 * the nonce-carrying scripts allowed (no violation, no hydration error, no console error at all), and
 * names typed as markup show as text and never run. The `no-js` project runs the smoke test tagged
 * `@no-js`; the policy header and the escaping of names are form tests over HTTP:
 * tests/forms/security.test.ts.
 */

const MARKUP = "<img src=x onerror=alert(1)>";
const SCRIPT = "</script><script>alert(2)</script>";

/** A long name must wrap or be cut, never widen the page: on a phone that pushes the bottom bar out of reach. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(innerWidth);
}

/** Console errors and warnings, page errors and any dialog a script opened, as they happen. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("dialog", async (dialog) => {
    problems.push(`a script ran: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return problems;
}

/** A school with a student named with markup and a timetable whose venue closes a script element. */
async function schoolWithMarkupNames(request: APIRequestContext, prefix: string) {
  const school = await registerSchoolViaApi(request, prefix);
  const token = await apiToken(request, school);
  const headers = { Authorization: `Bearer ${token}` };
  const student = await request.post(`/api/admin/${school.uniqueId}/students`, {
    headers,
    data: {
      student_data: { name: `Tobi ${MARKUP}`, selectedClass: "JSS1", gender: "Male", phone_number: "0803 123 4567" },
    },
  });
  expect(student.status()).toBe(201);
  const timetable = await request.post(`/api/admin/${school.uniqueId}/timetables`, {
    headers,
    data: {
      type: "Regular School Period",
      class: "JSS1",
      session: "2025/2026",
      term: "1st Term",
      venue: `Hall ${SCRIPT}`,
    },
  });
  return { school, timetableId: (await timetable.json()).data.id as number };
}

test("pages run under the Content-Security-Policy, and names with markup show as text", async ({ page, request }) => {
  const problems = problemsOf(page);
  const { school, timetableId } = await schoolWithMarkupNames(request, "Policy");

  await logIn(page, school);
  const response = await page.goto("/admin/students");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  await expect(page.getByText(`Tobi ${MARKUP}`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // Hydrated: a link is followed by the router, without a new document (the marker survives).
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/students$/);
  // A confirmation opens as a dialog, which only the page's own script can do.
  await page.getByLabel(`Actions for Tobi ${MARKUP}`).click();
  await page.getByRole("link", { name: "Delete" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();

  await page.goto(`/admin/timetable/${timetableId}/view`);
  await expect(page.getByText(`Hall ${SCRIPT}`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("school-name")).toBeVisible();

  expect(problems).toEqual([]);
});

test(
  "no-js smoke: names with markup show as text, the pages keep to the screen's width, the console stays quiet",
  { tag: "@no-js" },
  async ({ page, request }) => {
    const problems = problemsOf(page);
    const { school, timetableId } = await schoolWithMarkupNames(request, "PolicySmoke");

    await logIn(page, school);
    await page.goto("/admin/students");
    await expect(page.getByText(`Tobi ${MARKUP}`)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await page.goto(`/admin/timetable/${timetableId}/view`);
    await expect(page.getByText(`Hall ${SCRIPT}`)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto("/admin/dashboard");
    await expect(page.getByTestId("school-name")).toBeVisible();

    expect(problems).toEqual([]);
  },
);
