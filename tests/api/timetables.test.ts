import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/messages";
import { TIMETABLE_MESSAGES } from "../../contract/timetables";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";

/** Monday 11 May 2026, 09:00 in Lagos. */
const MONDAY = new Date("2026-05-11T09:00:00+01:00");

describe(`timetables API on ${DATABASE}`, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;

  beforeAll(async () => {
    api = await startApi();
    school = await registerSchool(api, { school_name: "Ọ̀ṣun Grammar School, Ẹ̀kọ́" });
    other = await registerSchool(api);
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.clock.now = MONDAY;
  });

  const call = async (
    who: RegisteredSchool,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await api.fetch(`/api/admin/${who.uniqueId}${path}`, {
      method,
      headers: { ...who.auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (res.headers.get("content-type") ?? "").includes("json") ? await res.json() : null;
    return { status: res.status, body: json, res };
  };

  const regular = {
    type: "Regular School Period",
    class: "JSS2",
    session: "2025/2026",
    term: "3rd Term",
    venue: "Block A",
  };
  const createTimetable = async (fields: Record<string, unknown> = regular, who = school) => {
    const { status, body } = await call(who, "POST", "/timetables", fields);
    expect(status).toBe(201);
    return body.data as { id: number; type: string };
  };
  const period = (overrides: Record<string, unknown> = {}) => ({
    schedule_day: "Monday",
    schedule_start_time: "08:00",
    schedule_end_time: "09:00",
    subject: "Mathematics",
    venue: "",
    schedule_date: null,
    ...overrides,
  });
  const countRows = async (table: "timetables" | "timetable_schedules") =>
    Number(
      (
        await api.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe("POST /timetables", () => {
    it("creates a timetable with the product's fields and an optional venue", async () => {
      const { status, body } = await call(school, "POST", "/timetables", { ...regular, venue: undefined });
      expect(status).toBe(201);
      expect(body.message).toBe("Created successfully");
      expect(body.data).toMatchObject({
        type: "Regular School Period",
        class: "JSS2",
        session: "2025/2026",
        term: "3rd Term",
        venue: null,
        schedules: [],
      });
      expect(body.data.id).toEqual(expect.any(Number));
    });

    it.each(["type", "class", "session", "term"])(
      "refuses a missing %s with 'All fields are required'",
      async (field) => {
        const before = await countRows("timetables");
        for (const value of [undefined, "", "   ", null]) {
          const { status, body } = await call(school, "POST", "/timetables", { ...regular, [field]: value });
          expect(status).toBe(422);
          expect(body.message).toBe(MESSAGES.allFieldsRequired);
          expect(body.errors).toEqual({ [field]: [MESSAGES.allFieldsRequired] });
        }
        expect(await countRows("timetables")).toBe(before);
      },
    );

    it("names every missing field", async () => {
      const { body } = await call(school, "POST", "/timetables", {});
      expect(Object.keys(body.errors).sort()).toEqual(["class", "session", "term", "type"]);
    });

    it("accepts only the three timetable types", async () => {
      const { status, body } = await call(school, "POST", "/timetables", { ...regular, type: "Holiday" });
      expect(status).toBe(422);
      expect(body.errors.type).toEqual([TIMETABLE_MESSAGES.invalidType]);
      for (const type of ["Test", "Exam"])
        expect((await call(school, "POST", "/timetables", { ...regular, type })).status).toBe(201);
    });

    it("refuses overlong text", async () => {
      const { status, body } = await call(school, "POST", "/timetables", { ...regular, venue: "x".repeat(101) });
      expect(status).toBe(422);
      expect(body.errors.venue).toEqual([TIMETABLE_MESSAGES.tooLong]);
    });

    it("creates one timetable for a repeated idempotency key, even when the requests race", async () => {
      const key = "k".repeat(12) + Date.now();
      const before = await countRows("timetables");
      const first = await call(school, "POST", "/timetables", regular, { "Idempotency-Key": key });
      const again = await call(school, "POST", "/timetables", { ...regular, class: "SS3" }, { "Idempotency-Key": key });
      expect(first.status).toBe(201);
      expect(again.status).toBe(200);
      expect(again.body.data.id).toBe(first.body.data.id);
      expect(again.body.data.class).toBe("JSS2");

      const raceKey = "race-" + "r".repeat(20);
      const racing = await Promise.all(
        [1, 2, 3].map(() => call(school, "POST", "/timetables", regular, { "Idempotency-Key": raceKey })),
      );
      expect(new Set(racing.map((r) => r.body.data.id)).size).toBe(1);
      expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 201]);
      expect(await countRows("timetables")).toBe(before + 2);
    });

    it("answers a malformed body with 400", async () => {
      const res = await api.fetch(`/api/admin/${school.uniqueId}/timetables`, {
        method: "POST",
        headers: { ...school.auth, "Content-Type": "application/json" },
        body: "{not json",
      });
      expect(res.status).toBe(400);
    });
  });

  describe("GET /timetables", () => {
    let searchSchool: RegisteredSchool;
    beforeAll(async () => {
      searchSchool = await registerSchool(api);
      const rows = [
        { type: "Exam", class: "SS1", session: "2025/2026", term: "1st Term", venue: "Main Hall" },
        { type: "Test", class: "JSS3", session: "2024/2025", term: "2nd Term", venue: "Lab 100%" },
        { type: "Regular School Period", class: "JSS1", session: "2026/2027", term: "3rd Term" },
      ];
      for (const [i, row] of rows.entries()) {
        api.clock.now = new Date(MONDAY.getTime() + i * 1000);
        await createTimetable(row, searchSchool);
      }
    });
    const search = async (query: string) => (await call(searchSchool, "GET", `/timetables${query}`)).body.data;

    it("answers data.data, newest first, with the page figures", async () => {
      const page = await search("");
      expect(page).toMatchObject({ current_page: 1, per_page: 20, total: 3, last_page: 1 });
      expect(page.data.map((t: { class: string }) => t.class)).toEqual(["JSS1", "JSS3", "SS1"]);
      expect(page.data[0]).toMatchObject({ type: "Regular School Period", venue: null, schedules_count: 0 });
    });

    it.each([
      ["type", "exam", ["SS1"]],
      ["class", "jss3", ["JSS3"]],
      ["session", "2026/2027", ["JSS1"]],
      ["term", "2nd", ["JSS3"]],
      ["venue", "main hall", ["SS1"]],
      ["several words", "test 2024", ["JSS3"]],
      ["a literal %", "100%", ["JSS3"]],
      ["a % that must not match everything", "%", ["JSS3"]],
      ["nothing", "Biology", []],
    ])("searches by %s", async (_what, q, classes) => {
      const page = await search(`?q=${encodeURIComponent(q)}`);
      expect(page.data.map((t: { class: string }) => t.class)).toEqual(classes);
      expect(page.total).toBe(classes.length);
    });

    it("paginates on the server", async () => {
      const first = await search("?per_page=2");
      expect(first).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
      expect(first.data).toHaveLength(2);
      const second = await search("?per_page=2&page=2");
      expect(second.data.map((t: { class: string }) => t.class)).toEqual(["SS1"]);
      expect((await search("?per_page=2&page=99")).current_page).toBe(2);
      expect((await search("?page=abc")).current_page).toBe(1);
    });
  });

  describe("GET, PUT and DELETE /timetables/{id}", () => {
    it("answers one timetable with its schedules by day and time", async () => {
      const t = await createTimetable();
      for (const [day, start, end] of [
        ["Wednesday", "10:00", "11:00"],
        ["Monday", "11:00", "12:00"],
        ["Sunday", "08:00", "09:00"],
        ["Monday", "08:00", "09:00"],
      ]) {
        expect(
          (
            await call(
              school,
              "POST",
              `/timetables/${t.id}/schedules`,
              period({ schedule_day: day, schedule_start_time: start, schedule_end_time: end }),
            )
          ).status,
        ).toBe(201);
      }
      const { status, body } = await call(school, "GET", `/timetables/${t.id}`);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        id: t.id,
        type: "Regular School Period",
        class: "JSS2",
        session: "2025/2026",
        term: "3rd Term",
        venue: "Block A",
      });
      expect(
        body.data.schedules.map(
          (s: { schedule_day: string; schedule_start_time: string }) => `${s.schedule_day} ${s.schedule_start_time}`,
        ),
      ).toEqual(["Monday 08:00", "Monday 11:00", "Wednesday 10:00", "Sunday 08:00"]);
    });

    it.each(["999999", "abc", "0", "-1", "1.5", "99999999999"])(
      "answers 404 'Timetable Not Found' for id %s",
      async (id) => {
        for (const [method, path] of [
          ["GET", `/timetables/${id}`],
          ["PUT", `/timetables/${id}`],
          ["DELETE", `/timetables/${id}`],
          ["POST", `/timetables/${id}/schedules`],
          ["GET", `/timetable/${id}/download-pdf`],
        ]) {
          const { status, body } = await call(
            school,
            method,
            path,
            method === "PUT" || method === "POST" ? regular : undefined,
          );
          expect(status, `${method} ${path}`).toBe(404);
          expect(body.message).toBe(TIMETABLE_MESSAGES.timetableNotFound);
        }
      },
    );

    it("updates type, class, session, term and venue", async () => {
      const t = await createTimetable({ ...regular, type: "Test" });
      const update = { type: "Exam", class: "SS2", session: "2026/2027", term: "1st Term", venue: "" };
      const { status, body } = await call(school, "PUT", `/timetables/${t.id}`, update);
      expect(status).toBe(200);
      expect(body.message).toBe("Updated successfully");
      expect(body.data).toMatchObject({ ...update, venue: null });
      expect((await call(school, "GET", `/timetables/${t.id}`)).body.data.class).toBe("SS2");
    });

    it("refuses an update without every field and changes nothing", async () => {
      const t = await createTimetable();
      const { status, body } = await call(school, "PUT", `/timetables/${t.id}`, { ...regular, term: "" });
      expect(status).toBe(422);
      expect(body.errors).toEqual({ term: [MESSAGES.allFieldsRequired] });
      expect((await call(school, "GET", `/timetables/${t.id}`)).body.data.term).toBe("3rd Term");
    });

    it("keeps a timetable with schedules on the same kind of type (by day or by date)", async () => {
      const t = await createTimetable();
      await call(school, "POST", `/timetables/${t.id}/schedules`, period());
      const { status, body } = await call(school, "PUT", `/timetables/${t.id}`, { ...regular, type: "Exam" });
      expect(status).toBe(422);
      expect(body.errors.type).toEqual([TIMETABLE_MESSAGES.typeLocked]);

      const test = await createTimetable({ ...regular, type: "Test" });
      await call(school, "POST", `/timetables/${test.id}/schedules`, period({ schedule_date: "2026-05-18" }));
      expect((await call(school, "PUT", `/timetables/${test.id}`, { ...regular, type: "Exam" })).status).toBe(200);
    });

    it("deletes a timetable and its schedules", async () => {
      const t = await createTimetable();
      await call(school, "POST", `/timetables/${t.id}/schedules`, period());
      await call(school, "POST", `/timetables/${t.id}/schedules`, period({ schedule_day: "Tuesday" }));
      const { status, body } = await call(school, "DELETE", `/timetables/${t.id}`);
      expect(status).toBe(200);
      expect(body.message).toBe(MESSAGES.timetableDeleted);
      expect((await call(school, "GET", `/timetables/${t.id}`)).status).toBe(404);
      const left = await api.db
        .selectFrom("timetable_schedules")
        .select("id")
        .where("timetable_id", "=", t.id)
        .execute();
      expect(left).toEqual([]);
      expect((await call(school, "DELETE", `/timetables/${t.id}`)).status).toBe(404);
    });
  });

  describe("schedules", () => {
    let weekly: { id: number };
    let exam: { id: number };
    beforeEach(async () => {
      weekly = await createTimetable();
      exam = await createTimetable({ ...regular, type: "Exam" });
    });
    const add = (t: { id: number }, body: Record<string, unknown>, headers?: Record<string, string>) =>
      call(school, "POST", `/timetables/${t.id}/schedules`, body, headers);

    it("adds a weekly period and ignores a date on it", async () => {
      const { status, body } = await add(weekly, period({ venue: "Room 4", schedule_date: "2026-05-20" }));
      expect(status).toBe(201);
      expect(body.data).toEqual({
        id: expect.any(Number),
        schedule_day: "Monday",
        schedule_start_time: "08:00",
        schedule_end_time: "09:00",
        subject: "Mathematics",
        venue: "Room 4",
        schedule_date: null,
        teacher: null,
      });
    });

    it.each([
      ["schedule_start_time", { schedule_start_time: "" }],
      ["schedule_end_time", { schedule_end_time: null }],
      ["subject", { subject: "  " }],
    ])(
      "refuses a missing %s with 'Start time, end time, and subject are required' once, 'Required' beside it",
      async (field, change) => {
        const { status, body } = await add(weekly, period(change));
        expect(status).toBe(422);
        expect(body.message).toBe(MESSAGES.scheduleRequired);
        expect(body.errors).toEqual({ [field]: [TIMETABLE_MESSAGES.required] });
      },
    );

    it("names each missing field 'Required' and says the product's sentence once", async () => {
      const { status, body } = await add(
        weekly,
        period({ schedule_start_time: "", schedule_end_time: "", subject: "" }),
      );
      expect(status).toBe(422);
      expect(body).toEqual({
        message: MESSAGES.scheduleRequired,
        errors: {
          schedule_start_time: [TIMETABLE_MESSAGES.required],
          schedule_end_time: [TIMETABLE_MESSAGES.required],
          subject: [TIMETABLE_MESSAGES.required],
        },
      });
    });

    it("refuses a weekly period without a day: 'Day is required for Regular School Periods'", async () => {
      const { status, body } = await add(weekly, period({ schedule_day: "" }));
      expect(status).toBe(422);
      expect(body.errors).toEqual({ schedule_day: [MESSAGES.dayRequired] });
      expect((await add(weekly, period({ schedule_day: "Funday" }))).body.errors).toEqual({
        schedule_day: [TIMETABLE_MESSAGES.invalidDay],
      });
    });

    it("refuses a Test or Exam schedule without a date: 'Date is required for Test and Exam schedules'", async () => {
      const test = await createTimetable({ ...regular, type: "Test" });
      for (const t of [exam, test]) {
        const { status, body } = await add(t, period({ schedule_date: "" }));
        expect(status).toBe(422);
        expect(body.errors).toEqual({ schedule_date: [MESSAGES.dateRequired] });
      }
    });

    it("refuses an end time that is not after the start: 'End time must be after start time'", async () => {
      for (const [start, end] of [
        ["09:00", "08:00"],
        ["09:00", "09:00"],
      ]) {
        const { status, body } = await add(weekly, period({ schedule_start_time: start, schedule_end_time: end }));
        expect(status).toBe(422);
        expect(body.errors).toEqual({ schedule_end_time: [MESSAGES.endAfterStart] });
      }
    });

    it("refuses times that are not times and normalises those that are", async () => {
      const bad = await add(weekly, period({ schedule_start_time: "8am", schedule_end_time: "25:00" }));
      expect(bad.body.errors).toEqual({
        schedule_start_time: [TIMETABLE_MESSAGES.invalidTime],
        schedule_end_time: [TIMETABLE_MESSAGES.invalidTime],
      });
      const good = await add(weekly, period({ schedule_start_time: "7:30", schedule_end_time: "07:55:00" }));
      expect(good.body.data).toMatchObject({ schedule_start_time: "07:30", schedule_end_time: "07:55" });
    });

    it("takes the day of a dated schedule from its date", async () => {
      const { status, body } = await add(exam, period({ schedule_day: "Friday", schedule_date: "2026-05-20" }));
      expect(status).toBe(201);
      expect(body.data).toMatchObject({ schedule_day: "Wednesday", schedule_date: "2026-05-20" });
      const sunday = await add(exam, period({ schedule_day: "", schedule_date: "2026-05-17" }));
      expect(sunday.body.data.schedule_day).toBe("Sunday");
    });

    it("refuses a date in the past (by the school's day in Lagos) and accepts today", async () => {
      const before = await countRows("timetable_schedules");
      const past = await add(exam, period({ schedule_date: "2026-05-10" }));
      expect(past.status).toBe(422);
      expect(past.body.errors).toEqual({ schedule_date: [TIMETABLE_MESSAGES.pastDate] });
      expect(await countRows("timetable_schedules")).toBe(before);
      expect((await add(exam, period({ schedule_date: "2026-05-11" }))).status).toBe(201);

      // 23:30 UTC on 10 May is already 11 May in Lagos.
      api.clock.now = new Date("2026-05-10T23:30:00Z");
      expect(
        (
          await add(
            exam,
            period({ schedule_date: "2026-05-11", schedule_start_time: "10:00", schedule_end_time: "11:00" }),
          )
        ).status,
      ).toBe(201);
      api.clock.now = new Date("2026-05-11T23:30:00Z");
      expect(
        (
          await add(
            exam,
            period({ schedule_date: "2026-05-11", schedule_start_time: "12:00", schedule_end_time: "13:00" }),
          )
        ).body.errors,
      ).toEqual({
        schedule_date: [TIMETABLE_MESSAGES.pastDate],
      });
    });

    it("refuses dates that do not exist", async () => {
      for (const date of ["2026-02-30", "18/05/2026", "2026-13-01"]) {
        expect((await add(exam, period({ schedule_date: date }))).body.errors).toEqual({
          schedule_date: [TIMETABLE_MESSAGES.invalidDate],
        });
      }
    });

    it("refuses a weekly period that overlaps another on the same day, naming it", async () => {
      await add(weekly, period());
      const before = await countRows("timetable_schedules");
      for (const [start, end] of [
        ["08:30", "09:30"],
        ["07:00", "08:01"],
        ["08:00", "09:00"],
        ["08:15", "08:45"],
        ["07:00", "10:00"],
      ]) {
        const { status, body } = await add(
          weekly,
          period({ subject: "English", schedule_start_time: start, schedule_end_time: end }),
        );
        expect(status).toBe(422);
        expect(body.message).toBe("Overlaps Mathematics, Monday 08:00–09:00");
        expect(body.errors).toEqual({ schedule_start_time: ["Overlaps Mathematics, Monday 08:00–09:00"] });
      }
      expect(await countRows("timetable_schedules")).toBe(before);
      expect((await add(weekly, period({ schedule_start_time: "09:00", schedule_end_time: "10:00" }))).status).toBe(
        201,
      );
      expect((await add(weekly, period({ schedule_start_time: "07:00", schedule_end_time: "08:00" }))).status).toBe(
        201,
      );
      expect((await add(weekly, period({ schedule_day: "Tuesday" }))).status).toBe(201);
      // Another timetable's periods never clash with this one's.
      const other = await createTimetable();
      expect((await add(other, period())).status).toBe(201);
    });

    it("refuses an exam that overlaps another on the same date, and allows the same time on another date", async () => {
      await add(
        exam,
        period({
          subject: "Biology",
          schedule_date: "2026-05-18",
          schedule_start_time: "10:00",
          schedule_end_time: "12:00",
        }),
      );
      const clash = await add(
        exam,
        period({ schedule_date: "2026-05-18", schedule_start_time: "11:00", schedule_end_time: "13:00" }),
      );
      expect(clash.status).toBe(422);
      expect(clash.body.message).toBe("Overlaps Biology, Monday 18 May 2026 10:00–12:00");
      expect(
        (
          await add(
            exam,
            period({ schedule_date: "2026-05-25", schedule_start_time: "11:00", schedule_end_time: "13:00" }),
          )
        ).status,
      ).toBe(201);
    });

    it("creates one schedule for a repeated idempotency key", async () => {
      const key = "schedule-key-0123456789";
      const before = await countRows("timetable_schedules");
      const first = await add(weekly, period(), { "Idempotency-Key": key });
      const again = await add(weekly, period(), { "Idempotency-Key": key });
      expect([first.status, again.status]).toEqual([201, 200]);
      expect(again.body.data.id).toBe(first.body.data.id);
      expect(await countRows("timetable_schedules")).toBe(before + 1);
    });

    it("edits a schedule by the same rules, never clashing with itself", async () => {
      const created = (await add(weekly, period())).body.data;
      await add(weekly, period({ subject: "English", schedule_start_time: "10:00", schedule_end_time: "11:00" }));
      const path = `/timetables/${weekly.id}/schedules/${created.id}`;

      const moved = await call(
        school,
        "PUT",
        path,
        period({ schedule_start_time: "08:30", schedule_end_time: "09:30", venue: "Lab" }),
      );
      expect(moved.status).toBe(200);
      expect(moved.body.message).toBe("Updated successfully");
      expect(moved.body.data).toMatchObject({
        id: created.id,
        schedule_start_time: "08:30",
        schedule_end_time: "09:30",
        venue: "Lab",
      });

      const clash = await call(
        school,
        "PUT",
        path,
        period({ schedule_start_time: "09:30", schedule_end_time: "10:30" }),
      );
      expect(clash.body.message).toBe("Overlaps English, Monday 10:00–11:00");
      for (const [change, field, message] of [
        [{ subject: "" }, "subject", TIMETABLE_MESSAGES.required],
        [{ schedule_day: "" }, "schedule_day", MESSAGES.dayRequired],
        [{ schedule_end_time: "07:00" }, "schedule_end_time", MESSAGES.endAfterStart],
      ] as const) {
        const { status, body } = await call(school, "PUT", path, period(change));
        expect(status).toBe(422);
        expect(body.errors).toEqual({ [field]: [message] });
      }
      const stored = (await call(school, "GET", `/timetables/${weekly.id}`)).body.data.schedules.find(
        (s: { id: number }) => s.id === created.id,
      );
      expect(stored).toMatchObject({ schedule_start_time: "08:30", venue: "Lab" });
    });

    it("lets an edit keep a date that has since passed, but not choose another past one", async () => {
      const created = (await add(exam, period({ schedule_date: "2026-05-12" }))).body.data;
      api.clock.now = new Date("2026-05-20T09:00:00+01:00");
      const path = `/timetables/${exam.id}/schedules/${created.id}`;
      expect((await call(school, "PUT", path, period({ schedule_date: "2026-05-12", venue: "Hall B" }))).status).toBe(
        200,
      );
      expect((await call(school, "PUT", path, period({ schedule_date: "2026-05-13" }))).body.errors).toEqual({
        schedule_date: [TIMETABLE_MESSAGES.pastDate],
      });
      const ok = await call(school, "PUT", path, period({ schedule_date: "2026-05-22" }));
      expect(ok.body.data).toMatchObject({ schedule_date: "2026-05-22", schedule_day: "Friday" });
    });

    it("deletes a schedule", async () => {
      const created = (await add(weekly, period())).body.data;
      const path = `/timetables/${weekly.id}/schedules/${created.id}`;
      const { status, body } = await call(school, "DELETE", path);
      expect(status).toBe(200);
      expect(body.message).toBe(MESSAGES.scheduleDeleted);
      expect((await call(school, "GET", `/timetables/${weekly.id}`)).body.data.schedules).toEqual([]);
      expect((await call(school, "DELETE", path)).body.message).toBe(TIMETABLE_MESSAGES.scheduleNotFound);
    });

    it("answers 404 'Schedule Not Found' for a schedule of another timetable or an unknown id", async () => {
      const created = (await add(weekly, period())).body.data;
      for (const path of [
        `/timetables/${exam.id}/schedules/${created.id}`,
        `/timetables/${weekly.id}/schedules/999999`,
        `/timetables/${weekly.id}/schedules/x`,
      ]) {
        for (const method of ["PUT", "DELETE"]) {
          const { status, body } = await call(school, method, path, method === "PUT" ? period() : undefined);
          expect(status).toBe(404);
          expect(body.message).toBe(TIMETABLE_MESSAGES.scheduleNotFound);
        }
      }
    });
  });

  describe("a schedule's teacher", () => {
    let serial = 0;
    const member = async (who: RegisteredSchool, name: string, teaching = true) => {
      serial += 1;
      const { status, body } = await call(who, "POST", "/staffs", {
        staff_data: {
          name,
          email: `teacher${serial}@timetables.ng`,
          phone: `0806 700 ${String(1000 + serial)}`,
          is_teaching_staff: teaching,
        },
      });
      expect(status, JSON.stringify(body)).toBe(201);
      return body.data as { id: number; unique_id: string };
    };
    const add = (t: { id: number }, body: Record<string, unknown>) =>
      call(school, "POST", `/timetables/${t.id}/schedules`, body);

    it("names one of the school's teaching staff, by id or unique_id; refuses anyone else beside the teacher", async () => {
      const t = await createTimetable();
      const teacher = await member(school, "Mr. Tunde Bakare");
      const bursar = await member(school, "Mr. Okon Bassey", false);
      const elsewhere = await member(other, "Mrs. Other School");
      const before = await countRows("timetable_schedules");
      for (const key of [String(bursar.id), elsewhere.unique_id, "STF-unknown", "424242"]) {
        const { status, body } = await add(t, period({ teacher: key }));
        expect(status, key).toBe(422);
        expect(body.errors).toEqual({ teacher: [TIMETABLE_MESSAGES.teacherUnknown] });
      }
      expect(await countRows("timetable_schedules")).toBe(before);

      const byKey = await add(t, period({ teacher: teacher.unique_id }));
      expect(byKey.status).toBe(201);
      expect(byKey.body.data.teacher).toEqual({
        id: teacher.id,
        unique_id: teacher.unique_id,
        name: "Mr. Tunde Bakare",
      });
      const byId = await add(t, period({ schedule_day: "Tuesday", teacher: teacher.id }));
      expect(byId.body.data.teacher.unique_id).toBe(teacher.unique_id);
      const shown = (await call(school, "GET", `/timetables/${t.id}`)).body.data.schedules;
      expect(shown.map((s: { teacher: { name: string } | null }) => s.teacher?.name)).toEqual([
        "Mr. Tunde Bakare",
        "Mr. Tunde Bakare",
      ]);
      // An edit without a teacher takes the teacher off.
      const edited = await call(school, "PUT", `/timetables/${t.id}/schedules/${byId.body.data.id}`, {
        ...period({ schedule_day: "Tuesday" }),
      });
      expect(edited.status).toBe(200);
      expect(edited.body.data.teacher).toBeNull();
      // The PDF names the teacher under the subject.
      const pdf = await api.fetch(`/api/admin/${school.uniqueId}/timetable/${t.id}/download-pdf`, {
        headers: school.auth,
      });
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
        mergePages: true,
      });
      expect(text).toContain("Mr. Tunde Bakare");
    });

    it("refuses a teacher booked at the same time in any timetable of the session and term, naming the period", async () => {
      const jss2 = await createTimetable();
      const ss1 = await createTimetable({ ...regular, class: "SS1" });
      const nextTerm = await createTimetable({ ...regular, class: "SS1", term: "1st Term", session: "2026/2027" });
      const teacher = await member(school, "Mrs. Chioma Eze");
      const other = await member(school, "Mr. Sani Garba");
      expect((await add(jss2, period({ teacher: teacher.unique_id }))).status).toBe(201);

      const before = await countRows("timetable_schedules");
      const clash = await add(
        ss1,
        period({
          subject: "Physics",
          schedule_start_time: "08:30",
          schedule_end_time: "09:30",
          teacher: teacher.unique_id,
        }),
      );
      expect(clash.status).toBe(422);
      expect(clash.body.errors).toEqual({
        teacher: [TIMETABLE_MESSAGES.teacherBooked("Mrs. Chioma Eze", "JSS2 Mathematics, Monday 08:00–09:00")],
      });
      expect(await countRows("timetable_schedules")).toBe(before);

      // Free: touching times, another day, another teacher, another term.
      for (const [t, change] of [
        [ss1, { schedule_start_time: "09:00", schedule_end_time: "10:00", teacher: teacher.unique_id }],
        [ss1, { schedule_day: "Tuesday", teacher: teacher.unique_id }],
        [ss1, { schedule_day: "Wednesday", teacher: other.unique_id }],
        [nextTerm, { teacher: teacher.unique_id }],
      ] as const) {
        const res = await add(t, period(change));
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      // An edit is checked the same way, never against itself.
      const tuesday = (await call(school, "GET", `/timetables/${ss1.id}`)).body.data.schedules.find(
        (s: { schedule_day: string }) => s.schedule_day === "Tuesday",
      );
      const kept = await call(school, "PUT", `/timetables/${ss1.id}/schedules/${tuesday.id}`, {
        ...period({ schedule_day: "Tuesday", schedule_end_time: "09:30", teacher: teacher.unique_id }),
      });
      expect(kept.status).toBe(200);
      const moved = await call(school, "PUT", `/timetables/${ss1.id}/schedules/${tuesday.id}`, {
        ...period({
          schedule_day: "Monday",
          schedule_start_time: "07:30",
          schedule_end_time: "08:30",
          teacher: teacher.unique_id,
        }),
      });
      expect(moved.status).toBe(422);
      expect(moved.body.errors.teacher).toEqual([
        TIMETABLE_MESSAGES.teacherBooked("Mrs. Chioma Eze", "JSS2 Mathematics, Monday 08:00–09:00"),
      ]);
    });

    it("an exam clashes with another exam of the teacher on the same date only", async () => {
      const examA = await createTimetable({ ...regular, type: "Exam" });
      const examB = await createTimetable({ ...regular, type: "Test", class: "SS2" });
      const teacher = await member(school, "Mrs. Amina Yusuf");
      const dated = (date: string) => period({ schedule_day: "", schedule_date: date, teacher: teacher.unique_id });
      expect((await add(examA, dated("2026-05-20"))).status).toBe(201);
      const clash = await add(examB, dated("2026-05-20"));
      expect(clash.status).toBe(422);
      expect(clash.body.errors.teacher).toEqual([
        TIMETABLE_MESSAGES.teacherBooked("Mrs. Amina Yusuf", "JSS2 Mathematics, Wednesday 20 May 2026 08:00–09:00"),
      ]);
      expect((await add(examB, dated("2026-05-21"))).status).toBe(201);
    });

    it("deleting the teacher keeps their periods, without a teacher", async () => {
      const t = await createTimetable();
      const teacher = await member(school, "Mr. Leaving Soon");
      const { body } = await add(t, period({ schedule_day: "Friday", teacher: teacher.unique_id }));
      expect((await call(school, "DELETE", `/staffs/${teacher.unique_id}`)).status).toBe(200);
      const shown = (await call(school, "GET", `/timetables/${t.id}`)).body.data.schedules;
      expect(shown.find((s: { id: number }) => s.id === body.data.id).teacher).toBeNull();
    });
  });

  describe("GET /timetable/{id}/download-pdf", () => {
    it("answers a printable A4 PDF with the school, the timetable and its schedules, in an embedded font", async () => {
      const t = await createTimetable({
        type: "Exam",
        class: "SS3",
        session: "2025/2026",
        term: "3rd Term",
        venue: "Gbọ̀ngàn Ọba",
      });
      const add = (body: Record<string, unknown>) =>
        call(school, "POST", `/timetables/${t.id}/schedules`, period(body));
      await add({
        subject: "Yorùbá",
        schedule_date: "2026-05-19",
        schedule_start_time: "09:00",
        schedule_end_time: "11:00",
        venue: "Ilé Ẹ̀kọ́ ₦500 hall",
      });
      await add({
        subject: "Further Mathematics",
        schedule_date: "2026-05-18",
        schedule_start_time: "13:00",
        schedule_end_time: "14:30",
      });

      const res = await api.fetch(`/api/admin/${school.uniqueId}/timetable/${t.id}/download-pdf`, {
        headers: school.auth,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="exam-timetable-ss3-3rd-term.pdf"');
      const bytes = new Uint8Array(await res.arrayBuffer());
      const raw = Buffer.from(bytes).toString("latin1");
      expect(raw.startsWith("%PDF-")).toBe(true);
      expect(raw).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
      expect(raw).toContain("DejaVuSans");
      expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
      // Two embedded faces, regular and bold, and nothing else.
      expect(raw.match(/\/FontFile2/g)).toHaveLength(2);
      expect(raw).toContain("/Subtype /Image");

      const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
      const flat = text.normalize("NFC").replace(/\s+/g, " ");
      for (const expected of [
        "Ọ̀ṣun Grammar School, Ẹ̀kọ́",
        "Exam Timetable",
        "SS3",
        "2025/2026",
        "3rd Term",
        "Gbọ̀ngàn Ọba",
        "Yorùbá",
        "Further Mathematics",
        "09:00 – 11:00",
        "13:00 – 14:30",
        "Monday, 18 May 2026",
        "Tuesday, 19 May 2026",
        "₦500",
      ]) {
        expect(flat, expected).toContain(expected.normalize("NFC"));
      }
      // Dates in order: Monday's exam before Tuesday's.
      expect(flat.indexOf("Further Mathematics")).toBeLessThan(flat.indexOf("Yorùbá"));
    });

    it("lists a weekly timetable by day and says when there are no schedules", async () => {
      const t = await createTimetable();
      const empty = await api.fetch(`/api/admin/${school.uniqueId}/timetable/${t.id}/download-pdf`, {
        headers: school.auth,
      });
      const emptyText = (
        await extractText(await getDocumentProxy(new Uint8Array(await empty.arrayBuffer())), { mergePages: true })
      ).text;
      expect(emptyText).toContain("No schedules yet.");

      await call(
        school,
        "POST",
        `/timetables/${t.id}/schedules`,
        period({ schedule_day: "Friday", subject: "Civic Education" }),
      );
      await call(
        school,
        "POST",
        `/timetables/${t.id}/schedules`,
        period({ schedule_day: "Tuesday", subject: "Basic Science" }),
      );
      const res = await api.fetch(`/api/admin/${school.uniqueId}/timetable/${t.id}/download-pdf`, {
        headers: school.auth,
      });
      const text = (
        await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })
      ).text;
      expect(text.indexOf("Tuesday")).toBeLessThan(text.indexOf("Friday"));
      expect(text.indexOf("Basic Science")).toBeLessThan(text.indexOf("Civic Education"));
      expect(text).toContain("08:00 – 09:00");
    });

    it("runs onto more pages when the schedules do not fit on one", async () => {
      const t = await createTimetable();
      for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) {
        for (let hour = 7; hour < 17; hour++) {
          const time = (h: number) => `${String(h).padStart(2, "0")}:00`;
          await call(
            school,
            "POST",
            `/timetables/${t.id}/schedules`,
            period({ schedule_day: day, schedule_start_time: time(hour), schedule_end_time: time(hour + 1) }),
          );
        }
      }
      const res = await api.fetch(`/api/admin/${school.uniqueId}/timetable/${t.id}/download-pdf`, {
        headers: school.auth,
      });
      const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
      expect(pdf.numPages).toBeGreaterThan(1);
      const { text } = await extractText(pdf, { mergePages: false });
      expect(text.at(-1)).toContain(`Page ${pdf.numPages} of ${pdf.numPages}`);
    });
  });

  describe("tenant isolation", () => {
    it("gives another school's token 404 on every timetable call and changes nothing", async () => {
      const t = await createTimetable();
      const s = (await call(school, "POST", `/timetables/${t.id}/schedules`, period())).body.data;
      const before = JSON.stringify((await call(school, "GET", `/timetables/${t.id}`)).body.data);

      const attempts: [string, string, unknown?][] = [
        ["GET", `/timetables/${t.id}`],
        ["PUT", `/timetables/${t.id}`, { ...regular, class: "HACKED" }],
        ["DELETE", `/timetables/${t.id}`],
        ["POST", `/timetables/${t.id}/schedules`, period({ schedule_day: "Saturday" })],
        ["PUT", `/timetables/${t.id}/schedules/${s.id}`, period({ subject: "HACKED" })],
        ["DELETE", `/timetables/${t.id}/schedules/${s.id}`],
        ["GET", `/timetable/${t.id}/download-pdf`],
      ];
      for (const [method, path, body] of attempts) {
        const mine = await call(other, method, path, body);
        expect(mine.status, `${method} ${path}`).toBe(404);
        // The other school's token on this school's path is refused before anything runs.
        const res = await api.fetch(`/api/admin/${school.uniqueId}${path}`, {
          method,
          headers: { ...other.auth, "Content-Type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(res.status, `${method} ${path} on the other school's path`).toBe(404);
      }
      expect((await call(other, "GET", "/timetables")).body.data.data.map((x: { id: number }) => x.id)).not.toContain(
        t.id,
      );
      expect(JSON.stringify((await call(school, "GET", `/timetables/${t.id}`)).body.data)).toBe(before);
    });

    it("keeps idempotency keys to their own school", async () => {
      const key = "shared-key-abcdefghijkl";
      const mine = await call(school, "POST", "/timetables", regular, { "Idempotency-Key": key });
      const theirs = await call(other, "POST", "/timetables", regular, { "Idempotency-Key": key });
      expect([mine.status, theirs.status]).toEqual([201, 201]);
      expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    });

    it("refuses calls without a token", async () => {
      const res = await api.fetch(`/api/admin/${school.uniqueId}/timetables`);
      expect(res.status).toBe(401);
    });
  });
});
