import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { EXTRAS_MESSAGES as M } from "../../contract/report-extras";
import { expectAccessible } from "./support/axe";
import { addStudentsViaApi, signedIn } from "./support/school";

/**
 * The report sheet's other parts in Chromium. With JavaScript off at 360 px, tagged `@no-js`: the picker, each
 * student's block collapsed until opened, a refused rating and a save, checked with axe at each state. With
 * JavaScript, the `js` smoke: the picker sent as a choice is made, the forms sent by the page's script (no full reload: what is typed elsewhere on the
 * page stays), a refusal beside its field, a save and a remark added to the comment bank. The behaviours, message
 * by message, are form tests over HTTP: tests/forms/report-extras.test.ts.
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

test("js smoke: the picker opening the class as it is chosen, a refused rating beside it, a save and a remark added, without reloading the page", async ({
  page,
}) => {
  const admin = await signedIn(page, page.request, "ExtrasJs");
  expect(await addStudentsViaApi(page.request, admin.account, ["Female", "Male"])).toBe(true);
  await page.goto("/admin/results/extras");
  // A mark on the document: a full reload would lose it, a script's navigation keeps it.
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  // With JavaScript the picker needs no Show button: choosing the class opens its students.
  await expect(page.getByRole("button", { name: "Show" })).toHaveCount(0);
  await page.getByLabel("Class", { exact: true }).selectOption("JSS1");
  await expect(page).toHaveURL(/class=JSS1/);

  const pupil = page.getByRole("group", { name: "Pupil 1" });
  await page.locator("summary", { hasText: "Pupil 1" }).click();
  await pupil.getByLabel("Neatness (1–5)").fill("9");
  await pupil.getByLabel(M.teacherRemark).fill("Works hard");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(pupil.getByLabel("Neatness (1–5)")).toHaveAccessibleDescription(M.ratingInvalid);
  await expect(pupil.getByLabel(M.teacherRemark)).toHaveValue("Works hard");
  await expectAccessible(page);

  await pupil.getByLabel("Neatness (1–5)").fill("5");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toHaveText(M.saved);
  await page.locator("summary", { hasText: "Pupil 1" }).click();
  await expect(pupil.getByLabel("Neatness (1–5)")).toHaveValue("5");
  await expect(pupil.getByLabel(M.teacherRemark)).toHaveValue("Works hard");

  await page.getByLabel("Remark", { exact: true }).fill("A steady term");
  await page.getByRole("button", { name: "Add remark" }).click();
  await expect(page.getByRole("list", { name: M.commentBank }).getByText("A steady term")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  await expectAccessible(page);
});
