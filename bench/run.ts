/**
 * `npm run bench`: builds for production, fills a fresh database with a scale data set, starts the
 * server, logs in, and measures throughput, latency, page weight, PDF build time and peak memory in one
 * run. Prints a table, writes bench/results.json and checks bench/budgets.json.
 *
 * BENCH_SMALL=1 uses a small data set and short runs; BENCH_CHECK=1 fails the run when a figure is
 * missing or a byte budget fails (CI runs both: the bench never rots; timings there are not judged).
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pageAssetBytes, gzipLength, loadAssetsManifest } from "./bytes";
import { fillDatabase, SCALE, SMALL } from "./fill";
import { load, type LoadResult } from "./load";

const small = process.env.BENCH_SMALL === "1";
const scale = small ? SMALL : SCALE;
const seconds = Number(process.env.BENCH_SECONDS ?? (small ? 2 : 10));
const connections = 10;
const port = Number(process.env.BENCH_PORT ?? 3999);
const buildDir = ".builds/bench";
const base = `http://127.0.0.1:${port}`;
const budgets = JSON.parse(fs.readFileSync("bench/budgets.json", "utf8"));

function step(text: string) {
  process.stdout.write(`• ${text}\n`);
}

async function main() {
  step("building for production");
  const env = { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" as const };
  execFileSync("npx", ["remix", "vite:build"], { env, stdio: "ignore" });
  execFileSync("node", ["scripts/build-server.mjs"], { env, stdio: "inherit" });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "school-bench-"));
  step(`filling ${dataDir}: ${scale.students} students with their parents, ${scale.staff} staff, ${scale.timetables}×${scale.schedules} schedules, ${scale.otherSchools}×${scale.otherStudents} other students`);
  const fill = await fillDatabase(path.join(dataDir, "school.sqlite"), scale);

  step("starting the server");
  const server = spawn("node", [path.join(buildDir, "server.mjs")], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", SESSION_SECRET: "b".repeat(48), BENCH_REFERENCE: "1", WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "2" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForHealth();
    const cookie = await logIn(fill.uniqueId, fill.password);
    const dataSaverCookie = await setDataSaver(cookie);
    const headers = { cookie, "accept-encoding": "gzip" };
    const manifest = await loadAssetsManifest(buildDir);

    const pages = [
      { name: "dashboard", url: "/admin/dashboard", routes: ["root", "routes/admin/layout", "routes/admin/dashboard/dashboard"] },
      { name: "students", url: "/admin/students", routes: ["root", "routes/admin/layout", fill.studentsRouteId] },
      { name: "students search", url: `/admin/students?q=${encodeURIComponent(fill.searchTerm)}`, routes: ["root", "routes/admin/layout", fill.studentsRouteId] },
      { name: "students class", url: "/admin/students?class=JSS2", routes: ["root", "routes/admin/layout", fill.studentsRouteId] },
      { name: "students page 50", url: "/admin/students?page=50", routes: ["root", "routes/admin/layout", fill.studentsRouteId] },
      { name: "parents", url: "/admin/parents", routes: ["root", "routes/admin/layout", fill.parentsRouteId] },
      { name: "parents search", url: `/admin/parents?q=${encodeURIComponent(fill.searchTerm)}`, routes: ["root", "routes/admin/layout", fill.parentsRouteId] },
      { name: "staff", url: "/admin/staff", routes: ["root", "routes/admin/layout", fill.staffRouteId] },
      { name: "staff search", url: `/admin/staff?q=${encodeURIComponent(fill.searchTerm)}`, routes: ["root", "routes/admin/layout", fill.staffRouteId] },
      { name: "timetable view", url: `/admin/timetable/${fill.largestTimetableId}/view`, routes: ["root", "routes/admin/layout", fill.timetableRouteId] },
    ];

    // Every worker compiles its hot paths on first use: warm each page up before measuring anything.
    step("warming up");
    for (const url of ["/bench/reference", ...pages.map((p) => p.url)]) await load(base + url, headers, connections, small ? 1 : 3);

    step(`load: ${connections} connections, ${seconds}s a page`);
    // The floor is measured before and after the pages, and each page is compared with the mean of the
    // two: on a shared machine, speed drifts over the minutes a run takes.
    const floorFirst = await load(`${base}/bench/reference`, headers, connections, seconds);
    const rows: Array<Record<string, unknown>> = [];
    for (const page of pages) {
      const status = await fetch(base + page.url, { headers: { cookie } });
      if (status.status !== 200) throw new Error(`${page.url} answered ${status.status}`);
      const html = await status.text();
      const result: LoadResult = await load(base + page.url, headers, connections, seconds);
      const bytes = pageAssetBytes(buildDir, manifest, page.routes);
      const css = await stylesheetBytes(html);
      const saver = await fetch(base + page.url, { headers: { cookie: dataSaverCookie } }).then((r) => r.text());
      const saverJs = await scriptBytes(saver);
      rows.push({
        page: page.name,
        url: page.url,
        ...result,
        jsGzip: bytes.js,
        cssGzip: css,
        htmlGzip: gzipLength(html),
        dataSaverJs: saverJs,
      });
    }

    const floorLast = await load(`${base}/bench/reference`, headers, connections, seconds);
    const reference: Floor = { requestsPerSecond: Math.round((floorFirst.requestsPerSecond + floorLast.requestsPerSecond) / 2), first: floorFirst, last: floorLast };
    for (const row of rows) row.ratioToReference = Math.round((Number(row.requestsPerSecond) / reference.requestsPerSecond) * 100) / 100;

    step("timetable PDF");
    const pdf = await timePdf(fill, cookie);
    const peakMemoryMb = peakRssMb(server.pid!);

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

/** The floor page, measured before and after the pages; `requestsPerSecond` is the mean the ratios use. */
interface Floor {
  requestsPerSecond: number;
  first: LoadResult;
  last: LoadResult;
}

