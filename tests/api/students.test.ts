import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "../../contract/limits";
import { APP_MESSAGES, DEFAULT_SUCCESS, MESSAGES } from "../../contract/messages";
import { STUDENT_MESSAGES, type BacklogEntry, type StudentRecord } from "../../contract/students";
import { sortNames } from "../../api/db/migrations/0018_sort_names";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";

/** Students and the backlog (contract/students.ts), on the real database. */
describe(`students API on ${DATABASE}`, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  beforeAll(async () => {
    api = await startApi();
    school = await registerSchool(api);
  });
  afterAll(() => api.close());

  const base = (s: RegisteredSchool) => `/api/admin/${s.uniqueId}`;
  const json = (
    method: string,
    s: RegisteredSchool,
    body?: unknown,
    headers: Record<string, string> = {},
  ): RequestInit => ({
    method,
    headers: { ...s.auth, "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let serial = 0;
  const student = (overrides: Record<string, unknown> = {}) => ({
    name: `Chinedu Eze ${++serial}`,
    selectedClass: "JSS1",
    gender: "Male",
    phone_number: "0803 123 4567",
    ...overrides,
  });
  async function add(s: RegisteredSchool, data: Record<string, unknown>, headers?: Record<string, string>) {
    const res = await api.fetch(`${base(s)}/students`, json("POST", s, { student_data: data }, headers));
    return { status: res.status, body: await res.json() };
  }
  async function created(s: RegisteredSchool, data: Record<string, unknown> = student()): Promise<StudentRecord> {
    const { status, body } = await add(s, data);
    expect(status, JSON.stringify(body)).toBe(201);
    return body.data;
  }
  async function list(s: RegisteredSchool, query = "") {
    const res = await api.fetch(`${base(s)}/students${query}`, { headers: s.auth });
    expect(res.status).toBe(200);
    return (await res.json()).data as {
      data: StudentRecord[];
      current_page: number;
      per_page: number;
      total: number;
      last_page: number;
    };
  }
  async function backlog(s: RegisteredSchool, query = "") {
    const res = await api.fetch(`${base(s)}/students/backlog${query}`, { headers: s.auth });
    return { status: res.status, body: await res.json() };
  }
  async function dashboard(s: RegisteredSchool) {
    const res = await api.fetch(`${base(s)}/dashboard`, { headers: s.auth });
    return (await res.json()).data as { total_male: number; total_female: number };
  }
  const count = async (s: RegisteredSchool) => (await list(s)).total;

  describe("POST /students", () => {
    it("creates a student: 201, the product's record, phone in E.164, subjects as comma text", async () => {
      const s = await registerSchool(api);
      const { status, body } = await add(s, {
        name: "  Amaka Obi ",
        selectedClass: "JSS2",
        gender: "Female",
        phone_number: "0803 123 4567",
        email: "Amaka@Example.ng",
        address: "12 Allen Avenue, Ikeja",
        admission: "ADM/2025/001",
        takes_lesson: true,
        subjects: "Mathematics, English Language",
      });
      expect(status).toBe(201);
      expect(body.message).toBe(DEFAULT_SUCCESS.created);
      expect(body.data).toEqual({
        unique_id: expect.stringMatching(/^STU-/),
        id: expect.any(Number),
        student_data: {
          name: "Amaka Obi",
          class: "JSS2",
          gender: "Female",
          phone_number: "+2348031234567",
          email: "amaka@example.ng",
          address: "12 Allen Avenue, Ikeja",
          admission: "ADM/2025/001",
          takes_lesson: true,
          subjects: "Mathematics, English Language",
          subject_combo: null,
          profile_img: null,
        },
      });
    });

    it("drops empty values and ignores subjects when the student takes no lessons", async () => {
      const record = await created(
        school,
        student({ email: "", address: "  ", admission: null, takes_lesson: false, subjects: ["Mathematics"] }),
      );
      expect(record.student_data).toMatchObject({
        email: null,
        address: null,
        admission: null,
        takes_lesson: false,
        subjects: null,
      });
    });

    it("takes subjects as a list and `class` in place of selectedClass", async () => {
      const { selectedClass: _, ...rest } = student();
      const record = await created(school, {
        ...rest,
        class: "SS1",
        takes_lesson: "true",
        subjects: ["Physics", "Chemistry"],
      });
      expect(record.student_data).toMatchObject({ class: "SS1", takes_lesson: true, subjects: "Physics, Chemistry" });
    });

    it("requires name, class, gender and phone, each with its message, and writes nothing", async () => {
      const s = await registerSchool(api);
      const { status, body } = await add(s, {});
      expect(status).toBe(422);
      expect(body.errors).toEqual({
        name: [STUDENT_MESSAGES.nameRequired],
        selectedClass: [STUDENT_MESSAGES.classRequired],
        gender: [STUDENT_MESSAGES.genderRequired],
        phone_number: [STUDENT_MESSAGES.phoneRequired],
      });
      expect(body.message).toBe(STUDENT_MESSAGES.nameRequired);
      const missingBody = await api.fetch(`${base(s)}/students`, json("POST", s, {}));
      expect(missingBody.status).toBe(422);
      expect(await count(s)).toBe(0);
    });

    it.each([
      ["gender", { gender: "Other" }, "gender", STUDENT_MESSAGES.genderInvalid],
      ["a bad phone", { phone_number: "12345" }, "phone_number", APP_MESSAGES.invalidPhone],
      ["a phone of the wrong length", { phone_number: "0803 123 456" }, "phone_number", APP_MESSAGES.invalidPhone],
      ["a bad email", { email: "not-an-email" }, "email", APP_MESSAGES.invalidEmail],
      ["a class the school does not have", { selectedClass: "Year 9" }, "selectedClass", STUDENT_MESSAGES.classUnknown],
      [
        "a subject outside the class",
        { takes_lesson: true, subjects: "Mathematics, Physics" },
        "subjects",
        STUDENT_MESSAGES.subjectsUnknown,
      ],
    ])("refuses %s with a clear message and writes nothing", async (_, overrides, field, message) => {
      const data = student(overrides);
      const { status, body } = await add(school, data);
      expect(status).toBe(422);
      expect(body.errors[field]).toEqual([message]);
      expect((await list(school, `?q=${encodeURIComponent(data.name)}`)).total).toBe(0);
    });

    it("reports every field problem at once", async () => {
      const { body } = await add(school, {
        name: "",
        gender: "Male",
        phone_number: "not a phone",
        selectedClass: "Nowhere",
      });
      expect(body.errors).toEqual({
        name: [STUDENT_MESSAGES.nameRequired],
        phone_number: [APP_MESSAGES.invalidPhone],
        selectedClass: [STUDENT_MESSAGES.classUnknown],
      });
    });

    it("says 'No subjects available for this class' when the class has none", async () => {
      const s = await registerSchool(api);
      const saved = await api.fetch(
        `${base(s)}/school-settings`,
        json("POST", s, {
          school_settings: {
            sections: ["Nursery"],
            classes: [{ class_name: "Creche", section: "Nursery", subjects: [] }],
            subjects_by_section: { Nursery: [] },
          },
        }),
      );
      expect(saved.status, await saved.text()).toBe(200);
      const { status, body } = await add(
        s,
        student({ selectedClass: "Creche", takes_lesson: true, subjects: "Rhymes" }),
      );
      expect(status).toBe(422);
      expect(body.errors.subjects).toEqual([MESSAGES.noSubjectsForClass]);
      const refused = await add(s, student({ selectedClass: "JSS1" }));
      expect(refused.body.errors.selectedClass).toEqual([STUDENT_MESSAGES.classUnknown]);
      await created(s, student({ selectedClass: "Creche" }));
    });

    it("refuses a duplicate admission number in the same school with 409, allows it in another", async () => {
      const s = await registerSchool(api);
      await created(s, student({ admission: "ADM-7" }));
      const again = await add(s, student({ admission: "ADM-7" }));
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        message: STUDENT_MESSAGES.duplicateAdmission,
        errors: { admission: [STUDENT_MESSAGES.duplicateAdmission] },
      });
      expect(await count(s)).toBe(1);
      const other = await registerSchool(api);
      await created(other, student({ admission: "ADM-7" }));
    });

    it("creates one student for a re-sent request with the same idempotency key, even at the same time", async () => {
      const s = await registerSchool(api);
      const key = { "Idempotency-Key": "form-key-0123456789abcdef" };
      const first = await add(s, student({ name: "Bola Ade" }), key);
      const second = await add(s, student({ name: "Bola Ade" }), key);
      expect([first.status, second.status]).toEqual([201, 200]);
      expect(second.body.data.unique_id).toBe(first.body.data.unique_id);

      const racing = { "Idempotency-Key": "form-key-race-0123456789" };
      const answers = await Promise.all([1, 2, 3].map(() => add(s, student({ name: "Tunde Race" }), racing)));
      expect(new Set(answers.map((a) => a.body.data.unique_id)).size).toBe(1);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
      expect(await count(s)).toBe(2);

      // With an admission number, a twin may find the number taken by the first: that is a replay too, not a clash.
      for (const n of [1, 2, 3]) {
        const twins = { "Idempotency-Key": `form-key-admission-race-${n}` };
        const sent = await Promise.all(
          [1, 2, 3].map(() => add(s, student({ name: "Ada Race", admission: `RACE/${n}` }), twins)),
        );
        expect(sent.map((a) => a.status).sort()).toEqual([200, 200, 201]);
      }
      expect(await count(s)).toBe(5);

      // Keys belong to a school: another school's form with the same key is its own student.
      const other = await registerSchool(api);
      expect((await add(other, student(), key)).status).toBe(201);
    });
  });

  describe("GET /students", () => {
    let s: RegisteredSchool;
    beforeAll(async () => {
      s = await registerSchool(api);
      for (let i = 1; i <= PAGE_SIZE + 5; i++) {
        await created(
          s,
          student({
            name: `Pupil ${String(i).padStart(2, "0")}`,
            selectedClass: i % 2 ? "JSS1" : "JSS2",
            phone_number: `0803 123 ${String(4500 + i)}`,
          }),
        );
      }
      await created(
        s,
        student({
          name: "Ngozi Okafor",
          admission: "ADM/100%",
          email: "ngozi@school.ng",
          phone_number: "0805 987 6543",
          selectedClass: "SS3",
          gender: "Female",
        }),
      );
    });

    it("pages in the database: PAGE_SIZE a page, ordered by name, with the totals", async () => {
      const first = await list(s);
      expect(first).toMatchObject({ current_page: 1, per_page: PAGE_SIZE, total: PAGE_SIZE + 6, last_page: 2 });
      expect(first.data).toHaveLength(PAGE_SIZE);
      expect(first.data[0].student_data.name).toBe("Ngozi Okafor");
      expect(first.data[1].student_data.name).toBe("Pupil 01");
      const second = await list(s, "?page=2");
      expect(second.data.map((r) => r.student_data.name)).toEqual([
        "Pupil 20",
        "Pupil 21",
        "Pupil 22",
        "Pupil 23",
        "Pupil 24",
        "Pupil 25",
      ]);
      expect((await list(s, "?per_page=5&page=3")).data.map((r) => r.student_data.name)).toEqual([
        "Pupil 10",
        "Pupil 11",
        "Pupil 12",
        "Pupil 13",
        "Pupil 14",
      ]);
    });

    it("answers the last page for a page past the end, and page 1 for nonsense", async () => {
      expect(await list(s, "?page=99")).toMatchObject({ current_page: 2, last_page: 2 });
      expect(await list(s, "?page=abc&per_page=-3")).toMatchObject({ current_page: 1, per_page: PAGE_SIZE });
      expect((await list(s, "?per_page=1000")).per_page).toBe(PAGE_SIZE);
    });

    it("filters by class", async () => {
      const jss1 = await list(s, "?class=JSS1");
      expect(jss1.total).toBe(13);
      expect(jss1.data.every((r) => r.student_data.class === "JSS1")).toBe(true);
      expect((await list(s, "?class=SS3")).data.map((r) => r.student_data.name)).toEqual(["Ngozi Okafor"]);
      expect((await list(s, "?class=")).total).toBe(PAGE_SIZE + 6);
    });

    it.each([
      ["name, any case", "nGoZi"],
      ["admission number", "adm/100"],
      ["email", "ngozi@school"],
      ["phone as typed locally", "0805 987 6543"],
      ["phone in E.164", "+2348059876543"],
      ["part of a phone", "9876543"],
    ])("searches by %s", async (_, q) => {
      const found = await list(s, `?q=${encodeURIComponent(q)}`);
      expect(found.data.map((r) => r.student_data.name)).toEqual(["Ngozi Okafor"]);
    });

    it("takes the search text literally and combines it with the class filter", async () => {
      expect((await list(s, `?q=${encodeURIComponent("100%")}`)).total).toBe(1);
      expect((await list(s, `?q=${encodeURIComponent("%")}`)).total).toBe(1);
      expect((await list(s, "?q=_")).total).toBe(0);
      expect((await list(s, "?q=pupil&class=JSS2")).total).toBe(12);
      expect((await list(s, "?q=ngozi&class=JSS1")).total).toBe(0);
    });
  });

  describe("names with titles", () => {
    it("sorts by the name without its titles, shown as written; an update moves the name, a tie goes by id", async () => {
      const s = await registerSchool(api);
      const names = ["Hauwa Musa", "Mrs. Grace Eze", "Fatima Bello", "CHIEF DR Zainab Ali", "Drake Obi"];
      const ids: Record<string, string> = {};
      for (const name of names) ids[name] = String((await created(s, student({ name }))).id);
      const order = async () => (await list(s)).data.map((r) => r.student_data.name);
      expect(await order()).toEqual([
        "Drake Obi",
        "Fatima Bello",
        "Mrs. Grace Eze",
        "Hauwa Musa",
        "CHIEF DR Zainab Ali",
      ]);

      const res = await api.fetch(
        `${base(s)}/students/${ids["Fatima Bello"]}`,
        json("POST", s, { student_data: student({ name: "Pastor Ifeoma Nwosu" }) }),
      );
      expect(res.status).toBe(200);
      await created(s, student({ name: "grace eze" }));
      expect(await order()).toEqual([
        "Drake Obi",
        "Mrs. Grace Eze",
        "grace eze",
        "Hauwa Musa",
        "Pastor Ifeoma Nwosu",
        "CHIEF DR Zainab Ali",
      ]);
    });
    it("migration 0018 fills the sort key of the rows there are, and undoes", async () => {
      const s = await registerSchool(api);
      for (const name of ["Hauwa Musa", "Mrs. Grace Eze", "Fatima Bello"]) await created(s, student({ name }));
      const migration = sortNames(DATABASE);
      await migration.down!(api.db as never);
      await migration.up(api.db as never);
      expect((await list(s)).data.map((r) => r.student_data.name)).toEqual([
        "Fatima Bello",
        "Mrs. Grace Eze",
        "Hauwa Musa",
      ]);
    });
  });

  describe("POST /students/{id} (update)", () => {
    it("replaces the details; required: name, gender, phone; a field left out is cleared", async () => {
      const s = await registerSchool(api);
      const record = await created(
        s,
        student({ email: "a@b.ng", admission: "A-1", takes_lesson: true, subjects: "Mathematics" }),
      );
      const res = await api.fetch(
        `${base(s)}/students/${record.unique_id}`,
        json("POST", s, {
          student_data: { name: "New Name", gender: "Female", phone_number: "+234 805 987 6543", address: "Lekki" },
        }),
      );
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.message).toBe(DEFAULT_SUCCESS.updated);
      expect(body.data).toEqual({
        ...record,
        student_data: {
          ...record.student_data,
          name: "New Name",
          class: null,
          gender: "Female",
          phone_number: "+2348059876543",
          email: null,
          address: "Lekki",
          admission: null,
          takes_lesson: false,
          subjects: null,
        },
      });

      const missing = await api.fetch(`${base(s)}/students/${record.unique_id}`, json("POST", s, { student_data: {} }));
      expect(missing.status).toBe(422);
      expect((await missing.json()).errors).toEqual({
        name: [STUDENT_MESSAGES.nameRequired],
        gender: [STUDENT_MESSAGES.genderRequired],
        phone_number: [STUDENT_MESSAGES.phoneRequired],
      });
    });

    it("says 'Select a class first' for subjects without a class, and checks the phone", async () => {
      const s = await registerSchool(api);
      const record = await created(s);
      const url = `${base(s)}/students/${record.unique_id}`;
      const noClass = await api.fetch(
        url,
        json("POST", s, {
          student_data: { ...student(), selectedClass: "", takes_lesson: true, subjects: "Mathematics" },
        }),
      );
      expect((await noClass.json()).errors).toEqual({ subjects: [MESSAGES.selectClassFirst] });
      const badPhone = await api.fetch(url, json("POST", s, { student_data: student({ phone_number: "080" }) }));
      expect((await badPhone.json()).errors).toEqual({ phone_number: [APP_MESSAGES.invalidPhone] });
      const info = await api.fetch(`/api/students/${s.uniqueId}/studentInfo/${record.unique_id}`, { headers: s.auth });
      expect((await info.json()).data).toEqual(record);
    });

    it("refuses another student's admission number, keeps its own", async () => {
      const s = await registerSchool(api);
      await created(s, student({ admission: "X-1" }));
      const record = await created(s, student({ admission: "X-2" }));
      const url = `${base(s)}/students/${record.unique_id}`;
      const clash = await api.fetch(url, json("POST", s, { student_data: student({ admission: "X-1" }) }));
      expect(clash.status).toBe(409);
      expect((await clash.json()).errors).toEqual({ admission: [STUDENT_MESSAGES.duplicateAdmission] });
      expect(
        (await api.fetch(url, json("POST", s, { student_data: student({ admission: "X-2", name: "Same" }) }))).status,
      ).toBe(200);
    });

    it("answers 404 for an unknown student", async () => {
      const res = await api.fetch(
        `${base(school)}/students/STU-nothing`,
        json("POST", school, { student_data: student() }),
      );
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: STUDENT_MESSAGES.notFound });
    });
  });

  describe("backlog, restore and delete", () => {
    it("moves a student to the backlog with a reason, filters by reason, restores, deletes; the dashboard follows", async () => {
      const s = await registerSchool(api);
      const boy = await created(s, student({ gender: "Male" }));
      const girl = await created(s, student({ gender: "Female" }));
      const other = await created(s, student({ gender: "Female" }));
      expect(await dashboard(s)).toMatchObject({ total_male: 1, total_female: 2 });

      const moved = await api.fetch(
        `${base(s)}/students/${girl.unique_id}/backlog`,
        json("POST", s, { reason: "Graduated" }),
      );
      expect(moved.status).toBe(200);
      const movedBody = await moved.json();
      expect(movedBody.message).toBe(MESSAGES.studentBacklogged);
      expect(movedBody.data).toEqual({ ...girl, backlog_reason: "Graduated" });
      // Sent twice (a double tap): still one backlog entry.
      expect(
        (await api.fetch(`${base(s)}/students/${girl.unique_id}/backlog`, json("POST", s, { reason: "Graduated" })))
          .status,
      ).toBe(200);
      await api.fetch(`${base(s)}/students/${other.unique_id}/backlog`, json("POST", s, { reason: "Expelled" }));
      expect(await dashboard(s)).toMatchObject({ total_male: 1, total_female: 0 });
      expect((await list(s)).data.map((r) => r.unique_id)).toEqual([boy.unique_id]);

      const all = await backlog(s);
      expect(all.status).toBe(200);
      expect(all.body.data).toMatchObject({ total: 2, current_page: 1, last_page: 1, per_page: PAGE_SIZE });
      expect((all.body.data.data as BacklogEntry[]).map((e) => e.backlog_reason).sort()).toEqual([
        "Expelled",
        "Graduated",
      ]);
      expect((await backlog(s, "?reason=All")).body.data.total).toBe(2);
      const graduated = await backlog(s, `?reason=${encodeURIComponent("Graduated")}`);
      expect(graduated.body.data.data).toEqual([{ ...girl, backlog_reason: "Graduated" }]);
      expect((await backlog(s, `?reason=${encodeURIComponent("Switched School")}`)).body.data.total).toBe(0);
      const badFilter = await backlog(s, "?reason=Holiday");
      expect(badFilter.status).toBe(422);
      expect(badFilter.body.errors).toEqual({ reason: [STUDENT_MESSAGES.reasonRequired] });

      const restored = await api.fetch(`${base(s)}/students/${girl.unique_id}/restore`, json("POST", s));
      expect(restored.status).toBe(200);
      expect(await restored.json()).toEqual({ message: STUDENT_MESSAGES.restored, data: girl });
      expect(await dashboard(s)).toMatchObject({ total_male: 1, total_female: 1 });
      expect((await backlog(s)).body.data.total).toBe(1);

      const deleted = await api.fetch(`${base(s)}/students/${boy.unique_id}`, { method: "DELETE", headers: s.auth });
      expect(deleted.status).toBe(200);
      expect(await deleted.json()).toEqual({ message: DEFAULT_SUCCESS.deleted });
      expect(await dashboard(s)).toMatchObject({ total_male: 0, total_female: 1 });
      expect(
        (await api.fetch(`${base(s)}/students/${boy.unique_id}`, { method: "DELETE", headers: s.auth })).status,
      ).toBe(404);
      expect(
        (await api.fetch(`/api/students/${s.uniqueId}/studentInfo/${boy.unique_id}`, { headers: s.auth })).status,
      ).toBe(404);

      // A backlog entry is a former student: its details still open, with the reason.
      const info = await api.fetch(`/api/students/${s.uniqueId}/studentInfo/${other.unique_id}`, { headers: s.auth });
      expect((await info.json()).data).toEqual({ ...other, backlog_reason: "Expelled" });
    });

    it.each([[{}], [{ reason: "" }], [{ reason: "Holiday" }], [{ reason: "graduated" }]])(
      "refuses the backlog reason %j with 422",
      async (body) => {
        const record = await created(school);
        const res = await api.fetch(`${base(school)}/students/${record.unique_id}/backlog`, json("POST", school, body));
        expect(res.status).toBe(422);
        expect((await res.json()).errors).toEqual({ reason: [STUDENT_MESSAGES.reasonRequired] });
        expect((await list(school, `?q=${encodeURIComponent(record.student_data.name)}`)).total).toBe(1);
      },
    );

    it("answers 404 for unknown students on backlog and restore", async () => {
      expect(
        (await api.fetch(`${base(school)}/students/STU-none/backlog`, json("POST", school, { reason: "Expelled" })))
          .status,
      ).toBe(404);
      expect((await api.fetch(`${base(school)}/students/STU-none/restore`, json("POST", school))).status).toBe(404);
    });
  });

  describe("the product's record keys: {id} is the id, {unique_id} the unique_id, and each path takes both", () => {
    it("walks every student path as docs/product.md writes it, then with the other key", async () => {
      const s = await registerSchool(api);
      const record = await created(s, student({ name: "Key Holder" }));
      const info = (key: string | number) =>
        api.fetch(`/api/students/${s.uniqueId}/studentInfo/${key}`, { headers: s.auth });

      // GET /api/students/{uniqueId}/studentInfo/{id}
      expect((await (await info(record.id)).json()).data).toEqual(record);
      expect((await info(record.unique_id)).status).toBe(200);
      // POST /students/{id}
      const renamed = await api.fetch(
        `${base(s)}/students/${record.id}`,
        json("POST", s, { student_data: student({ name: "By Id" }) }),
      );
      expect(renamed.status).toBe(200);
      expect((await renamed.json()).data.student_data.name).toBe("By Id");
      expect(
        (
          await api.fetch(
            `${base(s)}/students/${record.unique_id}`,
            json("POST", s, { student_data: student({ name: "By Unique Id" }) }),
          )
        ).status,
      ).toBe(200);
      // POST /students/{unique_id}/backlog, and the restore, by either key
      expect(
        (await api.fetch(`${base(s)}/students/${record.unique_id}/backlog`, json("POST", s, { reason: "Graduated" })))
          .status,
      ).toBe(200);
      expect((await api.fetch(`${base(s)}/students/${record.id}/restore`, json("POST", s))).status).toBe(200);
      expect(
        (await api.fetch(`${base(s)}/students/${record.id}/backlog`, json("POST", s, { reason: "Expelled" }))).status,
      ).toBe(200);
      expect((await api.fetch(`${base(s)}/students/${record.unique_id}/restore`, json("POST", s))).status).toBe(200);
      // DELETE /students/{unique_id}, and by id
      const other = await created(s, student());
      expect((await api.fetch(`${base(s)}/students/${record.unique_id}`, json("DELETE", s))).status).toBe(200);
      expect((await api.fetch(`${base(s)}/students/${other.id}`, json("DELETE", s))).status).toBe(200);
      expect(await count(s)).toBe(0);
      expect((await info(record.id)).status).toBe(404);
    });

    it("a number beyond any id, or an id of another school's student, names no student", async () => {
      const s = await registerSchool(api);
      const theirs = await created(school, student());
      for (const key of ["99999999999999999999", "0", String(theirs.id)]) {
        expect((await api.fetch(`/api/students/${s.uniqueId}/studentInfo/${key}`, { headers: s.auth })).status).toBe(
          404,
        );
      }
    });
  });

  describe("tenant isolation", () => {
    it("another school's token sees none of these routes and changes nothing", async () => {
      const owner = await registerSchool(api);
      const intruder = await registerSchool(api);
      const record = await created(owner, student({ admission: "T-1" }));
      const parked = await created(owner, student());
      await api.fetch(
        `${base(owner)}/students/${parked.unique_id}/backlog`,
        json("POST", owner, { reason: "Expelled" }),
      );
      const id = record.unique_id;

      const calls: Array<[string, string, unknown?]> = [
        ["GET", `${base(owner)}/students`],
        ["GET", `${base(owner)}/students/backlog`],
        ["POST", `${base(owner)}/students`, { student_data: student() }],
        ["POST", `${base(owner)}/students/${id}`, { student_data: student() }],
        ["DELETE", `${base(owner)}/students/${id}`],
        ["POST", `${base(owner)}/students/${id}/backlog`, { reason: "Expelled" }],
        ["POST", `${base(owner)}/students/${parked.unique_id}/restore`],
        ["GET", `/api/students/${owner.uniqueId}/studentInfo/${id}`],
        // The intruder's own paths with the owner's student ids.
        ["POST", `${base(intruder)}/students/${id}`, { student_data: student() }],
        ["DELETE", `${base(intruder)}/students/${id}`],
        ["POST", `${base(intruder)}/students/${id}/backlog`, { reason: "Expelled" }],
        ["POST", `${base(intruder)}/students/${parked.unique_id}/restore`],
        ["GET", `/api/students/${intruder.uniqueId}/studentInfo/${id}`],
        // The same with the owner's numeric ids (paths take either key).
        ["POST", `${base(intruder)}/students/${record.id}`, { student_data: student() }],
        ["DELETE", `${base(intruder)}/students/${record.id}`],
        ["POST", `${base(intruder)}/students/${record.id}/backlog`, { reason: "Expelled" }],
        ["POST", `${base(intruder)}/students/${parked.id}/restore`],
        ["GET", `/api/students/${intruder.uniqueId}/studentInfo/${record.id}`],
      ];
      for (const [method, path, body] of calls) {
        const res = await api.fetch(path, json(method, intruder, body));
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      const unauthenticated = await api.fetch(`${base(owner)}/students`);
      expect(unauthenticated.status).toBe(401);
      expect((await api.fetch(`/api/students/${owner.uniqueId}/studentInfo/${id}`)).status).toBe(401);

      expect((await list(owner)).data).toEqual([record]);
      expect((await backlog(owner)).body.data.data).toEqual([{ ...parked, backlog_reason: "Expelled" }]);
      expect((await list(intruder)).total).toBe(0);
      expect((await backlog(intruder)).body.data.total).toBe(0);
    });
  });
});
