import { Hono } from "hono";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compressWhole } from "../../server/compression";

const page = `<!DOCTYPE html><html><body>${'<li class="row">Adebayo Okafor</li>'.repeat(200)}</body></html>`;

function app() {
  const app = new Hono();
  app.use("*", compressWhole());
  app.get("/page", (c) => {
    c.header("Set-Cookie", "a=1; Path=/");
    c.header("Set-Cookie", "b=2; Path=/", { append: true });
    return c.html(page);
  });
  app.get("/small", (c) => c.json({ ok: true }));
  app.get("/logo", (c) => c.body(new Uint8Array(4096).fill(7), 200, { "Content-Type": "image/png" }));
  app.get("/no-transform", (c) => c.body(page, 200, { "Content-Type": "text/html", "Cache-Control": "no-transform" }));
  return app;
}

const get = (path: string, acceptEncoding?: string, method = "GET") =>
  app().request(path, { method, headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });

describe("chooseEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0", null],
    ["*", "gzip"],
    ["identity", null],
    ["", null],
    [undefined, null],
  ])("%s → %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("compressWhole", () => {
  it("gzips a page for a browser that offers only gzip, with the right length and every cookie once", async () => {
    const res = await get("/page", "gzip, deflate");
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(res.headers.get("Vary")).toMatch(/Accept-Encoding/);
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("Content-Length"))).toBe(body.length);
    expect(body.length).toBeLessThan(page.length / 10);
    expect(gunzipSync(body).toString()).toBe(page);
  });

  it("prefers brotli when it is offered", async () => {
    const res = await get("/page", "gzip, deflate, br");
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(page);
  });

  it("sends the page as it is to a client that accepts no encoding, still saying it varies", async () => {
    const res = await get("/page");
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(res.headers.get("Vary")).toMatch(/Accept-Encoding/);
    expect(await res.text()).toBe(page);
  });

  it("leaves small answers, images, no-transform answers and HEAD requests alone", async () => {
    const small = await get("/small", "gzip");
    expect(small.headers.get("Content-Encoding")).toBeNull();
    expect(await small.json()).toEqual({ ok: true });

    const logo = await get("/logo", "gzip, br");
    expect(logo.headers.get("Content-Encoding")).toBeNull();
    expect((await logo.arrayBuffer()).byteLength).toBe(4096);

    const kept = await get("/no-transform", "gzip, br");
    expect(kept.headers.get("Content-Encoding")).toBeNull();
    expect(await kept.text()).toBe(page);

    const head = await get("/page", "gzip", "HEAD");
    expect(head.headers.get("Content-Encoding")).toBeNull();
  });
});
