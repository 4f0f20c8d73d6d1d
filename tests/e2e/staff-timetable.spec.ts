import { currentSession, currentTerm } from "../../contract/calendar";
import { STAFF_TIMETABLE_MESSAGES as M } from "../../contract/staff-area";
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/axe";
import { schoolWithTeacher, teacherLogIn } from "./support/staff";

/**
 * The teacher's timetable in Chromium. Without JavaScript at 360 px, tagged `@no-js`: the week's lessons across
 * classes and the PDF through the plain link, checked with axe. With JavaScript, the `js` smoke: the menu's
 * Timetable opened from the dashboard and the PDF downloaded. The behaviours are form tests over HTTP:
 * tests/forms/staff-timetable.test.ts.
 */

async function teacherWithLessons(page: Parameters<typeof schoolWithTeacher>[0], prefix: string) {
  const { admin, call, teacher } = await schoolWithTeacher(page, page.request, prefix);
  const now = new Date();
  for (const [className, day, subject] of [
    ["JSS1", "Monday", "Mathematics"],
    ["JSS2", "Tuesday", "Basic Science"],
  ]) {
    const timetable = await call("POST", "/timetables", {
      type: "Regular School Period",
      class: className,
      session: currentSession(now),
      term: currentTerm(now),
      venue: "Block A",
    });
    await call("POST", `/timetables/${timetable.id}/schedules`, {
      schedule_day: day,
      schedule_start_time: "08:00",
      schedule_end_time: "09:00",
      subject,
      venue: "",
      schedule_date: null,
      teacher: teacher.id,
    });
  }
  await page.context().clearCookies();
  await teacherLogIn(page, admin, teacher);
}

test("no-js smoke: the teacher's week across classes at 360 px and its PDF", { tag: "@no-js" }, async ({ page }) => {
  await teacherWithLessons(page, "TimetableNoJs");
  await page.goto("/staff/timetable");
  await expect(page.getByRole("heading", { level: 1, name: M.title })).toBeVisible();
  await expect(page.getByRole("list", { name: "Monday" })).toContainText("Mathematics · JSS1");
  await expect(page.getByRole("list", { name: "Tuesday" })).toContainText("Basic Science · JSS2");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: M.download }).click();
  expect((await download).suggestedFilename()).toBe("timetable-mrs-funke-bello.pdf");
});

test("js smoke: the menu's Timetable from the dashboard, then its PDF downloaded", async ({ page }) => {
  await teacherWithLessons(page, "TimetableJs");
  await page.goto("/staff/dashboard");
  // The phone's menu: opened, then its entry.
  await page.locator("summary", { hasText: "Menu" }).click();
  await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Timetable" }).click();
  await expect(page).toHaveURL(/\/staff\/timetable$/);
  await expect(page.getByRole("list", { name: "Monday" })).toContainText("Mathematics · JSS1");
  // The phone's menu stays open over the page after a scripted navigation: closed again.
  await page.locator("summary", { hasText: "Menu" }).click();
  await expectAccessible(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: M.download }).click();
  expect((await download).suggestedFilename()).toBe("timetable-mrs-funke-bello.pdf");
});
