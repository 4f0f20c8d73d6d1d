import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../contract/access";
import { APP_MESSAGES } from "../../contract/messages";
import { STAFF_MESSAGES } from "../../contract/staff";
import { STAFF_AREA_MESSAGES } from "../../contract/staff-area";
import { ROUTE_ACCESS, TEACHER_ROUTES } from "../../api/lib/access";
import {
  bearer,
  DATABASE,
  ownTables,
  registerSchool,
  sql,
  startApi,
  type RegisteredSchool,
  type TestApi,
} from "./harness";
import { schoolCalls } from "./school-calls";

/** The staff area's sign-in and what a teacher's token may reach (contract/staff-area.ts), on the real database. */
describe(`staff area API on ${DATABASE}`, { timeout: 180_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  const { call } = schoolCalls(() => api);

  beforeAll(async () => {
    api = await startApi();
    school = await registerSchool(api, { school_name: "Staff Area Academy" });
    other = await registerSchool(api, { school_name: "Other Academy" });
  });
  afterAll(() => api.close());

  let serial = 0;
  async function addMember(s: RegisteredSchool, overrides: Record<string, unknown> = {}) {
    serial += 1;
    const res = await call(s, "POST", "/staffs", {
      staff_data: {
        name: `Mrs. Bisi Ade ${serial}`,
        email: `bisi${serial}@school.ng`,
        phone: `0806 500 ${String(1000 + serial)}`,
        is_teaching_staff: true,
        ...overrides,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; unique_id: string; staff_data: { email: string; name: string } };
  }

  async function signIn(uniqueId: string, email: string, password: string) {
    const res = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: uniqueId, email, password }),
    });
    return { status: res.status, body: (await res.json()) as { data: Record<string, unknown>; message: string } };
  }

  /** A teacher with sign-in on, signed in: their token as a school to call with. */
  async function teacher(s: RegisteredSchool = school, overrides: Record<string, unknown> = {}) {
    const member = await addMember(s, overrides);
    const on = await call(s, "POST", `/staffs/${member.id}/sign-in`);
    expect(on.status).toBe(201);
    const res = await signIn(s.uniqueId, on.body.data.email, on.body.data.password);
    expect(res.status).toBe(200);
    const token = String(res.body.data.token);
    const as: RegisteredSchool = { uniqueId: s.uniqueId, password: on.body.data.password, token, auth: bearer(token) };
    return { member, as, password: String(on.body.data.password) };
  }

  const audit = async (s: RegisteredSchool) =>
    ((await call(s, "GET", "/audit-log")).body.data.data as Array<{ summary: string; kind: string }>).map(
      (e) => `${e.kind}: ${e.summary}`,
    );

  describe("POST and DELETE /staffs/{id}/sign-in", () => {
    it("turns sign-in on: 201 with the email and a password shown once; the teacher signs in and lands as a teacher", async () => {
      const member = await addMember(school);
      const on = await call(school, "POST", `/staffs/${member.unique_id}/sign-in`);
      expect(on.status).toBe(201);
      expect(on.body).toEqual({
        message: STAFF_AREA_MESSAGES.signInOn,
        data: { unique_id: school.uniqueId, email: member.staff_data.email, password: expect.any(String) },
      });
      expect((await call(school, "GET", `/staffs/${member.id}`)).body.data.sign_in).toBe(true);
      const res = await signIn(school.uniqueId, member.staff_data.email.toUpperCase(), on.body.data.password);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        unique_id: school.uniqueId,
        sub_admin: null,
        staff: { id: member.id, name: member.staff_data.name },
      });
      expect(await audit(school)).toContain(`permission: Turned on staff area sign-in for ${member.staff_data.name}`);
    });

    it("posting again resets the password (201 again): the old one and its sessions stop working", async () => {
      const { member, as, password } = await teacher();
      const again = await call(school, "POST", `/staffs/${member.id}/sign-in`);
      expect(again.status).toBe(201);
      expect(again.body.data.password).not.toBe(password);
      expect((await call(as, "GET", "/adminData")).status).toBe(401);
      expect((await signIn(school.uniqueId, member.staff_data.email, password)).status).toBe(401);
      expect((await signIn(school.uniqueId, member.staff_data.email, again.body.data.password)).status).toBe(200);
      expect(await audit(school)).toContain(`permission: Reset the staff area password of ${member.staff_data.name}`);
    });

    it("turning it off ends the teacher's sessions and refuses their sign-in; turning off again is harmless", async () => {
      const { member, as, password } = await teacher();
      const off = await call(school, "DELETE", `/staffs/${member.id}/sign-in`);
      expect(off).toEqual({ status: 200, body: { message: STAFF_AREA_MESSAGES.signInOff } });
      expect((await call(as, "GET", "/adminData")).status).toBe(401);
      const refused = await signIn(school.uniqueId, member.staff_data.email, password);
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe(APP_MESSAGES.loginFailed);
      expect((await call(school, "DELETE", `/staffs/${member.id}/sign-in`)).status).toBe(200);
      expect((await call(school, "GET", `/staffs/${member.id}`)).body.data.sign_in).toBe(false);
      const entries = await audit(school);
      expect(
        entries.filter((e) => e.includes(`Turned off staff area sign-in for ${member.staff_data.name}`)),
      ).toHaveLength(1);
    });

    it("refuses non-teaching staff (422) and an email a sub-admin signs in with (409), writing nothing", async () => {
      const clerk = await addMember(school, { is_teaching_staff: false });
      const refused = await call(school, "POST", `/staffs/${clerk.id}/sign-in`);
      expect(refused).toEqual({ status: 422, body: { message: STAFF_AREA_MESSAGES.notTeaching } });
      const shared = await addMember(school);
      await call(school, "POST", "/sub-admins", { name: "Sub", email: shared.staff_data.email, features: [] });
      const clash = await call(school, "POST", `/staffs/${shared.id}/sign-in`);
      expect(clash.status).toBe(409);
      expect(clash.body.errors).toEqual({ email: [STAFF_AREA_MESSAGES.emailIsSubAdmin] });
      expect((await call(school, "GET", `/staffs/${shared.id}`)).body.data.sign_in).toBe(false);
    });

    it("is the main admin's: a sub-admin holding the staff key gets 403", async () => {
      const member = await addMember(school);
      const made = await call(school, "POST", "/sub-admins", {
        name: "Staff Sub",
        email: "staffsub@a.ng",
        features: ["staff"],
      });
      const sub = await signIn(school.uniqueId, "staffsub@a.ng", made.body.data.password);
      const subId = made.body.data.sub_admin.id;
      const res = await api.fetch(`/api/admin/${school.uniqueId}/staffs/${member.id}/sign-in`, {
        method: "POST",
        headers: { ...bearer(String(sub.body.data.token)), "Content-Type": "application/json" },
        body: JSON.stringify({ sub_admin_id: subId }),
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(ACCESS_MESSAGES.forbidden);
    });

    it("another school's member is not found (404) and stays off", async () => {
      const theirs = await addMember(other);
      expect(await call(school, "POST", `/staffs/${theirs.id}/sign-in`)).toEqual({
        status: 404,
        body: { message: STAFF_MESSAGES.notFound },
      });
      expect((await call(school, "DELETE", `/staffs/${theirs.unique_id}/sign-in`)).status).toBe(404);
      expect((await call(other, "GET", `/staffs/${theirs.id}`)).body.data.sign_in).toBe(false);
    });

    it("a teacher at two schools signs in to each with its Unique ID", async () => {
      const email = "twoschools@teach.ng";
      const here = await teacher(school, { email });
      const there = await teacher(other, { email });
      expect((await signIn(school.uniqueId, email, here.password)).body.data.unique_id).toBe(school.uniqueId);
      expect((await signIn(other.uniqueId, email, there.password)).body.data.unique_id).toBe(other.uniqueId);
      expect((await signIn(other.uniqueId, email, here.password)).status).toBe(401);
    });

    it("a member who stops teaching is signed out at the next call", async () => {
      const { member, as } = await teacher();
      expect((await call(as, "GET", "/adminData")).status).toBe(200);
      await call(school, "PUT", `/staffs/${member.id}`, {
        staff_data: {
          name: member.staff_data.name,
          email: member.staff_data.email,
          phone: "0806 500 9999",
          is_teaching_staff: false,
        },
      });
      expect((await call(as, "GET", "/adminData")).status).toBe(401);
    });
  });

  describe("a teacher's token", () => {
    it("gets 403 on every admin call and changes nothing", async () => {
      const { as } = await teacher();
      const tables = await ownTables(api.db, DATABASE);
      const dump = async () => {
        const rows: Record<string, string[]> = {};
        for (const t of tables) {
          if (t.name === "login_failures") continue;
          const all = (await sql<Record<string, unknown>>`select * from ${sql.table(t.name)}`.execute(api.db)).rows;
          rows[t.name] = all.map((r) => JSON.stringify(r)).sort();
        }
        return rows;
      };
      const before = await dump();
      const refused: string[] = [];
      for (const route of Object.keys(ROUTE_ACCESS)) {
        if (TEACHER_ROUTES.has(route)) continue;
        const [method, pattern] = route.split(" ");
        const path = pattern.replace(/:(\w+)/g, (_, name: string) => (name === "uniqueId" ? as.uniqueId : "1"));
        const res = await api.fetch(path, {
          method,
          headers: { ...as.auth, "Content-Type": "application/json" },
          body: method === "GET" || method === "DELETE" ? undefined : JSON.stringify({}),
        });
        if (res.status !== 403) refused.push(`${route}: ${res.status}`);
      }
      expect(refused, "admin calls a teacher reached").toEqual([]);
      expect(await dump()).toEqual(before);
    });

    it("reaches the school's name, its settings, who is signed in, and changes its own password", async () => {
      const { member, as, password } = await teacher();
      expect((await call(as, "GET", "/adminData")).status).toBe(200);
      expect((await call(as, "GET", "/school-settings")).status).toBe(200);
      expect((await call(as, "GET", "/access")).body.data).toEqual({
        sub_admin: null,
        staff: { id: member.id, name: member.staff_data.name, form_class: null },
      });
      const changed = await call(as, "POST", "/change-password", {
        current_password: password,
        new_password: "a-brand-new-password",
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect((await signIn(school.uniqueId, member.staff_data.email, "a-brand-new-password")).status).toBe(200);
      // The school's own password is untouched.
      expect((await signIn(school.uniqueId, "", school.password)).status).toBe(200);
    });

    it("on another school's paths is 404", async () => {
      const { as } = await teacher();
      const res = await api.fetch(`/api/admin/${other.uniqueId}/adminData`, { headers: as.auth });
      expect(res.status).toBe(404);
    });

    it("logs out", async () => {
      const { as } = await teacher();
      expect((await call(as, "POST", "/logout")).status).toBe(200);
      expect((await call(as, "GET", "/adminData")).status).toBe(401);
    });
  });
});
