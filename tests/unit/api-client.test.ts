import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SchoolApiClient, UnauthorizedError, type CallKind } from "../../app/.server/api.server";

/**
 * The web app's API client against a real HTTP server on an ephemeral port: the client's fetcher sends
 * over the network exactly as it does when SCHOOL_API_URL points at a separate API.
 */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Reply = { status: number; body?: string; type?: string } | "hang-up";

let server: http.Server;
let base: string;
let seen: Seen[] = [];
let reply: Reply = { status: 200, body: "{}" };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      if (reply === "hang-up") return req.socket.destroy();
      res.writeHead(reply.status, reply.body === undefined ? {} : { "Content-Type": reply.type ?? "application/json" });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  reply = { status: 200, body: "{}" };
});

/** The same forwarding the server does for a separately deployed API. */
const overHttp = (request: Request, signal?: AbortSignal) => {
  const url = new URL(request.url);
  return fetch(new Request(base + url.pathname + url.search, request), { signal });
};

const authed = () => new SchoolApiClient(overHttp, { token: "tok-123", uniqueId: "SCH-ABC2345" });
const anonymous = () => new SchoolApiClient(overHttp);
const json = (status: number, body: unknown): Reply => ({ status, body: JSON.stringify(body) });

function callOf(client: SchoolApiClient, kind: CallKind, fallback?: string) {
  return client.call(
    kind,
    "/thing",
    kind === "create" || kind === "update" ? { a: 1 } : undefined,
    fallback ? { fallback } : {},
  );
}

describe("success statuses per kind", () => {
  const cases: [CallKind, number, boolean][] = [
    ["create", 200, true],
    ["create", 201, true],
    ["create", 202, true],
    ["create", 204, false],
    ["update", 200, true],
    ["update", 201, true],
    ["update", 202, true],
    ["delete", 200, true],
    ["delete", 204, true],
    ["delete", 201, false],
    ["fetch", 200, true],
    ["fetch", 201, false],
    ["fetch", 204, false],
  ];
  it.each(cases)("%s answered %i is ok=%s", async (kind, status, ok) => {
    reply = status === 204 ? { status } : json(status, { message: "Done", data: { id: 7 } });
    const result = await callOf(authed(), kind);
    expect(result.ok).toBe(ok);
    expect(result.status).toBe(status);
    if (result.ok && status !== 204) {
      expect(result.data).toEqual({ id: 7 });
      expect(result.message).toBe("Done");
    }
  });

  it("returns the whole body as data when it has no data field", async () => {
    reply = json(200, [{ id: 1 }]);
    const result = await authed().get("/list");
    expect(result).toMatchObject({ ok: true, data: [{ id: 1 }] });
  });
});

describe("failure messages of create and update", () => {
  it.each(["create", "update"] as const)("%s: message first", async (kind) => {
    reply = json(422, { message: "Top message", errors: { name: ["Name is required"] }, error: "Error text" });
    const result = await callOf(authed(), kind);
    expect(result).toMatchObject({
      ok: false,
      status: 422,
      message: "Top message",
      fieldErrors: { name: ["Name is required"] },
    });
  });

  it.each(["create", "update"] as const)("%s: else the first error of the first field", async (kind) => {
    reply = json(422, {
      errors: { email: ["Email is taken", "Second"], name: ["Name is required"] },
      error: "Error text",
    });
    expect((await callOf(authed(), kind)).message).toBe("Email is taken");
  });

  it("a field error given as a plain string counts too", async () => {
    reply = json(422, { errors: { email: "Email is taken" } });
    expect((await callOf(authed(), "create")).message).toBe("Email is taken");
  });

  it.each(["create", "update"] as const)("%s: else error", async (kind) => {
    reply = json(400, { message: "  ", errors: {}, error: "Error text" });
    expect((await callOf(authed(), kind)).message).toBe("Error text");
  });

  it("create: else the product's default, or the screen's fallback", async () => {
    reply = json(500, {});
    expect((await callOf(authed(), "create")).message).toBe("Request failed. Please try again.");
    expect((await callOf(authed(), "create", "Could not save the student.")).message).toBe(
      "Could not save the student.",
    );
  });

  it("update: else the product's default, or the screen's fallback", async () => {
    reply = json(500, {});
    expect((await callOf(authed(), "update")).message).toBe("Update failed. Please try again.");
    expect((await callOf(authed(), "update", "Failed to update.")).message).toBe("Failed to update.");
  });
});

