import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES, FEATURE_KEYS, type FeatureKey } from "../../contract/access";
import { LOGIN_MAX_FAILURES, TOKEN_TTL_MS } from "../../contract/limits";
import { createApi } from "../../api/app";
import { isMainOnly, ROUTE_ACCESS, type RouteAccess } from "../../api/lib/access";
import { localStorage } from "../../api/storage/local";
import {
  bearer,
  DATABASE,
  login,
  ownTables,
  registerSchool,
  sql,
  startApi,
  TEST_PUBLIC_URL,
  type RegisteredSchool,
  type TestApi,
} from "./harness";

/**
 * Sub-admins and feature keys over the whole route table: every tenant route has an access entry, a
 * sub-admin without the route's key gets 403 and nothing changes, one with it gets through; the
 * sub_admin_id must be sent and be theirs; disabling and taking keys away hold from the next request.
 */

interface SubAdmin {
  id: number;
  email: string;
  password: string;
  token: string;
  auth: { Authorization: string };
}

const student = { name: "Chidi Okonkwo", selectedClass: "JSS1", gender: "Male", phone_number: "0803 123 4567" };
const timetable = {
  type: "Regular School Period",
  class: "JSS2",
  session: "2025/2026",
  term: "3rd Term",
  venue: "Block A",
};
const schedule = {
  schedule_day: "Monday",
  schedule_start_time: "08:00",
  schedule_end_time: "09:00",
  subject: "Mathematics",
  venue: "",
  schedule_date: null,
};
const parent = { name: "Mrs. Kemi Ade", email: "kemi@owner.ng", phone: "0803 555 1212" };
const member = {
  name: "Mr. Obi Eze",
  email: "obi@owner.ng",
  phone: "0803 555 3434",
  is_teaching_staff: true,
  form_teacher: "JSS1",
};

