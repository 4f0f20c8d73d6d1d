/**
 * `npm run bench`: builds for production, fills a fresh database with a scale data set, starts the
 * server, logs in, and measures throughput, latency, page weight, PDF build time and peak memory in one
 * run; then a mixed read/write run (bench/mixed.ts) and a stop (SIGTERM) in the middle of another one,
 * which must lose no request the server accepted; last, the same server with one worker
 * (WEB_CONCURRENCY=1) through every kind of work once more (pages, PDFs, spreadsheets, a mixed run), for
 * the memory a small host needs. Prints a table, writes bench/results.json and checks bench/budgets.json.
 *
 * The pages are measured in BENCH_ROUNDS rounds (3; 1 with BENCH_SMALL), each page's figures those of its median
 * round. BENCH_SMALL=1 uses a small data set and short runs; BENCH_CHECK=1 fails the run when a figure is
 * missing or a byte budget fails (CI runs both: the bench never rots; timings and memory there are not judged).
 */
import SQLite from "better-sqlite3";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pageAssetBytes, gzipLength, loadAssetsManifest } from "./bytes";
import { xlsxBytes } from "../tests/api/spreadsheets";
import { fillDatabase, SCALE, SMALL } from "./fill";
import { load, type LoadResult } from "./load";
import { mixedLoad, type MixedResult } from "./mixed";

const small = process.env.BENCH_SMALL === "1";
const scale = small ? SMALL : SCALE;
const seconds = Number(process.env.BENCH_SECONDS ?? (small ? 2 : 10));
/** Rounds of floor-then-pages-then-floor; each page's figures are the median of its rounds. */
const rounds = Number(process.env.BENCH_ROUNDS ?? (small ? 1 : 3));
const connections = 10;
/** The mixed run: 20 admins at once for 30 s (3 s on the small data set). */
const MIXED = { connections: 20, seconds: small ? 3 : 30 };
/** The stop in the middle of a mixed run: SIGTERM half-way through. */
const STOP_SECONDS = small ? 4 : 10;
/**
 * The one-worker run: each page's requests at once (on the small data set every page once, all at once), the
 * rows of the students' register it checks (the most a file may have; fewer on the small set) and its mixed run.
 */
const ONE_WORKER = {
  pageRequests: small ? 1 : connections,
  importRows: small ? 2_000 : 10_000,
  mixedSeconds: small ? 1 : 10,
};
const port = Number(process.env.BENCH_PORT ?? 3999);
/** The server's PUBLIC_URL (required in production): where the bench reaches it. */
const publicUrl = `http://127.0.0.1:${port}`;
/** BENCH_BUILD_DIR measures a production build made already (CI measures the one its tests ran). */
const buildDir = process.env.BENCH_BUILD_DIR ?? ".builds/bench";
const base = `http://127.0.0.1:${port}`;
const budgets = JSON.parse(fs.readFileSync("bench/budgets.json", "utf8"));

function step(text: string) {
  process.stdout.write(`• ${text}\n`);
}

