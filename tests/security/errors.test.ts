import fs from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_MESSAGES, DEFAULT_ERRORS } from "../../contract/messages";
import { STUDENT_MESSAGES } from "../../contract/students";
import {
  callApi,
  count,
  getPage,
  pageLogin,
  postForm,
  registerSchool,
  sendEarly,
  type Answer,
  type School,
} from "./support/client";
import { LEAKS, linesFor } from "./support/logs";
import { apiRoutes, fillPattern, paramsOf } from "./support/routes";
import {
  createTestDatabase,
  DATABASE,
  startServer,
  tempDir,
  type RunningServer,
  type TestDatabase,
} from "./support/server";

/**
 * What a broken request or a fault of ours answers: the right status, a generic message and the request's
 * id (header; body too for a 5xx), the same id on the log line, and never a stack, SQL, a path or data.
 */

const student = { name: "Ifeoma Nwosu", selectedClass: "JSS1", gender: "Female", phone_number: "0803 123 4567" };

describe(`errors on ${DATABASE}`, { timeout: 180_000 }, () => {
  let dataDir: string;
  let database: TestDatabase;
  let server: RunningServer;
  let school: School;
  let cookie: string;
  const errorAnswers: Array<{ what: string; answer: Answer }> = [];

  const own = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    callApi(server.base, method, `/api/admin/${school.uniqueId}${path}`, school.token, body, headers);

  /** Checks what every error answer of this file shares, and keeps it for the leak check. */
  async function expectError(what: string, answer: Answer, status: number) {
    expect(answer.status, `${what}: ${answer.text}`).toBe(status);
    const id = answer.headers.get("x-request-id");
    expect(id, what).toMatch(/^[a-f0-9]{16}$/);
    const lines = await linesFor(server, id);
    expect(lines.find((l) => l.msg === "request")?.status, `${what}: its log line`).toBe(status);
    errorAnswers.push({ what, answer });
    return id!;
  }

  beforeAll(async () => {
    dataDir = tempDir("errors");
    database = await createTestDatabase(dataDir);
    server = await startServer({ dataDir, env: { DATABASE_URL: database.url } });
    school = await registerSchool(server.base);
    cookie = await pageLogin(server.base, school.uniqueId, school.password);
  });

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("malformed JSON: 400 with a plain message", async () => {
    const answer = await own("POST", "/students", '{"student_data": {"name": ', { "Content-Type": "application/json" });
    await expectError("malformed JSON", answer, 400);
    expect(answer.json()).toEqual({ message: "Request body is not valid JSON." });
    expect(await count(database.db, "students")).toBe(0);
  });

  it("malformed JSON on every write route of the API is the client's error, never a 5xx", async () => {
    // A school of its own: the routes include logging out.
    const other = await registerSchool(server.base);
    const ownOther = (method: string, path: string, body: unknown) =>
      callApi(server.base, method, `/api/admin/${other.uniqueId}${path}`, other.token, body);
    const made = (await ownOther("POST", "/students", { student_data: student })).json() as {
      data: { unique_id: string };
    };
    const timetable = (
      await ownOther("POST", "/timetables", {
        type: "Regular School Period",
        class: "JSS1",
        session: "2025/2026",
        term: "1st Term",
      })
    ).json() as { data: { id: number } };
    const ids = [made.data.unique_id, String(timetable.data.id), "1"];
    for (const route of apiRoutes().filter((r) => r.method !== "GET")) {
      for (const id of ids) {
        const values = Object.fromEntries(paramsOf(route.path).map((p) => [p, p === "uniqueId" ? other.uniqueId : id]));
        const answer = await callApi(
          server.base,
          route.method,
          fillPattern(route.path, values),
          other.token,
          '{"broken": [',
          { "Content-Type": "application/json" },
        );
        expect(answer.status, `${route.method} ${route.path}: ${answer.text}`).toBeLessThan(500);
        expect(answer.text, route.path).not.toMatch(LEAKS);
      }
    }
  });

  it("an oversized JSON body: 413, whether it declares its length or not", async () => {
    const big = JSON.stringify({ student_data: { ...student, name: "Too Big", address: "x".repeat(300 * 1024) } });
    const declared = await own("POST", "/students", big, { "Content-Type": "application/json" });
    await expectError("oversized JSON", declared, 413);
    expect(declared.json()).toEqual({ message: "Request body is too large." });

    const chunked = await fetch(`${server.base}/api/admin/${school.uniqueId}/students`, {
      method: "POST",
      headers: { Authorization: `Bearer ${school.token}`, "Content-Type": "application/json" },
      body: new Blob([big]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toEqual({ message: "Request body is too large." });
    expect(await count(database.db, "students", sql`name = 'Too Big'`)).toBe(0);
  });

  it("an oversized page form: 413, whether it declares its length or not; a body past the server's cap is refused unread", async () => {
    const body = Buffer.from(
      new URLSearchParams({ ...student, name: "Big Form", address: "y".repeat(300 * 1024) }).toString(),
    );
    const headers = { Cookie: cookie, Origin: server.base, "Content-Type": "application/x-www-form-urlencoded" };
    const framings: Array<Record<string, string>> = [
      { "Content-Length": String(body.length) },
      { "Transfer-Encoding": "chunked" },
    ];
    for (const framing of framings) {
      const page = await sendEarly(`${server.base}/admin/add-student`, {
        method: "POST",
        headers: { ...headers, ...framing },
        body,
      });
      expect(page.status).toBe(413);
      expect(page.text).toContain(`<p class="text-slate-700">${APP_MESSAGES.payloadTooLarge}</p>`);
    }

    // Claims 40 MB and sends nothing: the answer comes before any of it is read.
    const huge = await sendEarly(`${server.base}/api/admin/register`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(40 * 1024 * 1024) },
      body: "never",
    });
    expect(huge.status).toBe(413);
    expect(await count(database.db, "students", sql`name = 'Big Form'`)).toBe(0);
  });

  it("an oversized field: 413 for a multipart text field past its cap, 422 beside the field for a name too long", async () => {
    const form = new FormData();
    form.set("school_name", "z".repeat(70 * 1024));
    const multipart = await callApi(server.base, "POST", "/api/admin/register", undefined, form);
    await expectError("oversized multipart field", multipart, 413);

    const longName = await own("POST", "/students", { student_data: { ...student, name: "n".repeat(5000) } });
    await expectError("name too long", longName, 422);
    expect((longName.json() as { errors: Record<string, string[]> }).errors.name).toHaveLength(1);

    const page = await postForm(
      server.base,
      "/admin/add-student",
      { ...student, name: "n".repeat(5000), address: "14 Awolowo Road" },
      cookie,
    );
    // The page's own check refuses it: 400, the input kept.
    expect(page.status).toBe(400);
    expect(page.text).toContain('value="14 Awolowo Road"');
    expect(page.text).toMatch(/aria-invalid="true"[^>]*name="name"|name="name"[^>]*aria-invalid="true"/);
    expect(await count(database.db, "students", sql`address = '14 Awolowo Road'`)).toBe(0);
  });

  it("a constraint the services never foresaw: 409 with a generic message, nothing written, the page says so above the form", async () => {
    const timetable = {
      type: "Regular School Period",
      class: "JSS2",
      session: "2025/2026",
      term: "2nd Term",
      venue: "Block C",
    };
    await sql`create unique index hostile_unique_venue on timetables (school_id, venue)`.execute(database.db);
    try {
      expect((await own("POST", "/timetables", timetable)).status).toBe(201);
      const clash = await own("POST", "/timetables", { ...timetable, class: "JSS3" });
      const id = await expectError("unique violation", clash, 409);
      expect(clash.json()).toEqual({ message: APP_MESSAGES.conflict });
      const logged = (await linesFor(server, id)).find((l) => l.level === "warn");
      expect(logged?.error).toMatchObject({ code: DATABASE === "sqlite" ? "SQLITE_CONSTRAINT_UNIQUE" : "23505" });

      const page = await postForm(
        server.base,
        "/admin/timetable/add",
        { ...timetable, class: "SS1", idempotency_key: "k".repeat(32) },
        cookie,
      );
      // The API refused it: 422, the input kept.
      expect(page.status).toBe(422);
      expect(page.text).toContain(APP_MESSAGES.conflict);
      expect(page.text).toContain('value="Block C"');
      expect(await count(database.db, "timetables", sql`venue = 'Block C'`)).toBe(1);
    } finally {
      await sql`drop index hostile_unique_venue`.execute(database.db);
    }
  });

  it("an unexpected throw: 500 with a generic message and the request id, logged under that id; pages show their failure message or an error page naming it", async () => {
    const made = (await own("POST", "/students", { student_data: { ...student, name: "Kelechi Obi" } })).json() as {
      data: { unique_id: string };
    };
    // A table gone missing under the running server: a fault no service expects.
    await sql`alter table students rename to students_gone`.execute(database.db);
    try {
      const answer = await own("GET", "/students");
      const id = await expectError("unexpected throw", answer, 500);
      expect(answer.json()).toEqual({ message: DEFAULT_ERRORS.unexpected, request_id: id });
      const logged = (await linesFor(server, id)).find((l) => l.msg === "school API error");
      expect(logged?.level).toBe("error");
      expect(logged?.error).toMatchObject({
        name: expect.any(String),
        code: DATABASE === "sqlite" ? "SQLITE_ERROR" : "42P01",
      });

      const list = await getPage(server.base, "/admin/students", cookie);
      expect(list.status).toBe(200);
      expect(list.text).toContain(DEFAULT_ERRORS.fetch);

      const page = await getPage(server.base, `/admin/update-student/${made.data.unique_id}`, cookie);
      const pageId = await expectError("error page", page, 500);
      expect(page.text).toContain("Something went wrong");
      expect(page.text).toContain(`<span data-testid="request-id">${pageId}</span>`);
      expect((await linesFor(server, pageId)).some((l) => l.msg === "school API error")).toBe(true);
    } finally {
      await sql`alter table students_gone rename to students`.execute(database.db);
    }
    expect((await own("GET", "/students")).status).toBe(200);
  });

  it("no error answer shows a stack, SQL, a path or the database's own words", () => {
    expect(errorAnswers.length).toBeGreaterThanOrEqual(7);
    for (const { what, answer } of errorAnswers) expect(answer.text, what).not.toMatch(LEAKS);
    expect(STUDENT_MESSAGES.nameRequired).not.toMatch(LEAKS);
  });
});
