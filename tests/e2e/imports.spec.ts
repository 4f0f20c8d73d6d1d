import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { IMPORT_COLUMNS, IMPORT_MESSAGES, type ImportKind } from "../../contract/imports";
import { APP_MESSAGES, MESSAGES } from "../../contract/messages";
import { STUDENT_MESSAGES } from "../../contract/students";
import { sheetRows, xlsxBytes } from "../api/spreadsheets";
import { expectAccessible } from "./support/axe";
import { signedIn, withJs } from "./support/school";

/**
 * The three bulk import screens in both projects: `js` (upload by XMLHttpRequest with progress, the
 * check opened without a reload) and `no-js` (upload form → check page → confirm). Test files are made
 * here with SheetJS.
 */

test.describe.configure({ timeout: 120_000 });

const toast = (page: Page) => page.getByTestId("toast");
const xlsx = (name: string, rows: string[][]) => ({ name, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from(xlsxBytes(rows)) });

interface Case {
  list: string;
  menu: string;
  title: string;
  /** A file with one good row and one bad row, the bad row's problem, and the bad row fixed. */
  bad: string[][];
  problem: { column: string; message: string };
  fixed: string[][];
  /** What the list shows of the new rows. */
  shown: string[];
}

const CASES: Record<ImportKind, Case> = {
  students: {
    list: "/admin/students",
    menu: "Add Bulk Students",
    title: "Add Bulk Students",
    bad: [["Student Name", "Class", "Gender", "Phone Number", "Adm No"], ["Ifeoma Bulk", "JSS1", "Female", "0803 123 4567", "B/1"], ["Tunde Bulk", "JSS1", "Male", "12", "B/2"]],
    problem: { column: "Phone Number", message: APP_MESSAGES.invalidPhone },
    fixed: [["Student Name", "Class", "Gender", "Phone Number", "Adm No"], ["Ifeoma Bulk", "JSS1", "Female", "0803 123 4567", "B/1"], ["Tunde Bulk", "JSS1", "Male", "0803 123 4568", "B/2"]],
    shown: ["Ifeoma Bulk", "Tunde Bulk"],
  },
  parents: {
    list: "/admin/parents",
    menu: "Add Bulk Parents",
    title: "Add Bulk Parents",
    bad: [["Name", "Email", "Phone", "Children"], ["Mrs. Bulk Ade", "ade@bulk.ng", "0805 111 2222", "P/1"], ["Mr. Bulk Obi", "obi@bulk.ng", "0805 111 3333", "P/404"]],
    problem: { column: "Children", message: IMPORT_MESSAGES.unknownAdmission("P/404") },
    fixed: [["Name", "Email", "Phone", "Children"], ["Mrs. Bulk Ade", "ade@bulk.ng", "0805 111 2222", "P/1"], ["Mr. Bulk Obi", "obi@bulk.ng", "0805 111 3333", "P/1"]],
    shown: ["Mrs. Bulk Ade", "Mr. Bulk Obi"],
  },
  staff: {
    list: "/admin/staff",
    menu: "Add Bulk Staff",
    title: "Add Bulk Staff",
    bad: [["Name", "Email", "Phone", "Teaching Staff", "Form Class", "Subjects"], ["Mr. Bulk Bakare", "bakare@bulk.ng", "0806 111 2222", "Yes", "JSS1", "Mathematics"], ["Mrs. Bulk Ojo", "ojo@bulk.ng", "0806 111 3333", "Yes", "JSS1", ""]],
    problem: { column: "Form Class", message: IMPORT_MESSAGES.formClassInFile("JSS1", 2) },
    fixed: [["Name", "Email", "Phone", "Teaching Staff", "Form Class", "Subjects"], ["Mr. Bulk Bakare", "bakare@bulk.ng", "0806 111 2222", "Yes", "JSS1", "Mathematics"], ["Mrs. Bulk Ojo", "ojo@bulk.ng", "0806 111 3333", "Yes", "JSS2", ""]],
    shown: ["Mr. Bulk Bakare", "Mrs. Bulk Ojo"],
  },
};

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer } | null) {
  if (file) await page.getByLabel("Spreadsheet").setInputFiles(file);
  await page.getByRole("button", { name: "Check file" }).click();
}