async function main() {
  if (process.env.BENCH_BUILD_DIR) {
    step(`measuring the build in ${buildDir}`);
  } else {
    step("building for production");
    const env = { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" as const };
    execFileSync("npx", ["remix", "vite:build"], { env, stdio: "ignore" });
    execFileSync("node", ["scripts/build-server.mjs"], { env, stdio: "inherit" });
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "school-bench-"));
  step(
    `filling ${dataDir}: ${scale.students} students with their parents, ${scale.staff} staff, ${scale.timetables}×${scale.schedules} schedules, ${scale.inventoryGroups}×${scale.itemsPerGroup} items and ${scale.purchases} sales, ${scale.otherSchools}×${scale.otherStudents} other students, ${scale.files} files in ${scale.folders} folders`,
  );
  const fill = await fillDatabase(path.join(dataDir, "school.sqlite"), scale, publicUrl);

  step("starting the server");
  let server = startServer(dataDir, null);
  try {
    await waitForHealth();
    const cookie = await logIn(fill.uniqueId, fill.password);
    const dataSaverCookie = await setDataSaver(cookie);
    const headers = { cookie, "accept-encoding": "gzip" };
    const manifest = await loadAssetsManifest(buildDir);

    const pages: BenchPage[] = [
      {
        name: "dashboard",
        url: "/admin/dashboard",
        routes: ["root", "routes/admin/layout", "routes/admin/dashboard/dashboard"],
      },
      {
        name: "students",
        kind: "list",
        url: "/admin/students",
        routes: ["root", "routes/admin/layout", fill.studentsRouteId],
      },
      {
        name: "students search",
        kind: "search",
        url: `/admin/students?q=${encodeURIComponent(fill.searchTerm)}`,
        routes: ["root", "routes/admin/layout", fill.studentsRouteId],
      },
      {
        name: "students class",
        kind: "list",
        url: "/admin/students?class=JSS2",
        routes: ["root", "routes/admin/layout", fill.studentsRouteId],
      },
      {
        name: "students page 50",
        kind: "list",
        url: "/admin/students?page=50",
        routes: ["root", "routes/admin/layout", fill.studentsRouteId],
      },
      {
        name: "parents",
        kind: "list",
        url: "/admin/parents",
        routes: ["root", "routes/admin/layout", fill.parentsRouteId],
      },
      {
        name: "parents search",
        kind: "search",
        url: `/admin/parents?q=${encodeURIComponent(fill.searchTerm)}`,
        routes: ["root", "routes/admin/layout", fill.parentsRouteId],
      },
      { name: "staff", kind: "list", url: "/admin/staff", routes: ["root", "routes/admin/layout", fill.staffRouteId] },
      {
        name: "staff search",
        kind: "search",
        url: `/admin/staff?q=${encodeURIComponent(fill.searchTerm)}`,
        routes: ["root", "routes/admin/layout", fill.staffRouteId],
      },
      {
        name: "timetable view",
        url: `/admin/timetable/${fill.largestTimetableId}/view`,
        routes: ["root", "routes/admin/layout", fill.timetableRouteId],
      },
      {
        name: "inventory",
        kind: "list",
        url: "/admin/inventory",
        routes: ["root", "routes/admin/layout", fill.inventoryRouteId],
      },
      { name: "files", kind: "list", url: "/admin/files", routes: ["root", "routes/admin/layout", fill.filesRouteId] },
      {
        name: "files folder",
        kind: "list",
        url: `/admin/files/${encodeURIComponent(fill.largestFolder)}`,
        routes: ["root", "routes/admin/layout", fill.folderRouteId],
      },
      {
        name: "fees overview",
        url: `/admin/school-fees?term=${encodeURIComponent(fill.feesTerm.term)}&year=${encodeURIComponent(fill.feesTerm.year)}`,
        routes: ["root", "routes/admin/layout", fill.feesRouteId],
      },
      {
        name: "broadsheet 60×15",
        url: `/admin/results/broadsheet?${new URLSearchParams({ class: fill.broadsheet.className, term: fill.broadsheet.term, year: fill.broadsheet.year })}`,
        routes: ["root", "routes/admin/layout", fill.broadsheetRouteId],
      },
    ];

    /**
     * One round: the floor, every page, the floor again. The floor is measured before and after the pages, and each
     * page is compared with the mean of the two: on a shared machine, speed drifts over the minutes a run takes.
     */
    async function measureRound(pages: BenchPage[]) {
      const floorFirst = await load(`${base}/bench/reference`, headers, connections, seconds);
      const rows: Array<Record<string, unknown>> = [];
      for (const page of pages) {
        const status = await fetch(base + page.url, { headers: { cookie } });
        if (status.status !== 200) throw new Error(`${page.url} answered ${status.status}`);
        const html = await status.text();
        const result: LoadResult = await load(base + page.url, headers, connections, seconds);
        const bytes = pageAssetBytes(buildDir, manifest, page.routes, new URL(page.url, base).pathname);
        const css = await stylesheetBytes(html);
        const saver = await fetch(base + page.url, { headers: { cookie: dataSaverCookie } }).then((r) => r.text());
        const saverJs = await scriptBytes(saver);
        rows.push({
          page: page.name,
          kind: page.kind ?? "page",
          url: page.url,
          ...result,
          jsGzip: bytes.js,
          cssGzip: css,
          htmlGzip: gzipLength(html),
          dataSaverJs: saverJs,
        });
      }
      const floorLast = await load(`${base}/bench/reference`, headers, connections, seconds);
      const reference: Floor = {
        requestsPerSecond: Math.round((floorFirst.requestsPerSecond + floorLast.requestsPerSecond) / 2),
        first: floorFirst,
        last: floorLast,
      };
      for (const row of rows)
        row.ratioToReference = Math.round((Number(row.requestsPerSecond) / reference.requestsPerSecond) * 100) / 100;
      return { reference, rows };
    }

    // Every worker compiles its hot paths on first use: warm each page up before measuring anything.
    step("warming up");
    for (const url of ["/bench/reference", ...pages.map((p) => p.url)])
      await load(base + url, headers, connections, small ? 1 : 3);

    step(`load: ${connections} connections, ${seconds}s a page, ${rounds} round${rounds === 1 ? "" : "s"}`);
    const measured: Array<{ reference: Floor; rows: Array<Record<string, unknown>> }> = [];
    for (let round = 0; round < rounds; round++) measured.push(await measureRound(pages));
    // Each page's figures are those of its median round by ratio; the floor is the median round's too.
    const rows = pages.map((_, i) =>
      medianBy(
        measured.map((m) => m.rows[i]),
        (r) => Number(r.ratioToReference),
      ),
    );
    const reference = medianBy(
      measured.map((m) => m.reference),
      (f) => f.requestsPerSecond,
    );
    if (rounds > 1)
      for (const [i, row] of rows.entries())
        row.ratioRounds = measured.map((m) => m.rows[i].ratioToReference as number);

    step("timetable PDF");
    const pdf = await timePdf(fill, cookie);

    step(`mixed run: ${MIXED.connections} connections, ${MIXED.seconds}s of list pages, searches, creates and updates`);
    const database = path.join(dataDir, "school.sqlite");
    const studentIds = studentIdsOf(database, fill.uniqueId);
    const mixed = (await mixedLoad({ base, cookie, ...MIXED, studentIds, searchTerms: SEARCH_TERMS, tag: "run" }))
      .result;
    const peakMemoryMb = peakRssMb(server.pid!);

    step(`stop under load: SIGTERM half-way through ${STOP_SECONDS}s of the mixed run`);
    server.kill("SIGTERM");
    await exitOf(server);
    const log: string[] = [];
    server = startServer(dataDir, log);
    await waitForHealth();
    const stop = await stopUnderLoad(server, log, await logIn(fill.uniqueId, fill.password), database, studentIds);

    step(
      `one worker: every page, PDFs, spreadsheets, a ${ONE_WORKER.importRows}-row register checked, ${ONE_WORKER.mixedSeconds}s of the mixed run, a sign-in`,
    );
    server = startServer(dataDir, null, 1);
    const oneWorker = await oneWorkerPeak(server, fill, pages, studentIds);
    const peakMemoryMbOneWorker = oneWorker.peakMb;

    const results = {
      when: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
      dataSet: scale,
      connections,
      seconds,
      reference,
      pages: rows,
      pdf,
      peakMemoryMb,
      peakMemoryMbOneWorker,
      oneWorker,
      mixed,
      stop,
    };
    const verdicts = checkBudgets(results);
    fs.writeFileSync("bench/results.json", JSON.stringify({ ...results, budgets: verdicts }, null, 2) + "\n");
    printTable(results, verdicts);
    if (process.env.BENCH_CHECK === "1") checkProduced(results, verdicts);
  } finally {
    server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A page the bench loads: a list, a search (held to their own ratios) or another page. */
interface BenchPage {
  name: string;
  kind?: "list" | "search";
  url: string;
  routes: string[];
}

/** The item whose `value` is the median of the items' (the lower middle one of an even count). */
function medianBy<T>(items: T[], value: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => value(a) - value(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The floor page, measured before and after the pages; `requestsPerSecond` is the mean the ratios use. */
interface Floor {
  requestsPerSecond: number;
  first: LoadResult;
  last: LoadResult;
}

/**
 * CI's check: every figure was measured (no zero or missing number) and the byte budgets hold.
 * Timings are not judged there: a shared CI machine says nothing about them. Nor is the one-worker memory: the small
 * data set does not load a worker as the full one does (README, Performance).
 */
function checkProduced(
  results: {
    reference: Floor;
    pages: Array<Record<string, unknown>>;
    pdf: { medianMs: number; bytes: number };
    peakMemoryMb: number;
    peakMemoryMbOneWorker: number;
    mixed: MixedResult;
    stop: StopResult;
  },
  verdicts: Verdict[],
) {
  const problems: string[] = [];
  const measured = (what: string, value: unknown) => {
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0)
      problems.push(`${what} was not measured (${String(value)})`);
  };
  measured("reference req/s (first)", results.reference.first.requestsPerSecond);
  measured("reference req/s (last)", results.reference.last.requestsPerSecond);
  for (const row of results.pages) {
    for (const key of ["requestsPerSecond", "p50", "p95", "p99", "jsGzip", "cssGzip", "htmlGzip"])
      measured(`${row.page} ${key}`, row[key]);
    if (Number(row.errors) > 0 || Number(row.non2xx) > 0)
      problems.push(`${row.page}: ${row.errors} errors, ${row.non2xx} non-2xx answers under load`);
  }
  measured("PDF time", results.pdf.medianMs);
  measured("PDF bytes", results.pdf.bytes);
  measured("peak memory", results.peakMemoryMb);
  measured("peak memory, one worker", results.peakMemoryMbOneWorker);
  for (const key of ["requestsPerSecond", "p50", "p95", "p99"] as const)
    measured(`mixed run ${key}`, results.mixed[key]);
  if (results.mixed.errors > 0)
    problems.push(`mixed run: ${results.mixed.errors} errors (${results.mixed.errorSamples.join(", ")})`);
  measured("stop: requests answered", results.stop.answered);
  if (results.stop.lost > 0)
    problems.push(`stop: ${results.stop.lost} accepted requests lost (${results.stop.lostSamples.join(", ")})`);
  if (results.stop.exitCode !== 0) problems.push(`stop: the server exited with ${results.stop.exitCode}`);
  for (const v of verdicts)
    if (v.kind === "bytes" && !v.pass) problems.push(`over budget: ${v.what} = ${v.value} (budget ${v.limit})`);
  if (problems.length) {
    console.error(`\nbench check failed:\n  ${problems.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.log("bench check: every figure measured, byte budgets hold");
  }
}

const SEARCH_TERMS = ["okafor", "adebayo", "bello 1", "ADM/2026/0004", "zainab"];

/** Node's flags in `npm start` (the heap cap): the bench runs the server as a host does. */
const startFlags = (JSON.parse(fs.readFileSync("package.json", "utf8")).scripts.start as string)
  .split(/\s+/)
  .filter((word) => word.startsWith("--"));

/** The server as the bench runs it: two workers unless told; its JSON log kept in `log` when one is given. */
function startServer(dataDir: string, log: string[] | null, workers?: number): ChildProcess {
  const child = spawn("node", [...startFlags, path.join(buildDir, "server.mjs")], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      PUBLIC_URL: publicUrl,
      SESSION_SECRET: "b".repeat(48),
      BENCH_REFERENCE: "1",
      WEB_CONCURRENCY: String(workers ?? process.env.WEB_CONCURRENCY ?? "2"),
    },
    stdio: ["ignore", log ? "pipe" : "ignore", "inherit"],
  });
  if (log) {
    let partial = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop() ?? "";
      log.push(...lines);
    });
  }
  return child;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

function studentIdsOf(database: string, uniqueId: string): string[] {
  const db = new SQLite(database, { readonly: true });
  try {
    return db
      .prepare(
        "select s.unique_id from students s join schools c on c.id = s.school_id where c.unique_id = ? order by s.id limit 200",
      )
      .pluck()
      .all(uniqueId) as string[];
  } finally {
    db.close();
  }
}

interface StopResult {
  seconds: number;
  /** Requests that got their answer. */
  answered: number;
  /** Requests turned away once the server had stopped listening (never accepted). */
  refused: number;
  /** Requests the server logged as handled whose answer never arrived, plus saved forms missing afterwards. */
  lost: number;
  lostSamples: string[];
  /** Creates answered as saved, and how many of them the database holds afterwards. */
  savedFound: string;
  exitCode: number | null;
}

/**
 * A mixed run stopped half-way by SIGTERM, as `docker stop` does. The server logs every request it
 * handled under the id the client sent: each of those must have reached the client, and every form it
 * answered as saved must be in the database once the server is gone. Requests refused after the stop
 * were never accepted.
 */
async function stopUnderLoad(
  server: ChildProcess,
  log: string[],
  cookie: string,
  database: string,
  studentIds: string[],
): Promise<StopResult> {
  const { outcomes } = await mixedLoad({
    base,
    cookie,
    connections: MIXED.connections,
    seconds: STOP_SECONDS,
    studentIds,
    searchTerms: SEARCH_TERMS,
    tag: "stop",
    halfway: () => server.kill("SIGTERM"),
  });
  const exitCode = await exitOf(server);
  const handled = new Set(
    log
      .map((line) => {
        try {
          return JSON.parse(line) as { msg?: string; request_id?: string };
        } catch {
          return {};
        }
      })
      .filter((l) => l.msg === "request" && l.request_id?.startsWith("bench-stop-"))
      .map((l) => l.request_id!),
  );
  const unanswered = outcomes.filter((o) => typeof o.status !== "number" && handled.has(o.id));
  const db = new SQLite(database, { readonly: true });
  const names = new Set(
    db.prepare("select name from students where name like 'Mixed stop %'").pluck().all() as string[],
  );
  db.close();
  // Creates only: an update's name may be replaced by a later update of the same student.
  const saved = outcomes.filter((o) => o.ok && o.kind === "create");
  const missing = saved.filter((o) => !names.has(o.name!));
  return {
    seconds: STOP_SECONDS,
    answered: outcomes.filter((o) => typeof o.status === "number").length,
    refused: outcomes.filter((o) => typeof o.status !== "number" && !handled.has(o.id)).length,
    lost: unanswered.length + missing.length,
    lostSamples: [...unanswered.map((o) => `${o.id} ${o.status}`), ...missing.map((o) => `${o.name} not saved`)].slice(
      0,
      5,
    ),
    savedFound: `${saved.length - missing.length}/${saved.length}`,
    exitCode,
  };
}

async function waitForHealth() {
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${base}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not become healthy");
}

function cookieFrom(response: Response): string {
  const raw = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!raw) throw new Error("no session cookie");
  return raw.split(";")[0];
}

async function logIn(uniqueId: string, password: string): Promise<string> {
  const response = await fetch(`${base}/choose-account`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ unique_id: uniqueId, password }),
  });
  if (response.status !== 302) throw new Error(`login answered ${response.status}`);
  return cookieFrom(response);
}

async function setDataSaver(cookie: string): Promise<string> {
  const response = await fetch(`${base}/data-saver`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ data_saver: "on", redirectTo: "/admin/dashboard" }),
  });
  const saver = response.headers.getSetCookie().find((c) => c.startsWith("data_saver="));
  if (!saver) throw new Error(`data saver answered ${response.status} without a cookie`);
  return `${cookie}; ${saver.split(";")[0]}`;
}

async function stylesheetBytes(html: string): Promise<number> {
  const hrefs = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  let total = 0;
  for (const href of hrefs) total += gzipLength(await fetch(base + href).then((r) => r.text()));
  return total;
}

/** JavaScript (gzip bytes) an HTML page makes the browser load: inline scripts, script sources, module preloads. */
async function scriptBytes(html: string): Promise<number> {
  let total = 0;
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) total += m[1] ? gzipLength(m[1]) : 0;
  const urls = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g),
  ].map((m) => m[1]);
  for (const url of new Set(urls)) total += gzipLength(await fetch(base + url).then((r) => r.text()));
  return total;
}

async function timePdf(fill: Awaited<ReturnType<typeof fillDatabase>>, cookie: string) {
  const url = `${base}/admin/timetable/${fill.largestTimetableId}/download`;
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const body = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200 || !(response.headers.get("content-type") ?? "").includes("pdf")) {
      throw new Error(`PDF answered ${response.status}`);
    }
    times.push(performance.now() - start);
    bytes = body.length;
  }
  times.sort((a, b) => a - b);
  return { medianMs: Math.round(times[2]), bytes, schedules: fill.schedulesInLargest };
}

/**
 * The server's peak memory: the RSS high-water marks of its process and every process under it (its workers
 * and theirs), added up. Worker threads (the spreadsheet pool) are in their process's figure.
 */
function peakRssMb(pid: number, field: "VmHWM" | "VmRSS" = "VmHWM"): number {
  const read = (file: string) => {
    try {
      return fs.readFileSync(file, "utf8");
    } catch {
      return ""; // a process that ended between the listing and the read
    }
  };
  const kb = (p: number) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(read(`/proc/${p}/status`))?.[1] ?? 0);
  const descendants = (p: number): number[] => {
    const tasks = read(`/proc/${p}/status`) ? fs.readdirSync(`/proc/${p}/task`) : [];
    const children = tasks.flatMap((t) => read(`/proc/${p}/task/${t}/children`).trim().split(/\s+/).filter(Boolean));
    return [...new Set(children)].map(Number).flatMap((c) => [c, ...descendants(c)]);
  };
  return Math.round([pid, ...descendants(pid)].reduce((sum, p) => sum + kb(p), 0) / 1024);
}

interface OneWorker {
  peakMb: number;
  seconds: number;
  highWaterAfterMb: Record<string, number>;
  residentAfterMb: Record<string, number>;
}

/** A school API token, as an integration signs in. */
async function apiToken(fill: { uniqueId: string; password: string }): Promise<string> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ unique_id: fill.uniqueId, password: fill.password }),
  });
  if (login.status !== 200) throw new Error(`API login answered ${login.status}`);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/**
 * The one-worker run: a fresh server with WEB_CONCURRENCY=1 serves every page (ONE_WORKER.pageRequests at once),
 * the timetable PDF three at once, the broadsheet and the import template as spreadsheets (the worker pool), a
 * students' register checked for import, a short mixed run and a last sign-in; then its peak memory and what each
 * step added.
 */
async function oneWorkerPeak(
  server: ChildProcess,
  fill: Awaited<ReturnType<typeof fillDatabase>>,
  pages: Array<{ url: string }>,
  studentIds: string[],
): Promise<OneWorker> {
  const started = performance.now();
  /** The high-water mark and the resident memory after each kind of work: what took the memory, and what kept it. */
  const highWaterAfterMb: Record<string, number> = {};
  const residentAfterMb: Record<string, number> = {};
  const mark = (what: string) => {
    highWaterAfterMb[what] = peakRssMb(server.pid!);
    residentAfterMb[what] = peakRssMb(server.pid!, "VmRSS");
  };
  try {
    await waitForHealth();
    mark("start");
    const cookie = await logIn(fill.uniqueId, fill.password);
    const api = { authorization: `Bearer ${await apiToken(fill)}` };
    mark("sign-in");
    const headers = { cookie, "accept-encoding": "gzip" };
    const burst = async (url: string, init: RequestInit, times: number) => {
      const answers = await Promise.all(
        Array.from({ length: times }, () =>
          fetch(base + url, init).then(async (r) => [r.status, await r.arrayBuffer()] as const),
        ),
      );
      const wrong = answers.find(([status]) => status !== 200 && status !== 201);
      if (wrong) throw new Error(`one worker: ${url} answered ${wrong[0]}`);
    };
    if (ONE_WORKER.pageRequests === 1) await Promise.all(pages.map((page) => burst(page.url, { headers }, 1)));
    else for (const page of pages) await burst(page.url, { headers }, ONE_WORKER.pageRequests);
    mark("pages");
    await burst(`/admin/timetable/${fill.largestTimetableId}/download`, { headers }, 3);
    mark("pdf");

    const school = `/api/admin/${fill.uniqueId}`;
    const { className, term, year } = fill.broadsheet;
    const sheet = new URLSearchParams({ class: className, term, year });
    await burst(`${school}/results/broadsheet.xlsx?${sheet}`, { headers: api }, 3);
    await burst(`${school}/imports/students/template`, { headers: api }, 2);
    mark("spreadsheets");
    const register = xlsxBytes([
      ["Name", "Class", "Gender", "Phone Number", "Email", "Admission Number"],
      ...Array.from({ length: ONE_WORKER.importRows }, (_, i) => [
        `One Worker Pupil ${i}`,
        "JSS1",
        i % 2 ? "Male" : "Female",
        `0803${String(2_000_000 + i).padStart(7, "0")}`,
        `one${i}@bench.ng`,
        `ONE/${i}`,
      ]),
    ]);
    const upload = new FormData();
    upload.set("file", new File([register], "register.xlsx"));
    await burst(`${school}/imports/students`, { method: "POST", headers: api, body: upload }, 1);
    mark("import check");

    await mixedLoad({
      base,
      cookie,
      connections: MIXED.connections,
      seconds: ONE_WORKER.mixedSeconds,
      studentIds,
      searchTerms: SEARCH_TERMS,
      tag: "one",
    });
    mark("mixed run");
    // A sign-in (scrypt's 128 MB while it hashes) once the process holds what the work above left it.
    await logIn(fill.uniqueId, fill.password);
    mark("sign-in at the end");
    return {
      peakMb: peakRssMb(server.pid!),
      seconds: Math.round((performance.now() - started) / 100) / 10,
      highWaterAfterMb,
      residentAfterMb,
    };
  } finally {
    server.kill("SIGTERM");
    await exitOf(server);
  }
}

interface Verdict {
  kind: "bytes" | "memory" | "timing";
  what: string;
  value: number;
  limit: number;
  pass: boolean;
}

function checkBudgets(results: { pages: Array<Record<string, unknown>>; peakMemoryMbOneWorker: number }): Verdict[] {
  const verdicts: Verdict[] = [
    {
      kind: "memory",
      what: "peak memory, one worker (MB)",
      value: results.peakMemoryMbOneWorker,
      limit: budgets.maxPeakMemoryMbOneWorker,
      pass: results.peakMemoryMbOneWorker <= budgets.maxPeakMemoryMbOneWorker,
    },
  ];
  for (const row of results.pages) {
    const page = String(row.page);
    verdicts.push({
      kind: "bytes",
      what: `${page}: JS gzip bytes`,
      value: Number(row.jsGzip),
      limit: budgets.jsGzipBytesPerAdminPage,
      pass: Number(row.jsGzip) <= budgets.jsGzipBytesPerAdminPage,
    });
    verdicts.push({
      kind: "bytes",
      what: `${page}: data-saver JS gzip bytes`,
      value: Number(row.dataSaverJs),
      limit: budgets.dataSaverJsBytes,
      pass: Number(row.dataSaverJs) <= budgets.dataSaverJsBytes,
    });
    // A search is held to its own ratio, a list page to its own; every other page to the general one.
    const minRatio =
      row.kind === "search"
        ? budgets.minSearchRatioToReference
        : row.kind === "list"
          ? budgets.minListRatioToReference
          : budgets.minThroughputRatioToReference;
    verdicts.push({
      kind: "timing",
      what: `${page}: throughput / reference`,
      value: Number(row.ratioToReference),
      limit: minRatio,
      pass: Number(row.ratioToReference) >= minRatio,
    });
    verdicts.push({
      kind: "timing",
      what: `${page}: p95 ms`,
      value: Number(row.p95),
      limit: budgets.maxP95MsAt10Connections,
      pass: Number(row.p95) <= budgets.maxP95MsAt10Connections,
    });
  }
  return verdicts;
}

function printTable(
  results: {
    reference: Floor;
    pages: Array<Record<string, unknown>>;
    pdf: Record<string, number>;
    peakMemoryMb: number;
    peakMemoryMbOneWorker: number;
    oneWorker: OneWorker;
    mixed: MixedResult;
    stop: StopResult;
  },
  verdicts: Verdict[],
) {
  const pad = (v: unknown, n: number) => String(v).padStart(n);
  console.log("\npage                 req/s   p50ms   p95ms   p99ms  ratio   JS gz  CSS gz  HTML gz  saver JS");
  const floorRow = (label: string, f: LoadResult) =>
    console.log(`${label.padEnd(17)}${pad(f.requestsPerSecond, 8)}${pad(f.p50, 8)}${pad(f.p95, 8)}${pad(f.p99, 8)}`);
  floorRow("floor, first", results.reference.first);
  for (const r of results.pages) {
    console.log(
      `${String(r.page).padEnd(17)}${pad(r.requestsPerSecond, 8)}${pad(r.p50, 8)}${pad(r.p95, 8)}${pad(r.p99, 8)}${pad(r.ratioToReference, 7)}${pad(r.jsGzip, 8)}${pad(r.cssGzip, 8)}${pad(r.htmlGzip, 9)}${pad(r.dataSaverJs, 10)}`,
    );
  }
  floorRow("floor, last", results.reference.last);
  console.log(`(ratio: each page's req/s over the floor's mean, ${results.reference.requestsPerSecond})`);
  const rounds = results.pages.filter((r) => Array.isArray(r.ratioRounds));
  if (rounds.length)
    console.log(
      `(each page's median round of ${(rounds[0].ratioRounds as number[]).length}; the rounds' ratios: ${rounds
        .map((r) => `${String(r.page)} ${(r.ratioRounds as number[]).join("/")}`)
        .join(", ")})`,
    );
  console.log(
    `\ntimetable PDF (${results.pdf.schedules} schedules): median ${results.pdf.medianMs} ms, ${results.pdf.bytes} bytes`,
  );
  console.log(`server peak memory (RSS high-water mark): ${results.peakMemoryMb} MB`);
  const one = results.oneWorker;
  console.log(
    `server peak memory with one worker (WEB_CONCURRENCY=1): ${results.peakMemoryMbOneWorker} MB in ${one.seconds}s; high-water (resident) after ${Object.entries(
      one.highWaterAfterMb,
    )
      .map(([what, mb]) => `${what} ${mb} (${one.residentAfterMb[what]})`)
      .join(", ")} MB`,
  );
  const m = results.mixed;
  console.log(
    `\nmixed run, ${m.connections} connections for ${m.seconds}s: ${m.requestsPerSecond} req/s, p50 ${m.p50} ms, p95 ${m.p95} ms, p99 ${m.p99} ms, ${m.errors} errors of ${m.requests}`,
  );
  for (const [kind, k] of Object.entries(m.byKind))
    console.log(`  ${kind.padEnd(7)} ${String(k.requests).padStart(6)} requests, p95 ${k.p95} ms, ${k.errors} errors`);
  const t = results.stop;
  console.log(
    `stop (SIGTERM half-way through ${t.seconds}s): ${t.answered} answered, ${t.refused} refused after the stop, ${t.lost} accepted and lost, creates saved ${t.savedFound}, exit code ${t.exitCode}\n`,
  );
  for (const v of verdicts)
    console.log(
      `${v.pass ? "PASS" : "FAIL"}  ${v.what}: ${v.value} (budget ${v.what.includes("reference") ? "≥" : "≤"} ${v.limit})`,
    );
  console.log("\nwritten: bench/results.json");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
