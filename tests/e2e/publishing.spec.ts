import type { Page } from "@playwright/test";
import { RESULTS_MESSAGES as M } from "../../contract/results";
import { expectAccessible } from "./support/axe";
import { signedIn, type Admin } from "./support/school";
import { expect, test } from "./support/test";

/**
 * Publishing results and the broadsheet in Chromium with JavaScript off, at a phone's 360 × 740: the one smoke
 * walk of the `no-js` project, each state checked with axe. Their behaviours, message by message, are form
 * tests over HTTP: tests/forms/publishing.test.ts.
 */

async function api<T>(page: Page, admin: Admin, method: "GET" | "POST" | "PUT", path: string, data?: unknown) {
  const response = await page.request.fetch(`/api/admin/${admin.account.uniqueId}${path}`, {
    method,
    headers: { Authorization: `Bearer ${admin.token}` },
    data,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).data as T;
}

test(
  "no-js smoke: publishing screen, its confirm page, a refused correction, and the class's broadsheet",
  { tag: "@no-js" },
  async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 360, height: 740 });
    const admin = await signedIn(page, page.request, "PublishSmoke");
    const subjects = ["Mathematics", "English Language", "Basic Science", "Civic Education", "Computer Studies"];
    await api(page, admin, "POST", "/school-settings", {
      school_settings: {
        sections: ["Junior Secondary"],
        classes: [{ class_name: "JSS1", section: "Junior Secondary", subjects }],
      },
    });
    const ids: number[] = [];
    for (const name of ["Chimamanda Adaeze Okonkwo-Nwachukwu", "Ada Obi", "Bello Musa"])
      ids.push(
        (
          await api<{ id: number }>(page, admin, "POST", "/students", {
            student_data: { name, selectedClass: "JSS1", gender: "Female", phone_number: "08031234567" },
          })
        ).id,
      );
    for (const [n, subject] of subjects.entries())
      await api(page, admin, "PUT", `/results/sheet?class=JSS1&subject=${encodeURIComponent(subject)}`, {
        rows: ids.map((id, i) => ({ student_id: id, scores: { "1st CA": 10 + i, "2nd CA": 12, Exam: 30 + n * 5 } })),
      });

    await page.goto("/super-admin/results");
    await expect(page.getByRole("heading", { level: 1, name: M.publishing })).toBeVisible();
    await expect(page.getByRole("list", { name: "Classes" })).toContainText(M.subjectsComplete(5, 5));
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("publishing-360.png"), fullPage: true });

    await page.getByRole("link", { name: M.publish, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: M.publishTitle("JSS1") })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: M.publish, exact: true }).click();
    await expect(page.getByTestId("toast")).toContainText(M.published("JSS1"));
    await expect(page.getByRole("list", { name: "Classes" })).toContainText(M.publishedVersion(1));
    await expectAccessible(page);

    await page.getByText(M.correction).click();
    await page.getByLabel("Subject").selectOption("Mathematics");
    await page.getByRole("button", { name: M.reopen }).click();
    await expect(page.getByLabel(M.reason)).toHaveAccessibleDescription(M.reasonRequired);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("correction-360.png"), fullPage: true });

    await page.getByRole("link", { name: M.broadsheet }).click();
    await expect(page.getByRole("heading", { level: 1, name: M.broadsheet })).toBeVisible();
    const table = page.getByRole("region", { name: M.totalsBySubject });
    await expect(table).toContainText("Chimamanda Adaeze Okonkwo-Nwachukwu");
    // The table scrolls inside its box: the page itself is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await table.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("broadsheet-360.png"), fullPage: true });
  },
);

test("with JavaScript, Publish asks in a dialog and the screen shows the new state", async ({ page }) => {
  const admin = await signedIn(page, page.request, "PublishDialog");
  await api(page, admin, "POST", "/school-settings", {
    school_settings: {
      sections: ["Junior Secondary"],
      classes: [{ class_name: "JSS1", section: "Junior Secondary", subjects: ["Mathematics"] }],
    },
  });
  await page.goto("/super-admin/results");
  await page.getByRole("link", { name: M.publish, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: M.publishTitle("JSS1") });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: M.publish, exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText(M.published("JSS1"));
  await expect(page).toHaveURL(/\/super-admin\/results\?/);
  await expect(page.getByRole("list", { name: "Classes" })).toContainText(M.publishedVersion(1));
});
