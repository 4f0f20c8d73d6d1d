import { beforeAll, describe, expect, it } from "vitest";
import { IMPORT_COLUMNS, IMPORT_LABELS, IMPORT_MESSAGES } from "../../contract/imports";
import { APP_MESSAGES, MESSAGES } from "../../contract/messages";
import { STUDENT_MESSAGES } from "../../contract/students";
import { sheetRows } from "../api/spreadsheets";
import {
  BULK_PARENTS_CHILD,
  everyKindOfBadRow,
  IMPORT_CASES,
  MESSY_STUDENTS,
  notASpreadsheet,
  sheetUpload,
  UNNAMED_STUDENTS,
  xlsx,
} from "../e2e/support/imports";
import type { Page, UploadFile } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";

/**
 * The three bulk import screens with JavaScript off: the upload form posts the file and lands on the
 * check's page, whose 'Import N rows' form imports it; the template and the file of rows with problems
 * are plain download links. One school for the file: each kind imports rows of its own.
 */

let admin: Admin;

beforeAll(async () => {
  admin = await registerSchool("ImportsForms");
  const child = await admin.api("POST", "/students", { student_data: BULK_PARENTS_CHILD });
  expect(child.status, JSON.stringify(child.body)).toBe(201);
});

/** Sends the upload form with `file` chosen (none: the file input left empty). */
const upload = (page: Page, file?: UploadFile) => {
  const form = page.form({ button: "Check file" });
  if (file) form.attach("Spreadsheet", file);
  return form.submit("Check file");
};
const sheet = (bytes: Buffer) =>
  sheetRows(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);

/** A kind's whole import: its screen from the list's menu, the template, refusals, problems, the import. */
async function importFlow(kind: keyof typeof IMPORT_CASES) {
  const c = IMPORT_CASES[kind];
  const browser = await signedIn(admin);

  // The list's menu leads to the screen.
  const screen = await (await browser.goto(c.list)).follow(c.menu);
  expect(screen.heading()).toBe(c.title);

  // The template: the kind's columns and an example row, and the explanations sheet.
  const template = await screen.follow("Download template");
  expect(template.status).toBe(200);
  expect(template.filename).toMatch(/template\.xlsx$/);
  expect(sheet(template.bytes!)[0]).toEqual(IMPORT_COLUMNS[kind].map((col) => col.header));

  // No file, and a file that is not a spreadsheet whatever its name: refused beside the file field.
  let page = await upload(screen);
  expect(page.path).toBe(screen.path);
  expect(page.status).toBe(400);
  expect(page.field("Spreadsheet").description).toContain(MESSAGES.noFileSelected);
  page = await upload(page, notASpreadsheet());
  expect(page.status).toBe(422);
  expect(page.field("Spreadsheet").description).toContain(IMPORT_MESSAGES.notASpreadsheet);

  // A file with a bad row: the check lists it, nothing can be imported, the problem file has it.
  page = await upload(page, xlsx("register.xlsx", c.bad));
  expect(page.path).toMatch(new RegExp(`^/admin/bulk-import/${kind}/[0-9a-f]{64}$`));
  expect(page.text()).toContain("2 rows read. 1 row with problems.");
  expect(page.tableRows().filter((cells) => cells.includes(c.problem.message))).toEqual([
    ["3", c.problem.column, c.problem.message],
  ]);
  expect(page.text()).toContain(IMPORT_MESSAGES.hasProblems);
  expect(page.buttons(/^Import/)).toHaveLength(0);
  const problems = await page.follow("Download the rows with problems");
  expect(problems.filename).toBe("register - problems.xlsx");
  const back = sheet(problems.bytes!);
  expect(back[0]).toEqual([...c.bad[0], "Problem"]);
  expect(back.slice(1)).toEqual([[...c.bad[2], `${c.problem.column}: ${c.problem.message}`]]);

  // The fixed file: 'Import 2 rows', then the list shows the new rows.
  page = await page.follow("Upload another file");
  expect(page.path).toBe(screen.path);
  page = await upload(page, xlsx("register fixed.xlsx", c.fixed));
  expect(page.text()).toContain("2 rows read. 2 rows ready to import.");
  page = await page.press("Import 2 rows");
  expect(page.path).toBe(c.list);
  expect(page.toast()).toBe(IMPORT_MESSAGES.imported(2, kind));
  for (const name of c.shown) expect(page.listItems(c.listName).some((item) => item.includes(name))).toBe(true);

  // The same file again adds nothing, and says so.
  page = await upload(await browser.goto(screen.path), xlsx("register fixed.xlsx", c.fixed));
  expect(page.text()).toMatch(/This file was imported already/);
  expect(page.buttons(/^Import/)).toHaveLength(0);
}

