import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { setLogSink } from "../../observability/log";
import { requestContext, type RequestIdEnv } from "../../observability/request-context";
import { NON_PAGE_POLICY, securityHeaders, type NonceEnv } from "../../server/security-headers";

/** The headers every answer gets, set around the routes as server.ts does. */
function app() {
  const lines: string[] = [];
  setLogSink((line) => lines.push(line));
  const hono = new Hono<{ Variables: RequestIdEnv["Variables"] & NonceEnv["Variables"] }>();
  hono.use("*", requestContext());
  hono.use(
    "*",
    securityHeaders({ publicUrl: "https://myschool.ng", imageOrigins: ["https://api.school.example/some/path"] }),
  );
  hono.get("/page", (c) => c.html(`<script nonce="${c.get("cspNonce")}"></script>`));
  hono.get("/data", (c) => c.json({ ok: true }));
  hono.get(
    "/download",
    () =>
      new Response("file", {
        headers: {
          "Content-Type": "application/octet-stream",
          "Content-Security-Policy": "sandbox",
          "Content-Disposition": 'attachment; filename="a.bin"',
          "Cache-Control": "private, max-age=60",
        },
      }),
  );
  hono.post("/refuse", (c) => c.text("too big", 413));
  hono.post("/ignore", (c) => c.text("ok"));
  return { hono, lines };
}

describe("security headers", () => {
  it("a page gets a policy with this request's nonce and the remote API's origin for images", async () => {
    const { hono } = app();
    const res = await hono.request("/page");
    const policy = res.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(policy)![1];
    expect(await res.text()).toBe(`<script nonce="${nonce}"></script>`);
    expect(policy).toContain("img-src 'self' data: blob: https://myschool.ng https://api.school.example;");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(/'nonce-([^']+)'/.exec((await hono.request("/page")).headers.get("content-security-policy")!)![1]).not.toBe(
      nonce,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("a page may embed the school's shared files (the PDF preview) from PUBLIC_URL or the API's, whatever Host it was asked under", async () => {
    const { hono } = app();
    const embeddable = "object-src https://myschool.ng/api/files/shared/ https://api.school.example/api/files/shared/";
    for (const headers of <Array<Record<string, string>>>[
      { Host: "school.example:3000" },
      { Host: "internal:3000", "X-Forwarded-Host": "elsewhere.ng", "X-Forwarded-Proto": "https" },
      { Host: "evil; script-src *" },
    ]) {
      const policy = (await hono.request("/page", { headers })).headers.get("content-security-policy")!;
      expect(policy, JSON.stringify(headers)).toContain(embeddable);
      expect(policy).not.toMatch(/school\.example:3000|elsewhere|evil/);
    }
  });

  it("anything else gets a policy that allows nothing, and the fixed headers", async () => {
    const res = await app().hono.request("/data");
    expect(res.headers.get("content-security-policy")).toBe(NON_PAGE_POLICY);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("keeps what a route set on its own answer", async () => {
    const res = await app().hono.request("/download");
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="a.bin"');
    expect(res.headers.get("cache-control")).toBe("private, max-age=60");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("asks for HTTPS only over HTTPS (directly or behind a proxy that says so)", async () => {
    const { hono } = app();
    expect((await hono.request("https://school.example/data")).headers.get("strict-transport-security")).toBe(
      "max-age=31536000",
    );
    expect(
      (await hono.request("/data", { headers: { "X-Forwarded-Proto": "https" } })).headers.get(
        "strict-transport-security",
      ),
    ).toBe("max-age=31536000");
  });
});

describe("request context", () => {
  it("names every answer and its log line with one id, taking a plain one from the caller", async () => {
    const { hono, lines } = app();
    const mine = await hono.request("/data", { headers: { "X-Request-Id": "proxy-id-12345" } });
    expect(mine.headers.get("x-request-id")).toBe("proxy-id-12345");
    const forged = await hono.request("/data?q=Ngozi", { headers: { "X-Request-Id": "bad id\n" } });
    const id = forged.headers.get("x-request-id")!;
    expect(id).toMatch(/^[a-f0-9]{16}$/);
    const line = JSON.parse(lines.at(-1)!);
    expect(line).toMatchObject({ msg: "request", request_id: id, method: "GET", path: "/data", status: 200 });
    expect(lines.join("\n")).not.toContain("Ngozi");
  });

  it("closes the connection after answering a body it did not read", async () => {
    const { hono } = app();
    expect((await hono.request("/refuse", { method: "POST", body: "x" })).headers.get("connection")).toBe("close");
    expect((await hono.request("/ignore", { method: "POST", body: "x" })).headers.get("connection")).toBe("close");
    expect((await hono.request("/data")).headers.get("connection")).toBeNull();
  });
});
