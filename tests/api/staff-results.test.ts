import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScoreSheet } from "../../contract/results";
import { STAFF_RESULTS_MESSAGES as S } from "../../contract/staff-area";
import { bearer, DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/**
 * A teacher's score sheets (GET/PUT /results/sheet with a teacher's token), on the real database: only the
 * classes and subjects their staff record lists (403 otherwise), never a published result
 * (read-only, 409 on a save), and never another school's (404).
 */
describe(`a teacher's score sheets on ${DATABASE}`, { timeout: 180_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  let maths: RegisteredSchool;
  let jss2Maths: RegisteredSchool;
  let ada: number;
  const { call } = schoolCalls(() => api);
  const TERM = "1st Term";
  const SESSION = "2026/2027";
  const address = (className: string, subject: string) =>
    `/results/sheet?${new URLSearchParams({ class: className, subject, term: TERM, year: SESSION })}`;
  const save = (s: RegisteredSchool, className: string, subject: string, score: number) =>
    call(s, "PUT", address(className, subject), {
      rows: [{ student_id: ada, scores: { "1st CA": score, "2nd CA": 10, Exam: 40 } }],
    });

  let serial = 0;
  async function signedInTeacher(s: RegisteredSchool, teaching: { class: string; subject: string }[]) {
    serial += 1;
    const added = await call(s, "POST", "/staffs", {
      staff_data: {
        name: `Mr. Subject Teacher ${serial}`,
        email: `subject${serial}@results.ng`,
        phone: `0806 700 ${String(1000 + serial)}`,
        is_teaching_staff: true,
        teaching,
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const on = await call(s, "POST", `/staffs/${added.body.data.id}/sign-in`);
    const res = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: s.uniqueId, email: on.body.data.email, password: on.body.data.password }),
    });
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    return { id: added.body.data.id as number, as: { uniqueId: s.uniqueId, password: "", token, auth: bearer(token) } };
  }

  beforeAll(async () => {
    api = await startApi();
    api.clock.now = new Date("2026-11-25T09:00:00Z");
    school = await registerSchool(api, { school_name: "Sheet Academy" });
    other = await registerSchool(api, { school_name: "Other Sheet Academy" });
    for (const s of [school, other]) {
      const settings = await call(s, "POST", "/school-settings", {
        school_settings: {
          sections: ["Junior"],
          classes: [
            { class_name: "JSS1", section: "Junior", subjects: ["Mathematics", "English"] },
            { class_name: "JSS2", section: "Junior", subjects: ["Mathematics"] },
          ],
        },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    }
    const student = await call(school, "POST", "/students", {
      student_data: { name: "Ada Obi", selectedClass: "JSS1", gender: "Female", phone_number: "0803 123 4567" },
    });
    ada = student.body.data.id;
    maths = (await signedInTeacher(school, [{ class: "JSS1", subject: "Mathematics" }])).as;
    jss2Maths = (await signedInTeacher(school, [{ class: "JSS2", subject: "Mathematics" }])).as;
    // The dashboard lists what the teacher's staff record says they teach.
    const dashboard = await call(maths, "GET", "/staff-area/dashboard");
    expect(dashboard.body.data.teaching).toEqual([{ class: "JSS1", subject: "Mathematics" }]);
  });
  afterAll(() => api.close());

  it("opens and saves the sheet of a class and subject the teacher's staff record lists", async () => {
    const res = await call(maths, "GET", address("JSS1", "Mathematics"));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ class_name: "JSS1", subject: "Mathematics", locked: false });
    const saved = await save(maths, "JSS1", "Mathematics", 15);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body.data as ScoreSheet).rows[0]).toMatchObject({ name: "Ada Obi", total: 65 });
  });

  it("refuses another subject, another class and another teacher's pair, writing nothing (403)", async () => {
    const english0 = (await call(school, "GET", address("JSS1", "English"))).body.data as ScoreSheet;
    for (const [as, className, subject] of [
      [maths, "JSS1", "English"],
      [maths, "JSS2", "Mathematics"],
      [jss2Maths, "JSS1", "Mathematics"],
      [jss2Maths, "JSS1", "English"],
    ] as const) {
      const read = await call(as, "GET", address(className, subject));
      const message = S.notTaught(subject, className);
      expect(read).toEqual({ status: 403, body: { message, errors: { subject: [message] } } });
      expect((await save(as, className, subject, 20)).status).toBe(403);
    }
    expect((await call(school, "GET", address("JSS1", "English"))).body.data).toEqual(english0);
    expect(((await call(school, "GET", address("JSS1", "Mathematics"))).body.data as ScoreSheet).rows[0].total).toBe(
      65,
    );
  });

  it("shows published results read-only, even a subject reopened for the admins (409 on a save)", async () => {
    expect((await save(school, "JSS1", "English", 12)).status).toBe(200);
    const published = await call(school, "POST", "/results/publication", {
      class: "JSS1",
      term: TERM,
      session: SESSION,
      result: "terminal",
      published: true,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const shown = await call(maths, "GET", address("JSS1", "Mathematics"));
    expect(shown.body.data).toMatchObject({ published: true, locked: true });
    expect((await save(maths, "JSS1", "Mathematics", 5)).status).toBe(409);

    const reopened = await call(school, "POST", "/results/corrections", {
      class: "JSS1",
      subject: "Mathematics",
      term: TERM,
      session: SESSION,
      result: "terminal",
      reason: "Exam scores swapped",
    });
    expect(reopened.status, JSON.stringify(reopened.body)).toBeLessThan(300);
    expect((await call(school, "GET", address("JSS1", "Mathematics"))).body.data).toMatchObject({ locked: false });
    expect((await call(maths, "GET", address("JSS1", "Mathematics"))).body.data).toMatchObject({ locked: true });
    const refused = await save(maths, "JSS1", "Mathematics", 5);
    expect(refused).toEqual({ status: 409, body: { message: S.publishedForTeachers("JSS1") } });
    expect(((await call(school, "GET", address("JSS1", "Mathematics"))).body.data as ScoreSheet).rows[0].total).toBe(
      65,
    );
  });

  it("never reaches another school's sheets (404)", async () => {
    const res = await api.fetch(`/api/admin/${other.uniqueId}${address("JSS1", "Mathematics")}`, {
      headers: maths.auth,
    });
    expect(res.status).toBe(404);
  });
});
