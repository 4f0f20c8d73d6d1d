import { read, utils } from "@e965/xlsx";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUMULATIVE_MESSAGES as C, RESULTS_MESSAGES as M, type Broadsheet } from "../../contract/results";
import type { SchoolSettings } from "../../contract/settings";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/**
 * The 3rd term's cumulative columns (contract/grading.ts `annualResults`): each subject's 1st, 2nd and 3rd term
 * totals and annual average, each student's annual average and position, on the broadsheet (JSON and .xlsx) and the
 * report card; none in the 1st and 2nd terms or in a mid-term result.
 */
describe(`cumulative columns API on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  const { base, call, get } = schoolCalls(() => api);
  const SESSION = "2025/2026";
  const SECTION = "Junior Secondary";
  const SUBJECTS = ["Mathematics", "English Language", "Basic Science"];
  const MANY = Array.from({ length: 15 }, (_, i) => `Subject ${String(i + 1).padStart(2, "0")}`);
  const ids: Record<string, number> = {};
  const query = (term: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({ class: "JSS1", term, year: SESSION, ...extra }).toString();

  /** A total as scores in the three columns (1st CA 20, 2nd CA 20, Exam 60). */
  const scoresOf = (total: number) => {
    const exam = Math.min(60, total - 20);
    return { "1st CA": (total - exam) / 2, "2nd CA": (total - exam) / 2, Exam: exam };
  };
  async function save(className: string, subject: string, term: string, totals: [string, number][]) {
    const res = await call(
      school,
      "PUT",
      `/results/sheet?${new URLSearchParams({ class: className, subject, term, year: SESSION })}`,
      { rows: totals.map(([name, total]) => ({ student_id: ids[name], scores: scoresOf(total) })) },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  async function setTies(position_ties: "standard" | "dense") {
    const settings = await get<SchoolSettings>(school, "/school-settings");
    const res = await call(school, "POST", "/school-settings", {
      school_settings: { report_sheet: { ...settings.report_sheet, position_ties } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  async function pdfText(path: string) {
    const res = await api.fetch(`${base(school)}${path}`, { headers: school.auth });
    expect(res.status, res.status === 200 ? "" : await res.clone().text()).toBe(200);
    const doc = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
    const text = (await extractText(doc, { mergePages: true })).text.normalize("NFC").replace(/\s+/g, " ");
    return { text, pages: doc.numPages };
  }

  beforeAll(async () => {
    api = await startApi();
    api.clock.now = new Date("2026-06-15T09:30:00Z");
    school = await registerSchool(api);
    const res = await call(school, "POST", "/school-settings", {
      school_settings: {
        sections: [SECTION],
        classes: [
          { class_name: "JSS1", section: SECTION, subjects: SUBJECTS },
          { class_name: "JSS3", section: SECTION, subjects: MANY },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    let n = 0;
    for (const name of ["Ada Eze", "Bola Ade", "Chidi Nwosu", "Uche Obi"]) {
      const added = await call(school, "POST", "/students", {
        student_data: {
          name,
          selectedClass: "JSS1",
          gender: "Female",
          phone_number: "0803 123 4567",
          admission: `ADM/${++n}`,
        },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      ids[name] = Number(added.body.data.id);
    }
    const added = await call(school, "POST", "/students", {
      student_data: { name: "Kemi Ade", selectedClass: "JSS3", gender: "Female", phone_number: "0803 123 4567" },
    });
    ids["Kemi Ade"] = Number(added.body.data.id);

    // Ada: all three terms. Bola: no 1st term (joined in the 2nd). Chidi: all three. Uche: the 3rd term only.
    await save("JSS1", "Mathematics", "1st Term", [
      ["Ada Eze", 60],
      ["Chidi Nwosu", 40],
    ]);
    await save("JSS1", "English Language", "1st Term", [
      ["Ada Eze", 50],
      ["Chidi Nwosu", 30],
    ]);
    await save("JSS1", "Mathematics", "2nd Term", [
      ["Ada Eze", 70],
      ["Bola Ade", 75],
      ["Chidi Nwosu", 50],
    ]);
    await save("JSS1", "English Language", "2nd Term", [
      ["Ada Eze", 60],
      ["Bola Ade", 54],
      ["Chidi Nwosu", 40],
    ]);
    await save("JSS1", "Mathematics", "3rd Term", [
      ["Ada Eze", 80],
      ["Bola Ade", 77],
      ["Chidi Nwosu", 60],
      ["Uche Obi", 90],
    ]);
    await save("JSS1", "English Language", "3rd Term", [
      ["Ada Eze", 70],
      ["Bola Ade", 54],
      ["Chidi Nwosu", 50],
    ]);
    for (const subject of MANY)
      for (const term of ["1st Term", "2nd Term", "3rd Term"]) await save("JSS3", subject, term, [["Kemi Ade", 67.5]]);
  });
  afterAll(() => api.close());

  it("gives each row the terms' totals, the annual averages over the terms with results and the annual position", async () => {
    const sheet = await get<Broadsheet>(school, `/results/broadsheet?${query("3rd Term")}`);
    expect(sheet.cumulative).toBe(true);
    const byName = Object.fromEntries(sheet.rows.map((r) => [r.name, r]));
    expect(byName["Ada Eze"].annual).toEqual({
      subjects: {
        Mathematics: { first: 60, second: 70, third: 80, average: 70 },
        "English Language": { first: 50, second: 60, third: 70, average: 60 },
        "Basic Science": { first: null, second: null, third: null, average: null },
      },
      average: 65,
      position: 2,
    });
    // Bola missed the 1st term: her annual averages are over the two terms she has, (75 + 77) / 2 and 54.
    expect(byName["Bola Ade"].annual?.subjects.Mathematics).toEqual({
      first: null,
      second: 75,
      third: 77,
      average: 76,
    });
    // Ada and Bola tie on 65 (standard: 2nd, 2nd, then 4th); the term's own positions differ (Ada 2nd, Bola 3rd).
    expect(sheet.rows.map((r) => [r.name, r.annual?.average, r.annual?.position, r.position])).toEqual([
      ["Ada Eze", 65, 2, 2],
      ["Bola Ade", 65, 2, 3],
      ["Chidi Nwosu", 45, 4, 4],
      ["Uche Obi", 90, 1, 1],
    ]);

    await setTies("dense");
    const dense = await get<Broadsheet>(school, `/results/broadsheet?${query("3rd Term")}`);
    expect(dense.rows.map((r) => r.annual?.position)).toEqual([2, 2, 3, 1]);
    await setTies("standard");
  });

  it("has no cumulative columns in the 1st and 2nd terms, nor in a mid-term result", async () => {
    for (const path of [
      `/results/broadsheet?${query("1st Term")}`,
      `/results/broadsheet?${query("2nd Term")}`,
      `/results/broadsheet?${query("3rd Term", { result: "mid_term" })}`,
    ]) {
      const sheet = await get<Broadsheet>(school, path);
      expect(sheet.cumulative, path).toBe(false);
      expect(sheet.rows.every((r) => r.annual === null)).toBe(true);
    }
    const { text } = await pdfText(`/results/report-card/${ids["Ada Eze"]}?${query("2nd Term")}`);
    expect(text).not.toContain(C.annualAverage);
  });

  it("writes the cumulative columns in the 3rd term's .xlsx", async () => {
    const res = await api.fetch(`${base(school)}/results/broadsheet.xlsx?${query("3rd Term")}`, {
      headers: school.auth,
    });
    expect(res.status).toBe(200);
    const book = read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
    const rows = utils.sheet_to_json<(string | number | null)[]>(book.Sheets[book.SheetNames[0]], {
      header: 1,
      defval: null,
    });
    expect(rows[1]).toEqual([
      M.student,
      M.admission,
      ...SUBJECTS.flatMap((s) => [
        `${s} (1st Term)`,
        `${s} (2nd Term)`,
        `${s} (3rd Term)`,
        `${s} (${C.annualAverage})`,
      ]),
      M.total,
      M.average,
      M.position,
      C.annualAverage,
      C.annualPosition,
    ]);
    expect(rows[3]).toEqual([
      "Bola Ade",
      "ADM/2",
      null,
      75,
      77,
      76,
      null,
      54,
      54,
      54,
      null,
      null,
      null,
      null,
      131,
      65.5,
      3,
      65,
      2,
    ]);
  });

  it("prints the cumulative columns and the annual position on the 3rd term's card", async () => {
    const { text, pages } = await pdfText(`/results/report-card/${ids["Ada Eze"]}?${query("3rd Term")}`);
    expect(pages).toBe(1);
    for (const expected of [
      C.terms.first,
      C.terms.second,
      C.terms.third,
      C.annualAverageShort,
      // Mathematics: 10 + 10 + 60 = 80, A1, 2nd of 4; class 76.75, 90, 60; then 60, 70, 80 and the annual 70.
      "Mathematics 10 10 60 80 A1 2nd 76.75 90 60 60 70 80 70 Excellent",
      `${C.annualAverage} 65`,
      `${C.annualPosition} ${M.positionOutOf("2nd", 4)}`,
    ])
      expect(text, expected).toContain(expected);
  });

  it("keeps the 3rd term's card of 15 subjects on one A4 page", async () => {
    const { text, pages } = await pdfText(
      `/results/report-card/${ids["Kemi Ade"]}?${new URLSearchParams({ class: "JSS3", term: "3rd Term", year: SESSION })}`,
    );
    expect(pages).toBe(1);
    expect(text).toContain("Subject 15 10 10 47.5 67.5 B3 1st 67.5 67.5 67.5 67.5 67.5 67.5 67.5");
  });
});