for (const [kind, c] of Object.entries(CASES) as [ImportKind, Case][]) {
  test(`${c.title}: template, a file with problems and its problem file, the fixed file imported, the list showing it`, async ({ page, request }, info) => {
    const admin = await signedIn(page, request, `Import ${kind}`);
    if (kind === "parents") {
      const res = await request.post(`/api/admin/${admin.account.uniqueId}/students`, {
        headers: { Authorization: `Bearer ${admin.token}` },
        data: { student_data: { name: "Pupil Bulk", selectedClass: "JSS1", gender: "Female", phone_number: "0803 000 0000", admission: "P/1" } },
      });
      expect(res.status()).toBe(201);
    }

    // The list's menu leads to the screen.
    await page.goto(c.list);
    await page.getByLabel(`Add ${kind}`).click();
    await page.getByRole("link", { name: c.menu }).click();
    await expect(page.getByRole("heading", { level: 1, name: c.title })).toBeVisible();
    await expectAccessible(page);

    // The template: the kind's columns and an example row, and the explanations sheet.
    const [template] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download template" }).click()]);
    expect(template.suggestedFilename()).toMatch(/template\.xlsx$/);
    const templateBytes = fs.readFileSync(await template.path());
    expect(sheetRows(templateBytes.buffer.slice(templateBytes.byteOffset, templateBytes.byteOffset + templateBytes.length))[0]).toEqual(IMPORT_COLUMNS[kind].map((col) => col.header));

    // No file, and a file that is not a spreadsheet whatever its name.
    await upload(page, null);
    await expect(page.getByText(MESSAGES.noFileSelected)).toBeVisible();
    await upload(page, { name: "register.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from("name,class\nAda,JSS1\n") });
    await expect(page.getByText(MESSAGES.excelOnly)).toBeVisible();
    await expectAccessible(page);

    // A file with a bad row: the check lists it, nothing can be imported, the problem file has it.
    // With JavaScript the check opens without a page reload: what the page held survives.
    if (withJs(info)) await page.evaluate(() => Object.assign(window, { samePage: true }));
    await upload(page, xlsx("register.xlsx", c.bad));
    await expect(page).toHaveURL(new RegExp(`/admin/bulk-import/${kind}/[0-9a-f]{64}$`));
    if (withJs(info)) expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    await expect(page.getByText("2 rows read. 1 row with problems.")).toBeVisible();
    const problem = page.getByRole("row").filter({ hasText: c.problem.message });
    await expect(problem.getByRole("cell").nth(0)).toHaveText("3");
    await expect(problem.getByRole("cell").nth(1)).toHaveText(c.problem.column);
    await expect(page.getByText(IMPORT_MESSAGES.hasProblems)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Import/ })).toHaveCount(0);
    await expectAccessible(page);
    const [problems] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the rows with problems" }).click()]);
    expect(problems.suggestedFilename()).toBe("register - problems.xlsx");
    const problemBytes = fs.readFileSync(await problems.path());
    const back = sheetRows(problemBytes.buffer.slice(problemBytes.byteOffset, problemBytes.byteOffset + problemBytes.length));
    expect(back[0]).toEqual([...c.bad[0], "Problem"]);
    expect(back.slice(1)).toEqual([[...c.bad[2], `${c.problem.column}: ${c.problem.message}`]]);

    // The fixed file: 'Import 2 rows', then the list shows the new rows.
    await page.getByRole("link", { name: "Upload another file" }).click();
    await upload(page, xlsx("register fixed.xlsx", c.fixed));
    await expect(page.getByText("2 rows read. 2 rows ready to import.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Import 2 rows" }).click();
    await expect(page).toHaveURL(new RegExp(`${c.list}$`));
    await expect(toast(page)).toHaveText(IMPORT_MESSAGES.imported(2, kind));
    for (const name of c.shown) await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expectAccessible(page);

    // The same file again adds nothing, and says so.
    await page.goto(`/admin/add-bulk-${kind}`);
    await upload(page, xlsx("register fixed.xlsx", c.fixed));
    await expect(page.getByText(/This file was imported already/)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Import/ })).toHaveCount(0);
  });
}

test("a student file with every kind of bad row lists each by row, column and the form's words", async ({ page, request }) => {
  await signedIn(page, request, "Import rows");
  await page.goto("/admin/add-bulk-students");
  await upload(page, xlsx("bad.xlsx", [
    ["Name", "Class", "Gender", "Phone Number", "Email"],
    ["", "JSS1", "Male", "0803 123 4567", ""],
    ["Bad Class", "Primary 9", "Male", "0803 123 4567", ""],
    ["Bad Email", "JSS1", "Male", "0803 123 4567", "nope"],
  ]));
  for (const message of [STUDENT_MESSAGES.nameRequired, STUDENT_MESSAGES.classUnknown, APP_MESSAGES.invalidEmail]) {
    await expect(page.getByRole("cell", { name: message })).toBeVisible();
  }
  await expectAccessible(page);
});
