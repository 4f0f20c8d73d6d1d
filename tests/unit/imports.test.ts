import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { IMPORT_MESSAGES } from "../../contract/imports";
import { headerKey, IMPORT_COLUMNS, matchHeaders } from "../../contract/imports";
import {
  keepSpreadsheetWorkerReady,
  readFirstSheet,
  SPREADSHEET_RETRY_AFTER_SECONDS,
  SpreadsheetPool,
  spreadsheetPool,
  SpreadsheetsBusy,
  writeWorkbook,
} from "../../api/lib/spreadsheet";
import { checkZip, isZip } from "../../api/lib/zip-limits";
import { inflatingXlsxBytes, passwordProtectedBytes, sheetRows, xlsxBytes, zipBombBytes } from "../api/spreadsheets";

describe("matchHeaders", () => {
  it("takes the template's headers, whatever their case and spacing", () => {
    const headers = IMPORT_COLUMNS.students.map((c) => `  ${c.header.toUpperCase()} `);
    expect(matchHeaders("students", headers)).toEqual({
      fields: IMPORT_COLUMNS.students.map((c) => c.field),
      unknown: [],
      missing: [],
      joined: [],
    });
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
      joined: [],
    });
  });

  it("each kind has its own synonyms", () => {
    expect(matchHeaders("parents", ["Parent Name", "Wards"]).fields).toEqual(["name", "children"]);
    expect(matchHeaders("staff", ["Designation", "Form Teacher", "Teacher"]).fields).toEqual([
      "position",
      "form_teacher",
      "is_teaching_staff",
    ]);
  });

  it("no two fields of a kind share a header or synonym", () => {
    for (const columns of Object.values(IMPORT_COLUMNS)) {
      const keys = columns.flatMap((c) =>
        [c.header, c.field, ...c.synonyms].map(headerKey).filter((k, i, all) => all.indexOf(k) === i),
      );
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

  it("reads the first sheet only, its first row apart, as text, blank rows kept empty so that rows keep their numbers", async () => {
    const book = xlsxBytes([["Name", "Phone"], ["Ada", 8031234567], [], ["Bayo", "0803"]], "xlsx", [
      [["Other"], ["ignored"]],
    ]);
    const sha256 = createHash("sha256").update(book).digest("hex");
    expect(await readFirstSheet(file("a.xlsx", book), 10)).toEqual({
      ok: true,
      sha256,
      firstRow: 1,
      headers: ["Name", "Phone"],
      rows: [["Ada", "8031234567"], [], ["Bayo", "0803"]],
      rowsJson: JSON.stringify([["Ada", "8031234567"], [], ["Bayo", "0803"]]),
    });
  });

  it("refuses a sheet without rows, more rows than the cap, a password and bytes that are no workbook", async () => {
    expect(await readFirstSheet(file("b.xlsx", xlsxBytes([["Name"]])), 10)).toEqual({ ok: false, reason: "empty" });
    expect(await readFirstSheet(file("c.xlsx", xlsxBytes([["Name"], ["a"], ["b"], ["c"]])), 2)).toEqual({
      ok: false,
      reason: "rowPastLimit",
      row: 4,
    });
    expect(await readFirstSheet(file("d.xlsx", passwordProtectedBytes()), 10)).toEqual({
      ok: false,
      reason: "password",
    });
    expect((await readFirstSheet(file("e.xls", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3])), 10)).ok).toBe(false);
  });

  it("gives up on a file it cannot read in time, and the process goes on", async () => {
    const rows = [["Name"], ...Array.from({ length: 5000 }, (_, i) => [`Row ${i}`])];
    expect(await readFirstSheet(file("f.xlsx", xlsxBytes(rows)), 10_000, 1)).toEqual({
      ok: false,
      reason: "unreadable",
    });
    expect((await readFirstSheet(file("g.xlsx", xlsxBytes(rows)), 10_000)).ok).toBe(true);
  });

  it("writes a workbook that reads back", async () => {
    const bytes = await writeWorkbook([
      {
        name: "One",
        rows: [
          ["a", "b"],
          ["1", "2"],
        ],
      },
    ]);
    expect(sheetRows(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)).toEqual(
      [
        ["a", "b"],
        ["1", "2"],
      ],
    );
  });

  it("workers kept for the next file read it as a new one would, and one ended for time spoils no other", async () => {
    keepSpreadsheetWorkerReady();
    const small = file("h.xlsx", xlsxBytes([["Name"], ["Ada"]]));
    const slow = file("i.xlsx", xlsxBytes([["Name"], ...Array.from({ length: 5000 }, (_, i) => [`Row ${i}`])]));
    const reads = await Promise.all([
      readFirstSheet(small, 10),
      readFirstSheet(slow, 10_000, 1),
      readFirstSheet(small, 10),
    ]);
    expect(reads.map((r) => (r.ok ? r.rows.length : r.reason))).toEqual([1, "unreadable", 1]);
    expect(await readFirstSheet(small, 10)).toMatchObject({ ok: true, rows: [["Ada"]] });
    const bytes = await writeWorkbook([{ name: "Two", rows: [["x"]] }]);
    expect(sheetRows(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)).toEqual(
      [["x"]],
    );
  });
});

