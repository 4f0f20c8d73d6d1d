import type { APIRequestContext, Page } from "@playwright/test";
import { CBT_MESSAGES as M, type CbtPin } from "../../contract/cbt";
import { expectAccessible } from "./support/axe";
import { addStudentsViaApi, signedIn, type Admin } from "./support/school";
import { expect, test } from "./support/test";

/**
 * Computer-based tests in Chromium. Without JavaScript at 360 px, tagged `@no-js`: the admin's test page with its
 * PINs, then a student's walk through /cbt (code and PIN, a question answered, Finish, Submit), checked with axe.
 * With JavaScript, the `js` smoke: the same taking flow with the countdown, each answer saved as it is chosen and
 * kept across pages. The behaviours are form tests over HTTP: tests/forms/cbt.test.ts.
 */

async function schoolWithTest(page: Page, request: APIRequestContext, prefix: string) {
  const admin: Admin = await signedIn(page, request, prefix);
  await addStudentsViaApi(request, admin.account, ["Female"]);
  const call = async <T>(path: string, data?: unknown) => {
    const response = await request.post(`/api/admin/${admin.account.uniqueId}${path}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: data ?? {},
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return ((await response.json()) as { data: T }).data;
  };
  for (const n of [2, 3])
    await call("/cbt/questions", {
      class: "JSS1",
      subject: "Mathematics",
      kind: "objective",
      text: `What is ${n} times ${n}?`,
      options: [String(n), String(n * n)],
      answer: 1,
    });
  const made = await call<{ id: number; code: string }>("/cbt/tests", {
    title: "Mathematics quiz",
    class: "JSS1",
    subject: "Mathematics",
    term: "1st Term",
    session: "2026/2027",
    duration_minutes: 20,
    question_count: 2,
    opens_at: new Date(Date.now() - 3_600_000).toISOString(),
    closes_at: new Date(Date.now() + 3_600_000).toISOString(),
    results_column: "1st CA",
  });
  const [pin] = await call<CbtPin[]>(`/cbt/tests/${made.id}/pins`);
  return { admin, test: made, pin: pin.pin };
}

async function takeTheTest(page: Page, code: string, pin: string) {
  await page.context().clearCookies();
  await page.goto("/cbt");
  await expectAccessible(page);
  await page.getByLabel("Test code").fill(code);
  await page.getByLabel("PIN").fill(pin);
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/cbt\/question\/1$/);
  await expect(page.getByTestId("time-left")).toHaveText(/minutes left/);
  await expectAccessible(page);
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/cbt\/question\/2$/);
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/cbt\/question\/1$/);
  await expect(page.getByRole("radio").first()).toBeChecked();
  await page.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByText("You answered 1 of 2 questions")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Submit answers" }).click();
  await expect(page.getByText(M.submitted)).toBeVisible();
  await expectAccessible(page);
}

test(
  "no-js smoke: the test page with its PINs, then a student takes the test at 360 px",
  { tag: "@no-js" },
  async ({ page }) => {
    const { test: made, pin } = await schoolWithTest(page, page.request, "CbtNoJs");
    await page.goto(`/admin/assessments/${made.id}`);
    await expect(page.getByTestId("test-code")).toHaveText(made.code);
    await expect(page.getByRole("cell", { name: pin })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await takeTheTest(page, made.code, pin);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  },
);

test("js smoke: a student takes the test, the time counting down, each answer saved as it is chosen and kept across pages", async ({
  page,
}) => {
  const { test: made, pin } = await schoolWithTest(page, page.request, "CbtJs");
  await page.context().clearCookies();
  await page.goto("/cbt");
  await page.getByLabel("Test code").fill(made.code);
  await page.getByLabel("PIN").fill(pin);
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/cbt\/question\/1$/);
  const timer = page.getByRole("timer");
  await expect(timer).toHaveText(/^(20:00|19:[0-5]\d) left$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first!);

  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/cbt/question/1"));
  await page.getByRole("radio").first().check();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("radio").first()).toBeChecked();
  await expect(page.getByText("1 answered")).toBeVisible();

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/cbt\/question\/2$/);
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/cbt\/question\/1$/);
  await expect(page.getByRole("radio").first()).toBeChecked();
  await page.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByText("You answered 1 of 2 questions")).toBeVisible();
  await page.getByRole("button", { name: "Submit answers" }).click();
  await expect(page.getByText(M.submitted)).toBeVisible();
});
