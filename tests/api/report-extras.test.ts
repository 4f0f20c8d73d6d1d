import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schoolDays } from "../../contract/calendar";
import { EXTRAS_MESSAGES as M, type ExtrasSheet, type ReportComment } from "../../contract/report-extras";
import { RESULTS_MESSAGES } from "../../contract/results";
import type { SchoolSettings } from "../../contract/settings";
import type { ApiDeps } from "../../api/context";
import { reportExtras } from "../../api/services/report-extras";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/**
 * The report sheet's other parts: attendance, ratings, extra inputs and remarks per student of a class's result,
 * the term calendar's days open and next term, the comment bank and the remark suggested from the average's band.
 */
describe(`report extras API on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  const { call, get } = schoolCalls(() => api);
  const SESSION = "2025/2026";
  const TERM = "1st Term";
  const SECTION = "Junior Secondary";
  const SUBJECTS = ["Mathematics", "English Language"];
  const INPUTS = ["Punctuality", "Neatness", "Politeness", "Attentiveness", "Relationship with Others"];

  async function setUp(s: RegisteredSchool) {
    const res = await call(s, "POST", "/school-settings", {
      school_settings: {
        sections: [SECTION],
        classes: ["JSS1", "JSS2"].map((class_name) => ({ class_name, section: SECTION, subjects: SUBJECTS })),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  let serial = 0;
  async function addStudent(s: RegisteredSchool, name: string, className: string): Promise<number> {
    serial += 1;
    const res = await call(s, "POST", "/students", {
      student_data: {
        name,
        selectedClass: className,
        gender: "Male",
        phone_number: "0803 123 4567",
        admission: `A/${serial}`,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return Number(res.body.data.id);
  }

  const address = (a: Record<string, string> = {}) =>
    `/results/extras?${new URLSearchParams({ class: "JSS1", term: TERM, year: SESSION, ...a })}`;
  const extras = (s: RegisteredSchool, a?: Record<string, string>) => get<ExtrasSheet>(s, address(a));
  const save = (s: RegisteredSchool, rows: unknown[], a?: Record<string, string>) =>
    call(s, "PUT", address(a), { rows });
  const rowOf = (sheet: ExtrasSheet, id: number) => sheet.rows.find((r) => r.student_id === id)!;

  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await startApi();
    api.clock.now = new Date("2025-11-20T09:00:00Z");
    [school, other] = await Promise.all([registerSchool(api), registerSchool(api)]);
    await Promise.all([setUp(school), setUp(other)]);
    ids.ada = await addStudent(school, "Ada Eze", "JSS1");
    ids.uche = await addStudent(school, "Uche Obi", "JSS1");
    ids.kemi = await addStudent(school, "Kemi Ade", "JSS2");
    ids.other = await addStudent(other, "Other Pupil", "JSS1");
    // Ada: 80 and 70 → average 75, A1; Uche: 45 in one subject → D7.
    for (const [subject, rows] of [
      ["Mathematics", [{ student_id: ids.ada, scores: { "1st CA": 15, "2nd CA": 15, Exam: 50 } }]],
      [
        "English Language",
        [
          { student_id: ids.ada, scores: { "1st CA": 10, "2nd CA": 10, Exam: 50 } },
          { student_id: ids.uche, scores: { Exam: 45 } },
        ],
      ],
    ] as const) {
      const res = await call(
        school,
        "PUT",
        `/results/sheet?${new URLSearchParams({ class: "JSS1", subject, term: TERM, year: SESSION })}`,
        { rows },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
  afterAll(() => api.close());

  describe("the sheet", () => {
    it("lists the class's students A–Z with the parts the settings turn on, the average's band and a suggestion", async () => {
      const sheet = await extras(school);
      expect(sheet).toMatchObject({
        class_name: "JSS1",
        section: SECTION,
        term: TERM,
        session: SESSION,
        result: "terminal",
        published: false,
        parts: { attendance: true, ratings: INPUTS, extra_inputs: [] },
        days_opened_default: null,
        next_term_begins: null,
      });
      expect(sheet.rows.map((r) => r.name)).toEqual(["Ada Eze", "Uche Obi"]);
      expect(sheet.grades).toEqual(["A1", "B2", "B3", "C4", "C5", "C6", "D7", "E8", "F9"]);
      expect(rowOf(sheet, ids.ada)).toEqual({
        student_id: ids.ada,
        name: "Ada Eze",
        admission: expect.stringMatching(/^A\/\d+$/),
        average: 75,
        grade: "A1",
        suggested_remark: "Excellent",
        days_opened: null,
        days_present: null,
        days_absent: null,
        ratings: Object.fromEntries(INPUTS.map((i) => [i, null])),
        extra_inputs: {},
        teacher_remark: null,
        principal_remark: null,
      });
      expect(rowOf(sheet, ids.uche)).toMatchObject({ average: 45, grade: "D7", suggested_remark: "Pass" });
    });

    it("takes days opened from the term calendar's school days and the next term's start from the calendar", async () => {
      const term = {
        term: TERM,
        starts_on: "2025-09-15",
        ends_on: "2025-12-12",
        next_term_starts_on: "2026-01-12",
        closures: [{ date: "2025-10-01", name: "Independence Day" }],
      };
      const res = await call(school, "PUT", `/calendar?year=${encodeURIComponent(SESSION)}`, { terms: [term] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const sheet = await extras(school);
      expect(sheet.days_opened_default).toBe(schoolDays(term.starts_on, term.ends_on, ["2025-10-01"]));
      expect(sheet.days_opened_default).toBe(64);
      expect(sheet.next_term_begins).toBe("2026-01-12");
      // Without a "next term begins" date, the following term's start.
      const second = { term: "2nd Term", starts_on: "2026-01-13", ends_on: "2026-04-02", next_term_starts_on: null };
      await call(school, "PUT", `/calendar?year=${encodeURIComponent(SESSION)}`, {
        terms: [{ ...term, next_term_starts_on: null }, second],
      });
      expect((await extras(school)).next_term_begins).toBe("2026-01-13");
      await call(school, "PUT", `/calendar?year=${encodeURIComponent(SESSION)}`, { terms: [term] });
    });

    it("answers 422 for a class, term, session or result the school does not have", async () => {
      const res = await call(school, "GET", address({ class: "SS9", term: "4th Term", year: "2025", result: "x" }));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        class: [RESULTS_MESSAGES.classUnknown],
        term: [RESULTS_MESSAGES.termUnknown],
        year: [RESULTS_MESSAGES.sessionInvalid],
        result: [RESULTS_MESSAGES.resultUnknown],
      });
    });
  });

  describe("saving", () => {
    it("stores every part per student in one write and reads it back; a blank days opened takes the calendar's", async () => {
      const res = await save(school, [
        {
          student_id: ids.ada,
          days_present: "60",
          days_absent: 4,
          ratings: { Punctuality: 5, Neatness: "4", Politeness: "" },
          teacher_remark: "  A careful worker ",
          principal_remark: "Well done",
        },
        { student_id: ids.uche, days_opened: 62, days_present: 50, days_absent: 12 },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe(M.saved);
      const sheet = await extras(school);
      expect(res.body.data).toEqual(sheet);
      expect(rowOf(sheet, ids.ada)).toMatchObject({
        days_opened: null,
        days_present: 60,
        days_absent: 4,
        ratings: { Punctuality: 5, Neatness: 4, Politeness: null, Attentiveness: null },
        teacher_remark: "A careful worker",
        principal_remark: "Well done",
      });
      expect(rowOf(sheet, ids.uche)).toMatchObject({ days_opened: 62, days_present: 50, days_absent: 12 });
    });

    it("an all-blank row clears the student's extras; rows not sent keep theirs", async () => {
      expect((await save(school, [{ student_id: ids.uche, days_opened: "", ratings: {} }])).status).toBe(200);
      const sheet = await extras(school);
      expect(rowOf(sheet, ids.uche)).toMatchObject({ days_opened: null, days_present: null, teacher_remark: null });
      expect(rowOf(sheet, ids.ada).teacher_remark).toBe("A careful worker");
    });

    const long = "x".repeat(301);
    it.each([
      ["a rating of 0", { ratings: { Neatness: 0 } }, "rows.0.ratings.Neatness", M.ratingInvalid],
      ["a rating of 6", { ratings: { Neatness: "6" } }, "rows.0.ratings.Neatness", M.ratingInvalid],
      ["a rating of 2.5", { ratings: { Neatness: 2.5 } }, "rows.0.ratings.Neatness", M.ratingInvalid],
      ["a rating not a number", { ratings: { Neatness: "good" } }, "rows.0.ratings.Neatness", M.ratingInvalid],
      ["a rating of an unknown input", { ratings: { Singing: 3 } }, "rows.0.ratings.Singing", M.ratingUnknown],
      ["days present not a number", { days_present: "many" }, "rows.0.days_present", M.daysNotNumber],
      ["negative days absent", { days_absent: -1 }, "rows.0.days_absent", M.daysAboveMax],
      ["days opened above a year", { days_opened: 400 }, "rows.0.days_opened", M.daysAboveMax],
      [
        "present and absent above the days opened",
        { days_opened: 60, days_present: 50, days_absent: 11 },
        "rows.0.days_present",
        M.daysTooMany,
      ],
      [
        "present and absent above the calendar's school days",
        { days_present: 64, days_absent: 1 },
        "rows.0.days_present",
        M.daysTooMany,
      ],
      ["a teacher's remark too long", { teacher_remark: long }, "rows.0.teacher_remark", M.remarkTooLong],
      ["a principal's remark not text", { principal_remark: 5 }, "rows.0.principal_remark", M.textNotText],
      [
        "an extra input while they are off",
        { extra_inputs: { Club: "Chess" } },
        "rows.0.extra_inputs.Club",
        M.extraInputUnknown,
      ],
    ])("refuses %s beside its field and writes nothing", async (_, fields, field, message) => {
      const before = await extras(school);
      const res = await save(school, [
        { student_id: ids.uche, teacher_remark: "Kept?" },
        { student_id: ids.ada, ...fields },
      ]);
      expect(res.status).toBe(422);
      const key = field.replace("rows.0.", "rows.1.");
      expect(res.body.errors).toEqual({ [key]: [message] });
      expect(await extras(school)).toEqual(before);
    });

    it("names every problem of every row at once", async () => {
      const res = await save(school, [
        { student_id: ids.ada, ratings: { Neatness: 9 }, days_present: "x" },
        { student_id: ids.kemi },
        { student_id: ids.ada },
      ]);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        "rows.0.ratings.Neatness": [M.ratingInvalid],
        "rows.0.days_present": [M.daysNotNumber],
        "rows.1.student_id": [RESULTS_MESSAGES.studentNotInClass],
        "rows.2.student_id": [RESULTS_MESSAGES.studentTwice],
      });
    });

    it("asks for the days opened when the term has no dates and attendance is typed", async () => {
      const res = await save(school, [{ student_id: ids.ada, days_present: 3 }], { term: "3rd Term" });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ "rows.0.days_opened": [M.daysOpenedRequired] });
    });

    it("a row's shape is checked first", async () => {
      const res = await call(school, "PUT", address(), { rows: "all" });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ rows: [M.rowsRequired] });
    });

    it("follows the settings: extra inputs when on, attendance and ratings refused when off", async () => {
      const settings = await get<SchoolSettings>(school, "/school-settings");
      const set = (report_sheet: object) =>
        call(school, "POST", "/school-settings", { school_settings: { report_sheet } });
      expect(
        (
          await set({
            ...settings.report_sheet,
            include_attendance: false,
            enable_child_development: false,
            enable_extra_inputs: true,
            extra_inputs: ["Club", "Sport"],
          })
        ).status,
      ).toBe(200);
      const sheet = await extras(school);
      expect(sheet.parts).toEqual({ attendance: false, ratings: [], extra_inputs: ["Club", "Sport"] });
      expect(sheet.days_opened_default).toBeNull();
      expect(rowOf(sheet, ids.ada)).toMatchObject({
        days_present: null,
        ratings: {},
        extra_inputs: { Club: "", Sport: "" },
      });
      const refused = await save(school, [{ student_id: ids.ada, days_present: 3, ratings: { Neatness: 3 } }]);
      expect(refused.body.errors).toEqual({
        "rows.0.days_present": [M.attendanceOff],
        "rows.0.ratings.Neatness": [M.ratingUnknown],
      });
      const saved = await save(school, [{ student_id: ids.uche, extra_inputs: { Club: "Chess", Sport: "" } }]);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(rowOf(saved.body.data, ids.uche).extra_inputs).toEqual({ Club: "Chess", Sport: "" });
      expect((await set(settings.report_sheet)).status).toBe(200);
    });

    it("is refused with 409 while the class's result is published, and allowed again once unpublished", async () => {
      const publication = (published: boolean) =>
        call(school, "POST", "/results/publication", { class: "JSS2", term: TERM, session: SESSION, published });
      expect((await publication(true)).status).toBe(200);
      expect((await extras(school, { class: "JSS2" })).published).toBe(true);
      const res = await save(school, [{ student_id: ids.kemi, teacher_remark: "Late" }], { class: "JSS2" });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(RESULTS_MESSAGES.locked("JSS2"));
      expect(rowOf(await extras(school, { class: "JSS2" }), ids.kemi).teacher_remark).toBeNull();
      expect((await publication(false)).status).toBe(200);
      expect((await save(school, [{ student_id: ids.kemi, teacher_remark: "Late" }], { class: "JSS2" })).status).toBe(
        200,
      );
    });

    it("another school's student is not found, and nothing is written", async () => {
      const res = await save(school, [
        { student_id: ids.ada, teacher_remark: "Changed" },
        { student_id: ids.other, teacher_remark: "Planted" },
      ]);
      expect(res.status).toBe(404);
      expect(rowOf(await extras(school), ids.ada).teacher_remark).toBe("A careful worker");
      expect((await extras(other)).rows.every((r) => r.teacher_remark === null)).toBe(true);
    });
  });

  describe("the comment bank", () => {
    let kept: ReportComment;

    it("adds a remark once, with the grade it suits, and suggests it to the students of that band", async () => {
      const first = await call(school, "POST", "/results/comments", { remark: " An outstanding term. ", grade: "A1" });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.body.message).toBe(M.commentAdded);
      kept = first.body.data;
      expect(kept).toEqual({ id: expect.any(Number), remark: "An outstanding term.", grade: "A1" });
      const [again, twice] = await Promise.all([
        call(school, "POST", "/results/comments", { remark: "An outstanding term.", grade: "A1" }),
        call(school, "POST", "/results/comments", { remark: "An outstanding term.", grade: "A1" }),
      ]);
      expect([again.status, twice.status]).toEqual([200, 200]);
      expect(again.body.data.id).toBe(kept.id);
      expect((await call(school, "POST", "/results/comments", { remark: "Try harder", grade: "" })).status).toBe(201);
      const list = await get<ReportComment[]>(school, "/results/comments");
      expect(list).toEqual([{ id: expect.any(Number), remark: "Try harder", grade: null }, { ...kept }]);
      const sheet = await extras(school);
      expect(sheet.comments).toEqual(list);
      expect(rowOf(sheet, ids.ada).suggested_remark).toBe("An outstanding term.");
      expect(rowOf(sheet, ids.uche).suggested_remark).toBe("Pass");
    });

    it.each([
      ["no remark", { grade: "A1" }, "remark", M.commentRequired],
      ["a blank remark", { remark: "  " }, "remark", M.commentRequired],
      ["a remark too long", { remark: "y".repeat(301) }, "remark", M.remarkTooLong],
      ["a grade of no scale", { remark: "Good", grade: "Z9" }, "grade", M.gradeUnknown],
    ])("refuses %s beside its field", async (_, body, field, message) => {
      const before = await get<ReportComment[]>(school, "/results/comments");
      const res = await call(school, "POST", "/results/comments", body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ [field]: [message] });
      expect(await get<ReportComment[]>(school, "/results/comments")).toEqual(before);
    });

    it("removes a remark; another school's remark, or one gone, is not found", async () => {
      const theirs = await call(other, "DELETE", `/results/comments/${kept.id}`);
      expect(theirs.status).toBe(404);
      expect(theirs.body.message).toBe(M.commentNotFound);
      const res = await call(school, "DELETE", `/results/comments/${kept.id}`);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(M.commentRemoved);
      expect((await call(school, "DELETE", `/results/comments/${kept.id}`)).status).toBe(404);
      expect((await call(school, "DELETE", "/results/comments/abc")).status).toBe(404);
      expect((await get<ReportComment[]>(school, "/results/comments")).map((c) => c.remark)).toEqual(["Try harder"]);
      expect(await get<ReportComment[]>(other, "/results/comments")).toEqual([]);
    });
  });

  it("another school's address is not found", async () => {
    const res = await api.fetch(`/api/admin/${school.uniqueId}${address()}`, { headers: other.auth });
    expect(res.status).toBe(404);
  });

  it("reportExtras gives each student's part of the report card, days opened from the calendar when not typed", async () => {
    const { id: schoolId } = await api.db
      .selectFrom("schools")
      .select("id")
      .where("unique_id", "=", school.uniqueId)
      .executeTakeFirstOrThrow();
    const deps = { db: api.db, dialect: DATABASE, now: () => api.clock.now } as ApiDeps;
    const parts = await reportExtras(
      deps,
      { schoolId: Number(schoolId), uniqueId: school.uniqueId },
      {
        class: "JSS1",
        term: TERM,
        session: SESSION,
        result: "terminal",
      },
    );
    expect(parts.next_term_begins).toBe("2026-01-12");
    expect(parts.students.get(ids.ada)).toEqual({
      student_id: ids.ada,
      attendance: { days_opened: 64, days_present: 60, days_absent: 4 },
      ratings: INPUTS.map((input) => ({
        input,
        rating: input === "Punctuality" ? 5 : input === "Neatness" ? 4 : null,
      })),
      extra_inputs: [],
      teacher_remark: "A careful worker",
      principal_remark: "Well done",
    });
    expect(parts.students.get(ids.uche)?.teacher_remark).toBeNull();
  });
});
