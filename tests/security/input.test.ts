import fs from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_MESSAGES } from "../../contract/messages";
import {
  callApi,
  expireToken,
  pageLogin,
  postForm,
  registerSchool,
  snapshot,
  type Answer,
  type School,
} from "./support/client";
import { logLines } from "./support/logs";
import { apiRoutes, fillPattern, pageRoutes, paramsOf } from "./support/routes";
import {
  createTestDatabase,
  DATABASE,
  startServer,
  tempDir,
  type RunningServer,
  type TestDatabase,
} from "./support/server";

/**
 * Hostile input over the whole route table of the API and of the web app: privileged and unknown
 * fields, prototype keys, wrong types, credentials in the address, every kind of bad token, forms
 * posted from another site; and the log afterwards holds no secret and no one's data.
 */

const student = { name: "Emeka Chukwu", selectedClass: "JSS1", gender: "Male", phone_number: "0805 987 6543" };

/** Bodies a script might throw at any JSON route. */
function hostileBodies(victim: { id: number; uniqueId: string }): unknown[] {
  return [
    {},
    [],
    null,
    "a string",
    12345,
    {
      school_id: victim.id,
      unique_id: victim.uniqueId,
      id: 1,
      student_data: { school_id: victim.id, name: 7, class: ["JSS1"] },
    },
    JSON.parse(
      '{"__proto__": {"school_id": 1, "takes_lesson": true}, "constructor": {"prototype": {"isAdmin": true}}}',
    ),
    {
      name: "x".repeat(100_000),
      student_data: "not an object",
      school_settings: { sections: "Junior" },
      reason: { $ne: null },
    },
  ];
}