/**
 * CI's check: every figure was measured (no zero or missing number) and the byte budgets hold.
 * Timings are not judged there: a shared CI machine says nothing about them.
 */
function checkProduced(results: { reference: Floor; pages: Array<Record<string, unknown>>; pdf: { medianMs: number; bytes: number }; peakMemoryMb: number }, verdicts: Verdict[]) {
  const problems: string[] = [];
  const measured = (what: string, value: unknown) => {
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) problems.push(`${what} was not measured (${String(value)})`);
  };
  measured("reference req/s (first)", results.reference.first.requestsPerSecond);
  measured("reference req/s (last)", results.reference.last.requestsPerSecond);
  for (const row of results.pages) {
    for (const key of ["requestsPerSecond", "p50", "p95", "p99", "jsGzip", "cssGzip", "htmlGzip"]) measured(`${row.page} ${key}`, row[key]);
    if (Number(row.errors) > 0 || Number(row.non2xx) > 0) problems.push(`${row.page}: ${row.errors} errors, ${row.non2xx} non-2xx answers under load`);
  }
  measured("PDF time", results.pdf.medianMs);
  measured("PDF bytes", results.pdf.bytes);
  measured("peak memory", results.peakMemoryMb);
  for (const v of verdicts) if (v.kind === "bytes" && !v.pass) problems.push(`over budget: ${v.what} = ${v.value} (budget ${v.limit})`);
  if (problems.length) {
    console.error(`\nbench check failed:\n  ${problems.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.log("bench check: every figure measured, byte budgets hold");
  }
}

async function waitForHealth() {
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok).catch(() => false);
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
  const urls = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
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

/** The server's peak memory: the RSS high-water marks of its process and its workers, added up. */
function peakRssMb(pid: number): number {
  const hwm = (p: number) => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
  const children = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return Math.round([pid, ...children].reduce((kb, p) => kb + hwm(p), 0) / 1024);
}

interface Verdict {
  kind: "bytes" | "timing";
  what: string;
  value: number;
  limit: number;
  pass: boolean;
}

function checkBudgets(results: { pages: Array<Record<string, unknown>> }): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const row of results.pages) {
    const page = String(row.page);
    verdicts.push({ kind: "bytes", what: `${page}: JS gzip bytes`, value: Number(row.jsGzip), limit: budgets.jsGzipBytesPerAdminPage, pass: Number(row.jsGzip) <= budgets.jsGzipBytesPerAdminPage });
    verdicts.push({ kind: "bytes", what: `${page}: data-saver JS gzip bytes`, value: Number(row.dataSaverJs), limit: budgets.dataSaverJsBytes, pass: Number(row.dataSaverJs) <= budgets.dataSaverJsBytes });
    verdicts.push({ kind: "timing", what: `${page}: throughput / reference`, value: Number(row.ratioToReference), limit: budgets.minThroughputRatioToReference, pass: Number(row.ratioToReference) >= budgets.minThroughputRatioToReference });
    verdicts.push({ kind: "timing", what: `${page}: p95 ms`, value: Number(row.p95), limit: budgets.maxP95MsAt10Connections, pass: Number(row.p95) <= budgets.maxP95MsAt10Connections });
  }
  return verdicts;
}

function printTable(results: { reference: Floor; pages: Array<Record<string, unknown>>; pdf: Record<string, number>; peakMemoryMb: number }, verdicts: Verdict[]) {
  const pad = (v: unknown, n: number) => String(v).padStart(n);
  console.log("\npage                 req/s   p50ms   p95ms   p99ms  ratio   JS gz  CSS gz  HTML gz  saver JS");
  const floorRow = (label: string, f: LoadResult) => console.log(`${label.padEnd(17)}${pad(f.requestsPerSecond, 8)}${pad(f.p50, 8)}${pad(f.p95, 8)}${pad(f.p99, 8)}`);
  floorRow("floor, first", results.reference.first);
  for (const r of results.pages) {
    console.log(
      `${String(r.page).padEnd(17)}${pad(r.requestsPerSecond, 8)}${pad(r.p50, 8)}${pad(r.p95, 8)}${pad(r.p99, 8)}${pad(r.ratioToReference, 7)}${pad(r.jsGzip, 8)}${pad(r.cssGzip, 8)}${pad(r.htmlGzip, 9)}${pad(r.dataSaverJs, 10)}`,
    );
  }
  floorRow("floor, last", results.reference.last);
  console.log(`(ratio: each page's req/s over the floor's mean, ${results.reference.requestsPerSecond})`);
  console.log(`\ntimetable PDF (${results.pdf.schedules} schedules): median ${results.pdf.medianMs} ms, ${results.pdf.bytes} bytes`);
  console.log(`server peak memory (RSS high-water mark): ${results.peakMemoryMb} MB\n`);
  for (const v of verdicts) console.log(`${v.pass ? "PASS" : "FAIL"}  ${v.what}: ${v.value} (budget ${v.what.includes("reference") ? "≥" : "≤"} ${v.limit})`);
  console.log("\nwritten: bench/results.json");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
