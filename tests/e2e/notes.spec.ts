import { ASSIGNMENT_MESSAGES as A } from "../../contract/assignments";
import { NOTE_MESSAGES as M } from "../../contract/notes";
import { TEACHING_FILE_MESSAGES as T } from "../../contract/teaching-files";
import { pdfBytes } from "../api/file-samples";
import { shiftDay, TODAY } from "./support/calendar";
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/axe";
import { schoolWithTeacher, teacherLogIn } from "./support/staff";

/**
 * A teacher's notes and assignments in Chromium. Without JavaScript at 360 px, tagged `@no-js`: a lesson note
 * uploaded, an assignment set with an attachment and its print page, each checked with axe. With JavaScript, the
 * `js` smoke: the upload sent without reloading the page and a note deleted through the dialog. The behaviours are
 * form tests over HTTP: tests/forms/notes.test.ts and tests/forms/assignments.test.ts.
 */

const lessonPdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: pdfBytes(2000) });

async function teacherOfMaths(page: Parameters<typeof schoolWithTeacher>[0], prefix: string) {
  const { admin, teacher } = await schoolWithTeacher(page, page.request, prefix, [
    { class: "JSS1", subject: "Mathematics" },
  ]);
  await page.context().clearCookies();
  await teacherLogIn(page, admin, teacher);
}

async function uploadNote(page: Parameters<typeof schoolWithTeacher>[0], name: string) {
  await page.getByLabel(T.pairLabel).selectOption({ label: "Mathematics · JSS1" });
  await page.getByLabel(M.weekField).selectOption({ label: "Week 2" });
  await page.getByLabel(M.fileField).setInputFiles(lessonPdf(name));
  await page.getByRole("button", { name: M.upload }).click();
  await expect(page.getByTestId("toast")).toHaveText(M.uploaded);
  await expect(page.getByRole("list", { name: M.listLabel })).toContainText(name);
}

test(
  "no-js smoke: a note uploaded and an assignment set and printed at 360 px",
  { tag: "@no-js" },
  async ({ page }) => {
    await teacherOfMaths(page, "StaffNotesNoJs");
    await page.goto("/staff/notes");
    await expectAccessible(page);
    await uploadNote(page, "Week 2 Fractions.pdf");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);

    await page.goto("/staff/assignments/new");
    await expectAccessible(page);
    await page.getByLabel(T.pairLabel).selectOption({ label: "Mathematics · JSS1" });
    await page.getByLabel(A.titleLabel).fill("Exercise 4B");
    await page.getByLabel(A.instructionsLabel).fill("Answer every question on page 42.");
    await page.getByLabel(A.dueDateLabel).fill(shiftDay(TODAY, 5));
    await page.getByLabel(A.filesLabel).setInputFiles(lessonPdf("Worked example.pdf"));
    await page.getByRole("button", { name: A.save }).click();
    await expect(page.getByTestId("toast")).toHaveText(A.created);
    await expect(page.getByRole("list", { name: A.listLabel })).toContainText("Worked example.pdf");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await page.getByRole("link", { name: A.print }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Exercise 4B" })).toBeVisible();
    await expectAccessible(page);
  },
);

test("js smoke: a note uploaded without reloading the page, and deleted through the dialog", async ({ page }) => {
  await teacherOfMaths(page, "StaffNotesJs");
  await page.goto("/staff/notes");
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await uploadNote(page, "Week 2 Decimals.pdf");
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  await page.getByRole("link", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Week 2 Decimals.pdf");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast")).toHaveText(M.deleted);
  await expect(page.getByText(M.noNotes)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
});
