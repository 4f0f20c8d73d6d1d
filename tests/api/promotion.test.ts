import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../contract/access";
import type { Paginated } from "../../contract/http";
import {
  PROMOTION_MESSAGES as M,
  SUGGESTIONS,
  type PromotionCounts,
  type PromotionPreview,
} from "../../contract/promotion";
import type { SchoolSettings } from "../../contract/settings";
import type { BacklogEntry } from "../../contract/students";
import { bearer, DATABASE, login, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/**
 * The end of a session: the next classes, the preview with its suggestions from published annual averages, the
 * promotion in one transaction (classes, backlog, class history, the school's session), its refusal once done,
 * the undo and its refusal, the main admin's alone, another school untouched.
 */
describe(`promotion API on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  const { call, get } = schoolCalls(() => api);
  const ENDING = "2025/2026";
  const NEW = "2026/2027";
  const JUNIOR = "Junior Secondary";
  const SENIOR = "Senior Secondary";
  const inThirdTerm = "2026-07-10T09:00:00Z";

  async function setUp(s: RegisteredSchool) {
    const res = await call(s, "POST", "/school-settings", {
      school_settings: {
        sections: [JUNIOR, SENIOR],
        classes: [
          ...["JSS1", "JSS2", "JSS3"].map((class_name) => ({ class_name, section: JUNIOR, subjects: ["Mathematics"] })),
          ...["SS1", "SS2", "SS3"].map((class_name) => ({ class_name, section: SENIOR, subjects: ["Mathematics"] })),
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  const ids: Record<string, number> = {};
  async function addStudent(s: RegisteredSchool, name: string, className: string): Promise<number> {
    const res = await call(s, "POST", "/students", {
      student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return Number(res.body.data.id);
  }
  const studentRow = async (id: number) =>
    api.db
      .selectFrom("students")
      .select(["class_name", "status", "backlog_reason"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const history = (id: number) => get<{ session: string; class: string | null }[]>(school, `/students/${id}/classes`);
  const preview = (s: RegisteredSchool = school) => get<PromotionPreview>(s, "/promotion/preview");
  const promote = (body: Record<string, unknown>, headers: Record<string, string> = {}, s = school) =>
    call(s, "POST", "/promotion", { ending_session: ENDING, held_back: [], moved_up: [], ...body }, headers);
  const undo = (s = school) => call(s, "POST", "/promotion/undo");
  const currentSession = async (s: RegisteredSchool = school) =>
    (await get<SchoolSettings>(s, "/school-settings")).school_term;

  beforeAll(async () => {
    api = await startApi();
    api.clock.now = new Date(inThirdTerm);
    [school, other] = await Promise.all([registerSchool(api), registerSchool(api)]);
    await Promise.all([setUp(school), setUp(other)]);
    for (const [name, className] of [
      ["Ada Eze", "JSS1"],
      ["Bola Ade", "JSS1"],
      ["Chike Obi", "JSS2"],
      ["Dayo Ola", "JSS2"],
      ["Efe Uzo", "JSS2"],
      ["Femi Bello", "JSS3"],
      ["Gozie Nwa", "SS3"],
      ["Halima Sani", "SS3"],
    ] as const)
      ids[name] = await addStudent(school, name, className);
    ids.otherStudent = await addStudent(other, "Ifeoma Other", "JSS1");
    // JSS2's Mathematics of the 3rd Term, published: Chike 30 (under 40), Dayo 45 (on trial), Efe 80.
    const sheet = `/results/sheet?${new URLSearchParams({ class: "JSS2", subject: "Mathematics", term: "3rd Term", year: ENDING })}`;
    const saved = await call(school, "PUT", sheet, {
      rows: [
        { student_id: ids["Chike Obi"], scores: { Exam: 30 } },
        { student_id: ids["Dayo Ola"], scores: { Exam: 45 } },
        { student_id: ids["Efe Uzo"], scores: { "1st CA": 20, Exam: 60 } },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const published = await call(school, "POST", "/results/publication", {
      class: "JSS2",
      term: "3rd Term",
      session: ENDING,
      result: "terminal",
      published: true,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
  });
  afterAll(() => api.close());

  it("previews each class with its count and next class, the suggestions and the graduates", async () => {
    const p = await preview();
    expect(p.ending_session).toBe(ENDING);
    expect(p.new_session).toBe(NEW);
    expect([p.lower_mark, p.upper_mark]).toEqual([40, 50]);
    expect(p.classes.map((c) => [c.class_name, c.next_class, c.count])).toEqual([
      ["JSS1", "JSS2", 2],
      ["JSS2", "JSS3", 3],
      ["JSS3", "SS1", 1],
      ["SS1", "SS2", 0],
      ["SS2", "SS3", 0],
      ["SS3", null, 2],
    ]);
    expect(p.suggested.map((s) => [s.name, s.average, s.suggestion])).toEqual([
      ["Chike Obi", 30, SUGGESTIONS.repeat],
      ["Dayo Ola", 45, SUGGESTIONS.trial],
    ]);
    expect(p.graduates).toBe(2);
    expect(p.ready).toBe(true);
    expect(p.last).toBeNull();
  });

  it("saves next classes and marks, refusing unknown classes and bad marks without writing", async () => {
    const bad = await call(school, "POST", "/promotion/rules", {
      next_classes: { JSS3: "SS9", SS7: "SS1" },
      lower_mark: 60,
      upper_mark: 101,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      "next_classes.JSS3": [M.nextUnknown],
      "next_classes.SS7": [M.nextUnknown],
      upper_mark: [M.markInvalid],
    });
    const order = await call(school, "POST", "/promotion/rules", { lower_mark: 60, upper_mark: 50 });
    expect(order.body.errors).toEqual({ lower_mark: [M.marksOrder] });
    expect((await preview()).lower_mark).toBe(40);

    const saved = await call(school, "POST", "/promotion/rules", { next_classes: { SS2: "" }, lower_mark: "35" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(M.rulesSaved);
    const p = saved.body.data as PromotionPreview;
    expect(p.classes.find((c) => c.class_name === "SS2")?.next_class).toBeNull();
    expect(p.lower_mark).toBe(35);
    expect(p.suggested.map((s) => s.suggestion)).toEqual([SUGGESTIONS.repeat, SUGGESTIONS.trial]);
    // Back to the defaults for what follows.
    const back = await call(school, "POST", "/promotion/rules", { next_classes: { SS2: "SS3" }, lower_mark: 40 });
    expect(back.status).toBe(200);
  });

  it("refuses a bad body, students of another school and a session that is not the current one, writing nothing", async () => {
    const bad = await call(school, "POST", "/promotion", { ending_session: "2025", held_back: ["x"] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ ending_session: [M.sessionRequired], held_back: [M.studentsUnknown] });
    const stranger = await promote({ held_back: [ids.otherStudent] });
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors).toEqual({ held_back: [M.studentsUnknown] });
    const wrong = await promote({ ending_session: "2024/2025" });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe(M.notCurrent("2024/2025"));
    expect((await studentRow(ids["Ada Eze"])).class_name).toBe("JSS1");
    expect((await preview()).ready).toBe(true);
  });

  it("a sub-admin may neither preview, promote nor undo", async () => {
    const made = await call(school, "POST", "/sub-admins", {
      name: "Students Clerk",
      email: "clerk@school.ng",
      features: ["students", "settings"],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const res = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: school.uniqueId, email: "clerk@school.ng", password: made.body.data.password }),
    });
    const auth = bearer(((await res.json()) as { data: { token: string } }).data.token);
    const sub = { ...school, auth };
    expect((await call(sub, "GET", "/promotion/preview")).status).toBe(403);
    const refused = await promote({}, {}, sub);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(M.mainOnly);
    expect((await call(sub, "POST", "/promotion/rules", { lower_mark: 10 })).status).toBe(403);
    expect((await undo(sub)).status).toBe(403);
    expect((await studentRow(ids["Ada Eze"])).class_name).toBe("JSS1");
  });

  it("promotes every class in one step: next classes, the held back, the graduates, the session and the audit", async () => {
    const key = "promotion-key-0001";
    // Chike's average is under the lower mark: kept back unless moved up.
    const res = await promote({ held_back: [ids["Bola Ade"]], moved_up: [] }, { "Idempotency-Key": key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const counts: PromotionCounts = {
      ending_session: ENDING,
      new_session: NEW,
      promoted: 4,
      repeated: 2,
      graduated: 2,
    };
    expect(res.body.data).toEqual(counts);
    expect(res.body.message).toBe(M.promoted(counts));

    const classes = Object.fromEntries(
      await Promise.all(Object.entries(ids).map(async ([name, id]) => [name, (await studentRow(id)).class_name])),
    );
    expect(classes).toEqual({
      "Ada Eze": "JSS2",
      "Bola Ade": "JSS1",
      "Chike Obi": "JSS2",
      "Dayo Ola": "JSS3",
      "Efe Uzo": "JSS3",
      "Femi Bello": "SS1",
      "Gozie Nwa": "SS3",
      "Halima Sani": "SS3",
      otherStudent: "JSS1",
    });
    expect(await studentRow(ids["Gozie Nwa"])).toMatchObject({ status: "backlog", backlog_reason: "Graduated" });
    const backlog = await get<Paginated<BacklogEntry>>(school, "/students/backlog?reason=Graduated");
    expect(backlog.data.map((b) => b.student_data.name).sort()).toEqual(["Gozie Nwa", "Halima Sani"]);
    // The ended session keeps the class each was in.
    expect(await history(ids["Ada Eze"])).toEqual([
      { session: NEW, class: "JSS2" },
      { session: ENDING, class: "JSS1" },
    ]);
    expect(await currentSession()).toMatchObject({ session: NEW, term: "1st Term" });
    const log = await get<Paginated<AuditEntry>>(school, "/audit-log?kind=settings");
    expect(log.data[0].summary).toBe(
      `Promoted the students of ${ENDING}: 4 promoted, 2 kept back, 2 graduated; the school is in ${NEW}`,
    );

    // A replay with the same key, and a second submit, do nothing twice.
    const replay = await promote({ held_back: [ids["Bola Ade"]] }, { "Idempotency-Key": key });
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe(M.notCurrent(ENDING));
    expect((await promote({})).status).toBe(409);
    expect((await studentRow(ids["Ada Eze"])).class_name).toBe("JSS2");

    const p = await preview();
    expect(p.ending_session).toBe(NEW);
    expect(p.last).toMatchObject({ ...counts, undo_refused: null });

    // Another school is untouched.
    expect((await studentRow(ids.otherStudent)).class_name).toBe("JSS1");
    expect(await currentSession(other)).toMatchObject({ session: ENDING });
  });

  it("undoes the promotion exactly", async () => {
    const res = await undo();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(M.undone(ENDING));
    expect(await studentRow(ids["Ada Eze"])).toMatchObject({ class_name: "JSS1", status: "active" });
    expect(await studentRow(ids["Femi Bello"])).toMatchObject({ class_name: "JSS3", status: "active" });
    expect(await studentRow(ids["Gozie Nwa"])).toMatchObject({
      class_name: "SS3",
      status: "active",
      backlog_reason: null,
    });
    expect(await history(ids["Ada Eze"])).toEqual([{ session: ENDING, class: "JSS1" }]);
    expect(await currentSession()).toMatchObject({ session: ENDING });
    const p = await preview();
    expect(p.ready).toBe(true);
    expect(p.last).toBeNull();
    const nothing = await undo();
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe(M.nothingToUndo);
  });

  it("two promotions sent at once make one; a student under the lower mark moves up when asked", async () => {
    const body = { moved_up: [ids["Chike Obi"]] };
    const answers = await Promise.all([promote(body), promote(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await studentRow(ids["Bola Ade"])).class_name).toBe("JSS2");
    expect((await studentRow(ids["Chike Obi"])).class_name).toBe("JSS3");
  });

  it("refuses the undo once a class register of the new session is taken", async () => {
    const calendar = await call(school, "PUT", `/calendar?year=${encodeURIComponent(NEW)}`, {
      terms: [{ term: "1st Term", starts_on: "2026-09-14", ends_on: "2026-12-18", closures: [] }],
    });
    expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
    expect((await preview()).last?.undo_refused).toBeNull();
    // The new session's first week: the earlier sign-in has expired by then.
    api.clock.now = new Date("2026-09-16T09:00:00Z");
    const signedIn = await login(api, school.uniqueId, school.password);
    const { token } = ((await signedIn.json()) as { data: { token: string } }).data;
    school = { ...school, token, auth: bearer(token) };
    const taken = await call(school, "PUT", "/attendance?class=JSS2&date=2026-09-16", {
      marks: [{ student_id: ids["Ada Eze"], status: "absent" }],
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const refused = await undo();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(M.undoRecorded("class register", NEW));
    expect((await studentRow(ids["Ada Eze"])).class_name).toBe("JSS2");
  });

  it("refuses the undo once a fee of the new session is recorded, and the page says why", async () => {
    const fee = await call(school, "POST", "/fees/fee-settings", {
      name: "Tuition",
      amount: 45000,
      applies_to: "all",
      term: "1st Term",
      session: NEW,
      compulsory: true,
    });
    expect(fee.status, JSON.stringify(fee.body)).toBe(201);
    const refused = await undo();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(M.undoRecorded("fee", NEW));
    expect((await preview()).last?.undo_refused).toBe(M.undoRecorded("fee", NEW));
    expect((await studentRow(ids["Ada Eze"])).class_name).toBe("JSS2");
  });
});
