import type { APIRequestContext, Page } from "@playwright/test";
import { BULK_DECISION_MESSAGES as BULK } from "../../contract/admission-decisions";
import { NOTIFICATION_MESSAGES as M } from "../../contract/notifications";
import { expectAccessible } from "./support/axe";
import { signedIn, type Admin } from "./support/school";
import { expect, test } from "./support/test";

/**
 * The notification centre and /super-admin/admissions in Chromium, with and without JavaScript: the unread count
 * beside the menu entry, marking one and all as read, filtering every submission and approving the chosen one.
 * Each behaviour is a form test: tests/forms/notifications.test.ts.
 */
test.describe("notifications", () => {
  async function seed(request: APIRequestContext, admin: Admin) {
    const call = async (method: string, path: string, data?: unknown) => {
      const response = await request.fetch(`/api/admin/${admin.account.uniqueId}${path}`, {
        method,
        headers: { Authorization: `Bearer ${admin.token}` },
        data,
      });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return (await response.json()) as { data: { public_id: string } };
    };
    await call("POST", "/school-settings", {
      school_settings: {
        sections: ["Junior"],
        classes: [
          { class_name: "JSS1", section: "Junior", subjects: ["Mathematics"] },
          { class_name: "JSS2", section: "Junior", subjects: ["Mathematics"] },
        ],
      },
    });
    const form = await call("POST", "/create-admission-form", { title: "Entrance", amount: 0, status: "active" });
    for (const [firstName, className] of [
      ["Ada", "JSS1"],
      ["Bayo", "JSS2"],
    ]) {
      const applied = await request.post(`/api/public/admission-forms/${form.data.public_id}/submissions`, {
        multipart: {
          surname: "Okoro",
          firstName,
          dateOfBirth: "2013-05-01",
          gender: "Male",
          homeAddress: "3 Market Road, Aba",
          phoneNumber: "0803 111 2233",
          emailAddress: `${firstName.toLowerCase()}@example.ng`,
          classApplyingInto: className,
          parentName: "Mr. Okoro",
          relationshipToApplicant: "Father",
        },
      });
      expect(applied.status(), await applied.text()).toBe(201);
    }
  }

  async function walk(page: Page, request: APIRequestContext, js: boolean) {
    const admin = await signedIn(page, request, "Notices");
    await seed(request, admin);
    await page.goto("/admin/dashboard");
    // The count beside the entry, sent by the server and drawn by the stylesheet: read from the phone's menu.
    const entry = page.locator('nav[aria-label="Admin menu"] a[href="/notifications"]').first();
    await expect(entry).toHaveAttribute("data-badge", "2 unread");
    const menuButton = page.locator("summary", { hasText: "Menu" });
    await menuButton.click();
    await entry.click();
    // With JavaScript the page changes under the menu, which stays open: closed by hand.
    if (js) await menuButton.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(M.title);
    const items = page.getByRole("list", { name: M.title }).getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expectAccessible(page);

    await items.first().getByRole("button", { name: M.markRead }).click();
    await expect(page.getByTestId("toast")).toHaveText(M.markedRead);
    await expect(entry).toHaveAttribute("data-badge", "1 unread");
    await page.getByRole("button", { name: M.markAllRead }).click();
    await expect(page.getByTestId("toast")).toHaveText(M.allMarkedRead);
    await expect(entry).not.toHaveAttribute("data-badge");

    await page.goto("/super-admin/admissions");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(BULK.title);
    const rows = page.getByRole("list", { name: "Submissions" }).getByRole("listitem");
    await expect(rows).toHaveCount(2);
    await expectAccessible(page);
    // With JavaScript the filter applies as it changes; without, its button sends it.
    await page.getByLabel("Class").selectOption("JSS2");
    if (!js) await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/class=JSS2/);
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole("checkbox").check();
    await page.getByRole("button", { name: BULK.approveChosen }).click();
    await expect(page.getByTestId("toast")).toHaveText(BULK.approved(1));
    await expect(rows.first()).toContainText("Approved");
    await expectAccessible(page);
  }

  test("marks notifications read and approves a chosen submission", async ({ page, request }) => {
    await walk(page, request, true);
  });

  test("walks notifications and every submission without JavaScript", { tag: "@no-js" }, async ({ page, request }) => {
    await walk(page, request, false);
  });
});