describe(`hostile input on ${DATABASE}`, { timeout: 300_000 }, () => {
  let dataDir: string;
  let database: TestDatabase;
  let server: RunningServer;
  let a: School;
  let b: School;
  let bId: number;
  let aId: number;
  let cookie: string;
  const secrets: string[] = [];

  const asA = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    callApi(server.base, method, `/api/admin/${a.uniqueId}${path}`, a.token, body, headers);

  /** B's rows in every table, to prove that nothing aimed at them changed them. */
  async function rowsOfB() {
    const all = await snapshot(database.db, database.dialect);
    const isB = (row: Record<string, unknown>) => Number(row.school_id) === bId || row.unique_id === b.uniqueId;
    const rows = Object.fromEntries(
      Object.entries(all).map(([table, list]) => [table, list.filter((r) => isB(JSON.parse(r)))]),
    );
    expect(rows.schools).toHaveLength(1);
    expect(rows.students).toHaveLength(1);
    return rows;
  }

  beforeAll(async () => {
    dataDir = tempDir("input");
    database = await createTestDatabase(dataDir);
    server = await startServer({ dataDir, env: { DATABASE_URL: database.url } });
    a = await registerSchool(server.base, "Hostile Input A");
    b = await registerSchool(server.base, "Hostile Input B");
    const ids = (await sql<{ id: number; unique_id: string }>`select id, unique_id from schools`.execute(database.db))
      .rows;
    aId = Number(ids.find((r) => r.unique_id === a.uniqueId)!.id);
    bId = Number(ids.find((r) => r.unique_id === b.uniqueId)!.id);
    const made = await callApi(server.base, "POST", `/api/admin/${b.uniqueId}/students`, b.token, {
      student_data: { ...student, name: "Zainab Bello" },
    });
    expect(made.status).toBe(201);
    cookie = await pageLogin(server.base, a.uniqueId, a.password);
    secrets.push(
      a.password,
      b.password,
      a.token,
      b.token,
      cookie.split("=")[1],
      "Zainab Bello",
      "Emeka Chukwu",
      "8059876543",
    );
  });

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("privileged and unknown fields in a JSON body are ignored: the record is the sender's, with ids of the server's choosing", async () => {
    const planted = {
      student_data: {
        ...student,
        school_id: bId,
        id: 999_999,
        unique_id: "STU-planted",
        status: "backlog",
        created_at: "1999-01-01T00:00:00.000Z",
        is_admin: true,
      },
      school_id: bId,
      id: 999_999,
    };
    const answer = await asA("POST", "/students", planted);
    expect(answer.status).toBe(201);
    const row = (
      await sql<Record<string, unknown>>`select * from students where name = ${student.name}`.execute(database.db)
    ).rows[0];
    expect(Number(row.school_id)).toBe(aId);
    expect(Number(row.id)).not.toBe(999_999);
    expect(row.unique_id).not.toBe("STU-planted");
    expect(row.status).toBe("active");
    expect(row.created_at).not.toBe("1999-01-01T00:00:00.000Z");

    const timetable = await asA("POST", "/timetables", {
      type: "Regular School Period",
      class: "JSS1",
      session: "2025/2026",
      term: "1st Term",
      school_id: bId,
      id: 424242,
    });
    expect(timetable.status).toBe(201);
    expect(
      Number(
        (await sql<{ school_id: number }>`select school_id from timetables`.execute(database.db)).rows[0].school_id,
      ),
    ).toBe(aId);
  });

  it("prototype keys in a body pollute nothing: the next record does not inherit them", async () => {
    const polluting = JSON.parse(
      `{"student_data": {"name": "Proto Test", "selectedClass": "JSS1", "gender": "Male", "phone_number": "08031112222", "__proto__": {"takes_lesson": true, "subjects": "Mathematics"}}, "__proto__": {"takes_lesson": true}, "constructor": {"prototype": {"takes_lesson": true}}}`,
    );
    expect((await asA("POST", "/students", polluting)).status).toBe(201);
    const plain = await asA("POST", "/students", {
      student_data: { name: "Plain After", selectedClass: "JSS1", gender: "Female", phone_number: "08031113333" },
    });
    expect(plain.status).toBe(201);
    const data = (plain.json() as { data: { student_data: { takes_lesson: boolean; subjects: unknown } } }).data
      .student_data;
    expect(data.takes_lesson).toBe(false);
    expect(data.subjects).toBeNull();
  });

  it("privileged fields in a page form are ignored the same way", async () => {
    const page = await postForm(
      server.base,
      "/admin/add-student",
      {
        ...student,
        name: "Form Planted",
        school_id: String(bId),
        unique_id: "STU-form",
        id: "777",
        idempotency_key: "f".repeat(32),
      },
      cookie,
    );
    expect(page.status).toBe(302);
    const row = (
      await sql<Record<string, unknown>>`select * from students where name = 'Form Planted'`.execute(database.db)
    ).rows[0];
    expect(Number(row.school_id)).toBe(aId);
    expect(row.unique_id).not.toBe("STU-form");
  });

  it("a credential in the query string is refused on every API route, with or without a valid header", async () => {
    for (const route of apiRoutes()) {
      const url = fillPattern(
        route.path,
        Object.fromEntries(paramsOf(route.path).map((p) => [p, p === "uniqueId" ? a.uniqueId : "1"])),
      );
      const alone = await callApi(server.base, route.method, `${url}?token=${a.token}`);
      expect(alone.status, `${route.method} ${route.path}`).toBe(400);
      expect(alone.json()).toEqual({ message: APP_MESSAGES.tokenInAddress });
      const beside = await callApi(server.base, route.method, `${url}?page=1&access_token=${a.token}`, a.token);
      expect(beside.status, `${route.method} ${route.path}`).toBe(400);
      expect(beside.text).not.toContain(a.token);
    }
  });

  it("missing, malformed, unknown, expired and revoked tokens answer alike on every tenant route", async () => {
    const expired = await registerSchool(server.base, "Expired Token School");
    await expireToken(database.db, expired.token);
    const revoked = await registerSchool(server.base, "Revoked Token School");
    expect((await callApi(server.base, "POST", `/api/admin/${revoked.uniqueId}/logout`, revoked.token)).status).toBe(
      200,
    );
    const variants: Array<[string, Record<string, string>]> = [
      ["missing", {}],
      ["empty bearer", { Authorization: "Bearer " }],
      ["malformed", { Authorization: "Bearer not a token" }],
      ["another scheme", { Authorization: `Basic ${Buffer.from(`${a.uniqueId}:${a.password}`).toString("base64")}` }],
      ["unknown", { Authorization: `Bearer ${"A".repeat(43)}` }],
      ["expired", { Authorization: `Bearer ${expired.token}` }],
      ["revoked", { Authorization: `Bearer ${revoked.token}` }],
    ];
    const tenantRoutes = apiRoutes().filter((r) => r.path.includes(":uniqueId"));
    expect(tenantRoutes.length).toBeGreaterThan(10);
    for (const route of tenantRoutes) {
      const answers = new Map<string, string>();
      await Promise.all(
        variants.map(async ([what, headers]) => {
          const owner = what === "expired" ? expired.uniqueId : what === "revoked" ? revoked.uniqueId : a.uniqueId;
          const url = fillPattern(
            route.path,
            Object.fromEntries(paramsOf(route.path).map((p) => [p, p === "uniqueId" ? owner : "1"])),
          );
          const response = await fetch(server.base + url, { method: route.method, headers });
          answers.set(what, `${response.status} ${response.headers.get("content-type")} ${await response.text()}`);
        }),
      );
      expect(new Set(answers.values()).size, `${route.method} ${route.path}: ${JSON.stringify([...answers])}`).toBe(1);
      expect(answers.get("missing")).toBe(
        `401 application/json ${JSON.stringify({ message: APP_MESSAGES.unauthenticated })}`,
      );
    }
  });

  it("hostile JSON bodies on every write route of the API never cause a 5xx, and never touch another school", async () => {
    const before = await rowsOfB();
    const probe = await registerSchool(server.base, "Fuzzed School");
    const own = (method: string, path: string, body: unknown) =>
      callApi(server.base, method, `/api/admin/${probe.uniqueId}${path}`, probe.token, body);
    const made = (await own("POST", "/students", { student_data: { ...student, name: "Fuzz Target" } })).json() as {
      data: { unique_id: string };
    };
    const timetable = (
      await own("POST", "/timetables", {
        type: "Regular School Period",
        class: "JSS1",
        session: "2025/2026",
        term: "1st Term",
      })
    ).json() as { data: { id: number } };
    const ids = [made.data.unique_id, String(timetable.data.id)];
    const failures: string[] = [];
    const deep = `${"[".repeat(50_000)}${"]".repeat(50_000)}`;
    // Logging out goes last: it ends the token the others use.
    const routes = apiRoutes()
      .filter((r) => r.method !== "GET")
      .sort((x, y) => Number(x.path.endsWith("/logout")) - Number(y.path.endsWith("/logout")));
    for (const route of routes) {
      // A route that names no record is the same URL whatever the id: it is attacked once.
      const namesRecord = paramsOf(route.path).some((p) => p !== "uniqueId");
      for (const id of namesRecord ? ids : ids.slice(0, 1)) {
        const url = fillPattern(
          route.path,
          Object.fromEntries(paramsOf(route.path).map((p) => [p, p === "uniqueId" ? probe.uniqueId : id])),
        );
        await Promise.all(
          [...hostileBodies({ id: bId, uniqueId: b.uniqueId }), deep].map(async (body) => {
            const answer: Answer = await callApi(
              server.base,
              route.method,
              url,
              probe.token,
              body,
              typeof body === "string" ? { "Content-Type": "application/json" } : {},
            );
            if (answer.status >= 500)
              failures.push(
                `${answer.status} ${route.method} ${route.path} ${JSON.stringify(body)?.slice(0, 80)}: ${answer.text.slice(0, 200)}`,
              );
          }),
        );
      }
    }
    expect(failures).toEqual([]);
    expect(await rowsOfB()).toEqual(before);
  });

  it("hostile forms posted to every page never cause a 5xx, and never touch another school", async () => {
    const before = await rowsOfB();
    const probe = await registerSchool(server.base, "Fuzzed Pages School");
    let session = await pageLogin(server.base, probe.uniqueId, probe.password);
    const failures: string[] = [];
    const forms: Array<Array<[string, string]>> = [
      [],
      [
        ["school_id", String(bId)],
        ["unique_id", b.uniqueId],
        ["id", "1"],
        ["intent", "x".repeat(5000)],
        ["__proto__", "polluted"],
        ["constructor.prototype", "x"],
      ],
      [
        ["name", "<b>x</b>"],
        ["selectedClass", "NOPE"],
        ["gender", "Robot"],
        ["phone_number", "+++"],
        ["returnTo", "https://evil.example/"],
        ["redirectTo", "//evil.example"],
      ],
      [
        ["intent", "remove:classes:99999"],
        ["sections", "Junior"],
        ["classes[0].class_name", ""],
        ["subjects", "a".repeat(3000)],
        ["subjects", ""],
      ],
    ];
    for (const route of pageRoutes().sort(
      (x, y) => Number(x.pattern.includes("logout")) - Number(y.pattern.includes("logout")),
    )) {
      const url = fillPattern(route.pattern, Object.fromEntries(paramsOf(route.pattern).map((p) => [p, "1"])));
      for (const form of forms) {
        const answer = await postForm(server.base, url, new URLSearchParams(form), session);
        if (answer.status >= 500)
          failures.push(`${answer.status} POST ${route.pattern} ${JSON.stringify(form).slice(0, 80)}`);
        // A form that signs out (logout) or a refusal that ends the session: sign in again and go on.
        if (answer.status === 302 && answer.headers.get("location") === "/choose-account")
          session = await pageLogin(server.base, probe.uniqueId, probe.password);
      }
    }
    expect(failures).toEqual([]);
    expect(await rowsOfB()).toEqual(before);
  });

  it("a form posted from another site is refused on every page, and writes nothing", async () => {
    const before = await snapshot(database.db, database.dialect);
    for (const route of pageRoutes()) {
      const url = fillPattern(route.pattern, Object.fromEntries(paramsOf(route.pattern).map((p) => [p, "1"])));
      const response = await fetch(server.base + url, {
        method: "POST",
        redirect: "manual",
        headers: {
          Cookie: cookie,
          Origin: "https://evil.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ ...student, name: "Cross Site" }),
      });
      expect(response.status, route.pattern).toBe(403);
    }
    expect(await snapshot(database.db, database.dialect)).toEqual(before);
  });

  it("every log line is JSON and none holds a password, a token, a cookie or anyone's personal data", () => {
    const lines = logLines(server);
    expect(lines.length).toBeGreaterThan(100);
    for (const line of lines) {
      expect(typeof line.time).toBe("string");
      expect(["info", "warn", "error"]).toContain(line.level);
      expect(typeof line.msg).toBe("string");
    }
    for (const raw of server.logLines)
      for (const secret of secrets)
        expect(raw.includes(secret), `a log line holds "${secret.slice(0, 6)}…"`).toBe(false);
    expect(server.logLines.some((l) => l.includes("?"))).toBe(false);
  });
});
