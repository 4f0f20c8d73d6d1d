import { read, utils } from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESULTS_MESSAGES as M, type Broadsheet, type ScoreSheet } from "../../contract/results";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/**
 * The broadsheet: a class's subject totals of a term side by side, each student's total, average and position
 * (contract/grading.ts), as JSON and as an .xlsx whose text never runs as a formula.
 */
describe(`broadsheet API on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  const { call, get } = schoolCalls(() => api);
  const SESSION = "2025/2026";
  const TERM = "1st Term";
  const SECTION = "Junior Secondary";
  const SUBJECTS = ["Mathematics", "English Language", "Basic Science"];
  const FORMULA_NAME = "=SUM(A1)";
  const ids: Record<string, number> = {};
  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ class: "JSS1", term: TERM, year: SESSION, ...extra }).toString();

  async function addStudent(name: string, className: string, n: number) {
    const res = await call(school, "POST", "/students", {
      student_data: {
        name,
        selectedClass: className,
        gender: "Female",
        phone_number: "0803 123 4567",
        admission: `ADM/${n}`,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return Number(res.body.data.id);
  }
  async function scores(subject: string, rows: [string, Record<string, number | null>][]) {
    const res = await call(school, "PUT", `/results/sheet?${query({ subject })}`, {
      rows: rows.map(([name, s]) => ({ student_id: ids[name], scores: s })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  beforeAll(async () => {
    api = await startApi();
    api.clock.now = new Date("2026-01-15T09:30:00Z");
    school = await registerSchool(api);
    const res = await call(school, "POST", "/school-settings", {
      school_settings: {
        sections: [SECTION],
        classes: ["JSS1", "JSS2"].map((class_name) => ({ class_name, section: SECTION, subjects: SUBJECTS })),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    let n = 0;
    for (const name of ["Ada Eze", "Bola Ade", FORMULA_NAME, "Chidi Nwosu"])
      ids[name] = await addStudent(name, "JSS1", ++n);
    ids["Kemi Other"] = await addStudent("Kemi Other", "JSS2", ++n);
    await scores("Mathematics", [
      ["Ada Eze", { "1st CA": 15, "2nd CA": 15, Exam: 50 }],
      ["Bola Ade", { "1st CA": 18, "2nd CA": 12, Exam: 40 }],
      [FORMULA_NAME, { "1st CA": 20, "2nd CA": 20, Exam: 40 }],
    ]);
    await scores("English Language", [
      ["Ada Eze", { "1st CA": 10, "2nd CA": 10, Exam: 40 }],
      ["Bola Ade", { "1st CA": 20, "2nd CA": 20, Exam: 30 }],
      [FORMULA_NAME, { "1st CA": 10, "2nd CA": 10, Exam: 40 }],
    ]);
    // One score taken is enough for the subject to count for Bola.
    await scores("Basic Science", [["Bola Ade", { "1st CA": 12.5, "2nd CA": null, Exam: null }]]);
  });
  afterAll(() => api.close());

  it("gives each student's subject totals, total, average over the subjects taken and class position", async () => {
    const sheet = await get<Broadsheet>(school, `/results/broadsheet?${query()}`);
    const order = (await get<ScoreSheet>(school, `/results/sheet?${query({ subject: "Mathematics" })}`)).rows.map(
      (r) => r.student_id,
    );
    expect(sheet.rows.map((r) => r.student_id)).toEqual(order);
    const byName = Object.fromEntries(sheet.rows.map((r) => [r.name, r]));
    expect(byName["Ada Eze"]).toMatchObject({
      totals: { Mathematics: 80, "English Language": 60, "Basic Science": null },
      total: 140,
      average: 70,
      subjects_taken: 2,
      position: 1,
    });
    expect(byName[FORMULA_NAME]).toMatchObject({ total: 140, average: 70, position: 1 });
    expect(byName["Bola Ade"]).toMatchObject({
      totals: { Mathematics: 70, "English Language": 70, "Basic Science": 12.5 },
      total: 152.5,
      average: 50.83,
      subjects_taken: 3,
      position: 3,
    });
    expect(byName["Chidi Nwosu"]).toMatchObject({ total: null, average: null, subjects_taken: 0, position: null });
    expect(Object.keys(byName)).not.toContain("Kemi Other");
    expect(sheet.subjects).toEqual([
      { subject: "Mathematics", average: 76.67, highest: 80, lowest: 70 },
      { subject: "English Language", average: 63.33, highest: 70, lowest: 60 },
      { subject: "Basic Science", average: 12.5, highest: 12.5, lowest: 12.5 },
    ]);
    expect(sheet).toMatchObject({
      class_name: "JSS1",
      section: SECTION,
      term: TERM,
      session: SESSION,
      result: "terminal",
      positions: true,
      published: false,
      version: 0,
    });
  });

  it("is kept only while nothing it reads from changes: a score, a name, the class's subjects", async () => {
    const sheet = () => get<Broadsheet>(school, `/results/broadsheet?${query()}`);
    const chidi = () => sheet().then((s) => s.rows.find((r) => r.student_id === ids["Chidi Nwosu"]));
    expect(await chidi()).toMatchObject({ total: null });
    await scores("Mathematics", [["Chidi Nwosu", { "1st CA": 10, "2nd CA": 10, Exam: 10 }]]);
    expect(await chidi()).toMatchObject({ total: 30, subjects_taken: 1 });
    const renamed = await call(school, "POST", `/students/${ids["Chidi Nwosu"]}`, {
      student_data: {
        name: "Chidi Nwosu-Obi",
        selectedClass: "JSS1",
        gender: "Female",
        phone_number: "0803 123 4567",
        admission: "ADM/4",
      },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await chidi()).toMatchObject({ name: "Chidi Nwosu-Obi" });
    const withCivics = (subjects: string[]) =>
      call(school, "POST", "/school-settings", {
        school_settings: {
          classes: ["JSS1", "JSS2"].map((class_name) => ({ class_name, section: SECTION, subjects })),
        },
      });
    expect((await withCivics([...SUBJECTS, "Civic Education"])).status).toBe(200);
    expect((await sheet()).subjects.map((s) => s.subject)).toContain("Civic Education");
    expect((await withCivics(SUBJECTS)).status).toBe(200);
    expect((await sheet()).subjects.map((s) => s.subject)).not.toContain("Civic Education");
    await scores("Mathematics", [["Chidi Nwosu", { "1st CA": null, "2nd CA": null, Exam: null }]]);
    await call(school, "POST", `/students/${ids["Chidi Nwosu"]}`, {
      student_data: {
        name: "Chidi Nwosu",
        selectedClass: "JSS1",
        gender: "Female",
        phone_number: "0803 123 4567",
        admission: "ADM/4",
      },
    });
    expect(await chidi()).toMatchObject({ name: "Chidi Nwosu", total: null });
  });

  it("follows a publication's version", async () => {
    const published = await call(school, "POST", "/results/publication", {
      class: "JSS1",
      term: TERM,
      session: SESSION,
      published: true,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(await get<Broadsheet>(school, `/results/broadsheet?${query()}`)).toMatchObject({
      published: true,
      version: 1,
    });
  });

  it("is downloaded as an .xlsx: numbers as number cells, a name that looks like a formula as text", async () => {
    const res = await api.fetch(`/api/admin/${school.uniqueId}/results/broadsheet.xlsx?${query()}`, {
      headers: school.auth,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="broadsheet-JSS1-1st-Term-2025-2026\.xlsx"/,
    );
    const book = read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
    expect(rows[1]).toEqual([M.student, M.admission, ...SUBJECTS, M.total, M.average, M.position]);
    const formulaRow = rows.findIndex((r) => String(r[0]).includes("SUM"));
    const cell = sheet[utils.encode_cell({ r: formulaRow, c: 0 })];
    expect(cell.t).toBe("s");
    expect(cell.f).toBeUndefined();
    expect(cell.v).toBe(`'${FORMULA_NAME}`);
    expect(rows[formulaRow].slice(2)).toEqual([80, 60, null, 140, 70, 1]);
    expect(sheet[utils.encode_cell({ r: formulaRow, c: 2 })].t).toBe("n");
    const bola = rows.find((r) => r[0] === "Bola Ade")!;
    expect(bola.slice(2)).toEqual([70, 70, 12.5, 152.5, 50.83, 3]);
    expect(rows.slice(-3).map((r) => r.slice(0, 5))).toEqual([
      [M.classAverage, null, 76.67, 63.33, 12.5],
      [M.highest, null, 80, 70, 12.5],
      [M.lowest, null, 70, 60, 12.5],
    ]);
    for (const c of Object.keys(sheet).filter((k) => !k.startsWith("!"))) expect(sheet[c].f, c).toBeUndefined();
  });

  it.each([
    [{ class: "SS9" }, "class", M.classUnknown],
    [{ class: "" }, "class", M.classRequired],
    [{ term: "9th Term" }, "term", M.termUnknown],
    [{ year: "2025" }, "year", M.sessionInvalid],
    [{ result: "weekly" }, "result", M.resultUnknown],
  ])("refuses %j with the message on %s", async (bad, field, message) => {
    for (const path of ["/results/broadsheet", "/results/broadsheet.xlsx"]) {
      const res = await call(school, "GET", `${path}?${query(bad)}`);
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    }
  });
});
