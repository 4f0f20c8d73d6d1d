import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { formatDate } from "../../contract/calendar";
import { ATTENDANCE_MESSAGES as M } from "../../contract/attendance";
import { expectAccessible } from "./support/axe";
import { RECENT_SCHOOL_DAY, shiftDay, weekdayFrom } from "./support/calendar";
import { schoolWithTeacher, teacherLogIn } from "./support/staff";

/**
 * The attendance register in Chromium. Without JavaScript at 360 px, tagged `@no-js`: the form teacher signs in,
 * opens the register, marks a student absent with a note and saves, checked with axe at each state. With
 * JavaScript, the `js` smoke: the admin's copy under the students list, the picker sent as the date is chosen, a
 * save and its toast without reloading the page. The behaviours, message by message, are form tests over HTTP:
 * tests/forms/attendance.test.ts.
 */

const toast = (page: Page) => page.getByTestId("toast");

test(
  "no-js smoke: the form teacher opens the register, marks a student absent with a note and saves it",
  { tag: "@no-js" },
  async ({ page }) => {
    const { admin, teacher } = await schoolWithTeacher(page, page.request, "RegisterNoJs");
    await teacherLogIn(page, admin, teacher);
    await page.goto(`/staff/attendance?date=${RECENT_SCHOOL_DAY}`);
    await expect(page.getByRole("heading", { level: 1, name: M.title })).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: `JSS1 · ${formatDate(RECENT_SCHOOL_DAY)}` }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);

    const pupil = page.getByRole("group", { name: "Pupil 1" });
    await expect(pupil.getByLabel("Present")).toBeChecked();
    await pupil.getByLabel("Absent").check();
    await pupil.getByLabel(M.noteLabel).fill("Malaria");
    await page.getByRole("button", { name: M.save }).click();
    await expect(toast(page)).toHaveText(M.saved);
    await expect(pupil.getByLabel("Absent")).toBeChecked();
    await expect(pupil.getByLabel(M.noteLabel)).toHaveValue("Malaria");
    await expect(page.getByTestId("register-status")).toContainText(M.takenBy("Mrs. Funke Bello"));
    await page.screenshot({ path: test.info().outputPath("attendance-360.png"), fullPage: true });
    await expectAccessible(page);
  },
);

test("js smoke: the admin's register from the students list, the day chosen and a save, without reloading the page", async ({
  page,
}) => {
  await schoolWithTeacher(page, page.request, "RegisterJs");
  await page.goto("/admin/students?class=JSS1");
  await page.getByRole("link", { name: M.registerLink }).click();
  await expect(page).toHaveURL(/\/admin\/students\/attendance\?class=JSS1$/);
  // A mark on the document: a full reload would lose it, a script's navigation keeps it.
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await expect(page.getByRole("button", { name: M.show })).toHaveCount(0);
  // The school day before: a correction, the picker sent as it changes.
  const day = weekdayFrom(shiftDay(RECENT_SCHOOL_DAY, -1), -1);
  await page.getByLabel(M.dateLabel).fill(day);
  await expect(page).toHaveURL(new RegExp(`date=${day}`));
  const pupil = page.getByRole("group", { name: "Pupil 2" });
  await pupil.getByLabel("Late").check();
  await page.getByRole("button", { name: M.save }).click();
  await expect(toast(page)).toHaveText(M.saved);
  await expect(pupil.getByLabel("Late")).toBeChecked();
  await expect(page.getByTestId("register-status")).toContainText(M.takenBy("Main admin"));
  await expectAccessible(page);
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
});
