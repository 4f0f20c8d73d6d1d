import fs from "node:fs";
import path from "node:path";
import { extractText, getDocumentProxy } from "unpdf";
import { read as readSpreadsheet, utils as sheetUtils } from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localStorage } from "../../api/storage/local";
import { seedDemoSchool } from "../../scripts/lib/demo-school";
import { callApi, getPage, pageLogin, snapshot, type Answer } from "./support/client";
import { ESCAPED_MARKUP, FORMULA, HOSTILE, LIVE_MARKUP, MARKUP, poisonNames, SCRIPT_BREAK } from "./support/hostile";
import { apiRoutes, fillPattern, pageRoutes, paramsOf, routeFor, type PageRoute } from "./support/routes";
import {
  createTestDatabase,
  DATABASE,
  startServer,
  tempDir,
  type RunningServer,
  type TestDatabase,
} from "./support/server";

/**
 * A crawl of every GET the product answers, as the demo school (whose demo data each area extends) with
 * hostile names everywhere: every page the links lead to and every page route of the build, every GET
 * route of the API, the media and assets they use. Every answer is checked for its security headers and
 * its caching, every page for live markup, every PDF and spreadsheet for the names as text; and the
 * database and the uploads are the same after it as before.
 */

interface Visit {
  url: string;
  route: string;
  answer: Answer;
  bytes?: Uint8Array;
}

