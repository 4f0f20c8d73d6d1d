import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/axe";
import { logIn, registerSchoolViaApi } from "./support/school";

/**
 * Data saver in Chromium. The `js` project turns it on from a hydrated page and walks pages that then
 * arrive without scripts; the `no-js` project runs the one smoke test tagged `@no-js`. The JS-off flow
 * itself is a form test over HTTP: tests/forms/data-saver.test.ts.
 */

/** What the page's HTML makes the browser run: script elements and module preloads. */
async function scriptsIn(page: Page) {
  const html = (await page.request.get(page.url()).then((r) => r.text())) as string;
  return (html.match(/<script\b|rel="modulepreload"/g) ?? []).length;
}

test.describe("Data saver", () => {
  test("serves pages with no JavaScript, and everything still works", async ({ page }) => {
    const school = await registerSchoolViaApi(page.request, "Saver");
    await logIn(page, school);
    expect(await scriptsIn(page)).toBeGreaterThan(0);

    await page.goto("/admin/profile");
    const toggle = page.getByRole("button", { name: "Data saver: Off" }).last();
    await toggle.click();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(page.getByRole("button", { name: "Data saver: On" }).last()).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page);

    for (const path of [
      "/admin/profile",
      "/admin/dashboard",
      "/admin/students",
      "/admin/time-table",
      "/admin/settings",
    ]) {
      await page.goto(path);
      expect(await scriptsIn(page), `${path} sends scripts with data saver on`).toBe(0);
    }

    // A real action without scripts: the school's name is saved and the toast arrives with the next page.
    await page.goto("/admin/profile");
    await page.getByLabel("School Name").fill(`${school.schoolName} Annex`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Profile updated successfully!");
    await expect(page.getByLabel("School Name")).toHaveValue(`${school.schoolName} Annex`);
    expect(await scriptsIn(page)).toBe(0);

    // The switch in the shell's menu turns it off again.
    await page.goto("/admin/dashboard");
    const menu = page.locator("summary", { hasText: "Menu" });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole("button", { name: "Data saver: On" }).first().click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(await scriptsIn(page)).toBeGreaterThan(0);
  });

  test("only redirects within the site", async ({ page }) => {
    const response = await page.request.post("/data-saver", {
      form: { data_saver: "on", redirectTo: "//evil.example/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/admin/profile");
  });
});

test("no-js smoke: data saver on from the profile, off from the menu", { tag: "@no-js" }, async ({ page }) => {
  const school = await registerSchoolViaApi(page.request, "SaverSmoke");
  await logIn(page, school);
  await page.goto("/admin/profile");
  await page.getByRole("button", { name: "Data saver: Off" }).last().click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByRole("button", { name: "Data saver: On" }).last()).toHaveAttribute("aria-pressed", "true");
  expect(await scriptsIn(page)).toBe(0);
  await expectAccessible(page);

  await page.goto("/admin/dashboard");
  await page.locator("summary", { hasText: "Menu" }).click();
  await page.getByRole("button", { name: "Data saver: On" }).first().click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(await scriptsIn(page)).toBeGreaterThan(0);
});