describe("failure messages of fetch and delete", () => {
  it.each(["fetch", "delete"] as const)("%s: uses error, not message", async (kind) => {
    reply = json(404, { message: "Not found.", error: "No such record" });
    expect((await callOf(authed(), kind)).message).toBe("No such record");
  });

  it("fetch: else the product's default, or the screen's fallback", async () => {
    reply = json(500, { message: "ignored" });
    expect((await callOf(authed(), "fetch")).message).toBe("Failed to fetch data.");
    expect((await callOf(authed(), "fetch", "Failed to load profile data.")).message).toBe(
      "Failed to load profile data.",
    );
  });

  it("delete: else the product's default, or the screen's fallback", async () => {
    reply = json(500, { message: "ignored" });
    expect((await callOf(authed(), "delete")).message).toBe("Deletion failed. Please try again.");
    expect((await callOf(authed(), "delete", "Failed to delete timetable.")).message).toBe(
      "Failed to delete timetable.",
    );
  });
});

describe("bodies that are not JSON", () => {
  it.each<[CallKind, string]>([
    ["create", "Request failed. Please try again."],
    ["update", "Update failed. Please try again."],
    ["fetch", "Failed to fetch data."],
    ["delete", "Deletion failed. Please try again."],
  ])("%s answered with an HTML error page says %s", async (kind, message) => {
    reply = { status: 502, body: "<html><body>Bad Gateway</body></html>", type: "text/html" };
    expect(await callOf(authed(), kind)).toEqual({ ok: false, status: 502, message, fieldErrors: {} });
  });

  it("a body labelled JSON that is not JSON is treated as empty", async () => {
    reply = { status: 500, body: "{not json", type: "application/json" };
    expect((await callOf(authed(), "update")).message).toBe("Update failed. Please try again.");
  });
});

describe("network failure", () => {
  it("a connection cut mid-request gives the default failure of the call's kind", async () => {
    reply = "hang-up";
    expect(await callOf(authed(), "create")).toEqual({
      ok: false,
      status: 0,
      message: "Request failed. Please try again.",
      fieldErrors: {},
    });
    expect((await callOf(authed(), "fetch")).message).toBe("Failed to fetch data.");
    expect((await callOf(authed(), "update")).message).toBe("Update failed. Please try again.");
    expect((await callOf(authed(), "delete")).message).toBe("Deletion failed. Please try again.");
  });

  it("or the screen's fallback", async () => {
    reply = "hang-up";
    expect((await callOf(authed(), "fetch", "Failed to load data")).message).toBe("Failed to load data");
  });

  it("a server that is not there at all", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = new SchoolApiClient((request) =>
      fetch(new Request(`http://127.0.0.1:${port}${new URL(request.url).pathname}`, request)),
    );
    expect((await client.get("/api/admin/login")).message).toBe("Failed to fetch data.");
  });
});

