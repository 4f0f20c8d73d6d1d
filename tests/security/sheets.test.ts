import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  IMPORT_MAX_CELLS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportPreview,
} from "../../contract/imports";
import { read as readSpreadsheet, utils as sheetUtils } from "@e965/xlsx";
import { inflatingXlsxBytes, odsRepeatingBytes, sheetXmlBytes, xlsxFile } from "../api/spreadsheets";
import { peakDuring } from "../support/memory";
import { callApi, registerSchool, type School } from "./support/client";
import { DATABASE, runCleanups, startEnvironment, type Cleanups, type RunningServer } from "./support/server";

/**
 * Spreadsheets built to hurt, uploaded to the production build's import: files that unpack to far more
 * than they weigh, or pack a million rows, columns or cells into a few megabytes, are refused naming the
 * limit they break (never the time limit, which stays the last guard), and the server's memory, measured
 * from outside, stays within 200 MB above its resident size for one such file and 400 MB for two at once
 * (the reading pool runs at most two), as for a legitimate file of 10,000 rows; and a row holding data is
 * never dropped without a word, whatever range the sheet declares.
 */

const MB = 1024 * 1024;
/** What one file being read may cost above the server's resident memory before it; two at once, twice that. */
const ONE_FILE_MEMORY = 200 * MB;

const cell = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
const row = (r: number, values: string[]) =>
  `<row r="${r}">${values.map((v, j) => cell(`${String.fromCharCode(65 + j)}${r}`, v)).join("")}</row>`;
const header = row(1, ["Name", "Class", "Gender", "Phone Number"]);
const student = (r: number, name: string) => row(r, [name, "JSS1", "Female", "0803 123 4567"]);
const xlsx = (bytes: Uint8Array<ArrayBuffer>, name = "register.xlsx") => new File([bytes], name);
const csv = (text: string) => new File([new TextEncoder().encode(text)], "register.csv", { type: "text/csv" });
const above = (m: { before: number; peak: number }) => Math.round((m.peak - m.before) / MB);

