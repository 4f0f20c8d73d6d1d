import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/axe";
import { xlsx } from "./support/imports";
import { signedIn, type Admin } from "./support/school";

/**
 * The background jobs page in Chromium, at 360 px. The `js` project follows the state chips as in-page
 * navigation; the `no-js` project walks from Settings to the page and its chips with scripts off. Each
 * behaviour, the sub-admin's refusal and the pages are form tests: tests/forms/jobs.test.ts.
 */

/** An import check: it queues the school's sweep for when the check's hour is up. */
async function checkAFile(request: APIRequestContext, admin: Admin) {
  const response = await request.post(`/api/admin/${admin.account.uniqueId}/imports/students`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    multipart: {
      file: xlsx("register.xlsx", [
        ["Student Name", "Class", "Gender"],
        ["Ada Obi", "JSS1", "Female"],
      ]),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function expectFitsTheScreen(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(innerWidth);
}

async function walk(page: Page, request: APIRequestContext, prefix: string) {
  const admin = await signedIn(page, request, prefix);
  await checkAFile(request, admin);
  await page.goto("/admin/settings");
  await page.getByRole("link", { name: "Background Jobs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Background Jobs" })).toBeVisible();
  const jobs = page.getByRole("list", { name: "Background jobs" }).getByRole("listitem");
  await expect(jobs).toHaveCount(1);
  await expect(jobs.first()).toContainText("Remove expired import checks");
  await expect(jobs.first()).toContainText("Queued");
  await expectFitsTheScreen(page);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Failed" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/jobs\?state=failed$/);
  await expect(page.getByText("No failed jobs")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "All" }).click();
  await expect(jobs).toHaveCount(1);
}

test("the jobs page from Settings, its state chips followed in the page", async ({ page, request }) => {
  await walk(page, request, "Jobs");
});

test(
  "no-js smoke: Settings to the jobs page, a queued job, the Failed and All chips",
  { tag: "@no-js" },
  async ({ page, request }) => {
    await walk(page, request, "JobsSmoke");
  },
);
