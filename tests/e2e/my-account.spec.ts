import type { Page } from "@playwright/test";
import { SESSION_MESSAGES as M } from "../../contract/sessions";
import { APP_MESSAGES } from "../../contract/messages";
import { expectAccessible } from "./support/axe";
import { signedIn } from "./support/school";
import { expect, test } from "./support/test";

/**
 * The main admin's account (/super-admin/profile) in Chromium: the devices signed in, ending the others, and a
 * refused password change, with and without JavaScript. Each behaviour is a form test:
 * tests/forms/my-account.test.ts.
 */
test.describe("my account", () => {
  async function walk(page: Page, request: import("@playwright/test").APIRequestContext) {
    const admin = await signedIn(page, request, "Account");
    await page.goto("/super-admin/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Account");
    const sessions = page.getByRole("list", { name: "Sessions" }).getByRole("listitem");
    await expect(sessions.filter({ hasText: "This device" })).toHaveCount(1);
    await expect(sessions).toHaveCount(2);
    await expectAccessible(page);

    await page.getByRole("button", { name: "End all other sessions" }).click();
    await expect(page.getByTestId("toast")).toHaveText(M.othersEnded);
    await expect(sessions).toHaveCount(1);
    expect(
      (
        await request.get(`/api/admin/${admin.account.uniqueId}/dashboard`, {
          headers: { Authorization: `Bearer ${admin.token}` },
        })
      ).status(),
    ).toBe(401);

    await page.goto("/super-admin/profile");
    await page.getByLabel("Current password").fill("not-the-password");
    await page.getByLabel("New password").fill("account-new-pass");
    await page.getByLabel("New password").press("Enter");
    await expect(page.getByText(APP_MESSAGES.wrongCurrentPassword)).toBeVisible();
    await expectAccessible(page);
  }

  test("ends the other sessions and refuses a wrong current password", async ({ page, request }) => {
    await walk(page, request);
  });

  test("walks My Account without JavaScript", { tag: "@no-js" }, async ({ page, request }) => {
    await walk(page, request);
  });
});