describe(`hostile spreadsheets from outside on ${DATABASE}`, { timeout: 300_000 }, () => {
  const cleanups: Cleanups = [];
  let server: RunningServer;
  let school: School;

  beforeAll(async () => {
    ({ server } = await startEnvironment(cleanups, "sheets"));
    school = await registerSchool(server.base, "Hostile Sheets School");
  });
  afterAll(() => runCleanups(cleanups));

  const api = (method: string, path: string, body?: unknown) =>
    callApi(server.base, method, `/api/admin/${school.uniqueId}${path}`, school.token, body);
  async function upload(file: File) {
    const form = new FormData();
    form.set("file", file);
    const answer = await api("POST", "/imports/students", form);
    const body = answer.json() as { data?: ImportPreview; errors?: Record<string, string[]> };
    return { status: answer.status, errors: body.errors, preview: body.data };
  }
  const refusal = async (file: File) => {
    const { status, errors } = await upload(file);
    return [status, errors];
  };
  const students = async () => ((await api("GET", "/students")).json() as { data: { total: number } }).data.total;

  it("a row holding data far below the others is named with the cap, never dropped; one within the cap is imported", async () => {
    const far = xlsx(
      sheetXmlBytes(`${header}${student(2, "Ada Obi")}${student(3, "Bola Ade")}${student(20_000, "Chidi Eze")}`),
    );
    expect(await refusal(far)).toEqual([422, { file: [IMPORT_MESSAGES.rowPastLimit(20_000)] }]);
    expect(IMPORT_MESSAGES.rowPastLimit(20_000)).toContain("Row 20,000 is past the 10,000 rows");

    const within = await upload(
      xlsx(sheetXmlBytes(`${header}${student(2, "Ada Obi")}${student(3, "Bola Ade")}${student(900, "Chidi Eze")}`)),
    );
    expect(within.preview).toMatchObject({ rows: 3, to_add: 3, skipped_count: 896, problem_count: 0 });
    const before = await students();
    expect((await api("POST", `/imports/students/${within.preview!.token}/commit`)).status).toBe(200);
    expect(await students()).toBe(before + 3);
  });

  it("a declared range of a whole sheet (A1:XFD1048576) is ignored: only the rows holding data count", async () => {
    const formatted = xlsx(
      sheetXmlBytes(`${header}${student(2, "Ada Obi")}${student(3, "Bola Ade")}`, "A1:XFD1048576"),
    );
    expect((await upload(formatted)).preview).toMatchObject({ rows: 2, to_add: 2, skipped_count: 0 });
  });

  it("a 1.5 MB .xlsx whose sheet unpacks to 1.5 GB is refused naming the limit before anything is inflated, whatever size it declares; the server's memory stays bounded, one or two at once, as for a legitimate file of 10,000 rows", async () => {
    const pid = server.process.pid!;
    // 1.5 GB of spaces between the sheet's tags: deflate packs them about 1,000 to 1.
    const bomb = (declaredSize?: number) =>
      xlsx(inflatingXlsxBytes(" ".repeat(MB), 1_500, { declaredSize }), "bomb.xlsx");
    const honest = bomb();
    expect(honest.size).toBeLessThan(2 * MB);
    const lying = bomb(50_000);
    const refused = [422, { file: [IMPORT_MESSAGES.unpacksTooLarge] }];
    // Both reading threads' first file read, as on a running server.
    await Promise.all([upload(xlsxFile([["Name"], ["Ada"]])), upload(xlsxFile([["Name"], ["Bayo"]]))]);

    const one = await peakDuring(pid, () => refusal(honest));
    const oneLying = await peakDuring(pid, () => refusal(lying));
    const two = await peakDuring(pid, () => Promise.all([refusal(honest), refusal(lying)]));
    const rows = [
      ["Name", "Class", "Gender", "Phone Number"],
      ...Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => [`Student ${i}`, "JSS1", "Male", "0803 123 4567"]),
    ];
    const legitimate = await peakDuring(pid, () => upload(xlsxFile(rows)));

    expect(one.answer).toEqual(refused);
    expect(oneLying.answer).toEqual(refused);
    expect(two.answer).toEqual([refused, refused]);
    expect(legitimate.answer.preview).toMatchObject({ rows: IMPORT_MAX_ROWS, to_add: IMPORT_MAX_ROWS });
    console.info(
      `server memory above its resident size before: a 1.5 GB bomb +${above(one)} MB, declaring 50 KB +${above(oneLying)} MB, ` +
        `both at once +${above(two)} MB; a legitimate file of 10,000 rows +${above(legitimate)} MB`,
    );
    for (const m of [one, oneLying, legitimate]) expect(m.peak - m.before).toBeLessThan(ONE_FILE_MEMORY);
    expect(two.peak - two.before).toBeLessThan(2 * ONE_FILE_MEMORY);
  });

  /** 10,000 rows of 60 numbers: 600,000 cells in about 10 MB of XML, packed to a few megabytes. */
  function manyCells(): File {
    let k = 0;
    const rows = Array.from(
      { length: IMPORT_MAX_ROWS },
      (_, i) =>
        `<row r="${i + 1}">${Array.from({ length: 60 }, () => `<c><v>${(k++ * 7919) % 100_000}</v></c>`).join("")}</row>`,
    );
    return xlsx(sheetXmlBytes(rows.join("")), "cells.xlsx");
  }

  it.each<[string, () => File, string]>([
    [
      "an .ods whose one row is repeated a million times by one attribute",
      () => new File([odsRepeatingBytes([["Ada Obi", "JSS1", "Female", "0803 123 4567"]], 1_048_000)], "register.ods"),
      IMPORT_MESSAGES.rowPastLimit(IMPORT_MAX_ROWS + 22),
    ],
    [
      "a CSV of half a million short lines",
      () => csv(`Name,Class\n${"Ada,JSS1\n".repeat(500_000)}`),
      IMPORT_MESSAGES.rowPastLimit(IMPORT_MAX_ROWS + 22),
    ],
    [
      "a CSV whose second line has 2.5 million fields",
      () => csv(`Name,Class\n${"a,".repeat(2_500_000)}\n`),
      IMPORT_MESSAGES.tooManyColumns,
    ],
    [
      `an .xlsx of 600,000 cells, more than ${IMPORT_MAX_CELLS.toLocaleString("en-NG")}`,
      manyCells,
      IMPORT_MESSAGES.tooManyCells,
    ],
  ])(
    "%s is refused naming the limit it breaks, not the time limit, and the server's memory stays bounded",
    async (what, file, message) => {
      const hostile = file();
      expect(hostile.size).toBeLessThanOrEqual(5 * MB);
      const read = await peakDuring(server.process.pid!, () => refusal(hostile));
      expect(read.answer).toEqual([422, { file: [message] }]);
      expect(message).not.toBe(IMPORT_MESSAGES.unreadable);
      console.info(`server memory above its resident size before: ${what} +${above(read)} MB`);
      expect(read.peak - read.before).toBeLessThan(ONE_FILE_MEMORY);
    },
  );

  it(`10,000 rows reaching column XFD (16,384 columns) are refused naming the ${IMPORT_MAX_COLUMNS}-column cap`, async () => {
    const rows = Array.from(
      { length: IMPORT_MAX_ROWS },
      (_, i) => `<row r="${i + 2}">${cell(`A${i + 2}`, "Ada")}${cell(`XFD${i + 2}`, "x")}</row>`,
    );
    expect(await refusal(xlsx(sheetXmlBytes(`${header}${rows.join("")}`)))).toEqual([
      422,
      { file: [IMPORT_MESSAGES.tooManyColumns] },
    ]);
    // The server goes on reading files.
    expect(
      (
        await upload(
          xlsxFile([
            ["Name", "Class", "Gender", "Phone Number"],
            ["Ada Obi", "JSS1", "F", "08031234567"],
          ]),
        )
      ).preview,
    ).toMatchObject({ rows: 1 });
  });

  it("cells that would run as formulas come back as text in the problem file and the template, never as formulas", async () => {
    const hostile = ['=HYPERLINK("http://evil.example")', "+JSS1", "-2+3", "@SUM(1)"];
    const checked = await upload(
      xlsxFile([
        ["Name", "Class", "Gender", "Phone Number"],
        [hostile[0], hostile[1], "Male", hostile[3]],
        [hostile[2], "JSS1", "Robot", "0803 123 4567"],
      ]),
    );
    expect(checked.preview?.problem_count).toBeGreaterThan(0);
    const files = [`/imports/students/${checked.preview!.token}/problems`, "/imports/students/template"];
    for (const path of files) {
      const answer = await fetch(`${server.base}/api/admin/${school.uniqueId}${path}`, {
        headers: { Authorization: `Bearer ${school.token}` },
      });
      expect(answer.status, path).toBe(200);
      const book = readSpreadsheet(new Uint8Array(await answer.arrayBuffer()), { type: "array", dense: true });
      for (const name of book.SheetNames) {
        const cells = (book.Sheets[name]["!data"] ?? []).flat().filter(Boolean);
        expect(cells.filter((c) => c.f).length, `${path} ${name}`).toBe(0);
        for (const c of cells) expect(String(c.w ?? c.v ?? ""), `${path} ${name}`).not.toMatch(/^[=+\-@\t\r]/);
      }
      if (path.endsWith("/problems")) {
        const text = sheetUtils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
        // Each hostile value is there, kept, behind the mark that makes it text.
        for (const value of hostile) expect(text.flat(), path).toContain(`'${value}`);
      }
    }
  });
});
