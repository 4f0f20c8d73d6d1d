import { PASSWORD_RESET_MESSAGES as M } from "../../contract/password-reset";
import { expectAccessible } from "./support/axe";
import { expect, test } from "./support/test";

/**
 * Password recovery's screens in Chromium, on the end-to-end server, which has no SMTP_URL: "Forgot password?" on
 * the login page leads to the page saying email is not set up, and a link that was never sent says so and offers a
 * new one. The whole flow through a real SMTP server is a form test: tests/forms/password-reset.test.ts.
 */
test.describe("password recovery", () => {
  async function walk(page: import("@playwright/test").Page) {
    await page.goto("/choose-account");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot password");
    await expect(page.getByRole("status")).toHaveText(M.emailNotSetUp);
    await expect(page.getByRole("button", { name: "Send reset link" })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to login" }).click();
    await expect(page).toHaveURL(/\/choose-account$/);

    const response = await page.goto(`/reset-password/${"x".repeat(43)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set a new password");
    await expect(page.getByRole("alert")).toHaveText(M.linkInvalid);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  }

  test("leads from the login page to the forgot-password page and from a dead link back to it", async ({ page }) => {
    await walk(page);
  });

  test("walks the forgot-password and dead-link pages without JavaScript", { tag: "@no-js" }, async ({ page }) => {
    await walk(page);
  });
});