/** At most this many URLs of one route: the crawl covers every route, not every record. */
const PER_ROUTE = 2;

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function decodeHtml(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/** Attributes such as onclick= or onerror= on any tag of a page (values are skipped, so text inside them does not count). */
function eventHandlerAttributes(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(
    /<[a-z][a-z0-9-]*((?:\s+[^\s=>"'/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/?>/gi,
  )) {
    for (const attribute of tag[1].matchAll(/\s+([^\s=>"'/]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?/g)) {
      if (/^on/i.test(attribute[1])) found.push(`${attribute[1]} in ${tag[0].slice(0, 80)}`);
    }
  }
  return found;
}

/** Ids in a JSON answer: values of `id`, `unique_id` and `*_id` keys, at any depth. */
function idsIn(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) for (const item of value) idsIn(item, into);
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (/^(id|unique_id|[a-z]+_id)$/.test(key) && (typeof item === "string" || typeof item === "number"))
        into.add(String(item));
      else idsIn(item, into);
    }
  }
}

describe(`a crawl of every GET on ${DATABASE}`, { timeout: 300_000 }, () => {
  let database: TestDatabase;
  let server: RunningServer;
  let dataDir: string;
  let cookie: string;
  let uniqueId: string;
  let token: string;
  let poisoned: string[];
  const visits: Visit[] = [];
  let before: Record<string, string[]>;
  let after: Record<string, string[]>;
  let filesBefore: string[];
  let filesAfter: string[];
  let pages: PageRoute[];
  const api = apiRoutes().filter((r) => r.method === "GET");

  async function visit(url: string, route: string, headers: Record<string, string> = {}): Promise<Visit> {
    const response = await fetch(server.base + url, { redirect: "manual", headers: { Cookie: cookie, ...headers } });
    const type = response.headers.get("content-type") ?? "";
    const binary = /pdf|spreadsheet|csv|octet-stream|image\//.test(type);
    const bytes = binary ? new Uint8Array(await response.arrayBuffer()) : undefined;
    const text = binary ? "" : await response.text();
    const v: Visit = {
      url,
      route,
      answer: { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) },
      bytes,
    };
    visits.push(v);
    return v;
  }

  beforeAll(async () => {
    dataDir = tempDir("crawl");
    database = await createTestDatabase(dataDir);
    const demo = await seedDemoSchool({
      db: database.db,
      dialect: database.dialect,
      storage: localStorage(path.join(dataDir, "uploads")),
      now: () => new Date(),
      // Seeding makes no links; the server started below has its own PUBLIC_URL.
      publicUrl: "http://127.0.0.1",
    });
    uniqueId = demo.unique_id;
    server = await startServer({ dataDir, env: { DATABASE_URL: database.url } });
    token = (
      (
        await callApi(server.base, "POST", "/api/admin/login", undefined, {
          unique_id: uniqueId,
          password: demo.password,
        })
      ).json() as { data: { token: string } }
    ).data.token;

    // Hostile names typed through the API, as any admin could: it stores them as they are.
    const own = (method: string, p: string, body?: unknown) =>
      callApi(server.base, method, `/api/admin/${uniqueId}${p}`, token, body);
    const student = { name: `Chidi ${MARKUP}`, selectedClass: "JSS1", gender: "Male", phone_number: "0803 123 4567" };
    expect((await own("POST", "/students", { student_data: student })).status).toBe(201);
    const leaving = (
      await own("POST", "/students", { student_data: { ...student, name: `Amaka ${HOSTILE}` } })
    ).json() as { data: { unique_id: string } };
    expect((await own("POST", `/students/${leaving.data.unique_id}/backlog`, { reason: "Graduated" })).status).toBe(
      200,
    );
    const timetable = (
      await own("POST", "/timetables", {
        type: "Regular School Period",
        class: "JSS1",
        session: "2025/2026",
        term: "1st Term",
        venue: `Hall ${MARKUP}${SCRIPT_BREAK}`,
      })
    ).json() as { data: { id: number } };
    const schedule = {
      schedule_day: "Monday",
      schedule_start_time: "08:00",
      schedule_end_time: "09:00",
      subject: `Maths ${MARKUP}`,
      venue: SCRIPT_BREAK,
    };
    expect((await own("POST", `/timetables/${timetable.data.id}/schedules`, schedule)).status).toBe(201);
    // And in every name-like column of every table, for the areas whose forms this file does not know.
    poisoned = await poisonNames(database.db, database.dialect);

    cookie = await pageLogin(server.base, uniqueId, demo.password);
    pages = pageRoutes();
    filesBefore = listFiles(path.join(dataDir, "uploads"));
    before = await snapshot(database.db, database.dialect);

    const perRoute = new Map<string, number>();
    const seen = new Set<string>();
    const queue: string[] = pages
      .filter((p) => !paramsOf(p.pattern).length && !p.pattern.includes("*"))
      .map((p) => p.pattern);
    const ids = new Set<string>();
    const enqueue = (url: string) => {
      if (seen.has(url)) return;
      const pathname = new URL(url, server.base).pathname;
      const route = pathname.startsWith("/api/") ? routeFor(api, pathname)?.path : routeFor(pages, pathname)?.pattern;
      if (!route && !pathname.startsWith("/assets/")) return;
      const key = route ?? "/assets";
      if ((perRoute.get(key) ?? 0) >= PER_ROUTE) return;
      perRoute.set(key, (perRoute.get(key) ?? 0) + 1);
      seen.add(url);
      queue.push(url);
    };
    for (const url of [...queue]) {
      seen.add(url);
      perRoute.set(url, 1);
    }

    while (queue.length) {
      const url = queue.shift()!;
      const pathname = new URL(url, server.base).pathname;
      const route = pathname.startsWith("/api/")
        ? (routeFor(api, pathname)?.path ?? pathname)
        : (routeFor(pages, pathname)?.pattern ?? "/assets");
      const v = await visit(url, route);
      if (/text\/html/.test(v.answer.headers.get("content-type") ?? "")) {
        for (const m of v.answer.text.matchAll(/\b(?:href|src)="(\/[^"#]*)"/g)) {
          const target = decodeHtml(m[1]);
          if (target.startsWith("//")) continue;
          enqueue(target);
          const segments = new URL(target, server.base).pathname.split("/");
          for (const s of segments) if (/^(\d+|STU-[\w-]+|[A-Z]{3}-[\w-]+)$/.test(s)) ids.add(s);
        }
      }
    }

    // Every API GET route, its parameters filled with ids its own lists answered.
    for (const route of api.filter((r) => !paramsOf(r.path).some((p) => p !== "uniqueId"))) {
      const v = await visit(fillPattern(route.path, { uniqueId }), route.path, { Authorization: `Bearer ${token}` });
      if (/json/.test(v.answer.headers.get("content-type") ?? "")) idsIn(v.answer.json(), ids);
    }
    const candidates = [...ids].slice(0, 40);
    const fill = async (pattern: string, headers: Record<string, string>) => {
      const names = paramsOf(pattern).filter((p) => p !== "uniqueId");
      if (!names.length) return void (await visit(fillPattern(pattern, { uniqueId }), pattern, headers));
      for (let attempt = 0; attempt < Math.min(8, Math.max(1, candidates.length)); attempt++) {
        const values: Record<string, string> = { uniqueId };
        names.forEach(
          (name, i) => (values[name] = candidates[(attempt + i * 3) % Math.max(1, candidates.length)] ?? "1"),
        );
        const v = await visit(fillPattern(pattern, values), pattern, headers);
        if (v.answer.status === 200) return;
      }
    };
    for (const route of api.filter((r) => paramsOf(r.path).some((p) => p !== "uniqueId")))
      await fill(route.path, { Authorization: `Bearer ${token}` });
    // Page routes no link led to: filled the same way (a 404 for an unknown id is still a visit).
    for (const page of pages.filter((p) => !visits.some((v) => v.route === p.pattern))) await fill(page.pattern, {});

    after = await snapshot(database.db, database.dialect);
    filesAfter = listFiles(path.join(dataDir, "uploads"));
  });

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const htmlVisits = () => visits.filter((v) => /^text\/html/.test(v.answer.headers.get("content-type") ?? ""));

  it("reached every page route of the build and every GET route of the API", () => {
    expect(poisoned.length).toBeGreaterThan(3);
    const routes = new Set(visits.map((v) => v.route));
    expect(pages.filter((p) => !routes.has(p.pattern)).map((p) => p.pattern)).toEqual([]);
    expect(api.filter((r) => !routes.has(r.path)).map((r) => r.path)).toEqual([]);
    expect(visits.filter((v) => v.answer.status === 200).length).toBeGreaterThan(40);
  });

  it("changed nothing: no row of any table, no uploaded file", () => {
    // Two reads are recorded, the only rows a GET adds: a student's data export in the audit log (who took a
    // child's data), and a report card of a published result, issued with a verification link of its own.
    const kindOf = (row: string) => (JSON.parse(row) as { kind: string }).kind;
    const purposeOf = (row: string) => (JSON.parse(row) as { purpose: string }).purpose;
    const withoutExports = (dump: Record<string, string[]>) => ({
      ...dump,
      audit_log: (dump.audit_log ?? []).filter((row) => kindOf(row) !== "export"),
      public_links: (dump.public_links ?? []).filter((row) => purposeOf(row) !== "report-verification"),
    });
    expect(after.audit_log.some((row) => kindOf(row) === "export")).toBe(true);
    expect(after.public_links.some((row) => purposeOf(row) === "report-verification")).toBe(true);
    expect(withoutExports(after)).toEqual(withoutExports(before));
    expect(filesAfter).toEqual(filesBefore);
  });

  it("never answered with a server error", () => {
    expect(visits.filter((v) => v.answer.status >= 500).map((v) => `${v.answer.status} ${v.url}`)).toEqual([]);
  });

  it("every answer says nosniff, keeps its address from other sites, cannot be framed and names its request", () => {
    for (const v of visits) {
      const h = v.answer.headers;
      expect(h.get("x-content-type-options"), v.url).toBe("nosniff");
      expect(h.get("referrer-policy"), v.url).toBe("same-origin");
      expect(h.get("content-security-policy"), v.url).toMatch(/frame-ancestors 'none'/);
      expect(h.get("x-frame-options"), v.url).toBe("DENY");
      expect(h.get("x-request-id"), v.url).toMatch(/^[a-f0-9]{16}$/);
    }
    expect(new Set(visits.map((v) => v.answer.headers.get("x-request-id"))).size).toBe(visits.length);
  });

  it("every page runs only its own scripts: a fresh nonce each time, carried by every inline script, no inline handlers", () => {
    const nonces = new Set<string>();
    const pagesWithScripts = htmlVisits().filter((v) => /<script/.test(v.answer.text));
    expect(pagesWithScripts.length).toBeGreaterThan(10);
    for (const v of htmlVisits()) {
      const policy = v.answer.headers.get("content-security-policy") ?? "";
      const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1] ?? "";
      expect(scriptSrc, v.url).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc)?.[1];
      expect(nonce, v.url).toBeTruthy();
      expect(nonces.has(nonce!), `${v.url} reuses a nonce`).toBe(false);
      nonces.add(nonce!);
      for (const tag of v.answer.text.match(/<script\b[^>]*>/g) ?? []) {
        if (!/\bsrc=/.test(tag)) expect(tag, v.url).toContain(`nonce="${nonce}"`);
      }
      expect(eventHandlerAttributes(v.answer.text), v.url).toEqual([]);
      // Only the school's shared files may be embedded (the PDF preview), nothing else.
      expect(policy, v.url).toMatch(/object-src http:\/\/127\.0\.0\.1:\d+\/api\/files\/shared\/(;|$)/);
      expect(policy, v.url).toMatch(/base-uri 'none'/);
    }
  });

  it("pages and API answers are never stored; assets and the logo keep their long cache, other media none; a route's own caching is kept", async () => {
    const isMedia = (url: string) => url.startsWith("/api/media/") || url.startsWith("/media/");
    // The API's description is the same for everyone and changes only with the code: kept a few minutes.
    const isDescription = (url: string) => url === "/api/openapi.json";
    for (const v of visits.filter((v) => !v.url.startsWith("/assets/") && !isMedia(v.url) && !isDescription(v.url))) {
      expect(v.answer.headers.get("cache-control"), v.url).toMatch(/no-store/);
    }
    const description = visits.find((v) => isDescription(v.url));
    expect(description?.answer.headers.get("cache-control")).toBe("public, max-age=300");
    const assets = visits.filter((v) => v.url.startsWith("/assets/") && v.answer.status === 200);
    expect(assets.length).toBeGreaterThan(0);
    for (const v of assets)
      expect(v.answer.headers.get("cache-control"), v.url).toBe("public, max-age=31536000, immutable");
    // The school's logo is public (the application page shows it); a photo or a signature is never stored.
    const media = visits.filter((v) => isMedia(v.url) && v.answer.status === 200);
    expect(media.length).toBeGreaterThan(0);
    for (const v of media) {
      expect(v.answer.headers.get("cache-control"), v.url).toMatch(
        /^(public, max-age=31536000, immutable|private, no-store)$/,
      );
      expect(v.answer.headers.get("content-security-policy"), v.url).toMatch(/default-src 'none'/);
    }
    for (const v of visits.filter((v) => isMedia(v.url) && v.answer.status !== 200))
      expect(v.answer.headers.get("cache-control"), v.url).toMatch(/no-store/);
    const pdf = visits.find((v) => v.route.endsWith("/download") && v.answer.status === 200);
    expect(pdf?.answer.headers.get("cache-control")).toBe("private, no-store");
  });

  it("names with markup show as text on every page, never as markup", () => {
    for (const v of htmlVisits()) for (const live of LIVE_MARKUP) expect(v.answer.text, v.url).not.toMatch(live);
    const showing = htmlVisits()
      .filter((v) => v.answer.text.includes(ESCAPED_MARKUP))
      .map((v) => v.route);
    for (const route of [
      "/admin/students",
      "/admin/students-backlog",
      "/admin/update-student/:id",
      "/admin/timetable/:id/view",
      "/admin/dashboard",
      "/admin/profile",
    ]) {
      expect(showing, `${route} shows a hostile name`).toContain(route);
    }
  });

  it("names with markup or formulas are text in every PDF and spreadsheet", async () => {
    const documents = visits.filter(
      (v) => v.bytes && /pdf|spreadsheet|csv/.test(v.answer.headers.get("content-type") ?? ""),
    );
    expect(documents.length).toBeGreaterThan(0);
    for (const v of documents) {
      const type = v.answer.headers.get("content-type") ?? "";
      if (type.includes("pdf")) {
        const { text } = await extractText(await getDocumentProxy(v.bytes!), { mergePages: true });
        expect(text.replace(/\s+/g, " "), v.url).toContain(MARKUP);
      } else {
        // A cell that starts with = + - @ runs as a formula in a spreadsheet program: exports must neutralise it.
        const book = readSpreadsheet(v.bytes!, { type: "array", dense: true });
        for (const name of book.SheetNames) {
          const rows = sheetUtils.sheet_to_json<unknown[]>(book.Sheets[name], { header: 1, raw: false });
          for (const cell of rows.flat()) expect(String(cell ?? ""), v.url).not.toMatch(/^[=+\-@\t\r]/);
        }
        expect(book.SheetNames.length).toBeGreaterThan(0);
      }
    }
    expect(FORMULA.startsWith("=")).toBe(true);
  });

  it("with Data saver on, no page sends a script, and each still has its policy", async () => {
    const saver = await fetch(`${server.base}/data-saver`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ data_saver: "on", redirectTo: "/admin/dashboard" }),
    });
    const saverCookie = saver.headers
      .getSetCookie()
      .find((c) => c.startsWith("data_saver="))!
      .split(";")[0];
    for (const url of htmlVisits()
      .filter((v) => v.answer.status === 200)
      .map((v) => v.url)
      .slice(0, 12)) {
      const page = await getPage(server.base, url, `${cookie}; ${saverCookie}`);
      expect(page.text, url).not.toMatch(/<script\b|rel="modulepreload"/);
      expect(page.headers.get("content-security-policy"), url).toMatch(/script-src 'self' 'nonce-/);
    }
  });
});