describe(`sub-admin access on ${DATABASE}`, { timeout: 180_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  const ids: Record<string, string> = {};
  let emailCounter = 0;

  async function send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
    query: Record<string, string> = {},
  ) {
    const url = new URL(path, "http://api.test");
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const init: RequestInit = { method, headers: { ...headers } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)["Content-Type"] = "application/json";
    }
    return api.fetch(url.pathname + url.search, init);
  }

  /** A call as a sub-admin, carrying sub_admin_id as docs/product.md says: query on GET and DELETE, body on POST and PUT. */
  function asSub(sub: SubAdmin, method: string, path: string, body?: Record<string, unknown> | FormData) {
    const full = path.startsWith("/api/") ? path : `/api/admin/${school.uniqueId}${path}`;
    if (method === "GET" || method === "DELETE" || body instanceof FormData || body === undefined) {
      return send(method, full, sub.auth, body, { sub_admin_id: String(sub.id) });
    }
    return send(method, full, sub.auth, { ...body, sub_admin_id: sub.id });
  }

  async function asMain(method: string, path: string, body?: unknown) {
    const res = await send(method, `/api/admin/${school.uniqueId}${path}`, school.auth, body);
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as { data: Record<string, unknown> };
  }

  async function addSubAdmin(features: readonly FeatureKey[]): Promise<SubAdmin> {
    emailCounter += 1;
    const email = `sub${emailCounter}@school.ng`;
    const { data } = await asMain("POST", "/sub-admins", {
      name: `Sub Admin ${emailCounter}`,
      email,
      phone: "0803 000 0000",
      features,
    });
    const password = String(data.password);
    const id = (data.sub_admin as { id: number }).id;
    const token = await signIn(email, password);
    return { id, email, password, token, auth: bearer(token) };
  }

  async function signIn(email: string, password: string, uniqueId = school.uniqueId): Promise<string> {
    const res = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: uniqueId, email, password }),
    });
    if (res.status !== 200) throw new Error(`sub-admin login failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { token: string } }).data.token;
  }

  /** Every row of every table, to prove a refused call changed nothing. */
  async function snapshot(): Promise<Record<string, string[]>> {
    const tables = await ownTables(api.db, DATABASE);
    const dump: Record<string, string[]> = {};
    for (const t of tables) {
      if (t.name === "login_failures") continue;
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(t.name)}`.execute(api.db)).rows;
      dump[t.name] = rows.map((r) => JSON.stringify(r)).sort();
    }
    return dump;
  }

  const tenantRoutes = () => {
    const app = createApi({
      db: api.db,
      dialect: DATABASE,
      storage: localStorage(os.tmpdir()),
      now: () => new Date(),
      publicUrl: TEST_PUBLIC_URL,
    });
    return app.routes
      .filter((r) => r.method !== "ALL" && r.path.includes("/:uniqueId"))
      .map((r) => `${r.method} ${r.path}`);
  };

  /** A valid body for each write, naming school's real records: without the guard, the write would happen. */
  const BODIES: Record<string, () => Record<string, unknown> | FormData> = {
    "POST /api/admin/:uniqueId/students": () => ({ student_data: { ...student, name: "Planted Student" } }),
    "POST /api/admin/:uniqueId/students/:id": () => ({ student_data: { ...student, name: "Renamed Student" } }),
    "POST /api/admin/:uniqueId/students/:id/backlog": () => ({ reason: "Expelled" }),
    "POST /api/admin/:uniqueId/timetables": () => timetable,
    "PUT /api/admin/:uniqueId/timetables/:id": () => ({ ...timetable, class: "SS3" }),
    "POST /api/admin/:uniqueId/timetables/:id/schedules": () => ({ ...schedule, schedule_day: "Tuesday" }),
    "PUT /api/admin/:uniqueId/timetables/:id/schedules/:scheduleId": () => ({ ...schedule, subject: "French" }),
    "POST /api/admin/:uniqueId/school-settings": () => ({ school_settings: { sections: ["Changed"], classes: [] } }),
    "POST /api/admin/:uniqueId/inventory/groups": () => ({ name: "Planted Group" }),
    "POST /api/admin/:uniqueId/inventory/items": () => ({
      name: "Planted Item",
      class: "JSS1",
      price: 100,
      status: "In Stock",
      group_id: Number(ids.group),
      quantity: 1,
    }),
    "POST /api/admin/:uniqueId/inventory/purchases": () => ({
      item_id: Number(ids.item),
      student_id: ids.student,
      quantity: 1,
    }),
    "POST /api/admin/:uniqueId/stu-parents": () => ({
      parent_data: { ...parent, email: "planted@p.ng", phone: "0803 555 9999" },
    }),
    "PUT /api/admin/:uniqueId/stu-parents/:id": () => ({ parent_data: { ...parent, name: "Renamed Parent" } }),
    "POST /api/admin/:uniqueId/staffs": () => ({
      staff_data: { ...member, email: "planted@s.ng", phone: "0803 555 8888", form_teacher: "SS1" },
    }),
    "PUT /api/admin/:uniqueId/staffs/:id": () => ({ staff_data: { ...member, name: "Renamed Member" } }),
    "POST /api/admin/:uniqueId/change-password": () => ({
      current_password: "wrong-but-checked",
      new_password: "a-new-password",
    }),
    "POST /api/admin/:uniqueId/update/adminData": () => {
      const form = new FormData();
      form.set("school_name", "Hijacked Academy");
      return form;
    },
    "POST /api/admin/:uniqueId/files": () => {
      const form = new FormData();
      form.set("folder_name", "Planted");
      form.append(
        "files[]",
        new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "report.pdf", { type: "application/pdf" }),
      );
      return form;
    },
    "POST /api/admin/:uniqueId/sub-admins": () => ({
      name: "Planted Admin",
      email: "planted@a.ng",
      features: [...FEATURE_KEYS],
    }),
    "PUT /api/admin/:uniqueId/sub-admins/:id": () => ({
      name: "Hijacked",
      email: "hijacked@a.ng",
      features: [...FEATURE_KEYS],
    }),
    "PUT /api/admin/:uniqueId/sub-admins/:id/status": () => ({ disabled: true }),
    "POST /api/admin/:uniqueId/payment-account": () => ({
      account_bank: "058",
      account_number: "0123456789",
      account_name: "X",
    }),
  };

  /** Path parameters naming the school's real records. */
  function realPath(route: string): string {
    const pattern = route.split(" ")[1];
    const isParent = pattern.includes("stu-parents");
    const isStaff = pattern.includes("staffs");
    const isTimetable = pattern.includes("timetable");
    const isGroup = pattern.includes("inventory/groups");
    const isItem = pattern.includes("inventory/items");
    const isFile = pattern.includes("/files/");
    const isSubAdmin = pattern.includes("sub-admins");
    return pattern.replace(/:(\w+)/g, (_, name: string) => {
      if (name === "uniqueId") return school.uniqueId;
      if (name === "scheduleId") return ids.schedule;
      if (name === "folder") return ids.folder;
      if (name === "accountNumber") return "0123456789";
      if (name === "bank") return "058";
      if (isParent) return ids.parent;
      if (isStaff) return ids.staff;
      if (isTimetable) return ids.timetable;
      if (isGroup) return ids.group;
      if (isItem) return ids.item;
      if (isFile) return ids.file;
      if (isSubAdmin) return ids.subAdmin;
      return ids.student;
    });
  }

  /** Keys that open the route; empty for "main" (none does) and every key for "signed-in". */
  const opening = (access: RouteAccess): FeatureKey[] =>
    access === "main" || isMainOnly(access)
      ? []
      : access === "signed-in"
        ? [...FEATURE_KEYS]
        : typeof access === "string"
          ? [access]
          : [...access];

  const subs = new Map<string, Promise<SubAdmin>>();
  const subWith = (features: readonly FeatureKey[]) => {
    const key = [...features].sort().join(",");
    if (!subs.has(key)) subs.set(key, addSubAdmin(features));
    return subs.get(key)!;
  };

  beforeAll(async () => {
    api = await startApi();
    school = await registerSchool(api, { school_name: "Access Academy" });
    ids.student = String((await asMain("POST", "/students", { student_data: student })).data.unique_id);
    ids.timetable = String((await asMain("POST", "/timetables", timetable)).data.id);
    ids.schedule = String((await asMain("POST", `/timetables/${ids.timetable}/schedules`, schedule)).data.id);
    ids.parent = String(
      (await asMain("POST", "/stu-parents", { parent_data: { ...parent, children: [ids.student] } })).data.id,
    );
    ids.staff = String(
      (
        await asMain("POST", "/staffs", {
          staff_data: { ...member, teaching: [{ class: "JSS1", subject: "Mathematics" }] },
        })
      ).data.id,
    );
    ids.group = String((await asMain("POST", "/inventory/groups", { name: "Uniforms" })).data.id);
    ids.item = String(
      (
        await asMain("POST", "/inventory/items", {
          name: "Blazer",
          class: "JSS1",
          price: 9500,
          status: "In Stock",
          group_id: Number(ids.group),
          quantity: 4,
        })
      ).data.id,
    );
    const upload = new FormData();
    upload.set("folder_name", "Reports");
    upload.append(
      "files[]",
      new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "report.pdf", { type: "application/pdf" }),
    );
    ids.file = String(((await asMain("POST", "/files", upload)).data as unknown as Array<{ id: number }>)[0].id);
    ids.folder = "Reports";
    ids.subAdmin = String((await subWith(["dashboard"])).id);
  });
  afterAll(() => api.close());

  it("every tenant route has an access entry, and every entry a route", () => {
    const routes = tenantRoutes();
    expect(
      routes.filter((r) => !(r in ROUTE_ACCESS)),
      "routes without an access entry: add them to ROUTE_ACCESS in api/lib/access.ts",
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_ACCESS).filter((r) => !routes.includes(r)),
      "entries for routes that no longer exist",
    ).toEqual([]);
  });

  describe.each(Object.keys(ROUTE_ACCESS))("%s", (route) => {
    const method = route.split(" ")[0];
    const access = ROUTE_ACCESS[route];
    const keys = opening(access);

    it.runIf(access !== "signed-in")("a sub-admin without its key gets 403 and nothing changes", async () => {
      const denied = await subWith(FEATURE_KEYS.filter((k) => !keys.includes(k)));
      const before = await snapshot();
      const res = await asSub(
        denied,
        method,
        realPath(route).replace(`/api/admin/${school.uniqueId}`, ""),
        BODIES[route]?.(),
      );
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(
        isMainOnly(access) ? access.mainOnly : ACCESS_MESSAGES.forbidden,
      );
      expect(await snapshot()).toEqual(before);
    });

    it.runIf(keys.length > 0)("a sub-admin holding its key gets past the check", async () => {
      // Logging out ends the token it is sent with: that call gets a sub-admin of its own.
      const allowed = route.endsWith("/logout")
        ? await addSubAdmin([])
        : await subWith(access === "signed-in" ? [] : [keys[0]]);
      // Ids that name nothing: the call is let through, and finds nothing to change.
      const path = route
        .split(" ")[1]
        .replace(/:(\w+)/g, (_, name: string) => (name === "uniqueId" ? school.uniqueId : "999999"));
      const res = await asSub(
        allowed,
        method,
        path.replace(`/api/admin/${school.uniqueId}`, ""),
        method === "GET" || method === "DELETE" ? undefined : {},
      );
      expect(res.status, await res.clone().text()).not.toBe(403);
      expect(res.status).not.toBe(401);
    });

    it.runIf(access === "main" || isMainOnly(access))("the main admin gets past the check", async () => {
      const path = route
        .split(" ")[1]
        .replace(/:(\w+)/g, (_, name: string) => (name === "uniqueId" ? school.uniqueId : "999999"));
      const res = await send(method, path, school.auth, method === "GET" || method === "DELETE" ? undefined : {});
      expect(res.status).not.toBe(403);
    });
  });

  describe("sub_admin_id", () => {
    it("must be sent by a sub-admin, in the query on GET and in the body on POST", async () => {
      const sub = await subWith(["students"]);
      const path = `/api/admin/${school.uniqueId}/students`;
      expect((await send("GET", path, sub.auth)).status).toBe(403);
      expect((await send("GET", path, sub.auth, undefined, { sub_admin_id: String(sub.id) })).status).toBe(200);
      const before = await snapshot();
      const missing = await send("POST", path, sub.auth, { student_data: { ...student, name: "No Id" } });
      expect(missing.status).toBe(403);
      expect(((await missing.json()) as { message: string }).message).toBe(ACCESS_MESSAGES.subAdminMismatch);
      expect(await snapshot()).toEqual(before);
      const created = await asSub(sub, "POST", "/students", { student_data: { ...student, name: "With Id" } });
      expect(created.status).toBe(201);
    });

    it("must be the signed-in sub-admin's own, not another's", async () => {
      const sub = await subWith(["students"]);
      const other = await subWith(["dashboard"]);
      const path = `/api/admin/${school.uniqueId}/students`;
      expect((await send("GET", path, sub.auth, undefined, { sub_admin_id: String(other.id) })).status).toBe(403);
      const before = await snapshot();
      expect(
        (await send("POST", path, sub.auth, { student_data: { ...student, name: "Wrong Id" }, sub_admin_id: other.id }))
          .status,
      ).toBe(403);
      expect(await snapshot()).toEqual(before);
    });

    it("is refused beside the main admin's token", async () => {
      const res = await send("GET", `/api/admin/${school.uniqueId}/students`, school.auth, undefined, {
        sub_admin_id: "1",
      });
      expect(res.status).toBe(403);
    });
  });

  describe("changes hold from the next request", () => {
    it("taking a key away answers 403 to the next call, giving it back opens it again", async () => {
      const sub = await addSubAdmin(["students", "parents"]);
      expect((await asSub(sub, "GET", "/students")).status).toBe(200);
      await asMain("PUT", `/sub-admins/${sub.id}`, { name: "Key Taken", email: sub.email, features: ["parents"] });
      expect((await asSub(sub, "GET", "/students/backlog")).status).toBe(403);
      expect((await asSub(sub, "GET", "/stu-parents")).status).toBe(200);
      const access = async () =>
        ((await (await asSub(sub, "GET", "/access")).json()) as { data: { sub_admin: { features: string[] } } }).data
          .sub_admin.features;
      expect(await access()).toEqual(["parents"]);
      await asMain("PUT", `/sub-admins/${sub.id}`, {
        name: "Key Taken",
        email: sub.email,
        features: ["parents", "students"],
      });
      expect((await asSub(sub, "GET", "/students/backlog")).status).toBe(200);
      expect(await access()).toEqual(["students", "parents"]);
      expect((await asMain("GET", "/access")).data).toEqual({ sub_admin: null });
    });

    it("disabling signs the sub-admin out at once and refuses their sign-in; enabling lets them in again", async () => {
      const sub = await addSubAdmin(["students"]);
      expect((await asSub(sub, "GET", "/students")).status).toBe(200);
      await asMain("PUT", `/sub-admins/${sub.id}/status`, { disabled: true });
      expect((await asSub(sub, "GET", "/students")).status).toBe(401);
      const refused = await api.fetch("/api/admin/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ unique_id: school.uniqueId, email: sub.email, password: sub.password }),
      });
      expect(refused.status).toBe(401);
      await asMain("PUT", `/sub-admins/${sub.id}/status`, { disabled: false });
      const token = await signIn(sub.email, sub.password);
      expect((await asSub({ ...sub, auth: bearer(token) }, "GET", "/students")).status).toBe(200);
    });

    it("deleting a sub-admin ends their sign-ins", async () => {
      const sub = await addSubAdmin(["students"]);
      await asMain("DELETE", `/sub-admins/${sub.id}`);
      expect((await asSub(sub, "GET", "/students")).status).toBe(401);
      expect((await send("GET", `/api/admin/${school.uniqueId}/sub-admins/${sub.id}`, school.auth)).status).toBe(404);
    });

    it("a password reset answers a new password once, ends the old sign-ins and the old password", async () => {
      const sub = await addSubAdmin(["students"]);
      const { data } = await asMain("POST", `/sub-admins/${sub.id}/reset-password`);
      expect(data.password).toEqual(expect.any(String));
      expect((await asSub(sub, "GET", "/students")).status).toBe(401);
      await expect(signIn(sub.email, sub.password)).rejects.toThrow();
      expect(await signIn(sub.email, String(data.password))).toEqual(expect.any(String));
    });
  });

  describe("only the main admin", () => {
    it("manages admins and the school's bank account, even against a sub-admin holding every key", async () => {
      const sub = await subWith([...FEATURE_KEYS]);
      const before = await snapshot();
      expect(
        (
          await asSub(sub, "POST", "/sub-admins", {
            name: "Self Made",
            email: "self@made.ng",
            features: [...FEATURE_KEYS],
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await asSub(sub, "PUT", `/sub-admins/${sub.id}`, {
            name: "Self",
            email: sub.email,
            features: [...FEATURE_KEYS],
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await asSub(sub, "POST", "/payment-account", {
            account_bank: "058",
            account_number: "0123456789",
            account_name: "X",
          })
        ).status,
      ).toBe(403);
      expect(await snapshot()).toEqual(before);
    });

    it("changes the school's password: a sub-admin's change is their own, and signs out only their other devices", async () => {
      const sub = await addSubAdmin(["students"]);
      const second = bearer(await signIn(sub.email, sub.password));
      const res = await asSub(sub, "POST", "/change-password", {
        current_password: sub.password,
        new_password: "sub-admin-new-pass",
      });
      expect(res.status).toBe(200);
      expect((await asSub(sub, "GET", "/students")).status).toBe(200);
      expect((await asSub({ ...sub, auth: second }, "GET", "/students")).status).toBe(401);
      expect((await send("GET", `/api/admin/${school.uniqueId}/adminData`, school.auth)).status).toBe(200);
      expect((await login(api, school.uniqueId, school.password)).status).toBe(200);
      expect(await signIn(sub.email, "sub-admin-new-pass")).toEqual(expect.any(String));
    });
  });

  describe("sign-in", () => {
    it("answers the sub-admin and their keys", async () => {
      const sub = await addSubAdmin(["files", "students"]);
      const res = await api.fetch("/api/admin/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          unique_id: school.uniqueId.toLowerCase(),
          email: sub.email.toUpperCase(),
          password: sub.password,
        }),
      });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as {
        data: { unique_id: string; sub_admin: { id: number; features: string[] } };
      };
      expect(data.unique_id).toBe(school.uniqueId);
      expect(data.sub_admin).toMatchObject({ id: sub.id, features: ["students", "files"] });
    });

    it("is throttled per sub-admin like the school's, without locking the main admin", async () => {
      const sub = await addSubAdmin(["students"]);
      const attempt = (password: string) =>
        api.fetch("/api/admin/login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ unique_id: school.uniqueId, email: sub.email, password }),
        });
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await attempt("wrong-password")).status).toBe(401);
      const locked = await attempt(sub.password);
      expect(locked.status).toBe(429);
      expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await login(api, school.uniqueId, school.password)).status).toBe(200);
    });

    it("a sub-admin's token expires like the school's", async () => {
      const sub = await addSubAdmin(["students"]);
      const saved = api.clock.now;
      try {
        api.clock.now = new Date(saved.getTime() + TOKEN_TTL_MS + 1000);
        expect((await asSub(sub, "GET", "/students")).status).toBe(401);
      } finally {
        api.clock.now = saved;
      }
    });

    it("another school's Unique ID with this sub-admin's email and password is refused", async () => {
      const sub = await addSubAdmin(["students"]);
      const other = await registerSchool(api, { school_name: "Other Academy" });
      await expect(signIn(sub.email, sub.password, other.uniqueId)).rejects.toThrow(/401/);
    });
  });

  describe("managing sub-admins", () => {
    it("refuses a second sub-admin with the same email and bad input, writing nothing", async () => {
      const sub = await addSubAdmin(["students"]);
      const before = await snapshot();
      const dup = await send("POST", `/api/admin/${school.uniqueId}/sub-admins`, school.auth, {
        name: "Dup",
        email: sub.email.toUpperCase(),
        features: [],
      });
      expect(dup.status).toBe(409);
      expect(((await dup.json()) as { errors: Record<string, string[]> }).errors.email).toEqual([
        ACCESS_MESSAGES.emailTaken,
      ]);
      const bad = await send("POST", `/api/admin/${school.uniqueId}/sub-admins`, school.auth, {
        name: "",
        email: "not-an-email",
        features: ["nope"],
      });
      expect(bad.status).toBe(422);
      const errors = ((await bad.json()) as { errors: Record<string, string[]> }).errors;
      expect(Object.keys(errors).sort()).toEqual(["email", "features.0", "name"]);
      expect(await snapshot()).toEqual(before);
    });

    it("the same form sent twice at once (Idempotency-Key) adds one sub-admin, however the two interleave", async () => {
      // Several pairs: the second of a pair may find nothing, then find the email taken by the first.
      for (const n of [1, 2, 3, 4, 5]) {
        const body = JSON.stringify({ name: "Twice Sent", email: `twice${n}@school.ng`, features: ["files"] });
        const headers = {
          ...school.auth,
          "Content-Type": "application/json",
          "Idempotency-Key": `sub-admin-form-key-000${n}`,
        };
        const [one, two] = await Promise.all(
          [1, 2].map(() => api.fetch(`/api/admin/${school.uniqueId}/sub-admins`, { method: "POST", headers, body })),
        );
        expect([one.status, two.status].sort()).toEqual([200, 201]);
        const list = (await asMain("GET", "/sub-admins")).data as unknown as Array<{ email: string }>;
        expect(list.filter((s) => s.email === `twice${n}@school.ng`)).toHaveLength(1);
      }
    });
  });
});
