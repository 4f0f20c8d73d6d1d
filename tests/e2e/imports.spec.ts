import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { IMPORT_COLUMNS, IMPORT_LABELS, IMPORT_MESSAGES, type ImportKind } from "../../contract/imports";
import { APP_MESSAGES, MESSAGES } from "../../contract/messages";
import { STUDENT_MESSAGES } from "../../contract/students";
import { sheetRows } from "../api/spreadsheets";
import { expectAccessible } from "./support/axe";
import {
  BULK_PARENTS_CHILD,
  everyKindOfBadRow,
  IMPORT_CASES,
  notASpreadsheet,
  UNNAMED_STUDENTS,
  xlsx,
  type ImportCase,
} from "./support/imports";
import { signedIn } from "./support/school";

/**
 * The three bulk import screens in Chromium. The `js` project drives the upload by XMLHttpRequest (with
 * its progress, the check opened without a reload); the `no-js` project runs the one smoke test tagged
 * `@no-js`, which walks the screens with JavaScript off (upload form → check page → confirm) and checks
 * each state with axe. The JS-off flows themselves are form tests: tests/forms/imports.test.ts. The test
 * files are made with SheetJS (tests/e2e/support/imports.ts).
 */

test.describe.configure({ timeout: 120_000 });

const toast = (page: Page) => page.getByTestId("toast");

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer } | null) {
  if (file) await page.getByLabel("Spreadsheet").setInputFiles(file);
  await page.getByRole("button", { name: "Check file" }).click();
}

for (const [kind, c] of Object.entries(IMPORT_CASES) as [ImportKind, ImportCase][]) {
  test(`${c.title}: template, a file with problems and its problem file, the fixed file imported, the list showing it`, async ({
    page,
    request,
  }) => {
    const admin = await signedIn(page, request, `Import ${kind}`);
    if (kind === "parents") {
      const res = await request.post(`/api/admin/${admin.account.uniqueId}/students`, {
        headers: { Authorization: `Bearer ${admin.token}` },
        data: { student_data: BULK_PARENTS_CHILD },
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
    const [template] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download template" }).click(),
    ]);
    expect(template.suggestedFilename()).toMatch(/template\.xlsx$/);
    const templateBytes = fs.readFileSync(await template.path());
    expect(
      sheetRows(
        templateBytes.buffer.slice(templateBytes.byteOffset, templateBytes.byteOffset + templateBytes.length),
      )[0],
    ).toEqual(IMPORT_COLUMNS[kind].map((col) => col.header));

    // No file, and a file that is not a spreadsheet whatever its name.
    await upload(page, null);
    await expect(page.getByText(MESSAGES.noFileSelected)).toBeVisible();
    await upload(page, notASpreadsheet());
    await expect(page.getByText(IMPORT_MESSAGES.notASpreadsheet)).toBeVisible();
    await expectAccessible(page);

    // A file with a bad row: the check lists it, nothing can be imported, the problem file has it.
    // The check opens without a page reload: what the page held survives.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await upload(page, xlsx("register.xlsx", c.bad));
    await expect(page).toHaveURL(new RegExp(`/admin/bulk-import/${kind}/[0-9a-f]{64}$`));
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    await expect(page.getByText("2 rows read. 1 row with problems.")).toBeVisible();
    const problem = page.getByRole("row").filter({ hasText: c.problem.message });
    await expect(problem.getByRole("cell").nth(0)).toHaveText("3");
    await expect(problem.getByRole("cell").nth(1)).toHaveText(c.problem.column);
    await expect(page.getByText(IMPORT_MESSAGES.hasProblems)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Import/ })).toHaveCount(0);
    await expectAccessible(page);
    const [problems] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download the rows with problems" }).click(),
    ]);
    expect(problems.suggestedFilename()).toBe("register - problems.xlsx");
    const problemBytes = fs.readFileSync(await problems.path());
    const back = sheetRows(
      problemBytes.buffer.slice(problemBytes.byteOffset, problemBytes.byteOffset + problemBytes.length),
    );
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

test("a student file with every kind of bad row lists each by row, column and the form's words; the mapping step", async ({
  page,
  request,
}) => {
  await signedIn(page, request, "Import rows");
  await page.goto("/admin/add-bulk-students");
  await upload(page, everyKindOfBadRow());
  for (const message of [STUDENT_MESSAGES.nameRequired, STUDENT_MESSAGES.classUnknown, APP_MESSAGES.invalidEmail]) {
    await expect(page.getByRole("cell", { name: message })).toBeVisible();
  }
  await expectAccessible(page);

  // The mapping step: the columns chosen check the file again, without a page reload.
  await page.goto("/admin/add-bulk-students");
  await upload(page, xlsx("unnamed.xlsx", UNNAMED_STUDENTS));
  await expect(page.getByRole("heading", { name: IMPORT_LABELS.mappingTitle })).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByLabel("Pupil Full Names").selectOption({ label: "Name" });
  await page.getByRole("button", { name: IMPORT_LABELS.useColumns }).click();
  await expect(page.getByText("1 row read. 1 row ready to import.")).toBeVisible();
  await expect(page.getByRole("heading", { name: IMPORT_LABELS.mappingTitle })).toHaveCount(0);
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  await page.getByRole("button", { name: "Import 1 row" }).click();
  await expect(toast(page)).toHaveText(IMPORT_MESSAGES.imported(1, "students"));
});

test(
  "no-js smoke: each upload screen from its list's menu, a refused file, the check with problems and ready, the import",
  { tag: "@no-js" },
  async ({ page, request }) => {
    await signedIn(page, request, "Import smoke");
    const c = IMPORT_CASES.students;

    // The lists' add menus are <details>: they open without JavaScript.
    for (const [kind, other] of Object.entries(IMPORT_CASES) as [ImportKind, ImportCase][]) {
      await page.goto(other.list);
      await page.getByLabel(`Add ${kind}`).click();
      await page.getByRole("link", { name: other.menu }).click();
      await expect(page.getByRole("heading", { level: 1, name: other.title })).toBeVisible();
      await expectAccessible(page);
    }

    await page.goto("/admin/add-bulk-students");
    await upload(page, notASpreadsheet());
    await expect(page.getByText(IMPORT_MESSAGES.notASpreadsheet)).toBeVisible();
    await expectAccessible(page);

    await upload(page, xlsx("register.xlsx", c.bad));
    await expect(page).toHaveURL(/\/admin\/bulk-import\/students\/[0-9a-f]{64}$/);
    await expect(page.getByText("2 rows read. 1 row with problems.")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Upload another file" }).click();
    await upload(page, xlsx("register fixed.xlsx", c.fixed));
    await expect(page.getByText("2 rows read. 2 rows ready to import.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Import 2 rows" }).click();
    await expect(page).toHaveURL(/\/admin\/students$/);
    await expect(toast(page)).toHaveText(IMPORT_MESSAGES.imported(2, "students"));
    await expectAccessible(page);
  },
);