describe("bulk import without JavaScript", () => {
  it("Add Bulk Students: template, a file with problems and its problem file, the fixed file imported, the list showing it", () =>
    importFlow("students"));
  it("Add Bulk Parents: template, a file with problems and its problem file, the fixed file imported, the list showing it", () =>
    importFlow("parents"));
  it("Add Bulk Staff: template, a file with problems and its problem file, the fixed file imported, the list showing it", () =>
    importFlow("staff"));

  it("a student file with every kind of bad row lists each by row, column and the form's words", async () => {
    const browser = await signedIn(admin);
    const page = await upload(await browser.goto("/admin/add-bulk-students"), everyKindOfBadRow());
    const cells = page.tableRows().flat();
    for (const message of [STUDENT_MESSAGES.nameRequired, STUDENT_MESSAGES.classUnknown, APP_MESSAGES.invalidEmail])
      expect(cells).toContain(message);
  });

  it("a student list as kept by hand (CSV from Excel on Windows): the header row, the name's parts, the values read and the rows skipped are shown, then imported", async () => {
    const browser = await signedIn(admin);
    let page = await upload(
      await browser.goto("/admin/add-bulk-students"),
      await sheetUpload("csv-windows-1252", MESSY_STUDENTS, "kept"),
    );
    expect(page.text()).toContain("2 rows read. 2 rows ready to import.");
    expect(page.text()).toContain(IMPORT_LABELS.headerRow(3));
    expect(page.text()).toContain(IMPORT_LABELS.joined(["SURNAME", "FIRST NAME"]));
    expect(page.tableRows()).toEqual(
      expect.arrayContaining([
        ["Class", "jss 1", "JSS1", "4"],
        ["Gender", "F", "Female", "4"],
        ["Phone Number", "8031234567", "08031234567", "4"],
        ["Class", "J.S.S. 2", "JSS2", "6"],
        ["Gender", "M", "Male", "6"],
      ]),
    );
    expect(page.text()).toContain("Row 5: blank");
    expect(page.text()).toContain("Row 7: a totals line");
    page = await page.press("Import 2 rows");
    expect(page.toast()).toBe(IMPORT_MESSAGES.imported(2, "students"));
    expect(page.listItems("Students").some((item) => item.includes("Okoro Adaeze"))).toBe(true);
  });

  it("the mapping step: a select per unmatched column; one field twice is refused beside the column with the choices kept; the choice checks the file again and is kept for the next file", async () => {
    const browser = await signedIn(admin);
    let page = await upload(await browser.goto("/admin/add-bulk-students"), xlsx("unnamed.xlsx", UNNAMED_STUDENTS));
    expect(page.text()).toContain(IMPORT_LABELS.mappingTitle);
    expect(page.text()).toContain("Missing columns: Name.");
    expect(page.field("Pupil Full Names").value).toBe("");
    const checkPath = page.path;

    page = await page
      .form({ button: IMPORT_LABELS.useColumns })
      .select("Pupil Full Names", "name")
      .select("Hobby", "name")
      .submit(IMPORT_LABELS.useColumns);
    expect(page.status).toBe(400);
    expect(page.path).toBe(checkPath);
    expect(page.field("Hobby").description).toContain(IMPORT_MESSAGES.mappingTwice("Hobby"));
    expect(page.field("Pupil Full Names").value).toBe("name");
    expect(page.field("Hobby").value).toBe("name");

    page = await page
      .form({ button: IMPORT_LABELS.useColumns })
      .select("Hobby", IMPORT_LABELS.ignore)
      .submit(IMPORT_LABELS.useColumns);
    expect(page.path).not.toBe(checkPath);
    expect(page.text()).toContain("1 row read. 1 row ready to import.");
    expect(page.text()).toContain("Columns not imported (not known): Hobby.");
    expect(page.text()).not.toContain(IMPORT_LABELS.mappingTitle);

    // The school's next file with these headers is read with its choice.
    const next = await upload(
      await browser.goto("/admin/add-bulk-students"),
      xlsx("unnamed again.xlsx", [UNNAMED_STUDENTS[0], ["Bola Mapped", "JSS2", "M", "0803 555 0002", ""]]),
    );
    expect(next.text()).toContain("1 row read. 1 row ready to import.");
    expect(next.text()).not.toContain(IMPORT_LABELS.mappingTitle);
    page = await page.press("Import 1 row");
    expect(page.toast()).toBe(IMPORT_MESSAGES.imported(1, "students"));
  });
});
