import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/axe";
import { addStudentsViaApi, signedIn, type Admin } from "./support/school";

/**
 * The end of a term and of a session in Chromium at 360 px. The `js` project promotes and undoes through the confirm dialogs;
 * the `no-js` project walks from the students list to the promotion page and its confirm page with scripts off.
 * Each behaviour (messages, the double submit, the undo's refusal) is a form test: tests/forms/promotion.test.ts and
 * tests/forms/term-rollover.test.ts, and the API's rules are tests/api/promotion.test.ts and term-rollover.test.ts.
 */

const toast = (page: Page) => page.getByTestId("toast");

/** Puts the school in the 1st Term of 2025/2026 through its settings, whatever the month. */
async function inFirstTerm(page: Page, admin: Admin) {
  const address = `/api/admin/${admin.account.uniqueId}/school-settings`;
  const headers = { Authorization: `Bearer ${admin.token}` };
  const { data } = (await (await page.request.get(address, { headers })).json()) as {
    data: { report_sheet: object; other_settings: object };
  };
  const saved = await page.request.post(address, {
    headers,
    data: {
      school_settings: {
        report_sheet: { ...data.report_sheet, current_term: "1st Term" },
        other_settings: { ...data.other_settings, current_session: "2025/2026" },
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test("ends the 1st Term through its confirm dialog", async ({ page, request }) => {
  const admin = await signedIn(page, request, "TermJs");
  await inFirstTerm(page, admin);
  await page.goto("/admin/students/promotion");
  await expect(page.getByText("The school is in 1st Term of 2025/2026.")).toBeVisible();
  await page.getByRole("link", { name: "End 1st Term" }).click();
  const dialog = page.getByRole("dialog", { name: "End 1st Term" });
  await expect(dialog).toContainText("shows on their 2nd Term bill as arrears");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "End 1st Term" }).click();
  await expect(toast(page)).toContainText("1st Term ended: the school is in 2nd Term of 2025/2026");
  await expect(page.getByText("The school is in 2nd Term of 2025/2026.")).toBeVisible();
});

test(
  "no-js smoke: the promotion page's end of the term, its confirm page and the next term",
  { tag: "@no-js" },
  async ({ page, request }) => {
    const admin = await signedIn(page, request, "TermNoJs");
    await inFirstTerm(page, admin);
    await page.goto("/admin/students/promotion");
    await page.getByRole("link", { name: "End 1st Term" }).click();
    await expect(page).toHaveURL(/\/admin\/students\/promotion\/term$/);
    await expect(page.getByRole("heading", { level: 1, name: "End 1st Term of 2025/2026?" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "End 1st Term" }).click();
    await expect(page).toHaveURL(/\/admin\/students\/promotion$/);
    await expect(toast(page)).toContainText("1st Term ended: the school is in 2nd Term of 2025/2026");
    await expect(page.getByRole("link", { name: "End 2nd Term" })).toBeVisible();
  },
);

test("promotes through the confirm dialog, then undoes through its own", async ({ page, request }) => {
  const admin = await signedIn(page, request, "PromotionJs");
  expect(await addStudentsViaApi(page.request, admin.account, ["Female", "Male"])).toBe(true);
  await page.goto("/admin/students/promotion");
  await expect(page.getByRole("heading", { level: 1, name: "Promote Students" })).toBeVisible();

  await page.getByRole("link", { name: "Promote students" }).click();
  const dialog = page.getByRole("dialog", { name: "Promote students" });
  await expect(dialog).toContainText("2 students move up, 0 stay in their class and 0 graduate");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Promote students" }).click();
  await expect(toast(page)).toContainText("2 promoted, 0 kept back, 0 graduated");
  await expect(page.getByRole("heading", { name: "Last promotion" })).toBeVisible();

  await page.getByRole("link", { name: "Undo promotion" }).click();
  const undo = page.getByRole("dialog", { name: "Undo promotion" });
  await undo.getByRole("button", { name: "Undo promotion" }).click();
  await expect(toast(page)).toContainText("Promotion undone");
  await expect(page.getByRole("heading", { name: "Last promotion" })).toHaveCount(0);
});

test(
  "no-js smoke: the students list to the promotion page, its confirm page and the promotion",
  { tag: "@no-js" },
  async ({ page, request }) => {
    const admin = await signedIn(page, request, "PromotionNoJs");
    expect(await addStudentsViaApi(page.request, admin.account, ["Female"])).toBe(true);
    await page.goto("/admin/students");
    await page.getByRole("link", { name: "Promote Students" }).click();
    await expect(page).toHaveURL(/\/admin\/students\/promotion$/);
    await expect(page.getByRole("row", { name: "JSS1 1 JSS2" })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Promote students" }).click();
    await expect(page).toHaveURL(/\/admin\/students\/promotion\/confirm\??$/);
    await expect(page.getByText("1 students move up")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Promote students" }).click();
    await expect(page).toHaveURL(/\/admin\/students\/promotion$/);
    await expect(toast(page)).toContainText("1 promoted, 0 kept back, 0 graduated");
    await expect(page.getByRole("link", { name: "Undo promotion" })).toBeVisible();
  },
);
