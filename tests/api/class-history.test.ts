import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentSession } from "../../contract/calendar";
import type { FeeItem, FeeOverview, StudentBill } from "../../contract/fees";
import { STUDENT_MESSAGES, type SessionClass } from "../../contract/students";
import { migrateToLatest } from "../../api/db/migrate";
import { classHistory } from "../../api/db/migrations/0015_class_history";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/** Each student's class per session: recorded by every write of a class, read by whatever belongs to a session. */
describe(`class history API on ${DATABASE}`, { timeout: 90_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  const { call, get, at } = schoolCalls(() => api);
  let serial = 0;
  const key = () => `key-${Date.now()}-${++serial}-abcdefghijkl`;
  const LAST_SESSION = "2025/2026";
  const NEXT_SESSION = "2026/2027";
  const inLastSession = "2026-01-15T09:30:00Z";
  const inNextSession = "2026-10-05T09:30:00Z";

  beforeAll(async () => {
    api = await startApi();
    [school, other] = await Promise.all([registerSchool(api), registerSchool(api)]);
  });
  afterAll(() => api.close());

  const details = (name: string, className: string) => ({
    name,
    selectedClass: className,
    gender: "Female",
    phone_number: "0803 123 4567",
  });
  async function add(s: RegisteredSchool, name: string, className: string): Promise<string> {
    const res = await call(s, "POST", "/students", { student_data: details(name, className) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.unique_id;
  }
  async function move(s: RegisteredSchool, id: string, name: string, className: string) {
    const res = await call(s, "POST", `/students/${id}`, { student_data: details(name, className) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const history = (s: RegisteredSchool, id: string) => get<SessionClass[]>(s, `/students/${id}/classes`);

  it("adding a student records their class for the current session; changing it in the same session replaces it", async () => {
    api.clock.now = new Date(inLastSession);
    const id = await add(school, "Ada Obi", "JSS1");
    expect(await history(school, id)).toEqual([{ session: LAST_SESSION, class: "JSS1" }]);
    await move(school, id, "Ada Obi", "JSS2");
    await move(school, id, "Ada Obi", "JSS1");
    expect(await history(school, id)).toEqual([{ session: LAST_SESSION, class: "JSS1" }]);
  });

  it("promotion records the new session and leaves last session's fees under the old class", async () => {
    api.clock.now = new Date(inLastSession);
    const term = "3rd Term";
    const fee = async (name: string, className: string, amount: number) => {
      const res = await call(
        school,
        "POST",
        "/fees/fee-settings",
        { name, amount, applies_to: "class", class: className, term, session: LAST_SESSION, compulsory: true },
        { "Idempotency-Key": key() },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as FeeItem;
    };
    const jss1 = await fee("Tuition", "JSS1", 40000);
    await fee("Tuition", "JSS2", 55000);
    const id = await add(school, "Bayo Ade", "JSS1");
    const inTerm = `?term=${encodeURIComponent(term)}&year=${encodeURIComponent(LAST_SESSION)}`;
    const before = await get<StudentBill>(school, `/fees/students/${id}/bill${inTerm}`);
    const overviewBefore = await get<FeeOverview>(school, `/fees/overview${inTerm}`);

    // The new session: Bayo goes up to JSS2.
    await at(inNextSession, school);
    await move(school, id, "Bayo Ade", "JSS2");
    expect(await history(school, id)).toEqual([
      { session: NEXT_SESSION, class: "JSS2" },
      { session: LAST_SESSION, class: "JSS1" },
    ]);
    const after = await get<StudentBill>(school, `/fees/students/${id}/bill${inTerm}`);
    expect(after).toEqual(before);
    expect(after.student.class).toBe("JSS1");
    expect(after.lines.map((l) => [l.id, l.amount])).toEqual([[jss1.id, 40000]]);
    expect(await get<FeeOverview>(school, `/fees/overview${inTerm}`)).toEqual(overviewBefore);
    const owed = await get<FeeOverview>(school, `/fees/overview${inTerm}&class=JSS1`);
    expect(owed.owing_most.map((s) => [s.name, s.class])).toContainEqual(["Bayo Ade", "JSS1"]);

    // A payment of last session, made now, stands under last session's class.
    const paid = await call(
      school,
      "POST",
      "/fees/payments",
      { student_id: id, term, session: LAST_SESSION, amount: 40000, paid_on: "2026-10-05", method: "Cash" },
      { "Idempotency-Key": key() },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data.student_class).toBe("JSS1");
    // This session's bill is JSS2's (no fee set for it yet, so nothing is billed).
    const now = await get<StudentBill>(
      school,
      `/fees/students/${id}/bill?term=${encodeURIComponent(term)}&year=${encodeURIComponent(NEXT_SESSION)}`,
    );
    expect(now.student.class).toBe("JSS2");
  });

  it("a session with nothing recorded takes the latest session before it, else the earliest recorded", async () => {
    await at("2025-10-01T09:00:00Z", school);
    const id = await add(school, "Chika Eze", "JSS1");
    await at("2027-10-01T09:00:00Z", school);
    await move(school, id, "Chika Eze", "JSS2");
    const classIn = async (session: string) =>
      (await get<StudentBill>(school, `/fees/students/${id}/bill?term=1st%20Term&year=${encodeURIComponent(session)}`))
        .student.class;
    expect(await classIn("2024/2025")).toBe("JSS1");
    expect(await classIn("2025/2026")).toBe("JSS1");
    expect(await classIn("2026/2027")).toBe("JSS1");
    expect(await classIn("2027/2028")).toBe("JSS2");
    expect(await classIn("2028/2029")).toBe("JSS2");
  });

  it("the school's own current session wins over the month's", async () => {
    api.clock.now = new Date(inLastSession);
    const s = await registerSchool(api);
    const set = await call(s, "POST", "/school-settings", {
      school_settings: { other_settings: { current_session: NEXT_SESSION } },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const id = await add(s, "Dayo Ola", "JSS3");
    expect(await history(s, id)).toEqual([{ session: NEXT_SESSION, class: "JSS3" }]);
  });

  it("restoring from the backlog, importing and renaming a class record the current session; past sessions stay", async () => {
    api.clock.now = new Date(inLastSession);
    const s = await registerSchool(api);
    const id = await add(s, "Efe Uko", "JSS1");
    await at(inNextSession, s);
    expect((await call(s, "POST", `/students/${id}/backlog`, { reason: "Expelled" })).status).toBe(200);
    expect(await history(s, id)).toEqual([{ session: LAST_SESSION, class: "JSS1" }]);
    expect((await call(s, "POST", `/students/${id}/restore`)).status).toBe(200);
    expect(await history(s, id)).toEqual([
      { session: NEXT_SESSION, class: "JSS1" },
      { session: LAST_SESSION, class: "JSS1" },
    ]);

    const imported = await call(s, "POST", "/students/bulkRegister", {
      students: [{ name: "Funmi Ade", class: "SS1", gender: "Female", phone_number: "08031234567" }],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const list = await get<{ data: { unique_id: string; student_data: { name: string } }[] }>(s, "/students");
    const funmi = list.data.find((r) => r.student_data.name === "Funmi Ade")!.unique_id;
    expect(await history(s, funmi)).toEqual([{ session: NEXT_SESSION, class: "SS1" }]);

    // JSS1 is renamed JSS1A: this session's class follows, last session keeps the name it had.
    const settings = await get<{ classes: { class_name: string; section: string }[] }>(s, "/school-settings");
    const renamed = await call(s, "POST", "/school-settings", {
      school_settings: {
        classes: settings.classes.map((c) => (c.class_name === "JSS1" ? { ...c, class_name: "JSS1A" } : c)),
      },
      class_renames: [{ from: "JSS1", to: "JSS1A" }],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await history(s, id)).toEqual([
      { session: NEXT_SESSION, class: "JSS1A" },
      { session: LAST_SESSION, class: "JSS1" },
    ]);
  });

  it("answers 404 for an unknown student and for another school's", async () => {
    api.clock.now = new Date(inLastSession);
    const theirs = await add(other, "Gbenga Ojo", "JSS2");
    for (const path of ["/students/STU-UNKNOWN/classes", "/students/999999/classes", `/students/${theirs}/classes`]) {
      const res = await call(school, "GET", path);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(STUDENT_MESSAGES.notFound);
    }
    expect(await history(other, theirs)).toEqual([{ session: LAST_SESSION, class: "JSS2" }]);
  });
});

/** The migration fills the current session from each student's class today, on data that was there before it. */
describe(`class history migration on ${DATABASE}`, { timeout: 90_000 }, () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());
  const { call } = schoolCalls(() => api);

  it("records every student's class today under the school's session, the one it set or the month's", async () => {
    const [plain, own] = await Promise.all([registerSchool(api), registerSchool(api)]);
    await call(own, "POST", "/school-settings", {
      school_settings: { other_settings: { current_session: "2030/2031" } },
    });
    const students = [
      [plain, "Ada Obi", "JSS1"],
      [plain, "Bayo Ade", "SS2"],
      [own, "Chika Eze", "Primary 3"],
    ] as const;
    for (const [s, name, className] of students) {
      const res = await call(s, "POST", "/students", {
        student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567" },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const dialect = DATABASE === "postgres" ? "postgres" : "sqlite";
    // Back to the database as it was before the migration, then run it.
    await classHistory(dialect).down!(api.db as never);
    await sql`delete from kysely_migration where name = '0015_class_history'`.execute(api.db);
    await migrateToLatest(api.db, dialect);

    const rows = await api.db
      .selectFrom("student_classes as h")
      .innerJoin("students as s", "s.id", "h.student_id")
      .select(["s.name", "h.session", "h.class_name", "h.school_id", "s.school_id as student_school"])
      .orderBy("s.name")
      .execute();
    const session = currentSession(new Date());
    expect(rows.map((r) => [r.name, r.session, r.class_name])).toEqual([
      ["Ada Obi", session, "JSS1"],
      ["Bayo Ade", session, "SS2"],
      ["Chika Eze", "2030/2031", "Primary 3"],
    ]);
    expect(rows.every((r) => r.school_id === r.student_school)).toBe(true);
  });
});
