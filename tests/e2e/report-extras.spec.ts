import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { EXTRAS_MESSAGES as M } from "../../contract/report-extras";
import { expectAccessible } from "./support/axe";
import { addStudentsViaApi, signedIn } from "./support/school";

/**
 * The report sheet's other parts in Chromium at 360 px with JavaScript off, tagged `@no-js`: the picker, each
 * student's block collapsed until opened, a refused rating and a save, checked with axe at each state. The
 * behaviours, message by message, are form tests over HTTP: tests/forms/report-extras.test.ts.
 */

const toast = (page: Page) => page.getByTestId("toast");

async function fitsTheScreen(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

test(
  "no-js smoke: the picker, a student's block opened, a bad rating refused beside it, then saved",
  { tag: "@no-js" },
  async ({ page }) => {
    const admin = await signedIn(page, page.request, "ExtrasNoJs");
    expect(await addStudentsViaApi(page.request, admin.account, ["Female", "Male"])).toBe(true);
    await page.goto("/admin/results/extras");
    await expect(page.getByRole("heading", { level: 1, name: M.title })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Class", { exact: true }).selectOption("JSS1");
    await page.getByRole("button", { name: "Show" }).click();
    const pupil = page.getByRole("group", { name: "Pupil 1" });
    await expect(pupil.getByLabel("Neatness (1–5)")).toBeHidden();
    await fitsTheScreen(page);
    await expectAccessible(page);

    await page.locator("summary", { hasText: "Pupil 1" }).click();
    await pupil.getByLabel("Neatness (1–5)").fill("7");
    await pupil.getByLabel(M.teacherRemark).fill("A good term");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(pupil.getByLabel("Neatness (1–5)")).toHaveAccessibleDescription(M.ratingInvalid);
    await expect(pupil.getByLabel(M.teacherRemark)).toHaveValue("A good term");
    await fitsTheScreen(page);
    await expectAccessible(page);

    await pupil.getByLabel("Neatness (1–5)").fill("4");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toHaveText(M.saved);
    await page.locator("summary", { hasText: "Pupil 1" }).click();
    await expect(pupil.getByLabel("Neatness (1–5)")).toHaveValue("4");
    await page.screenshot({ path: test.info().outputPath("report-extras-360.png"), fullPage: true });
    await expectAccessible(page);
  },
);