describe("checkZip", () => {
  const limits = { totalBytes: 4 * 1024 * 1024, entryBytes: 3 * 1024 * 1024, ratio: 200, ratioFromBytes: 1024 * 1024 };
  const legitimate = xlsxBytes([["Name"], ...Array.from({ length: 2000 }, (_, i) => [`Pupil ${i}`])]);

  it("takes a spreadsheet within the limits", async () => {
    expect(isZip(legitimate)).toBe(true);
    expect(await checkZip(legitimate, limits)).toBe("ok");
  });

  it("refuses what an entry declares or really unpacks to past a limit, and past the ratio", async () => {
    const spaces = (mb: number, declaredSize?: number) =>
      inflatingXlsxBytes(" ".repeat(1024 * 1024), mb, { declaredSize });
    expect(await checkZip(spaces(5), limits)).toBe("tooLarge");
    expect(await checkZip(spaces(5, 1000), limits)).toBe("tooLarge");
    // 2 MB of spaces: within the sizes, but packed about 1,000 to 1.
    expect(await checkZip(spaces(2, 1000), limits)).toBe("tooLarge");
    expect(await checkZip(spaces(2), { ...limits, ratio: 2000 })).toBe("ok");
  });

  it("refuses an archive cut short, its directory lost or pointing past its end", async () => {
    expect(await checkZip(legitimate.subarray(0, legitimate.length - 30), limits)).toBe("invalid");
    expect(await checkZip(legitimate.subarray(0, legitimate.length / 2), limits)).toBe("invalid");
  });
});

describe("the spreadsheet pool", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pool-"));
  const pools: SpreadsheetPool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const file = (name: string, bytes: Uint8Array) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, bytes);
    return p;
  };
  const pool = (options: ConstructorParameters<typeof SpreadsheetPool>[0]) => {
    const made = new SpreadsheetPool(options);
    pools.push(made);
    return made;
  };
  const small = () => file(`small-${Math.random()}.xlsx`, xlsxBytes([["Name"], ["Ada"]]));

  it("the server's pool: two threads at most, four files waiting, one warm thread", () => {
    expect(spreadsheetPool().options).toEqual({
      threads: 2,
      queue: 4,
      filesPerThread: 100,
      idleMs: 30_000,
      heapMb: 96,
    });
    expect(spreadsheetPool().size).toBeLessThanOrEqual(2);
  });

  it("refuses a file past its threads and queue with 503 and Retry-After, and reads the ones it took", async () => {
    const p = pool({ threads: 1, queue: 1, filesPerThread: 100, idleMs: 1000, heapMb: 256 });
    const slow = file("slow.xlsx", zipBombBytes(20_000));
    const taken = [p.read(slow, 100_000), p.read(slow, 100_000)];
    const refused = await p.read(slow, 100_000).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(SpreadsheetsBusy);
    expect(refused).toMatchObject({
      status: 503,
      message: IMPORT_MESSAGES.busy,
      headers: { "Retry-After": String(SPREADSHEET_RETRY_AFTER_SECONDS) },
    });
    expect((await Promise.all(taken)).map((r) => r.ok)).toEqual([true, true]);
    expect(p.peakThreads).toBe(1);
    // Room again once they are answered.
    expect((await p.read(small(), 10)).ok).toBe(true);
  });

  it("counts a file's time from when its thread starts it, not while it waits", async () => {
    const p = pool({ threads: 1, queue: 2, filesPerThread: 100, idleMs: 1000, heapMb: 256 });
    await p.read(small(), 10);
    const slow = file("slow.xlsx", zipBombBytes(50_000));
    const start = performance.now();
    const first = p.read(slow, 100_000).then((r) => ({ r, ms: performance.now() - start }));
    const waiting = p.read(small(), 10, 200);
    const [done, queued] = await Promise.all([first, waiting]);
    expect(done.r.ok).toBe(true);
    // The second file waited longer than its own limit, and was read all the same.
    expect(done.ms).toBeGreaterThan(200);
    expect(queued).toMatchObject({ ok: true, rows: [["Ada"]] });
  });

  it("replaces a thread after its share of files, and never holds more threads than allowed", async () => {
    const p = pool({ threads: 1, queue: 4, filesPerThread: 2, idleMs: 1000, heapMb: 256 });
    for (let i = 0; i < 3; i++) expect((await p.read(small(), 10)).ok).toBe(true);
    expect(p.threadsStarted).toBe(2);
    const reads = await Promise.all([p.read(small(), 10), p.read(small(), 10)]);
    expect(reads.every((r) => r.ok)).toBe(true);
    expect(p.threadsStarted).toBe(3);
    expect(p.peakThreads).toBe(1);
  });

  it("a thread out of memory is ended, its file refused, and the next file read by a new one", async () => {
    // A small heap, so that a zip bomb within the row, column and cell limits reaches it quickly; the server's
    // threads have 96 MB.
    const p = pool({ threads: 1, queue: 1, filesPerThread: 100, idleMs: 1000, heapMb: 32 });
    await p.read(small(), 10);
    const before = p.threadsStarted;
    const bomb = file("bomb.xlsx", zipBombBytes(60_000));
    expect(fs.statSync(bomb).size).toBeLessThan(4 * 1024 * 1024);
    expect(await p.read(bomb, 1_000_000, 60_000)).toEqual({ ok: false, reason: "unreadable" });
    expect(await p.read(small(), 10)).toMatchObject({ ok: true, rows: [["Ada"]] });
    expect(p.threadsStarted).toBe(before + 1);
    expect(p.peakThreads).toBe(1);
  }, 60_000);
});
