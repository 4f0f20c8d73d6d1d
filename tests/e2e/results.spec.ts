import type { Page } from "@playwright/test";
import { RESULTS_MESSAGES as M } from "../../contract/results";
import { expectAccessible } from "./support/axe";
import { signedIn, type Admin } from "./support/school";
import { expect, test } from "./support/test";

/**
 * Score entry in Chromium. The `js` test covers what scripts add to the grid: Enter and the arrow keys moving
 * between cells, a column pasted from a spreadsheet filling the cells below, and the total and grade following
 * what is typed. The `no-js` smoke walks pick → grid → a refused save → a save, checking each state with axe. The
 * JS-off behaviours one by one are form tests: tests/forms/results.test.ts.
 */

const SECTION = "Junior Secondary";

async function call(page: Page, admin: Admin, method: "POST" | "GET", path: string, data?: unknown) {
  const response = await page.request.fetch(`/api/admin/${admin.account.uniqueId}${path}`, {
    method,
    headers: { Authorization: `Bearer ${admin.token}` },
    data,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).data;
}

/** A school with JSS1 (three subjects) and three students in it. */
async function schoolWithClass(page: Page, prefix: string) {
  const admin = await signedIn(page, page.request, prefix);
  await call(page, admin, "POST", "/school-settings", {
    school_settings: {
      sections: [SECTION],
      classes: [
        { class_name: "JSS1", section: SECTION, subjects: ["Mathematics", "English Language", "Basic Science"] },
      ],
    },
  });
  for (const [name, admission] of [
    ["Uche Obi", "ADM/001"],
    ["Ada Eze", "ADM/002"],
    ["Chidi Nwosu", "ADM/003"],
  ])
    await call(page, admin, "POST", "/students", {
      student_data: { name, selectedClass: "JSS1", gender: "Female", phone_number: "0803 123 4567", admission },
    });
  return admin;
}

const cell = (page: Page, column: string, student: string) =>
  page.getByRole("textbox", { name: M.cellLabel(column, student), exact: true });
const row = (page: Page, student: string) => page.getByTestId("score-row").filter({ hasText: student });

test("the grid: Enter and arrows move between cells, a pasted column fills the cells below, totals follow typing", async ({
  page,
}) => {
  await schoolWithClass(page, "ResultsGrid");
  await page.goto("/admin/results?class=JSS1&subject=Mathematics");
  // The hint changes once the page's script runs: the keys work from then on.
  await expect(page.getByText(M.keyboardHint)).toBeVisible();

  await cell(page, "1st CA", "Ada Eze").fill("18");
  await expect(row(page, "Ada Eze").getByTestId("row-total")).toHaveText("18");
  await expect(row(page, "Ada Eze").getByTestId("row-grade")).toHaveText("F9");
  await page.keyboard.press("Enter");
  await expect(cell(page, "1st CA", "Chidi Nwosu")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(cell(page, "1st CA", "Uche Obi")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(cell(page, "1st CA", "Ada Eze")).toBeFocused();
  // The arrows leave a cell sideways only from the edge of what is typed in it.
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowRight");
  await expect(cell(page, "1st CA", "Ada Eze")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(cell(page, "2nd CA", "Ada Eze")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(cell(page, "1st CA", "Ada Eze")).toBeFocused();

  // A column copied from a spreadsheet, pasted into Ada's exam: her cell and the two below.
  await cell(page, "Exam", "Ada Eze").focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData("text/plain", "52\r\n47.5\r\n30\r\n");
    document.activeElement!.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(cell(page, "Exam", "Ada Eze")).toHaveValue("52");
  await expect(cell(page, "Exam", "Chidi Nwosu")).toHaveValue("47.5");
  await expect(cell(page, "Exam", "Uche Obi")).toHaveValue("30");
  await expect(row(page, "Ada Eze").getByTestId("row-total")).toHaveText("70");
  await expect(row(page, "Ada Eze").getByTestId("row-grade")).toHaveText("B2");
  await expect(row(page, "Chidi Nwosu").getByTestId("row-total")).toHaveText("47.5");
  await expect(row(page, "Chidi Nwosu").getByTestId("row-grade")).toHaveText("D7");
  await expectAccessible(page);

  await page.getByRole("button", { name: M.saveScores }).click();
  await expect(page.getByTestId("toast")).toHaveText(M.saved);
  await expect(row(page, "Ada Eze").getByTestId("row-position")).toHaveText("1st");
  await expect(row(page, "Uche Obi").getByTestId("row-position")).toHaveText("3rd");
  await expect(cell(page, "Exam", "Uche Obi")).toHaveValue("30");
});

test("no-js smoke: pick the sheet, a refused save, then a save", { tag: "@no-js" }, async ({ page }) => {
  await schoolWithClass(page, "ResultsSmoke");
  await page.goto("/admin/results");
  await expect(page.getByText(M.chooseClassFirst)).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel(M.classLabel).selectOption("JSS1");
  await page.getByRole("button", { name: M.show }).click();
  await expect(page.getByTestId("score-row")).toHaveCount(3);
  await expect(page.getByText(M.totalsAfterSave)).toBeVisible();
  await expectAccessible(page);

  await cell(page, "1st CA", "Ada Eze").fill("25");
  await cell(page, "Exam", "Ada Eze").fill("52");
  await page.getByRole("button", { name: M.saveScores }).click();
  await expect(cell(page, "1st CA", "Ada Eze")).toHaveAccessibleDescription(M.scoreAboveMax(20));
  await expect(cell(page, "Exam", "Ada Eze")).toHaveValue("52");
  await expectAccessible(page);

  await cell(page, "1st CA", "Ada Eze").fill("18");
  await page.getByRole("button", { name: M.saveScores }).click();
  await expect(page.getByTestId("toast")).toContainText(M.saved);
  await expect(row(page, "Ada Eze").getByTestId("row-total")).toHaveText("70");
  await expect(row(page, "Ada Eze").getByTestId("row-position")).toHaveText("1st");
  await expectAccessible(page);
});
