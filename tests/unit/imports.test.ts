import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { headerKey, IMPORT_COLUMNS, matchHeaders } from "../../contract/imports";
import { keepSpreadsheetWorkerReady, readFirstSheet, writeWorkbook } from "../../api/lib/spreadsheet";
import { passwordProtectedBytes, sheetRows, xlsxBytes } from "../api/spreadsheets";

describe("matchHeaders", () => {
  it("takes the template's headers, whatever their case and spacing", () => {
    const headers = IMPORT_COLUMNS.students.map((c) => `  ${c.header.toUpperCase()} `);
    expect(matchHeaders("students", headers)).toEqual({ fields: IMPORT_COLUMNS.students.map((c) => c.field), unknown: [], missing: [] });
  });

  it.each([
    ["Student Name", "name"],
    ["Full Name", "name"],
    ["Adm No", "admission"],
    ["Adm. No.", "admission"],
    ["admission_no", "admission"],
    ["SEX", "gender"],
    ["Phone No", "phone_number"],
    ["GSM", "phone_number"],
    ["E-mail", "email"],
    ["phone_number", "phone_number"],
  ])("'%s' fills %s", (header, field) => {
    expect(matchHeaders("students", [header]).fields).toEqual([field]);
  });

  it("names unknown columns and a second column for the same field, and the required columns missing", () => {
    expect(matchHeaders("students", ["Name", "Full Name", "Favourite Colour", "", "Class"])).toEqual({
      fields: ["name", null, null, null, "selectedClass"],
      unknown: ["Full Name", "Favourite Colour"],
      missing: ["Gender", "Phone Number"],
    });
  });

  it("each kind has its own synonyms", () => {
    expect(matchHeaders("parents", ["Parent Name", "Wards"]).fields).toEqual(["name", "children"]);
    expect(matchHeaders("staff", ["Designation", "Form Teacher", "Teaching"]).fields).toEqual(["position", "form_teacher", "is_teaching_staff"]);
  });

  it("no two fields of a kind share a header or synonym", () => {
    for (const columns of Object.values(IMPORT_COLUMNS)) {
      const keys = columns.flatMap((c) => [c.header, c.field, ...c.synonyms].map(headerKey).filter((k, i, all) => all.indexOf(k) === i));
      expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    }
  });
});

describe("readFirstSheet (in a worker)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sheet-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, bytes: Uint8Array) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, bytes);
    return p;
  };

  it("reads the first sheet only, headers apart, as text, blank rows dropped", async () => {
    const book = xlsxBytes([["Name", "Phone"], ["Ada", 8031234567], [], ["Bayo", "0803"]], "xlsx", [[["Other"], ["ignored"]]]);
    const sha256 = createHash("sha256").update(book).digest("hex");
    expect(await readFirstSheet(file("a.xlsx", book), 10)).toEqual({ ok: true, sha256, headers: ["Name", "Phone"], rows: [["Ada", "8031234567"], ["Bayo", "0803"]], rowsJson: JSON.stringify([["Ada", "8031234567"], ["Bayo", "0803"]]) });
  });

  it("refuses a sheet without rows, more rows than the cap, a password and bytes that are no workbook", async () => {
    expect(await readFirstSheet(file("b.xlsx", xlsxBytes([["Name"]])), 10)).toEqual({ ok: false, reason: "empty" });
    expect(await readFirstSheet(file("c.xlsx", xlsxBytes([["Name"], ["a"], ["b"], ["c"]])), 2)).toEqual({ ok: false, reason: "tooManyRows" });
    expect(await readFirstSheet(file("d.xlsx", passwordProtectedBytes()), 10)).toEqual({ ok: false, reason: "password" });
    expect((await readFirstSheet(file("e.xls", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3])), 10)).ok).toBe(false);
  });

  it("gives up on a file it cannot read in time, and the process goes on", async () => {
    const rows = [["Name"], ...Array.from({ length: 5000 }, (_, i) => [`Row ${i}`])];
    expect(await readFirstSheet(file("f.xlsx", xlsxBytes(rows)), 10_000, 1)).toEqual({ ok: false, reason: "unreadable" });
    expect((await readFirstSheet(file("g.xlsx", xlsxBytes(rows)), 10_000)).ok).toBe(true);
  });

  it("writes a workbook that reads back", async () => {
    const bytes = await writeWorkbook([{ name: "One", rows: [["a", "b"], ["1", "2"]] }]);
    expect(sheetRows(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)).toEqual([["a", "b"], ["1", "2"]]);
  });

  it("workers kept for the next file read it as a new one would, and one ended for time spoils no other", async () => {
    keepSpreadsheetWorkerReady();
    const small = file("h.xlsx", xlsxBytes([["Name"], ["Ada"]]));
    const slow = file("i.xlsx", xlsxBytes([["Name"], ...Array.from({ length: 5000 }, (_, i) => [`Row ${i}`])]));
    const reads = await Promise.all([readFirstSheet(small, 10), readFirstSheet(slow, 10_000, 1), readFirstSheet(small, 10)]);
    expect(reads.map((r) => (r.ok ? r.rows.length : r.reason))).toEqual([1, "unreadable", 1]);
    expect(await readFirstSheet(small, 10)).toMatchObject({ ok: true, rows: [["Ada"]] });
    const bytes = await writeWorkbook([{ name: "Two", rows: [["x"]] }]);
    expect(sheetRows(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)).toEqual([["x"]]);
  });
});
