import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../contract/access";
import type { Paginated } from "../../contract/http";
import {
  RESULTS_MESSAGES as M,
  type ClassCompleteness,
  type Publication,
  type ScoreSheet,
  type SheetRow,
} from "../../contract/results";
import type { SchoolSettings } from "../../contract/settings";
import { bearer, DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/**
 * The results API: the score sheet of a class and subject (rows from class history, totals, grades and positions
 * worked out by contract/grading.ts), its save in one transaction, publication and corrections.
 */
describe(`results API on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  const { call, get, at } = schoolCalls(() => api);
  const SESSION = "2025/2026";
  const NEXT_SESSION = "2026/2027";
  const TERM = "1st Term";
  const SECTION = "Junior Secondary";
  const SUBJECTS = ["Mathematics", "English Language", "Basic Science"];
  const inSession = "2026-01-15T09:30:00Z";
  const inNextSession = "2026-10-05T09:30:00Z";

  async function setUp(s: RegisteredSchool) {
    const res = await call(s, "POST", "/school-settings", {
      school_settings: {
        sections: [SECTION],
        classes: ["JSS1", "JSS2", "JSS3"].map((class_name) => ({ class_name, section: SECTION, subjects: SUBJECTS })),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  let admissionSerial = 0;
  async function addStudent(s: RegisteredSchool, name: string, className: string): Promise<number> {
    admissionSerial += 1;
    const res = await call(s, "POST", "/students", {
      student_data: {
        name,
        selectedClass: className,
        gender: "Female",
        phone_number: "0803 123 4567",
        admission: `ADM/${admissionSerial}`,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return Number(res.body.data.id);
  }
  async function moveStudent(s: RegisteredSchool, id: number, name: string, className: string) {
    const res = await call(s, "POST", `/students/${id}`, {
      student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  interface SheetAddress {
    class?: string;
    subject?: string;
    term?: string;
    year?: string;
    result?: string;
  }
  const address = (a: SheetAddress) =>
    `/results/sheet?${new URLSearchParams({ term: TERM, year: SESSION, ...a } as Record<string, string>)}`;
  const sheet = (s: RegisteredSchool, a: SheetAddress) => get<ScoreSheet>(s, address(a));
  const save = (s: RegisteredSchool, a: SheetAddress, rows: unknown[]) => call(s, "PUT", address(a), { rows });
  const byName = (rows: SheetRow[]) => Object.fromEntries(rows.map((r) => [r.name, r]));
  const publish = (s: RegisteredSchool, className: string, published = true, extra: Record<string, unknown> = {}) =>
    call(s, "POST", "/results/publication", {
      class: className,
      term: TERM,
      session: SESSION,
      result: "terminal",
      published,
      ...extra,
    });
  const correct = (s: RegisteredSchool, className: string, subject: string, reason = "Exam scores swapped") =>
    call(s, "POST", "/results/corrections", {
      class: className,
      subject,
      term: TERM,
      session: SESSION,
      result: "terminal",
      reason,
    });
  const storedScores = async (s: RegisteredSchool, className: string) => {
    const rows: unknown[] = [];
    for (const subject of SUBJECTS) rows.push(...(await sheet(s, { class: className, subject })).rows);
    return rows;
  };

  // JSS1 of 2025/2026: four students, one of whom moves to JSS2 in the same session.
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await startApi();
    api.clock.now = new Date(inSession);
    [school, other] = await Promise.all([registerSchool(api), registerSchool(api)]);
    await Promise.all([setUp(school), setUp(other)]);
    for (const [name, className] of [
      ["Uche Obi", "JSS1"],
      ["Ada Eze", "JSS1"],
      ["Mrs. Bisi Lawal", "JSS1"],
      ["Chidi Nwosu", "JSS1"],
      ["Kemi Ade", "JSS2"],
    ] as const)
      ids[name] = await addStudent(school, name, className);
    ids.other = await addStudent(other, "Other School Pupil", "JSS1");
  });
  afterAll(() => api.close());

  describe("the sheet's rows", () => {
    it("are the students in the class that session, A–Z by name without titles, with admission numbers and the columns", async () => {
      const data = await sheet(school, { class: "JSS1", subject: "Mathematics" });
      expect(data.rows.map((r) => r.name)).toEqual(["Ada Eze", "Mrs. Bisi Lawal", "Chidi Nwosu", "Uche Obi"]);
      expect(data.rows[0]).toEqual({
        student_id: ids["Ada Eze"],
        name: "Ada Eze",
        admission: expect.stringMatching(/^ADM\/\d+$/),
        scores: { "1st CA": null, "2nd CA": null, Exam: null },
        total: null,
        grade: null,
        remark: null,
        position: null,
      });
      expect(data.columns).toEqual([
        { name: "1st CA", max: 20 },
        { name: "2nd CA", max: 20 },
        { name: "Exam", max: 60 },
      ]);
      expect(data).toMatchObject({
        class_name: "JSS1",
        section: SECTION,
        subject: "Mathematics",
        term: TERM,
        session: SESSION,
        result: "terminal",
        published: false,
        locked: false,
        version: 0,
      });
      // The section's grade scale comes with the sheet, for a screen working grades out as scores are typed.
      expect(data.scale.map((band) => band.grade)).toEqual(["A1", "B2", "B3", "C4", "C5", "C6", "D7", "E8", "F9"]);
      expect(data.scale[0]).toEqual({ grade: "A1", min: 75, max: 100, remark: "Excellent" });
    });

    it("leave out a student moved to another class in that session, and keep last session's class after promotion", async () => {
      const moved = await addStudent(school, "Efe Moved", "JSS1");
      await moveStudent(school, moved, "Efe Moved", "JSS2");
      const jss1 = await sheet(school, { class: "JSS1", subject: "Mathematics" });
      expect(jss1.rows.map((r) => r.student_id)).not.toContain(moved);
      const jss2 = await sheet(school, { class: "JSS2", subject: "Mathematics" });
      expect(jss2.rows.map((r) => r.name)).toEqual(["Efe Moved", "Kemi Ade"]);

      // The next session: Kemi goes up to JSS3; last session's JSS2 sheet still has her, the new one does not.
      await at(inNextSession, school);
      await moveStudent(school, ids["Kemi Ade"], "Kemi Ade", "JSS3");
      expect((await sheet(school, { class: "JSS2", subject: "Mathematics" })).rows.map((r) => r.name)).toEqual([
        "Efe Moved",
        "Kemi Ade",
      ]);
      expect(
        (await sheet(school, { class: "JSS3", subject: "Mathematics", year: NEXT_SESSION })).rows.map((r) => r.name),
      ).toEqual(["Kemi Ade"]);
      expect(
        (await sheet(school, { class: "JSS2", subject: "Mathematics", year: NEXT_SESSION })).rows.map((r) => r.name),
      ).toEqual(["Efe Moved"]);
      await at(inSession, school);
    });

    it.each([
      [{ class: "SS9" }, "class", M.classUnknown],
      [{ class: "" }, "class", M.classRequired],
      [{ subject: "Physics" }, "subject", M.subjectUnknown],
      [{ subject: "" }, "subject", M.subjectRequired],
      [{ term: "4th Term" }, "term", M.termUnknown],
      [{ year: "2025-2026" }, "year", M.sessionInvalid],
      [{ result: "final" }, "result", M.resultUnknown],
    ])("refuses %o naming %s", async (bad, field, message) => {
      const res = await call(school, "GET", address({ class: "JSS1", subject: "Mathematics", ...bad }));
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    });

    it("takes the school's current term and session when they are left out", async () => {
      const res = await call(school, "GET", "/results/sheet?class=JSS1&subject=Mathematics");
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ term: "2nd Term", session: SESSION, result: "terminal" });
    });
  });

  describe("saving", () => {
    const maths = { class: "JSS1", subject: "Mathematics" };

    it("stores the rows and reads them back with totals, grades and positions, ties ranked 1, 2, 2, 4", async () => {
      const res = await save(school, maths, [
        { student_id: ids["Ada Eze"], scores: { "1st CA": 18, "2nd CA": 17, Exam: 50 } },
        { student_id: ids["Mrs. Bisi Lawal"], scores: { "1st CA": 15, "2nd CA": 15, Exam: 40 } },
        // Numeric text, as a form sends it, is read as its number.
        { student_id: String(ids["Chidi Nwosu"]), scores: { "1st CA": "10", "2nd CA": "20", Exam: "40" } },
        { student_id: ids["Uche Obi"], scores: { "1st CA": 10, "2nd CA": 10, Exam: 30 } },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe(M.saved);
      const rows = byName((res.body.data as ScoreSheet).rows);
      expect(rows["Ada Eze"]).toMatchObject({ total: 85, grade: "A1", remark: "Excellent", position: 1 });
      expect(rows["Mrs. Bisi Lawal"]).toMatchObject({ total: 70, grade: "B2", remark: "Very Good", position: 2 });
      expect(rows["Chidi Nwosu"]).toMatchObject({
        scores: { "1st CA": 10, "2nd CA": 20, Exam: 40 },
        total: 70,
        grade: "B2",
        position: 2,
      });
      expect(rows["Uche Obi"]).toMatchObject({ total: 50, grade: "C6", remark: "Credit", position: 4 });
      expect(await sheet(school, maths)).toEqual(res.body.data);
    });

    it("ranks ties 1, 2, 2, 3 when the school chooses dense positions", async () => {
      const settings = await get<SchoolSettings>(school, "/school-settings");
      const set = async (rule: "standard" | "dense") =>
        expect(
          (
            await call(school, "POST", "/school-settings", {
              school_settings: { report_sheet: { ...settings.report_sheet, position_ties: rule } },
            })
          ).status,
        ).toBe(200);
      await set("dense");
      const rows = byName((await sheet(school, maths)).rows);
      expect(["Ada Eze", "Mrs. Bisi Lawal", "Chidi Nwosu", "Uche Obi"].map((n) => rows[n].position)).toEqual([
        1, 2, 2, 3,
      ]);
      await set("standard");
    });

    it("a blank cell is not taken and 0 is a score; a row left all blank is removed", async () => {
      const english = { class: "JSS1", subject: "English Language" };
      const res = await save(school, english, [
        { student_id: ids["Ada Eze"], scores: { "1st CA": 0, "2nd CA": 0, Exam: 0 } },
        { student_id: ids["Chidi Nwosu"], scores: { "1st CA": 12, "2nd CA": "", Exam: null } },
        { student_id: ids["Uche Obi"], scores: { "1st CA": 12, "2nd CA": 8, Exam: 45 } },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      let rows = byName((res.body.data as ScoreSheet).rows);
      expect(rows["Ada Eze"]).toMatchObject({
        scores: { "1st CA": 0, "2nd CA": 0, Exam: 0 },
        total: 0,
        grade: "F9",
        position: 3,
      });
      expect(rows["Chidi Nwosu"]).toMatchObject({
        scores: { "1st CA": 12, "2nd CA": null, Exam: null },
        total: 12,
        position: 2,
      });
      expect(rows["Mrs. Bisi Lawal"]).toMatchObject({ total: null, grade: null, position: null });

      // Blanking every cell removes the row; a column left out is not taken either.
      const again = await save(school, english, [
        { student_id: ids["Chidi Nwosu"], scores: { "1st CA": "", "2nd CA": null } },
        { student_id: ids["Ada Eze"], scores: { Exam: 5 } },
      ]);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      rows = byName((again.body.data as ScoreSheet).rows);
      expect(rows["Chidi Nwosu"]).toMatchObject({
        scores: { "1st CA": null, "2nd CA": null, Exam: null },
        total: null,
        position: null,
      });
      expect(rows["Ada Eze"]).toMatchObject({ scores: { "1st CA": null, "2nd CA": null, Exam: 5 }, total: 5 });
      expect(rows["Uche Obi"].total).toBe(65);
    });

    it("names each bad score beside its cell and writes nothing", async () => {
      const before = await storedScores(school, "JSS1");
      const res = await save(school, maths, [
        { student_id: ids["Ada Eze"], scores: { "1st CA": 21, "2nd CA": -1, Exam: "abc" } },
        { student_id: ids["Mrs. Bisi Lawal"], scores: { "1st CA": 1.234, "2nd CA": 10, Exam: 61 } },
        { student_id: ids["Chidi Nwosu"], scores: { "1st CA": 5, Project: 10, Exam: true } },
        { student_id: ids["Uche Obi"], scores: { "1st CA": 20, "2nd CA": 20, Exam: 60 } },
      ]);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        "rows.0.scores.1st CA": [M.scoreAboveMax(20)],
        "rows.0.scores.2nd CA": [M.scoreNegative],
        "rows.0.scores.Exam": [M.scoreNotNumber],
        "rows.1.scores.1st CA": [M.scoreDecimals],
        "rows.1.scores.Exam": [M.scoreAboveMax(60)],
        "rows.2.scores.Project": [M.columnUnknown],
        "rows.2.scores.Exam": [M.scoreNotNumber],
      });
      expect(await storedScores(school, "JSS1")).toEqual(before);
    });

    it("refuses a student not in the class that session (422), twice in the list (422) or of another school (404)", async () => {
      const before = await storedScores(school, "JSS1");
      const good = { student_id: ids["Ada Eze"], scores: { "1st CA": 1 } };
      const notInClass = await save(school, maths, [good, { student_id: ids["Kemi Ade"], scores: { "1st CA": 1 } }]);
      expect(notInClass.status).toBe(422);
      expect(notInClass.body.errors).toEqual({ "rows.1.student_id": [M.studentNotInClass] });
      const twice = await save(school, maths, [good, good]);
      expect(twice.status).toBe(422);
      expect(twice.body.errors).toEqual({ "rows.1.student_id": [M.studentTwice] });
      for (const id of [ids.other, 999999, 12345678901, "not-a-student"]) {
        const foreign = await save(school, maths, [good, { student_id: id, scores: { "1st CA": 1 } }]);
        expect(foreign.status).toBe(404);
        expect(foreign.body.message).toBe(M.studentNotFound);
      }
      const shapeless = await call(school, "PUT", address(maths), { rows: "all" });
      expect(shapeless.status).toBe(422);
      expect(shapeless.body.errors.rows).toEqual([M.rowsRequired]);
      expect(await storedScores(school, "JSS1")).toEqual(before);
    });

    it("a double submit writes the same thing once", async () => {
      const science = { class: "JSS1", subject: "Basic Science" };
      const rows = [{ student_id: ids["Uche Obi"], scores: { "1st CA": 14, "2nd CA": 12, Exam: 44 } }];
      const [first, second] = await Promise.all([save(school, science, rows), save(school, science, rows)]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.body.data).toEqual(first.body.data);
      expect(byName((await sheet(school, science)).rows)["Uche Obi"]).toMatchObject({ total: 70, position: 1 });
    });

    it("the mid-term result has its own columns and is graded on its percentage of their maxima", async () => {
      const midTerm = { class: "JSS1", subject: "Mathematics", result: "mid_term" };
      const res = await save(school, midTerm, [{ student_id: ids["Ada Eze"], scores: { "1st CA": 16, "2nd CA": 14 } }]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = res.body.data as ScoreSheet;
      expect(data.columns).toEqual([
        { name: "1st CA", max: 20 },
        { name: "2nd CA", max: 20 },
      ]);
      // 30 of 40 is 75%: A1.
      expect(byName(data.rows)["Ada Eze"]).toMatchObject({ total: 30, grade: "A1", position: 1 });
      // The terminal result of the same subject is its own.
      expect(byName((await sheet(school, maths)).rows)["Ada Eze"].total).toBe(85);
    });
  });

  it("takes its columns and maxima from the school's report sheet, per section", async () => {
    const s = await registerSchool(api);
    await setUp(s);
    const settings = await get<SchoolSettings>(s, "/school-settings");
    const set = await call(s, "POST", "/school-settings", {
      school_settings: {
        report_sheet: {
          ...settings.report_sheet,
          exam_columns: ["CA", "Exam"],
          mid_term_columns: ["CA"],
          score_maxima: { [SECTION]: { CA: 30, Exam: 70 } },
        },
      },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const id = await addStudent(s, "Tobi Ojo", "JSS1");
    const maths = { class: "JSS1", subject: "Mathematics" };
    const over = await save(s, maths, [{ student_id: id, scores: { CA: 31, Exam: 70 } }]);
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ "rows.0.scores.CA": [M.scoreAboveMax(30)] });
    const res = await save(s, maths, [{ student_id: id, scores: { CA: 25.5, Exam: 48 } }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.columns).toEqual([
      { name: "CA", max: 30 },
      { name: "Exam", max: 70 },
    ]);
    expect(res.body.data.rows[0]).toMatchObject({ scores: { CA: 25.5, Exam: 48 }, total: 73.5, grade: "B2" });
  });

  describe("publication and corrections", () => {
    it("counts each class's subjects with every student scored", async () => {
      const all = await get<ClassCompleteness[]>(
        school,
        `/results/completeness?term=${encodeURIComponent(TERM)}&year=${encodeURIComponent(SESSION)}`,
      );
      const jss1 = all.find((c) => c.class_name === "JSS1")!;
      // Mathematics has all four students; English Language and Basic Science do not.
      expect(jss1).toEqual({
        class_name: "JSS1",
        section: SECTION,
        students: 4,
        subjects: 3,
        subjects_complete: 1,
        published: false,
        version: 0,
        reopened: [],
      });
      expect(all.map((c) => c.class_name)).toEqual(["JSS1", "JSS2", "JSS3"]);
      const bad = await call(school, "GET", `/results/completeness?term=Third&year=2025`);
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ term: [M.termUnknown], year: [M.sessionInvalid] });
    });

    it("publishing locks the class's sheets (409); a correction reopens one subject; publishing again re-issues", async () => {
      const maths = { class: "JSS1", subject: "Mathematics" };
      const english = { class: "JSS1", subject: "English Language" };
      const row = (exam: number) => [
        { student_id: ids["Uche Obi"], scores: { "1st CA": 10, "2nd CA": 10, Exam: exam } },
      ];

      const notYet = await correct(school, "JSS1", "Mathematics");
      expect(notYet.status).toBe(409);
      expect(notYet.body.message).toBe(M.notPublished);

      const [first, again] = [await publish(school, "JSS1"), await publish(school, "JSS1")];
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.message).toBe(M.published("JSS1"));
      expect(first.body.data).toMatchObject({
        class_name: "JSS1",
        published: true,
        version: 1,
      } satisfies Partial<Publication>);
      expect(again.body.data).toEqual(first.body.data);

      const before = await storedScores(school, "JSS1");
      for (const a of [maths, english]) {
        const refused = await save(school, a, row(55));
        expect(refused.status).toBe(409);
        expect(refused.body.message).toBe(M.locked("JSS1"));
        expect(await sheet(school, a)).toMatchObject({ published: true, locked: true, version: 1 });
      }
      expect(await storedScores(school, "JSS1")).toEqual(before);
      // Another class is not locked.
      expect((await save(school, { class: "JSS2", subject: "Mathematics" }, [])).status).toBe(200);

      // The correction: a reason is required, and it reopens Mathematics only.
      const noReason = await correct(school, "JSS1", "Mathematics", "  ");
      expect(noReason.status).toBe(422);
      expect(noReason.body.errors.reason).toEqual([M.reasonRequired]);
      const notOfClass = await correct(school, "JSS1", "Physics");
      expect(notOfClass.status).toBe(422);
      expect(notOfClass.body.errors.subject).toEqual([M.subjectUnknown]);
      const opened = await correct(school, "JSS1", "Mathematics");
      expect(opened.status, JSON.stringify(opened.body)).toBe(201);
      expect(opened.body.data).toMatchObject({ subject: "Mathematics", reason: "Exam scores swapped", version: 1 });
      const twice = await correct(school, "JSS1", "Mathematics");
      expect(twice.status).toBe(200);
      expect(twice.body.data.id).toBe(opened.body.data.id);

      expect(await sheet(school, maths)).toMatchObject({ published: true, locked: false });
      const fixed = await save(school, maths, row(55));
      expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
      expect(byName((fixed.body.data as ScoreSheet).rows)["Uche Obi"]).toMatchObject({ total: 75, position: 2 });
      expect((await save(school, english, row(55))).status).toBe(409);

      let progress = (await get<ClassCompleteness[]>(school, `/results/completeness?term=${TERM}&year=${SESSION}`))[0];
      expect(progress).toMatchObject({ published: true, version: 1, reopened: ["Mathematics"] });

      // Published again: version 2, Mathematics locked again.
      const reissued = await publish(school, "JSS1");
      expect(reissued.body.message).toBe(M.reissued("JSS1", 2));
      expect(reissued.body.data).toMatchObject({ published: true, version: 2 });
      expect((await publish(school, "JSS1")).body.data.version).toBe(2);
      expect((await save(school, maths, row(56))).status).toBe(409);
      progress = (await get<ClassCompleteness[]>(school, `/results/completeness?term=${TERM}&year=${SESSION}`))[0];
      expect(progress).toMatchObject({ published: true, version: 2, reopened: [] });

      // Unpublished, the sheets open again; publishing after that is version 3.
      const off = await publish(school, "JSS1", false);
      expect(off.body).toMatchObject({ message: M.unpublished("JSS1"), data: { published: false, version: 2 } });
      expect((await save(school, maths, row(55))).status).toBe(200);
      // Sent twice at once, it is one publication.
      const both = await Promise.all([publish(school, "JSS1"), publish(school, "JSS1")]);
      expect(both.map((r) => [r.status, r.body.data.version])).toEqual([
        [200, 3],
        [200, 3],
      ]);
    });

    it("refuses a publication naming an unknown class, term or session, or without a choice, naming each at once", async () => {
      const res = await call(school, "POST", "/results/publication", {
        class: "SS9",
        term: "Fourth",
        session: "2025",
        result: "final",
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        class: [M.classUnknown],
        term: [M.termUnknown],
        session: [M.sessionInvalid],
        result: [M.resultUnknown],
        published: [M.publishedRequired],
      });
      const unknown = await publish(school, "SS9", true, { term: "Fourth" });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors).toEqual({ class: [M.classUnknown], term: [M.termUnknown] });
    });

    it("writes an audit entry for each publication, re-issue and correction", async () => {
      const entries = async (kind: string) =>
        (await get<Paginated<AuditEntry>>(school, `/audit-log?kind=${kind}`)).data.map((e) => e.summary);
      expect(await entries("publication")).toEqual([
        `Published the results of JSS1, ${TERM} ${SESSION} again, as version 3`,
        `Unpublished the results of JSS1, ${TERM} ${SESSION}`,
        `Published the results of JSS1, ${TERM} ${SESSION} again, as version 2 (corrected: Mathematics)`,
        `Published the results of JSS1, ${TERM} ${SESSION}`,
      ]);
      expect(await entries("correction")).toEqual([
        `Reopened Mathematics of JSS1, ${TERM} ${SESSION} for a correction: Exam scores swapped`,
      ]);
    });
  });

  describe("who may do what", () => {
    let sub: { id: number; auth: Record<string, string> };

    beforeAll(async () => {
      const made = await call(school, "POST", "/sub-admins", {
        name: "Results Clerk",
        email: "clerk@school.ng",
        phone: "0803 000 0000",
        features: ["results"],
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const res = await api.fetch("/api/admin/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          unique_id: school.uniqueId,
          email: "clerk@school.ng",
          password: made.body.data.password,
        }),
      });
      const token = ((await res.json()) as { data: { token: string } }).data.token;
      sub = { id: made.body.data.sub_admin.id, auth: bearer(token) };
    });

    const asSub = (method: string, path: string, body?: Record<string, unknown>) => {
      const joiner = path.includes("?") ? "&" : "?";
      return api.fetch(
        `/api/admin/${school.uniqueId}${path}${method === "GET" ? `${joiner}sub_admin_id=${sub.id}` : ""}`,
        {
          method,
          headers: { ...sub.auth, "Content-Type": "application/json" },
          body: body ? JSON.stringify({ ...body, sub_admin_id: sub.id }) : undefined,
        },
      );
    };

    it("a sub-admin with the results key enters scores but cannot publish or reopen", async () => {
      const science = { class: "JSS2", subject: "Basic Science" };
      expect((await asSub("GET", address(science))).status).toBe(200);
      const saved = await asSub("PUT", address(science), {
        rows: [{ student_id: ids["Kemi Ade"], scores: { "1st CA": 11 } }],
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
      const published = await asSub("POST", "/results/publication", {
        class: "JSS2",
        term: TERM,
        session: SESSION,
        published: true,
      });
      expect(published.status).toBe(403);
      expect(((await published.json()) as { message: string }).message).toBe(M.publishMainOnly);
      const corrected = await asSub("POST", "/results/corrections", {
        class: "JSS2",
        subject: "Basic Science",
        term: TERM,
        session: SESSION,
        reason: "Mistake",
      });
      expect(corrected.status).toBe(403);
      expect(((await corrected.json()) as { message: string }).message).toBe(M.correctMainOnly);
      expect((await sheet(school, { class: "JSS2", subject: "Basic Science" })).published).toBe(false);
    });

    it("another school sees none of this school's results and scores none of its students", async () => {
      const theirs = await sheet(other, { class: "JSS1", subject: "Mathematics" });
      expect(theirs.rows.map((r) => r.name)).toEqual(["Other School Pupil"]);
      expect(theirs.rows[0].total).toBeNull();
      const res = await save(other, { class: "JSS1", subject: "Mathematics" }, [
        { student_id: ids["Ada Eze"], scores: { "1st CA": 1 } },
      ]);
      expect(res.status).toBe(404);
    });
  });
});
