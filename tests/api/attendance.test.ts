import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../contract/access";
import { type StaffDashboard, type StaffTimetable } from "../../contract/staff-area";
import { ATTENDANCE_MESSAGES as M, type AttendanceRegister } from "../../contract/attendance";
import type { ApiDeps } from "../../api/context";
import { attendanceSummaries } from "../../api/services/attendance";
import { reportExtras } from "../../api/services/report-extras";
import { bearer, DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/** The attendance register and the teacher's dashboard (contract/staff-area.ts), on the real database. */
describe(`attendance API on ${DATABASE}`, { timeout: 180_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  let formTeacher: RegisteredSchool;
  let otherTeacher: RegisteredSchool;
  let teacherId: number;
  const students: Record<string, number> = {};
  const { call } = schoolCalls(() => api);
  // Wednesday 25 November 2026, in the 1st Term.
  const TODAY = "2026-11-25";

  let serial = 0;
  async function addMember(s: RegisteredSchool, extra: Record<string, unknown>) {
    serial += 1;
    const res = await call(s, "POST", "/staffs", {
      staff_data: {
        name: `Mr. Teacher ${serial}`,
        email: `teacher${serial}@attendance.ng`,
        phone: `0806 600 ${String(1000 + serial)}`,
        is_teaching_staff: true,
        ...extra,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; staff_data: { email: string } };
  }
  async function signedInTeacher(s: RegisteredSchool, extra: Record<string, unknown>) {
    const member = await addMember(s, extra);
    const on = await call(s, "POST", `/staffs/${member.id}/sign-in`);
    const res = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: s.uniqueId, email: on.body.data.email, password: on.body.data.password }),
    });
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    return { id: member.id, as: { uniqueId: s.uniqueId, password: "", token, auth: bearer(token) } };
  }
  async function addStudent(s: RegisteredSchool, name: string, className = "JSS1") {
    const res = await call(s, "POST", "/students", {
      student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  }
  const register = (s: RegisteredSchool, query: string) => call(s, "GET", `/attendance?${query}`);
  const save = (s: RegisteredSchool, query: string, marks: unknown) =>
    call(s, "PUT", `/attendance?${query}`, { marks });
  const countRegisters = async () =>
    Number(
      (
        await api.db
          .selectFrom("attendance_registers")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    api = await startApi();
    api.clock.now = new Date(`${TODAY}T09:00:00Z`);
    school = await registerSchool(api, { school_name: "Register Academy" });
    other = await registerSchool(api, { school_name: "Other Register Academy" });
    for (const s of [school, other]) {
      const saved = await call(s, "PUT", "/calendar?year=2026%2F2027", {
        terms: [
          {
            term: "1st Term",
            starts_on: "2026-09-14",
            ends_on: "2026-12-18",
            next_term_starts_on: "2027-01-11",
            closures: [{ date: "2026-10-01", name: "Independence Day" }],
          },
        ],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    students.ada = await addStudent(school, "Ada Obi");
    students.bola = await addStudent(school, "Bola Ade");
    students.chidi = await addStudent(school, "Chidi Eze");
    students.elsewhere = await addStudent(school, "Dayo Sule", "JSS2");
    const t = await signedInTeacher(school, { form_teacher: "JSS1" });
    formTeacher = t.as;
    teacherId = t.id;
    otherTeacher = (await signedInTeacher(school, { form_teacher: "JSS2" })).as;
  });
  afterAll(() => api.close());

  describe("GET /attendance", () => {
    it("answers the form class's register of today by default, everyone Present until it is taken", async () => {
      const res = await register(formTeacher, "");
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({
        date: TODAY,
        class: "JSS1",
        term: "1st Term",
        session: "2026/2027",
        taken: false,
        taken_by: null,
        editable: true,
        closed_reason: null,
        marks: [
          { student_id: students.ada, name: "Ada Obi", status: "present", note: null },
          { student_id: students.bola, name: "Bola Ade", status: "present", note: null },
          { student_id: students.chidi, name: "Chidi Eze", status: "present", note: null },
        ],
      });
    });

    it.each([
      ["2026-11-28", M.weekend("28 Nov 2026", "Saturday")],
      ["2026-10-01", M.closed("1 Oct 2026", "Independence Day")],
      ["2026-12-21", M.notInTerm("21 Dec 2026")],
      ["2026-08-03", M.notInTerm("3 Aug 2026")],
    ])("refuses %s, a day that is not a school day, saying why", async (date, reason) => {
      const res = await register(school, `class=JSS1&date=${date}`);
      expect(res).toEqual({ status: 422, body: { message: reason, errors: { date: [reason] } } });
    });

    it.each([
      ["class=JSS9", { class: [M.classUnknown] }],
      ["class=JSS1&date=2026-02-30", { date: [M.dateInvalid] }],
      ["date=2026-11-25", { class: [M.classRequired] }],
    ])("refuses %s with the field's message", async (query, errors) => {
      const res = await register(school, query);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual(errors);
    });
  });

  describe("PUT /attendance", () => {
    it("saves the register in one go; saving again updates it; the dashboard shows it taken", async () => {
      const dash = async () => (await call(formTeacher, "GET", "/staff-area/dashboard")).body.data as StaffDashboard;
      expect((await dash()).form_class).toEqual({
        class_name: "JSS1",
        students: 3,
        register_taken: false,
        school_day: true,
      });
      const first = await save(formTeacher, `class=JSS1&date=${TODAY}`, [
        { student_id: students.ada, status: "absent", note: "Sick" },
        { student_id: students.bola, status: "late", note: "" },
      ]);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.message).toBe(M.saved);
      const data = first.body.data as AttendanceRegister;
      expect(data.taken).toBe(true);
      expect(data.marks.map((m) => [m.name, m.status, m.note])).toEqual([
        ["Ada Obi", "absent", "Sick"],
        ["Bola Ade", "late", null],
        ["Chidi Eze", "present", null],
      ]);
      const again = await save(formTeacher, `class=JSS1&date=${TODAY}`, [
        { student_id: students.ada, status: "Present" },
        { student_id: students.bola, status: "late" },
        { student_id: students.chidi, status: "absent" },
      ]);
      expect((again.body.data as AttendanceRegister).marks.map((m) => m.status)).toEqual(["present", "late", "absent"]);
      expect(await countRegisters()).toBe(1);
      expect((await dash()).form_class?.register_taken).toBe(true);
    });

    it("keeps one register when the same form is sent twice at once", async () => {
      const before = await countRegisters();
      const marks = [{ student_id: students.ada, status: "absent" }];
      const both = await Promise.all([
        save(school, "class=JSS1&date=2026-11-24", marks),
        save(school, "class=JSS1&date=2026-11-24", marks),
      ]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect(await countRegisters()).toBe(before + 1);
    });

    it("a past day of the term is corrected, and the correction is in the audit log", async () => {
      const res = await save(school, "class=JSS1&date=2026-11-23", [{ student_id: students.bola, status: "absent" }]);
      expect(res.status).toBe(200);
      const log = (await call(school, "GET", "/audit-log?kind=correction")).body.data.data as Array<{
        summary: string;
        actor_name: string;
      }>;
      expect(log[0]).toMatchObject({ summary: "Corrected the JSS1 register of 23 Nov 2026 (1 absent)" });
    });

    it("refuses every bad mark at once and writes nothing", async () => {
      const before = await countRegisters();
      const res = await save(school, "class=JSS1&date=2026-11-20", [
        { student_id: students.elsewhere, status: "present" },
        { student_id: students.ada, status: "sleeping" },
        { student_id: students.ada, status: "absent", note: "x".repeat(201) },
      ]);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        "marks.0.student_id": [M.studentNotInClass("JSS1")],
        "marks.1.status": [M.statusUnknown],
        "marks.2.student_id": [M.markedTwice],
        "marks.2.note": [M.noteTooLong],
      });
      expect((await save(school, "class=JSS1&date=2026-11-20", "all present")).body.errors).toEqual({
        marks: [M.marksRequired],
      });
      expect(await countRegisters()).toBe(before);
    });

    it("refuses a day not come yet and a day that is not a school day", async () => {
      const future = await save(school, "class=JSS1&date=2026-11-26", []);
      expect(future.body).toEqual({ message: M.future("26 Nov 2026"), errors: { date: [M.future("26 Nov 2026")] } });
      const sunday = await save(school, "class=JSS1&date=2026-11-22", []);
      expect(sunday.status).toBe(422);
      expect(sunday.body.message).toBe(M.weekend("22 Nov 2026", "Sunday"));
      const ahead = (await register(school, "class=JSS1&date=2026-11-26")).body.data;
      expect(ahead.editable).toBe(false);
      expect(ahead.closed_reason).toBe(M.future("26 Nov 2026"));
    });

    it("is the form teacher's, the main admin's and a students sub-admin's: anyone else gets 403", async () => {
      const refused = await save(otherTeacher, "class=JSS1", []);
      expect(refused).toEqual({
        status: 403,
        body: { message: M.notFormTeacher, errors: { class: [M.notFormTeacher] } },
      });
      expect((await register(otherTeacher, "class=JSS1")).status).toBe(403);
      expect((await register(otherTeacher, "")).body.data.class).toBe("JSS2");
      for (const [features, status] of [
        [["students"], 200],
        [["results"], 403],
      ] as const) {
        const made = await call(school, "POST", "/sub-admins", {
          name: `Clerk ${features[0]}`,
          email: `clerk-${features[0]}@attendance.ng`,
          features,
        });
        const login = await api.fetch("/api/admin/login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            unique_id: school.uniqueId,
            email: made.body.data.email,
            password: made.body.data.password,
          }),
        });
        const token = ((await login.json()) as { data: { token: string } }).data.token;
        const res = await api.fetch(
          `/api/admin/${school.uniqueId}/attendance?class=JSS1&sub_admin_id=${made.body.data.sub_admin.id}`,
          { headers: bearer(token) },
        );
        expect(res.status).toBe(status);
        if (status === 403) expect(((await res.json()) as { message: string }).message).toBe(ACCESS_MESSAGES.forbidden);
      }
    });

    it("another school's students are not in the class; another school's token on this school is 404", async () => {
      const theirs = await addStudent(other, "Other Pupil");
      const res = await save(school, "class=JSS1&date=2026-11-19", [{ student_id: theirs, status: "absent" }]);
      expect(res.body.errors).toEqual({ "marks.0.student_id": [M.studentNotInClass("JSS1")] });
      const cross = await api.fetch(`/api/admin/${school.uniqueId}/attendance?class=JSS1`, { headers: other.auth });
      expect(cross.status).toBe(404);
    });
  });

  describe("the term summary", () => {
    it("counts each student's days, present (late included), absent and late over the term's registers", async () => {
      const summary = await attendanceSummaries(api.db, (await schoolId(school)) as number, {
        className: "JSS1",
        term: "1st Term",
        session: "2026/2027",
      });
      // 25 Nov: present, late, absent; 24 Nov: Ada absent; 23 Nov: Bola absent.
      expect(summary.get(students.ada)).toEqual({ opened: 3, present: 2, absent: 1, late: 0 });
      expect(summary.get(students.bola)).toEqual({ opened: 3, present: 2, absent: 1, late: 1 });
      expect(summary.get(students.chidi)).toEqual({ opened: 3, present: 2, absent: 1, late: 0 });
    });

    it("is the report card's attendance where the register was taken", async () => {
      const deps = { db: api.db, dialect: DATABASE, now: () => api.clock.now } as unknown as ApiDeps;
      const tenant = { schoolId: (await schoolId(school)) as number, uniqueId: school.uniqueId };
      const extras = await reportExtras(deps, tenant, {
        class: "JSS1",
        term: "1st Term",
        session: "2026/2027",
        result: "terminal",
      });
      expect(extras.students.get(students.bola)?.attendance).toEqual({
        days_opened: 3,
        days_present: 2,
        days_absent: 1,
      });
    });
  });

  describe("GET /staff-area/dashboard", () => {
    it("greets the teacher with today's lessons from the timetables that name them", async () => {
      const t = await call(school, "POST", "/timetables", {
        type: "Regular School Period",
        class: "JSS1",
        session: "2026/2027",
        term: "1st Term",
        venue: "Block A",
      });
      expect(t.status, JSON.stringify(t.body)).toBe(201);
      for (const [day, start, subject] of [
        ["Wednesday", "10:00", "Mathematics"],
        ["Wednesday", "08:00", "English Language"],
        ["Thursday", "08:00", "Mathematics"],
      ])
        await call(school, "POST", `/timetables/${t.body.data.id}/schedules`, {
          schedule_day: day,
          schedule_start_time: start,
          schedule_end_time: `${String(Number(start.slice(0, 2)) + 1).padStart(2, "0")}:00`,
          subject,
          venue: "",
          schedule_date: null,
          teacher: teacherId,
        });
      const res = await call(formTeacher, "GET", "/staff-area/dashboard");
      expect(res.status).toBe(200);
      const data = res.body.data as StaffDashboard;
      expect(data).toMatchObject({
        school_name: "Register Academy",
        today: TODAY,
        term: "1st Term",
        session: "2026/2027",
      });
      expect(data.lessons.map((l) => `${l.start_time} ${l.subject} ${l.class_name}`)).toEqual([
        "08:00 English Language JSS1",
        "10:00 Mathematics JSS1",
      ]);
      const admins = (await call(school, "GET", "/staff-area/dashboard")).body.data as StaffDashboard;
      expect(admins).toMatchObject({ name: "Main admin", lessons: [], form_class: null });
    });
  });

  describe("GET /staff-area/timetable", () => {
    it("is the teacher's week across classes: weekly periods in weekday order and this week's exams", async () => {
      const timetable = async (type: string, className: string, venue: string) => {
        const t = await call(school, "POST", "/timetables", {
          type,
          class: className,
          session: "2026/2027",
          term: "1st Term",
          venue,
        });
        expect(t.status, JSON.stringify(t.body)).toBe(201);
        return t.body.data.id as number;
      };
      const period = async (id: number, fields: Record<string, unknown>) => {
        const res = await call(school, "POST", `/timetables/${id}/schedules`, {
          schedule_start_time: "09:00",
          schedule_end_time: "10:00",
          subject: "Physics",
          venue: "",
          schedule_date: null,
          teacher: teacherId,
          ...fields,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      };
      const weekly = await timetable("Regular School Period", "JSS2", "Laboratory");
      await period(weekly, { schedule_day: "Friday" });
      await period(weekly, {
        schedule_day: "Monday",
        schedule_start_time: "11:00",
        schedule_end_time: "12:00",
        venue: "Room 4",
      });
      const exam = await timetable("Exam", "JSS2", "Main Hall");
      await period(exam, { schedule_day: "", schedule_date: "2026-11-27", schedule_start_time: "08:00" });
      // Next week's exam, and another teacher's period, are not this week's lessons of this teacher.
      await period(exam, { schedule_day: "", schedule_date: "2026-12-02" });
      const others = await addMember(school, {});
      await period(weekly, { schedule_day: "Tuesday", teacher: others.id });

      const res = await call(formTeacher, "GET", "/staff-area/timetable");
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const week = res.body.data as StaffTimetable;
      expect(week).toMatchObject({
        term: "1st Term",
        session: "2026/2027",
        week_from: "2026-11-23",
        week_to: "2026-11-29",
      });
      const jss2 = week.lessons.filter((l) => l.class_name === "JSS2");
      expect(jss2.map((l) => [l.day, l.date, l.start_time, l.subject, l.venue])).toEqual([
        ["Monday", null, "11:00", "Physics", "Room 4"],
        ["Friday", "2026-11-27", "08:00", "Physics", "Main Hall"],
        ["Friday", null, "09:00", "Physics", "Laboratory"],
      ]);
      const days = week.lessons.map((l) => ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].indexOf(l.day));
      expect(days).toEqual([...days].sort((a, b) => a - b));
      // Another teacher's week holds none of them; an admin's is empty.
      const theirs = (await call(otherTeacher, "GET", "/staff-area/timetable")).body.data as StaffTimetable;
      expect(theirs.lessons).toEqual([]);
      expect(((await call(school, "GET", "/staff-area/timetable")).body.data as StaffTimetable).lessons).toEqual([]);

      const pdf = await api.fetch(`/api/admin/${formTeacher.uniqueId}/staff-area/timetable/download-pdf`, {
        headers: formTeacher.auth,
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename="timetable-mr-teacher-\d+\.pdf"$/);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
      // A teacher's token reaches only their own school's.
      const elsewhere = await api.fetch(`/api/admin/${other.uniqueId}/staff-area/timetable`, {
        headers: formTeacher.auth,
      });
      expect([401, 403, 404]).toContain(elsewhere.status);
    });
  });

  async function schoolId(s: RegisteredSchool) {
    return (
      await api.db.selectFrom("schools").select("id").where("unique_id", "=", s.uniqueId).executeTakeFirstOrThrow()
    ).id;
  }
});
