import { RESULTS_MESSAGES as M } from "../../contract/results";
import { STAFF_RESULTS_MESSAGES as S } from "../../contract/staff-area";
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/axe";
import { schoolWithTeacher, teacherLogIn } from "./support/staff";

/**
 * A teacher's results in Chromium. Without JavaScript at 360 px, tagged `@no-js`: their class and subject's score
 * grid, a score saved, checked with axe. With JavaScript, the `js` smoke: the total following what is typed and a
 * save without reloading the page. The behaviours are form tests over HTTP: tests/forms/staff-results.test.ts.
 */

async function teacherOfMaths(page: Parameters<typeof schoolWithTeacher>[0], prefix: string) {
  const { admin, teacher } = await schoolWithTeacher(page, page.request, prefix, [
    { class: "JSS1", subject: "Mathematics" },
  ]);
  await page.context().clearCookies();
  await teacherLogIn(page, admin, teacher);
  await page.goto("/staff/results");
  await expect(page.getByRole("heading", { level: 1, name: S.title })).toBeVisible();
  await expect(page.getByRole("navigation", { name: S.pairsLabel })).toContainText("Mathematics · JSS1");
}

test(
  "no-js smoke: the teacher's class and subject grid at 360 px, a score saved",
  { tag: "@no-js" },
  async ({ page }) => {
    await teacherOfMaths(page, "StaffResultsNoJs");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await page.getByRole("textbox", { name: M.cellLabel("Exam", "Pupil 1") }).fill("50");
    await page.getByRole("button", { name: M.saveScores }).click();
    await expect(page.getByTestId("toast")).toHaveText(M.saved);
    await expect(page.getByRole("textbox", { name: M.cellLabel("Exam", "Pupil 1") })).toHaveValue("50");
    await expectAccessible(page);
  },
);

test("js smoke: the teacher's grid totals what is typed and saves without reloading the page", async ({ page }) => {
  await teacherOfMaths(page, "StaffResultsJs");
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await page.getByRole("textbox", { name: M.cellLabel("Exam", "Pupil 1") }).fill("50");
  await page.getByRole("textbox", { name: M.cellLabel("1st CA", "Pupil 1") }).fill("10");
  await page.getByRole("button", { name: M.saveScores }).click();
  await expect(page.getByTestId("toast")).toHaveText(M.saved);
  await expect(page.getByRole("textbox", { name: M.cellLabel("Exam", "Pupil 1") })).toHaveValue("50");
  await expectAccessible(page);
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
});
