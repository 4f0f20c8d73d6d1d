import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentSession, currentTerm, sessionOptions } from "../../contract/calendar";
import {
  DEFAULT_GRADE_SCALE,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES as M,
  type GradeBand,
  type SchoolSettings,
} from "../../contract/settings";
import { DEFAULT_SUBJECTS_BY_SECTION, NIGERIAN_SUBJECTS } from "../../contract/subjects";
import { SchoolApiClient } from "../../app/.server/api.server";
import { getClassNames, getSchoolOptions } from "../../app/.server/school-options.server";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";

const DEFAULT_MAXIMA = { "1st CA": 20, "2nd CA": 20, Exam: 60 };

describe(`school settings on ${DATABASE}`, () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const path = (school: RegisteredSchool, rest = "/school-settings") => `/api/admin/${school.uniqueId}${rest}`;

  async function read(school: RegisteredSchool): Promise<SchoolSettings> {
    const res = await api.fetch(path(school), { headers: school.auth });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: SchoolSettings }).data;
  }

  function save(school: RegisteredSchool, body: unknown, token = school.token) {
    return api.fetch(path(school), {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  }

  async function storedRows(school: RegisteredSchool) {
    const row = await api.db
      .selectFrom("schools")
      .select("id")
      .where("unique_id", "=", school.uniqueId)
      .executeTakeFirstOrThrow();
    return api.db.selectFrom("school_settings").selectAll().where("school_id", "=", row.id).execute();
  }

  describe("defaults of a new school", () => {
    it("has the four sections with their classes, subjects, sessions, terms and report sheet", async () => {
      const school = await registerSchool(api);
      const s = await read(school);
      expect(s.sections).toEqual(["Early Childhood", "Primary", "Junior Secondary", "Senior Secondary"]);
      expect(s.classes_by_section).toEqual({
        "Early Childhood": ["Toddler 1", "Toddler 2", "KG 1", "KG 2", "KG 3"],
        Primary: ["Primary 1", "Primary 2", "Primary 3", "Primary 4", "Primary 5", "Primary 6"],
        "Junior Secondary": ["JSS1", "JSS2", "JSS3"],
        "Senior Secondary": ["SS1", "SS2", "SS3"],
      });
      expect(s.classes).toHaveLength(17);
      for (const c of s.classes) expect(c.subjects).toEqual(s.subjects_by_section[c.section]);
      expect(s.classes.find((c) => c.class_name === "KG 2")).toMatchObject({ section: "Early Childhood" });
      expect(s.subjects_by_section["Early Childhood"]).toEqual(
        expect.arrayContaining(["Phonics", "Number Work", "Letter Work", "Rhymes"]),
      );
      expect(s.subjects_by_section.Primary).toEqual(
        expect.arrayContaining(["Verbal Reasoning", "Quantitative Reasoning", "Basic Science"]),
      );
      expect(s.subjects_by_section["Junior Secondary"]).toEqual(
        expect.arrayContaining(["Basic Technology", "Business Studies"]),
      );
      expect(s.subjects_by_section["Senior Secondary"]).toEqual(
        expect.arrayContaining(["Physics", "Further Mathematics", "Principles of Accounts", "Literature in English"]),
      );
      expect(s.subjects_by_section["Senior Secondary"]).not.toContain("Rhymes");
      expect(new Set(Object.values(s.subjects_by_section).flat())).toEqual(new Set(NIGERIAN_SUBJECTS));
      expect(s.sessions).toEqual(sessionOptions(api.clock.now));
      expect(s.terms).toEqual(["1st Term", "2nd Term", "3rd Term"]);
      expect(s.report_sheet).toEqual({
        add_position: true,
        current_term: currentTerm(api.clock.now),
        include_attendance: true,
        enable_extra_inputs: false,
        extra_inputs: [],
        enable_child_development: true,
        child_development_inputs: [
          "Punctuality",
          "Neatness",
          "Politeness",
          "Attentiveness",
          "Relationship with Others",
        ],
        mid_term_columns: ["1st CA", "2nd CA"],
        exam_columns: ["1st CA", "2nd CA", "Exam"],
        school_signature: true,
        score_maxima: Object.fromEntries(s.sections.map((section) => [section, DEFAULT_MAXIMA])),
        grade_scales: Object.fromEntries(s.sections.map((section) => [section, DEFAULT_GRADE_SCALE])),
        position_ties: "standard",
      });
      expect(s.other_settings).toEqual({});
      expect(await storedRows(school)).toHaveLength(0);
    });

    it("has about 49 curriculum subjects from English Language to Principles of Accounts, each in a section", () => {
      expect(NIGERIAN_SUBJECTS).toHaveLength(49);
      expect(new Set(NIGERIAN_SUBJECTS).size).toBe(49);
      expect(NIGERIAN_SUBJECTS.slice(0, 2)).toEqual(["English Language", "Mathematics"]);
      expect(NIGERIAN_SUBJECTS.at(-1)).toBe("Principles of Accounts");
      for (const list of Object.values(DEFAULT_SUBJECTS_BY_SECTION)) {
        for (const subject of list) expect(NIGERIAN_SUBJECTS).toContain(subject);
      }
    });

    it("generates sessions and the term around today until the school saves its own", async () => {
      const saved = api.clock.now;
      try {
        api.clock.now = new Date("2031-08-30T10:00:00Z");
        const school = await registerSchool(api);
        const august = await read(school);
        expect(august.sessions).toEqual(["2029/2030", "2030/2031", "2031/2032"]);
        expect(august.report_sheet.current_term).toBe("3rd Term");
        api.clock.now = new Date("2031-09-02T10:00:00Z");
        const september = await read(school);
        expect(september.sessions).toEqual(["2030/2031", "2031/2032", "2032/2033"]);
        expect(september.report_sheet.current_term).toBe("1st Term");
      } finally {
        api.clock.now = saved;
      }
    });

    it("answers GET /getAdminSettingsData with the classes list", async () => {
      const school = await registerSchool(api);
      const res = await api.fetch(path(school, "/getAdminSettingsData"), { headers: school.auth });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { classes: SchoolSettings["classes"] } };
      expect(body.data.classes).toEqual((await read(school)).classes);
      expect(body.data.classes[0]).toEqual({
        class_name: "Toddler 1",
        section: "Early Childhood",
        subjects: DEFAULT_SUBJECTS_BY_SECTION["Early Childhood"],
        level: "Toddler 1",
      });
    });

    it("gives each class its level: the one saved, else the class itself", async () => {
      const school = await registerSchool(api);
      const { classes } = await read(school);
      const res = await save(school, {
        school_settings: {
          classes: classes.flatMap((c) =>
            c.class_name === "JSS1"
              ? [
                  { class_name: "JSS1A", section: c.section, level: " JSS1 " },
                  { class_name: "JSS1B", section: c.section, level: "JSS1" },
                ]
              : [{ class_name: c.class_name, section: c.section, level: c.class_name === "JSS2" ? "" : undefined }],
          ),
        },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const listed = await api.fetch(path(school, "/getAdminSettingsData"), { headers: school.auth });
      const listedClasses = ((await listed.json()) as { data: { classes: SchoolSettings["classes"] } }).data.classes;
      // The classes call answers the saved classes as the whole settings do, each class's subjects included.
      expect(listedClasses).toEqual((await read(school)).classes);
      const junior = listedClasses.filter((c) => c.section === "Junior Secondary").map((c) => [c.class_name, c.level]);
      expect(junior).toEqual([
        ["JSS1A", "JSS1"],
        ["JSS1B", "JSS1"],
        ["JSS2", "JSS2"],
        ["JSS3", "JSS3"],
      ]);
      const stored = JSON.parse((await storedRows(school))[0].settings) as { classes: Record<string, unknown>[] };
      expect(stored.classes.filter((c) => "level" in c).map((c) => [c.class_name, c.level])).toEqual([
        ["JSS1A", "JSS1"],
        ["JSS1B", "JSS1"],
      ]);
    });
  });

  describe("saving", () => {
    it("stores the sent parts, trims names, gives classes their section's subjects and answers the settings", async () => {
      const school = await registerSchool(api);
      const res = await save(school, {
        school_settings: {
          sections: [" Nursery ", "Primary"],
          classes: [
            { class_name: " Nursery 1 ", section: "Nursery" },
            { class_name: "Basic 1", section: "Primary", subjects: ["Mathematics", " English Language "] },
            { class_name: "Basic 2", section: "Primary" },
          ],
          subjects_by_section: {
            Nursery: ["Rhymes", "Number Work"],
            Primary: ["Mathematics", "English Language", "French"],
          },
          classes_by_section: { ignored: ["derived from classes"] },
        },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { message: string; data: SchoolSettings };
      expect(body.message).toBe("Settings updated successfully!");
      expect(body.data.sections).toEqual(["Nursery", "Primary"]);
      expect(body.data.classes).toEqual([
        { class_name: "Nursery 1", section: "Nursery", subjects: ["Rhymes", "Number Work"], level: "Nursery 1" },
        { class_name: "Basic 1", section: "Primary", subjects: ["Mathematics", "English Language"], level: "Basic 1" },
        {
          class_name: "Basic 2",
          section: "Primary",
          subjects: ["Mathematics", "English Language", "French"],
          level: "Basic 2",
        },
      ]);
      expect(body.data.classes_by_section).toEqual({ Nursery: ["Nursery 1"], Primary: ["Basic 1", "Basic 2"] });
      expect(body.data.sessions).toEqual(sessionOptions(api.clock.now));
      expect(await read(school)).toEqual(body.data);
      const rows = await storedRows(school);
      expect(rows).toHaveLength(1);
      expect(Object.keys(JSON.parse(rows[0].settings)).sort()).toEqual(["classes", "sections", "subjects_by_section"]);
    });

    it("keeps the parts it was not sent, and answers the same when the same form is sent twice", async () => {
      const school = await registerSchool(api);
      const before = await read(school);
      const report_sheet = {
        ...before.report_sheet,
        add_position: false,
        mid_term_columns: ["CA 1", "CA 2", "Project"],
      };
      const first = await save(school, { school_settings: { report_sheet } });
      const second = await save(school, { school_settings: { report_sheet } });
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      const after = await read(school);
      // The new mid-term columns take a CA's default maximum in every section.
      const maxima = { ...DEFAULT_MAXIMA, "CA 1": 20, "CA 2": 20, Project: 20 };
      expect(after).toEqual({
        ...before,
        report_sheet: {
          ...report_sheet,
          score_maxima: Object.fromEntries(before.sections.map((section) => [section, maxima])),
        },
        configured_term: report_sheet.current_term,
        school_term: { ...before.school_term, from: "settings" },
      });
      expect(await storedRows(school)).toHaveLength(1);
    });

    it("stores sessions and terms when they are sent", async () => {
      const school = await registerSchool(api);
      const res = await save(school, {
        school_settings: {
          sessions: ["2024/2025", "2025/2026"],
          terms: ["First Term", "Second Term", "Third Term"],
          report_sheet: { ...(await read(school)).report_sheet, current_term: "Second Term" },
        },
      });
      expect(res.status).toBe(200);
      const s = await read(school);
      expect(s.sessions).toEqual(["2024/2025", "2025/2026"]);
      expect(s.terms).toEqual(["First Term", "Second Term", "Third Term"]);
    });

    it("drops the subject list of a removed section, and refuses to leave its classes behind", async () => {
      const school = await registerSchool(api);
      const before = await read(school);
      const orphaned = await save(school, {
        school_settings: { sections: ["Primary", "Junior Secondary", "Senior Secondary"] },
      });
      expect(orphaned.status).toBe(422);
      const body = (await orphaned.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.message).toBe(M.classSectionMissing);
      expect(body.errors["classes.0.section"]).toEqual([M.classSectionMissing]);
      expect(await read(school)).toEqual(before);

      const res = await save(school, {
        school_settings: {
          sections: ["Primary", "Junior Secondary", "Senior Secondary"],
          classes: before.classes
            .filter((c) => c.section !== "Early Childhood")
            .map(({ class_name, section }) => ({ class_name, section })),
        },
      });
      expect(res.status).toBe(200);
      const after = await read(school);
      expect(Object.keys(after.subjects_by_section)).toEqual(["Primary", "Junior Secondary", "Senior Secondary"]);
      expect(after.classes.map((c) => c.class_name)).not.toContain("KG 1");
      expect(after.classes.find((c) => c.class_name === "JSS2")?.subjects).toEqual(
        DEFAULT_SUBJECTS_BY_SECTION["Junior Secondary"],
      );
    });

    it("gives a new section an empty subject list", async () => {
      const school = await registerSchool(api);
      const { sections } = await read(school);
      const res = await save(school, { school_settings: { sections: [...sections, "Vocational"] } });
      expect(res.status).toBe(200);
      const s = await read(school);
      expect(s.subjects_by_section.Vocational).toEqual([]);
      expect(s.classes_by_section.Vocational).toEqual([]);
    });
  });

  describe("score maxima, grade scales and the tie rule", () => {
    const nurseryWords = [
      { grade: "Good", min: 0, max: 59, remark: "Good effort" },
      { grade: "Excellent", min: 80, max: 100, remark: "Excellent work" },
      { grade: "Very Good", min: 60, max: 79, remark: "Very good work" },
    ];

    it("saves a section's maxima and its own words, highest first, and the dense rule; other sections keep the defaults", async () => {
      const school = await registerSchool(api);
      const { report_sheet } = await read(school);
      const res = await save(school, {
        school_settings: {
          report_sheet: {
            ...report_sheet,
            score_maxima: { ...report_sheet.score_maxima, Primary: { "1st CA": 30, "2nd CA": 10, Exam: 60 } },
            grade_scales: { ...report_sheet.grade_scales, "Early Childhood": nurseryWords },
            position_ties: "dense",
          },
        },
      });
      expect(res.status).toBe(200);
      const answered = ((await res.json()) as { data: SchoolSettings }).data;
      const after = await read(school);
      expect(after).toEqual(answered);
      expect(after.report_sheet.score_maxima.Primary).toEqual({ "1st CA": 30, "2nd CA": 10, Exam: 60 });
      expect(after.report_sheet.score_maxima["Senior Secondary"]).toEqual(DEFAULT_MAXIMA);
      expect(after.report_sheet.grade_scales["Early Childhood"].map((b) => b.grade)).toEqual([
        "Excellent",
        "Very Good",
        "Good",
      ]);
      expect(after.report_sheet.grade_scales.Primary).toEqual(DEFAULT_GRADE_SCALE);
      expect(after.report_sheet.position_ties).toBe("dense");
    });

    it("gives a new exam column what the others leave of 100", async () => {
      const school = await registerSchool(api);
      const { report_sheet } = await read(school);
      const res = await save(school, {
        school_settings: { report_sheet: { ...report_sheet, exam_columns: ["1st CA", "2nd CA", "Examination"] } },
      });
      expect(res.status).toBe(200);
      expect((await read(school)).report_sheet.score_maxima.Primary).toEqual({
        "1st CA": 20,
        "2nd CA": 20,
        Examination: 60,
      });
    });

    it("keeps them when a report sheet is sent without them", async () => {
      const school = await registerSchool(api);
      const { report_sheet } = await read(school);
      const changed = {
        ...report_sheet,
        score_maxima: { Primary: { "1st CA": 10, "2nd CA": 10, Exam: 80 } },
        position_ties: "dense",
      };
      expect((await save(school, { school_settings: { report_sheet: changed } })).status).toBe(200);
      const { score_maxima, grade_scales, position_ties, ...rest } = changed;
      const res = await save(school, { school_settings: { report_sheet: { ...rest, school_signature: false } } });
      expect(res.status).toBe(200);
      const after = (await read(school)).report_sheet;
      expect(after.score_maxima.Primary).toEqual({ "1st CA": 10, "2nd CA": 10, Exam: 80 });
      expect(after.position_ties).toBe("dense");
      expect(after.school_signature).toBe(false);
    });

    it("reads a report sheet stored before they existed with the defaults, and saves other parts beside it", async () => {
      const school = await registerSchool(api);
      const { report_sheet, terms } = await read(school);
      const { score_maxima, grade_scales, position_ties, ...older } = report_sheet;
      const { id } = await api.db
        .selectFrom("schools")
        .select("id")
        .where("unique_id", "=", school.uniqueId)
        .executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await api.db
        .insertInto("school_settings")
        .values({
          school_id: id,
          settings: JSON.stringify({ report_sheet: { ...older, add_position: false } }),
          created_at: now,
          updated_at: now,
        })
        .execute();
      const s = await read(school);
      expect(s.report_sheet).toEqual({ ...report_sheet, add_position: false });
      expect((await save(school, { school_settings: { terms } })).status).toBe(200);
      expect((await read(school)).report_sheet).toEqual({ ...report_sheet, add_position: false });
    });

    it("drops a removed section's maxima and grades", async () => {
      const school = await registerSchool(api);
      const before = await read(school);
      const report_sheet = {
        ...before.report_sheet,
        grade_scales: { "Early Childhood": nurseryWords },
        score_maxima: { "Early Childhood": { "1st CA": 25, "2nd CA": 25, Exam: 50 } },
      };
      expect((await save(school, { school_settings: { report_sheet } })).status).toBe(200);
      const res = await save(school, {
        school_settings: {
          sections: ["Primary", "Junior Secondary", "Senior Secondary"],
          classes: before.classes
            .filter((c) => c.section !== "Early Childhood")
            .map(({ class_name, section }) => ({ class_name, section })),
        },
      });
      expect(res.status).toBe(200);
      const after = (await read(school)).report_sheet;
      expect(Object.keys(after.score_maxima)).toEqual(["Primary", "Junior Secondary", "Senior Secondary"]);
      const stored = JSON.parse((await storedRows(school))[0].settings) as SchoolSettings;
      expect(stored.report_sheet.score_maxima).toEqual({});
      expect(stored.report_sheet.grade_scales).toEqual({});
    });
  });

  describe("renaming classes", () => {
    const call = async (school: RegisteredSchool, method: string, rest: string, body?: unknown) => {
      const res = await api.fetch(path(school, rest), {
        method,
        headers: { ...school.auth, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      return ((await res.json()) as { data: Record<string, unknown> }).data;
    };
    const addStudent = async (school: RegisteredSchool, name: string, className: string) =>
      (await call(school, "POST", "/students", {
        student_data: { name, selectedClass: className, gender: "Female", phone_number: "08031234567" },
      })) as { unique_id: string };
    const classOf = async (school: RegisteredSchool, name: string) => {
      const row = await api.db
        .selectFrom("students")
        .innerJoin("schools", "schools.id", "students.school_id")
        .select("students.class_name")
        .where("schools.unique_id", "=", school.uniqueId)
        .where("students.name", "=", name)
        .executeTakeFirstOrThrow();
      return row.class_name;
    };
    const renamedClasses = (settings: SchoolSettings, names: Record<string, string>) =>
      settings.classes.map((c) => ({ class_name: names[c.class_name] ?? c.class_name, section: c.section }));

    it("moves the class's students, listed or in the backlog, and its timetables; other schools keep theirs", async () => {
      const school = await registerSchool(api);
      const other = await registerSchool(api);
      await addStudent(school, "Amaka Obi", "JSS1");
      const leaver = await addStudent(school, "Tunde Bello", "JSS1");
      await call(school, "POST", `/students/${leaver.unique_id}/backlog`, { reason: "Graduated" });
      await addStudent(school, "Musa Yusuf", "JSS2");
      await addStudent(other, "Zainab Lawal", "JSS1");
      const timetable = (await call(school, "POST", "/timetables", {
        type: "Test",
        class: "JSS1",
        session: "2025/2026",
        term: "1st Term",
      })) as { id: number };

      const res = await save(school, {
        school_settings: { classes: renamedClasses(await read(school), { JSS1: "Year 7" }) },
        class_renames: [{ from: "JSS1", to: "Year 7" }],
      });
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await read(school)).classes.map((c) => c.class_name)).toContain("Year 7");
      expect(await classOf(school, "Amaka Obi")).toBe("Year 7");
      expect(await classOf(school, "Tunde Bello")).toBe("Year 7");
      expect(await classOf(school, "Musa Yusuf")).toBe("JSS2");
      expect(await classOf(other, "Zainab Lawal")).toBe("JSS1");
      expect(await call(school, "GET", `/timetables/${timetable.id}`)).toMatchObject({ class: "Year 7" });
    });

    it("swaps two class names in one save", async () => {
      const school = await registerSchool(api);
      await addStudent(school, "Ngozi Eze", "JSS2");
      await addStudent(school, "Emeka Obi", "JSS3");
      const res = await save(school, {
        school_settings: { classes: renamedClasses(await read(school), { JSS2: "JSS3", JSS3: "JSS2" }) },
        class_renames: [
          { from: "JSS2", to: "JSS3" },
          { from: "JSS3", to: "JSS2" },
        ],
      });
      expect(res.status).toBe(200);
      expect(await classOf(school, "Ngozi Eze")).toBe("JSS3");
      expect(await classOf(school, "Emeka Obi")).toBe("JSS2");
    });

    it.each([
      ["from a class the school does not have", [{ from: "Year 9", to: "Year 7" }]],
      ["to a class that is not sent", [{ from: "JSS1", to: "Year 8" }]],
      [
        "the same class twice",
        [
          { from: "JSS1", to: "Year 7" },
          { from: "JSS1", to: "JSS2" },
        ],
      ],
      ["not a list", { from: "JSS1", to: "Year 7" }],
    ])("a rename %s is refused with 422 and nothing is written", async (_what, class_renames) => {
      const school = await registerSchool(api);
      await addStudent(school, "Kelechi Nwosu", "JSS1");
      const before = await read(school);
      const res = await save(school, {
        school_settings: { classes: renamedClasses(before, { JSS1: "Year 7" }) },
        class_renames,
      });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.class_renames).toEqual([
        M.renameUnknown,
      ]);
      expect(await read(school)).toEqual(before);
      expect(await classOf(school, "Kelechi Nwosu")).toBe("JSS1");
    });
  });

  describe("the dashboard", () => {
    it("shows the month's term and session until the school sets its own", async () => {
      const school = await registerSchool(api);
      const dashboard = async () =>
        (
          (await (await api.fetch(path(school, "/dashboard"), { headers: school.auth })).json()) as {
            data: { current_term: string; current_session: string };
          }
        ).data;
      expect(await dashboard()).toMatchObject({
        current_term: currentTerm(api.clock.now),
        current_session: currentSession(api.clock.now),
      });

      const { report_sheet, sessions } = await read(school);
      const term = report_sheet.current_term === "3rd Term" ? "1st Term" : "3rd Term";
      const session = sessions[0];
      const res = await save(school, {
        school_settings: {
          report_sheet: { ...report_sheet, current_term: term },
          other_settings: { current_session: session },
        },
      });
      expect(res.status).toBe(200);
      expect(await dashboard()).toMatchObject({ current_term: term, current_session: session });
    });

    it("says which term the school set, and null until it sets one", async () => {
      const school = await registerSchool(api);
      expect((await read(school)).configured_term).toBeNull();
      const { report_sheet } = await read(school);
      const term = report_sheet.current_term === "3rd Term" ? "1st Term" : "3rd Term";
      const res = await save(school, { school_settings: { report_sheet: { ...report_sheet, current_term: term } } });
      expect(((await res.json()) as { data: SchoolSettings }).data.configured_term).toBe(term);
      expect((await read(school)).configured_term).toBe(term);
    });
  });

  describe("validation: 422 with field errors and nothing written", () => {
    const base = async (school: RegisteredSchool) => {
      const s = await read(school);
      return {
        sections: s.sections,
        classes: s.classes,
        subjects_by_section: s.subjects_by_section,
        terms: s.terms,
        report_sheet: s.report_sheet,
      };
    };
    type Settings = Awaited<ReturnType<typeof base>>;
    const maxima = (s: Settings, section: string, columns: Record<string, unknown>) => ({
      report_sheet: { ...s.report_sheet, score_maxima: { ...s.report_sheet.score_maxima, [section]: columns } },
    });
    const band = (s: Settings, section: string, index: number, change: Partial<Record<keyof GradeBand, unknown>>) => ({
      report_sheet: {
        ...s.report_sheet,
        grade_scales: {
          ...s.report_sheet.grade_scales,
          [section]: s.report_sheet.grade_scales[section].map((b, i) => (i === index ? { ...b, ...change } : b)),
        },
      },
    });
    const many = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);
    const long = "x".repeat(SETTINGS_LIMITS.nameMax + 1);

    const cases: Array<[string, (s: Settings) => unknown, string, string]> = [
      ["no school_settings", () => undefined, "school_settings", M.settingsRequired],
      ["school_settings a list", () => [], "school_settings", M.settingsRequired],
      ["no sections", () => ({ sections: [] }), "sections", M.sectionsRequired],
      ["sections not a list", () => ({ sections: "Primary" }), "sections", M.mustBeList],
      ["a blank section", (s) => ({ sections: [...s.sections, "  "] }), "sections.4", M.sectionRequired],
      ["a section that is not text", (s) => ({ sections: [...s.sections, 7] }), "sections.4", M.sectionRequired],
      ["a repeated section", (s) => ({ sections: [...s.sections, " primary "] }), "sections.4", M.sectionDuplicate],
      ["a long section name", (s) => ({ sections: [...s.sections, long] }), "sections.4", M.tooLong],
      [
        "too many sections",
        () => ({ sections: many(SETTINGS_LIMITS.sections + 1, "Section") }),
        "sections",
        M.tooMany(SETTINGS_LIMITS.sections),
      ],
      ["classes not a list", () => ({ classes: {} }), "classes", M.mustBeList],
      ["a class that is not an object", (s) => ({ classes: [...s.classes, "JSS4"] }), "classes.17", M.mustBeObject],
      [
        "a blank class name",
        (s) => ({ classes: [...s.classes, { class_name: " ", section: "Primary" }] }),
        "classes.17.class_name",
        M.classRequired,
      ],
      [
        "a long class name",
        (s) => ({ classes: [...s.classes, { class_name: long, section: "Primary" }] }),
        "classes.17.class_name",
        M.tooLong,
      ],
      [
        "a class name used in another section",
        (s) => ({ classes: [...s.classes, { class_name: "jss1", section: "Primary" }] }),
        "classes.17.class_name",
        M.classDuplicate,
      ],
      [
        "a long level",
        (s) => ({ classes: [...s.classes, { class_name: "Year 7", section: "Primary", level: long }] }),
        "classes.17.level",
        M.tooLong,
      ],
      [
        "a level that is not a name",
        (s) => ({ classes: [...s.classes, { class_name: "Year 7", section: "Primary", level: 7 }] }),
        "classes.17.level",
        M.levelInvalid,
      ],
      [
        "a class in no known section",
        (s) => ({ classes: [...s.classes, { class_name: "Year 7", section: "Middle" }] }),
        "classes.17.section",
        M.classSectionMissing,
      ],
      [
        "a class without a section",
        (s) => ({ classes: [...s.classes, { class_name: "Year 7" }] }),
        "classes.17.section",
        M.classSectionMissing,
      ],
      [
        "a class with a blank subject",
        (s) => ({
          classes: [...s.classes, { class_name: "Year 7", section: "Primary", subjects: ["Mathematics", ""] }],
        }),
        "classes.17.subjects.1",
        M.subjectRequired,
      ],
      [
        "a class with a repeated subject",
        (s) => ({
          classes: [
            ...s.classes,
            { class_name: "Year 7", section: "Primary", subjects: ["Mathematics", "mathematics"] },
          ],
        }),
        "classes.17.subjects.1",
        M.subjectDuplicate,
      ],
      [
        "too many classes",
        () => ({
          sections: ["Primary"],
          classes: many(SETTINGS_LIMITS.classes + 1, "Class").map((class_name) => ({ class_name, section: "Primary" })),
        }),
        "classes",
        M.tooMany(SETTINGS_LIMITS.classes),
      ],
      [
        "subjects for an unknown section",
        (s) => ({ subjects_by_section: { ...s.subjects_by_section, Nursery: ["Rhymes"] } }),
        "subjects_by_section.Nursery",
        M.subjectsSectionMissing,
      ],
      [
        "a repeated section subject",
        (s) => ({ subjects_by_section: { ...s.subjects_by_section, Primary: ["French", " FRENCH"] } }),
        "subjects_by_section.Primary.1",
        M.subjectDuplicate,
      ],
      [
        "a blank section subject",
        (s) => ({ subjects_by_section: { ...s.subjects_by_section, Primary: ["   "] } }),
        "subjects_by_section.Primary.0",
        M.subjectRequired,
      ],
      [
        "subjects_by_section not an object",
        () => ({ subjects_by_section: ["French"] }),
        "subjects_by_section",
        M.mustBeObject,
      ],
      [
        "too many subjects",
        (s) => ({
          subjects_by_section: { ...s.subjects_by_section, Primary: many(SETTINGS_LIMITS.subjects + 1, "Subject") },
        }),
        "subjects_by_section.Primary",
        M.tooMany(SETTINGS_LIMITS.subjects),
      ],
      ["no sessions", () => ({ sessions: [] }), "sessions", M.sessionsRequired],
      ["a session with a dash", () => ({ sessions: ["2025-2026"] }), "sessions.0", M.sessionFormat],
      ["a session spanning two years", () => ({ sessions: ["2025/2027"] }), "sessions.0", M.sessionFormat],
      ["a repeated session", () => ({ sessions: ["2025/2026", "2025/2026"] }), "sessions.1", M.sessionDuplicate],
      ["no terms", () => ({ terms: [] }), "terms", M.termsRequired],
      ["a blank term", (s) => ({ terms: [...s.terms, ""] }), "terms.3", M.termRequired],
      ["a repeated term", (s) => ({ terms: [...s.terms, "1st term"] }), "terms.3", M.termDuplicate],
      [
        "too many terms",
        () => ({ terms: many(SETTINGS_LIMITS.terms + 1, "Term") }),
        "terms",
        M.tooMany(SETTINGS_LIMITS.terms),
      ],
      ["report_sheet not an object", () => ({ report_sheet: "yes" }), "report_sheet", M.mustBeObject],
      [
        "add_position as text",
        (s) => ({ report_sheet: { ...s.report_sheet, add_position: "yes" } }),
        "report_sheet.add_position",
        M.yesOrNo,
      ],
      [
        "include_attendance missing",
        (s) => ({ report_sheet: { ...s.report_sheet, include_attendance: undefined } }),
        "report_sheet.include_attendance",
        M.yesOrNo,
      ],
      [
        "enable_extra_inputs as a number",
        (s) => ({ report_sheet: { ...s.report_sheet, enable_extra_inputs: 1 } }),
        "report_sheet.enable_extra_inputs",
        M.yesOrNo,
      ],
      [
        "enable_child_development as null",
        (s) => ({ report_sheet: { ...s.report_sheet, enable_child_development: null } }),
        "report_sheet.enable_child_development",
        M.yesOrNo,
      ],
      [
        "school_signature as text",
        (s) => ({ report_sheet: { ...s.report_sheet, school_signature: "false" } }),
        "report_sheet.school_signature",
        M.yesOrNo,
      ],
      [
        "a current term the school does not have",
        (s) => ({ report_sheet: { ...s.report_sheet, current_term: "4th Term" } }),
        "report_sheet.current_term",
        M.currentTermMissing,
      ],
      [
        "a blank current term",
        (s) => ({ report_sheet: { ...s.report_sheet, current_term: "" } }),
        "report_sheet.current_term",
        M.currentTermMissing,
      ],
      [
        "a blank extra input",
        (s) => ({ report_sheet: { ...s.report_sheet, extra_inputs: ["Remarks", " "] } }),
        "report_sheet.extra_inputs.1",
        M.inputRequired,
      ],
      [
        "a repeated child development input",
        (s) => ({ report_sheet: { ...s.report_sheet, child_development_inputs: ["Neatness", "neatness"] } }),
        "report_sheet.child_development_inputs.1",
        M.inputDuplicate,
      ],
      [
        "a repeated mid-term column",
        (s) => ({ report_sheet: { ...s.report_sheet, mid_term_columns: ["CA", "CA"] } }),
        "report_sheet.mid_term_columns.1",
        M.columnDuplicate,
      ],
      [
        "a blank exam column",
        (s) => ({ report_sheet: { ...s.report_sheet, exam_columns: [""] } }),
        "report_sheet.exam_columns.0",
        M.columnRequired,
      ],
      [
        "exam_columns not a list",
        (s) => ({ report_sheet: { ...s.report_sheet, exam_columns: "Exam" } }),
        "report_sheet.exam_columns",
        M.mustBeList,
      ],
      [
        "too many exam columns",
        (s) => ({ report_sheet: { ...s.report_sheet, exam_columns: many(SETTINGS_LIMITS.columns + 1, "Column") } }),
        "report_sheet.exam_columns",
        M.tooMany(SETTINGS_LIMITS.columns),
      ],
      [
        "exam-column maxima adding up to 90",
        (s) => maxima(s, "Primary", { "1st CA": 20, "2nd CA": 10, Exam: 60 }),
        "report_sheet.score_maxima.Primary",
        M.examMaximaTotal(90),
      ],
      [
        "exam-column maxima adding up to 113 when a new column has nothing left of 100 and takes its default (13)",
        (s) => ({ report_sheet: { ...s.report_sheet, exam_columns: ["1st CA", "2nd CA", "Project", "Exam"] } }),
        "report_sheet.score_maxima.Primary",
        M.examMaximaTotal(113),
      ],
      [
        "a maximum of 0",
        (s) => maxima(s, "Primary", { "1st CA": 40, "2nd CA": 0, Exam: 60 }),
        "report_sheet.score_maxima.Primary.2nd CA",
        M.maximumInvalid,
      ],
      [
        "a maximum that is not whole",
        (s) => maxima(s, "Primary", { "1st CA": 19.5, "2nd CA": 20.5, Exam: 60 }),
        "report_sheet.score_maxima.Primary.1st CA",
        M.maximumInvalid,
      ],
      [
        "a maximum above 100",
        (s) => maxima(s, "Junior Secondary", { "1st CA": 20, "2nd CA": 20, Exam: 160 }),
        "report_sheet.score_maxima.Junior Secondary.Exam",
        M.maximumInvalid,
      ],
      [
        "a maximum sent as text",
        (s) => maxima(s, "Primary", { "1st CA": "20", "2nd CA": 20, Exam: 60 }),
        "report_sheet.score_maxima.Primary.1st CA",
        M.maximumInvalid,
      ],
      [
        "maxima of a section the school does not have",
        (s) => maxima(s, "Nursery", { "1st CA": 20, "2nd CA": 20, Exam: 60 }),
        "report_sheet.score_maxima.Nursery",
        M.resultsSectionMissing,
      ],
      [
        "overlapping grade bands",
        (s) => band(s, "Senior Secondary", 1, { min: 70, max: 75 }),
        "report_sheet.grade_scales.Senior Secondary.1.max",
        M.gradeOverlap("A1"),
      ],
      [
        "a gap between grade bands",
        (s) => band(s, "Senior Secondary", 1, { min: 70, max: 73 }),
        "report_sheet.grade_scales.Senior Secondary.1.max",
        M.gradeGap(74, 74),
      ],
      [
        "a scale that stops short of 100",
        (s) => band(s, "Primary", 0, { max: 95 }),
        "report_sheet.grade_scales.Primary.0.max",
        M.gradeGap(96, 100),
      ],
      [
        "a scale that starts above 0",
        (s) => band(s, "Primary", 8, { min: 10 }),
        "report_sheet.grade_scales.Primary.8.min",
        M.gradeGap(0, 9),
      ],
      [
        "a band whose lowest mark is above its highest",
        (s) => band(s, "Primary", 1, { min: 74, max: 70 }),
        "report_sheet.grade_scales.Primary.1.min",
        M.minAboveMax,
      ],
      [
        "a mark that is not whole",
        (s) => band(s, "Primary", 0, { min: 74.5 }),
        "report_sheet.grade_scales.Primary.0.min",
        M.markInvalid,
      ],
      [
        "a blank grade",
        (s) => band(s, "Primary", 0, { grade: " " }),
        "report_sheet.grade_scales.Primary.0.grade",
        M.gradeRequired,
      ],
      [
        "a repeated grade",
        (s) => band(s, "Primary", 2, { grade: "b2" }),
        "report_sheet.grade_scales.Primary.2.grade",
        M.gradeDuplicate,
      ],
      [
        "a blank remark",
        (s) => band(s, "Primary", 3, { remark: "" }),
        "report_sheet.grade_scales.Primary.3.remark",
        M.remarkRequired,
      ],
      [
        "an empty grade scale",
        (s) => ({ report_sheet: { ...s.report_sheet, grade_scales: { Primary: [] } } }),
        "report_sheet.grade_scales.Primary",
        M.gradesRequired,
      ],
      [
        "a tie rule that is neither",
        (s) => ({ report_sheet: { ...s.report_sheet, position_ties: "alphabetical" } }),
        "report_sheet.position_ties",
        M.tiesInvalid,
      ],
      ["other_settings a list", () => ({ other_settings: [] }), "other_settings", M.mustBeObject],
      [
        "a current session that is not a session",
        () => ({ other_settings: { current_session: "this year" } }),
        "other_settings.current_session",
        M.sessionFormat,
      ],
    ];

    let school: RegisteredSchool;
    let before: SchoolSettings;
    beforeAll(async () => {
      school = await registerSchool(api);
      before = await read(school);
    });

    it.each(cases)("refuses %s", async (_name, change, field, message) => {
      const settings = change(await base(school));
      const res = await save(school, settings === undefined ? {} : { school_settings: settings });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.errors[field]).toEqual([message]);
      expect(body.message).toBe(Object.values(body.errors)[0][0]);
      expect(await read(school)).toEqual(before);
      expect(await storedRows(school)).toHaveLength(0);
    });

    it("refuses a body that is not JSON", async () => {
      const res = await save(school, "{not json");
      expect(res.status).toBe(400);
      expect(await storedRows(school)).toHaveLength(0);
    });
  });

  describe("tenancy", () => {
    it("needs a token", async () => {
      const school = await registerSchool(api);
      for (const rest of ["/school-settings", "/getAdminSettingsData"]) {
        expect((await api.fetch(path(school, rest))).status).toBe(401);
      }
      const res = await api.fetch(path(school), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ school_settings: { sections: ["A"] } }),
      });
      expect(res.status).toBe(401);
    });

    it("gives another school's token 404 and changes nothing", async () => {
      const owner = await registerSchool(api);
      const intruder = await registerSchool(api);
      const before = await read(owner);
      for (const rest of ["/school-settings", "/getAdminSettingsData"]) {
        expect((await api.fetch(path(owner, rest), { headers: intruder.auth })).status).toBe(404);
      }
      const res = await save(owner, { school_settings: { sections: ["Hijacked"], classes: [] } }, intruder.token);
      expect(res.status).toBe(404);
      expect(await read(owner)).toEqual(before);
      expect(await storedRows(owner)).toHaveLength(0);
      expect((await read(intruder)).sections).toEqual(before.sections);
    });

    it("keeps each school's settings apart", async () => {
      const a = await registerSchool(api);
      const b = await registerSchool(api);
      const res = await save(a, {
        school_settings: { sections: ["Only"], classes: [{ class_name: "Only 1", section: "Only" }] },
      });
      expect(res.status).toBe(200);
      expect((await read(a)).sections).toEqual(["Only"]);
      expect((await read(b)).sections).toHaveLength(4);
    });
  });

  describe("options for every form", () => {
    const client = (school: RegisteredSchool) =>
      new SchoolApiClient((request) => api.fetch(new URL(request.url).pathname, request), {
        token: school.token,
        uniqueId: school.uniqueId,
      });

    it("come from the school's settings, even when the school has no classes", async () => {
      const school = await registerSchool(api);
      const options = await getSchoolOptions(client(school), api.clock.now);
      expect(options.fromFallback).toBe(false);
      expect(options.classes).toEqual((await read(school)).classes);
      expect(new Set(options.subjects)).toEqual(new Set(NIGERIAN_SUBJECTS));
      expect(options.sessions).toEqual(sessionOptions(api.clock.now));
      expect(options.terms).toEqual(["1st Term", "2nd Term", "3rd Term"]);
      expect(options.schoolTerm).toMatchObject({ from: "month", term: currentTerm(api.clock.now) });
      expect(await getClassNames(client(school))).toEqual(options.classes.map((c) => c.class_name));

      expect((await save(school, { school_settings: { sections: ["Only"], classes: [] } })).status).toBe(200);
      const empty = await getSchoolOptions(client(school), api.clock.now);
      expect(empty).toMatchObject({ classes: [], subjects: [], fromFallback: false });
      expect(await getClassNames(client(school))).toEqual([]);
    });

    it("carry the term and session the school set as current", async () => {
      const school = await registerSchool(api);
      const { report_sheet, sessions } = await read(school);
      const term = report_sheet.current_term === "2nd Term" ? "3rd Term" : "2nd Term";
      const res = await save(school, {
        school_settings: {
          report_sheet: { ...report_sheet, current_term: term },
          other_settings: { current_session: sessions[0] },
        },
      });
      expect(res.status).toBe(200);
      expect((await getSchoolOptions(client(school), api.clock.now)).schoolTerm).toMatchObject({
        term,
        session: sessions[0],
        planning_term: term,
        from: "settings",
      });
    });

    it("fall back to JSS1–SS3, sessions around today and the three terms only when settings cannot be loaded", async () => {
      const school = await registerSchool(api);
      const broken = new SchoolApiClient(
        async () => new Response(JSON.stringify({ message: "down" }), { status: 503 }),
        { token: school.token, uniqueId: school.uniqueId },
      );
      const options = await getSchoolOptions(broken, api.clock.now);
      expect(options.fromFallback).toBe(true);
      expect(options.classes.map((c) => c.class_name)).toEqual(["JSS1", "JSS2", "JSS3", "SS1", "SS2", "SS3"]);
      expect(options.sessions).toEqual(sessionOptions(api.clock.now));
      expect(options.terms).toEqual(["1st Term", "2nd Term", "3rd Term"]);
      expect(options.schoolTerm).toMatchObject({ from: "month", session: currentSession(api.clock.now) });
      expect(await getClassNames(broken)).toEqual(["JSS1", "JSS2", "JSS3", "SS1", "SS2", "SS3"]);
    });
  });
});