describe("401", () => {
  it.each(["fetch", "create", "update", "delete"] as const)(
    "%s throws UnauthorizedError for a signed-in client",
    async (kind) => {
      reply = json(401, { message: "Your session has ended. Please log in again." });
      await expect(callOf(authed(), kind)).rejects.toBeInstanceOf(UnauthorizedError);
    },
  );

  it("raw throws it too", async () => {
    reply = json(401, {});
    await expect(authed().raw("/timetables/1/pdf")).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it("is an ordinary failure before login (a wrong password)", async () => {
    reply = json(401, { message: "Unique ID or password is incorrect." });
    const result = await anonymous().create("/api/admin/login", { unique_id: "SCH-X", password: "y" });
    expect(result).toMatchObject({ ok: false, status: 401, message: "Unique ID or password is incorrect." });
  });
});

describe("what is sent", () => {
  it("a bearer header with the token, and JSON with its content type", async () => {
    await authed().create("/students", { name: "Ada" });
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe("POST");
    expect(seen[0].headers.authorization).toBe("Bearer tok-123");
    expect(seen[0].headers["content-type"]).toBe("application/json");
    expect(seen[0].headers.accept).toBe("application/json");
    expect(JSON.parse(seen[0].body)).toEqual({ name: "Ada" });
  });

  it("no Authorization header before login", async () => {
    await anonymous().create("/api/admin/login", { unique_id: "a", password: "b" });
    expect(seen[0].headers.authorization).toBeUndefined();
  });

  it("FormData as multipart, with the boundary set by the runtime", async () => {
    const form = new FormData();
    form.set("school_name", "Green Valley");
    form.set("logo", new File([new Uint8Array([1, 2, 3])], "logo.png", { type: "image/png" }));
    await authed().update("/update/adminData", form);
    expect(seen[0].headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0].body).toContain("Green Valley");
    expect(seen[0].body).toContain('filename="logo.png"');
  });

  it("paths are prefixed with /api/admin/{uniqueId} unless they start with /api/", async () => {
    const client = authed();
    await client.get("/dashboard");
    await client.get("students/5");
    await client.get("/api/admin/register");
    await client.get("/api/media/abc");
    expect(seen.map((s) => s.url)).toEqual([
      "/api/admin/SCH-ABC2345/dashboard",
      "/api/admin/SCH-ABC2345/students/5",
      "/api/admin/register",
      "/api/media/abc",
    ]);
  });

  it("query parameters, leaving out empty ones and encoding the rest", async () => {
    await authed().get("/students", {
      query: { page: 2, search: "Ada & Obi", class: "", term: undefined, session: null },
    });
    const url = new URL(seen[0].url, base);
    expect(url.pathname).toBe("/api/admin/SCH-ABC2345/students");
    expect([...url.searchParams]).toEqual([
      ["page", "2"],
      ["search", "Ada & Obi"],
    ]);
  });

  it("methods per kind, and an explicit method wins", async () => {
    const client = authed();
    await client.get("/a");
    await client.create("/a", {});
    await client.update("/a", {});
    await client.remove("/a");
    await client.update("/a", {}, { method: "PUT" });
    expect(seen.map((s) => s.method)).toEqual(["GET", "POST", "POST", "DELETE", "PUT"]);
  });

  it("raw passes the answer through", async () => {
    reply = { status: 200, body: "%PDF-1.7", type: "application/pdf" };
    const response = await authed().raw("/timetables/1/pdf");
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(await response.text()).toBe("%PDF-1.7");
    expect(seen[0].headers.authorization).toBe("Bearer tok-123");
  });
});

describe("an API that does not answer in time", () => {
  const never = () => new Promise<Response>(() => {});
  const slow = () => new SchoolApiClient(never, { token: "tok-123", uniqueId: "SCH-ABC2345" }, 200);

  it("fails with the screen's message once the timeout passes, instead of hanging", async () => {
    const started = Date.now();
    expect(await slow().get("/dashboard", { fallback: "Failed to load data" })).toEqual({
      ok: false,
      status: 0,
      message: "Failed to load data",
      fieldErrors: {},
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("over the network too: a server that accepts and never answers, whose request is then given up", async () => {
    reply = { status: 200, body: "{}" };
    let givenUp!: () => void;
    const requestClosed = new Promise<void>((resolve) => (givenUp = resolve));
    const hanging = http.createServer((request) => request.socket.on("close", givenUp));
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const port = (hanging.address() as AddressInfo).port;
    const client = new SchoolApiClient(
      (request, signal) =>
        fetch(new Request(`http://127.0.0.1:${port}${new URL(request.url).pathname}`, request), { signal }),
      undefined,
      200,
    );
    expect((await client.create("/api/admin/login", {})).message).toBe("Request failed. Please try again.");
    // The request is aborted, not left open until the server answers.
    await requestClosed;
    hanging.closeAllConnections();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
  });

  it("raw answers 503 rather than throwing or hanging", async () => {
    expect((await slow().raw("/timetable/1/download-pdf")).status).toBe(503);
  });
});

describe("a sub-admin's calls carry their sub_admin_id (body on POST and PUT, query otherwise)", () => {
  const sub = () => new SchoolApiClient(overHttp, { token: "tok-123", uniqueId: "SCH-ABC2345", subAdminId: 42 });

  it("in the query on GET and DELETE, and on a POST without a JSON body", async () => {
    await sub().get("/students", { query: { q: "ada" } });
    await sub().remove("/students/STU-1");
    const form = new FormData();
    form.set("folder_name", "Reports");
    await sub().create("/files", form);
    await sub().create("/logout");
    expect(seen.map((s) => new URL(s.url, base).searchParams.get("sub_admin_id"))).toEqual(["42", "42", "42", "42"]);
    expect(new URL(seen[0].url, base).searchParams.get("q")).toBe("ada");
  });

  it("in the JSON body on POST and PUT, not in the query", async () => {
    await sub().create("/students", { student_data: { name: "Ada" } });
    await sub().update("/stu-parents/1", { parent_data: { name: "Ngozi" } }, { method: "PUT" });
    expect(seen.map((s) => JSON.parse(s.body).sub_admin_id)).toEqual([42, 42]);
    expect(seen.every((s) => !s.url.includes("sub_admin_id"))).toBe(true);
  });

  it("never for the main admin", async () => {
    await authed().get("/students");
    await authed().create("/students", { student_data: { name: "Ada" } });
    expect(seen.every((s) => !s.url.includes("sub_admin_id") && !s.body.includes("sub_admin_id"))).toBe(true);
  });
});

describe("idempotency key", () => {
  it("sends a create form's key as the Idempotency-Key header, and none when the form has none", async () => {
    await authed().create("/thing", { a: 1 }, { idempotencyKey: "k-123" });
    await authed().create("/thing", { a: 1 }, { idempotencyKey: "" });
    await authed().create("/thing", { a: 1 }, { idempotencyKey: null });
    expect(seen.map((s) => s.headers["idempotency-key"])).toEqual(["k-123", undefined, undefined]);
  });
});
