import { read, utils } from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../contract/access";
import type { Paginated } from "../../contract/http";
import { IMPORT_MESSAGES } from "../../contract/imports";
import { RESULTS_MESSAGES as M, type ScoreSheet } from "../../contract/results";
import { SCORE_UPLOAD_WORDS as W } from "../../contract/score-upload";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";
import { csvText, xlsxFile } from "./spreadsheets";

/**
 * Scores from a spreadsheet: the template of a class and subject's sheet read back, and its upload: every problem
 * named by row and column with nothing saved, or every row saved as the sheet's own save saves it.
 */
describe(`score upload API on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  const { call, get } = schoolCalls(() => api);
  const SESSION = "2025/2026";
  const TERM = "1st Term";
  const SECTION = "Junior Secondary";
  const FORMULA_NAME = "=HYPERLINK(A1)";
  const HEADERS = ["Admission No.", "Name", "1st CA (20)", "2nd CA (20)", "Exam (60)"];
  const query = (subject = "Mathematics", className = "JSS1", result = "terminal") =>
    new URLSearchParams({ class: className, subject, term: TERM, year: SESSION, result }).toString();
  const sheet = (s: RegisteredSchool, subject = "Mathematics") =>
    get<ScoreSheet>(s, `/results/sheet?${query(subject)}`);
  const scoresOf = async (s: RegisteredSchool, subject = "Mathematics") =>
    Object.fromEntries((await sheet(s, subject)).rows.map((r) => [r.name, r.scores]));

  async function upload(s: RegisteredSchool, file: File, q = query(), uniqueId = s.uniqueId) {
    const form = new FormData();
    form.set("file", file);
    const res = await api.fetch(`/api/admin/${uniqueId}/results/sheet/upload?${q}`, {
      method: "POST",
      headers: s.auth,
      body: form,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked by the tests
    return { status: res.status, body: (await res.json()) as any };
  }
  const uploadRows = (s: RegisteredSchool, rows: (string | number)[][], q?: string) =>
    upload(s, xlsxFile([HEADERS, ...rows], "scores.xlsx"), q);

  async function addStudent(s: RegisteredSchool, name: string, className: string, admission: string) {
    const res = await call(s, "POST", "/students", {
      student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567", admission },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return Number(res.body.data.id);
  }

  beforeAll(async () => {
    api = await startApi();
    api.clock.now = new Date("2026-01-15T09:30:00Z");
    [school, other] = await Promise.all([registerSchool(api), registerSchool(api)]);
    for (const s of [school, other]) {
      const res = await call(s, "POST", "/school-settings", {
        school_settings: {
          sections: [SECTION],
          classes: ["JSS1", "JSS2"].map((class_name) => ({
            class_name,
            section: SECTION,
            subjects: ["Mathematics", "English Language", "Basic Science"],
          })),
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await addStudent(school, "Ada Eze", "JSS1", "ADM/1");
    await addStudent(school, "Bola Ade", "JSS1", "ADM/2");
    await addStudent(school, FORMULA_NAME, "JSS1", "-ADM/3");
    await addStudent(school, "Kemi Ade", "JSS2", "ADM/4");
    await addStudent(other, "Other Pupil", "JSS1", "OTH/1");
    const saved = await call(school, "PUT", `/results/sheet?${query()}`, {
      rows: [
        {
          student_id: (await sheet(school)).rows.find((r) => r.name === "Bola Ade")!.student_id,
          scores: { "1st CA": 15, Exam: 40 },
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(() => api.close());

  it("gives a template of the sheet: the headings with maxima, each student with the stored scores, text never a formula", async () => {
    const res = await api.fetch(`/api/admin/${school.uniqueId}/results/sheet/template?${query()}`, {
      headers: school.auth,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="scores-Mathematics-JSS1-1st-Term-2025-2026\.xlsx"/,
    );
    const book = read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellFormula: true });
    const ws = book.Sheets[book.SheetNames[0]];
    const rows = utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: null });
    const expected: Record<string, unknown[]> = {
      "Ada Eze": ["ADM/1", "Ada Eze", null, null, null],
      "Bola Ade": ["ADM/2", "Bola Ade", 15, null, 40],
      [FORMULA_NAME]: ["'-ADM/3", `'${FORMULA_NAME}`, null, null, null],
    };
    // The grid's rows, in its order.
    expect(rows).toEqual([HEADERS, ...(await sheet(school)).rows.map((r) => expected[r.name])]);
    for (const c of Object.keys(ws).filter((k) => !k.startsWith("!"))) expect(ws[c].f, c).toBeUndefined();

    const midTerm = await api.fetch(
      `/api/admin/${school.uniqueId}/results/sheet/template?${query("English Language", "JSS1", "mid_term")}`,
      { headers: school.auth },
    );
    const midRows = utils.sheet_to_json<unknown[]>(
      read(new Uint8Array(await midTerm.arrayBuffer()), { type: "array" }).Sheets.Scores,
      { header: 1, raw: true, defval: null },
    );
    expect(midRows[0]).toEqual([
      "Admission No.",
      "Name",
      ...(await get<ScoreSheet>(school, `/results/sheet?${query("English Language", "JSS1", "mid_term")}`)).columns.map(
        (c) => `${c.name} (${c.max})`,
      ),
    ]);
  });

  it("saves a filled-in template as the sheet's save does: blank cells not taken, students not in the file kept", async () => {
    const template = await api.fetch(`/api/admin/${school.uniqueId}/results/sheet/template?${query("Basic Science")}`, {
      headers: school.auth,
    });
    const rows = utils.sheet_to_json<(string | number)[]>(
      read(new Uint8Array(await template.arrayBuffer()), { type: "array" }).Sheets.Scores,
      { header: 1, raw: true, defval: "" },
    );
    const at = (name: string) => rows.findIndex((r) => String(r[1]).includes(name));
    rows[at("Ada Eze")].splice(2, 3, 18, 17.5, 55);
    rows[at("HYPERLINK")].splice(2, 3, 10, "", "");
    rows.splice(at("Bola Ade"), 1);
    const res = await upload(school, xlsxFile(rows, "basic science.xlsx"), query("Basic Science"));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(W.uploaded(2));
    const saved = res.body.data as ScoreSheet;
    expect(Object.fromEntries(saved.rows.map((r) => [r.name, [r.scores, r.total, r.position]]))).toEqual({
      "Ada Eze": [{ "1st CA": 18, "2nd CA": 17.5, Exam: 55 }, 90.5, 1],
      "Bola Ade": [{ "1st CA": null, "2nd CA": null, Exam: null }, null, null],
      [FORMULA_NAME]: [{ "1st CA": 10, "2nd CA": null, Exam: null }, 10, 2],
    });
    const audit = await get<Paginated<AuditEntry>>(school, "/audit-log?kind=import");
    expect(audit.data.map((e) => e.summary)).toContain(
      `Saved the Basic Science scores of 2 students of JSS1, ${TERM} ${SESSION} from a spreadsheet`,
    );

    // A row all blank removes the student's scores; a title above the headers and a CSV are read too.
    const csv = csvText([["Basic Science scores"], [], ["Adm No", "1st CA", "2nd CA", "Exam"], ["-ADM/3", "", "", ""]]);
    const again = await upload(school, new File([csv], "scores.csv", { type: "text/csv" }), query("Basic Science"));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await scoresOf(school, "Basic Science"))[FORMULA_NAME]).toEqual({
      "1st CA": null,
      "2nd CA": null,
      Exam: null,
    });
    expect((await scoresOf(school, "Basic Science"))["Ada Eze"]).toEqual({ "1st CA": 18, "2nd CA": 17.5, Exam: 55 });
  });

  it("names every problem by row and column and saves nothing", async () => {
    const before = await scoresOf(school);
    const res = await uploadRows(school, [
      ["ADM/1", "Ada Eze", 21, -1, "abc"],
      ["ADM/9", "Nobody", 10, 10, 10],
      ["ADM/4", "Kemi Ade", 10, 10, 10],
      ["ADM/2", "Bola Ade", 12.345, "", 30],
      ["ADM/1", "Ada again", 1, 1, 1],
      ["", "No Number", 5, "", ""],
      ["-ADM/3", FORMULA_NAME, 20, 20, 60],
    ]);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(W.hasProblems);
    expect(res.body.errors.rows).toEqual([
      "Row 2, 1st CA (20): A score cannot be above 20",
      "Row 2, 2nd CA (20): A score cannot be below 0",
      "Row 2, Exam (60): Enter a number, or leave it blank",
      "Row 3, Admission No.: No student of this school has admission number ADM/9",
      `Row 4, Admission No.: ${M.studentNotInClass}`,
      `Row 5, 1st CA (20): ${M.scoreDecimals}`,
      "Row 6, Admission No.: Same Admission No. as row 2",
      "Row 7, Admission No.: Admission No. is required",
    ]);
    expect(res.body.data.problems[0]).toEqual({ row: 2, column: "1st CA (20)", message: M.scoreAboveMax(20) });
    expect(await scoresOf(school)).toEqual(before);
  });

  it("refuses a file it cannot read or that lacks a column, beside the file", async () => {
    const missing = await upload(
      school,
      xlsxFile([
        ["Admission No.", "Name", "Exam (60)"],
        ["ADM/1", "Ada", 50],
      ]),
    );
    expect(missing.status).toBe(422);
    expect(missing.body.errors.file).toEqual([
      IMPORT_MESSAGES.missingColumn("1st CA (20)"),
      IMPORT_MESSAGES.missingColumn("2nd CA (20)"),
    ]);
    const noAdmission = await upload(
      school,
      xlsxFile([
        ["Name", "1st CA", "2nd CA", "Exam"],
        ["Ada", 1, 1, 1],
      ]),
    );
    expect(noAdmission.body.errors.file).toEqual([IMPORT_MESSAGES.missingColumn("Admission No.")]);
    const notSheet = await upload(
      school,
      new File(["%PDF-1.4 not a sheet"], "scores.pdf", { type: "application/pdf" }),
    );
    expect(notSheet.status).toBe(422);
    expect(notSheet.body.errors.file).toEqual([IMPORT_MESSAGES.notASpreadsheet]);
    const form = new FormData();
    const none = await api.fetch(`/api/admin/${school.uniqueId}/results/sheet/upload?${query()}`, {
      method: "POST",
      headers: school.auth,
      body: form,
    });
    expect(none.status).toBe(422);
  });

  it("refuses an upload while the class's result is published, with the sheet's message", async () => {
    const published = await call(school, "POST", "/results/publication", {
      class: "JSS2",
      term: TERM,
      session: SESSION,
      result: "terminal",
      published: true,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const res = await uploadRows(school, [["ADM/4", "Kemi Ade", 10, 10, 10]], query("Mathematics", "JSS2"));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.locked("JSS2"));
    const kemi = (await get<ScoreSheet>(school, `/results/sheet?${query("Mathematics", "JSS2")}`)).rows[0];
    expect(kemi.total).toBeNull();
  });

  it("keeps schools apart: another school's address is 404, and its admission numbers are none of this school's", async () => {
    const theirs = await upload(other, xlsxFile([HEADERS, ["ADM/1", "Ada Eze", 1, 1, 1]]), query(), school.uniqueId);
    expect(theirs.status).toBe(404);
    const template = await api.fetch(`/api/admin/${school.uniqueId}/results/sheet/template?${query()}`, {
      headers: other.auth,
    });
    expect(template.status).toBe(404);
    const own = await uploadRows(other, [["ADM/1", "Ada Eze", 1, 1, 1]]);
    expect(own.status).toBe(422);
    expect(own.body.errors.rows).toEqual([
      "Row 2, Admission No.: No student of this school has admission number ADM/1",
    ]);
    expect((await scoresOf(school))["Ada Eze"]).toEqual({ "1st CA": null, "2nd CA": null, Exam: null });
    const unknownClass = await uploadRows(other, [["OTH/1", "Other Pupil", 1, 1, 1]], query("Mathematics", "SS9"));
    expect(unknownClass.status).toBe(422);
    expect(unknownClass.body.errors.class).toEqual([M.classUnknown]);
  });
});
