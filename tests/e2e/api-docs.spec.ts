import type { Page } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { expect, test } from "./support/test";

/**
 * The school API's page for integrators in Chromium, without a sign-in: one smoke test a project (the `no-js` one
 * tagged `@no-js`), at 360 px. What it lists is a form test over HTTP: tests/forms/api-docs.test.ts.
 */

async function readThePage(page: Page) {
  await page.goto("/api-docs");
  await expect(page.getByRole("heading", { level: 1, name: "School API" })).toBeVisible();
  const students = page.getByRole("region", { name: "Students" });
  await expect(students.getByText("/api/admin/{uniqueId}/students", { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  const description = await page.request.get(
    (await page.getByRole("link", { name: "OpenAPI description (JSON)" }).getAttribute("href"))!,
  );
  expect((await description.json()).openapi).toBe("3.0.3");
}

test("js smoke: the API's calls by area at 360 px, and its description", async ({ page }) => {
  await readThePage(page);
});

test("no-js smoke: the API's calls by area at 360 px, and its description", { tag: "@no-js" }, async ({ page }) => {
  await readThePage(page);
});
