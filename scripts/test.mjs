// `npm test`: every check of the project, timed. Each step names the steps it needs (the end-to-end tests
// need the build and the compiled SQLite module, the type check needs nothing) and starts as soon as they
// have passed, while at most TEST_JOBS steps (2 by default, for two cores) run at once; when several are
// ready, the one listed first starts first, so the longest chain (the build, then the browser tests) is
// never kept waiting. Each step's output is printed whole when it ends, with its duration. Each step has a
// budget in .ci/budgets.json, in seconds on a quiet two-core machine (CI_BUDGET_SCALE multiplies them,
// e.g. 2 on a machine busy with other work); a step over its budget fails the run and names its slowest
// tests. A failed step's dependants do not run.
//
// TEST_BUILD_NATIVE=1 compiles better-sqlite3 first (for an install made with --ignore-scripts).
// TEST_POSTGRES_URL (a postgres:// URL) adds the API tests and the abuse cases on PostgreSQL; .ci/run
// sets it. Without it those steps are skipped, and the run says so.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const budgets = JSON.parse(fs.readFileSync(".ci/budgets.json", "utf8")).steps;
const scale = Number(process.env.CI_BUDGET_SCALE ?? 1);
const postgres = process.env.TEST_POSTGRES_URL;
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "school-test-reports-"));
const report = (name) => path.join(reports, `${name.replace(/\W+/g, "-")}.json`);

/** Vitest with a JSON report beside the console's, so an over-budget step can name its slowest tests. */
const vitest = (name, args, env = {}) => ({
  name,
  command: "npx",
  args: ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report(name)}`],
  env,
  report: { kind: "vitest", file: report(name) },
});

const withoutPostgres = { TEST_DATABASE_URL: "" };
// Each API test file starts its own API on its own database, so a worker runs one file after another
// without loading the API's modules again: half the time of isolated files. Unit tests stay isolated:
// some change globals (the Node server's Response class, the working directory).
const API_TESTS = ["tests/api", "--isolate=false"];
const onPostgres = postgres ? { TEST_DATABASE_URL: postgres } : null;

const native = process.env.TEST_BUILD_NATIVE === "1";
// What needs SQLite's compiled module waits for it when it is being compiled.
const sqlite = native ? ["native modules"] : [];
const server = ["build", ...sqlite];

// In the order they start when several are ready: the longest chain first.
const steps = [
  // Compiling SQLite takes a core for about a minute and a half; the type check and the build, which do not
  // load it, run beside it.
  native && { name: "native modules", command: "npm", args: ["rebuild", "better-sqlite3"] },
  { name: "build", command: "npm", args: ["run", "build"] },
  { name: "Chromium present", command: "node", args: ["scripts/ensure-chromium.mjs"] },
  // Three browser tests at a time: they wait on pages and the server more than they compute.
  {
    name: "end-to-end tests",
    needs: [...server, "Chromium present"],
    command: "npx",
    args: ["playwright", "test"],
    env: { E2E_WORKERS: process.env.E2E_WORKERS ?? "3", E2E_REPORT: report("end-to-end tests") },
    report: { kind: "playwright", file: report("end-to-end tests") },
  },
  { name: "type check", command: "npx", args: ["tsc", "--noEmit"] },
  // ESLint with no warnings, then Prettier's check of the formatting.
  { name: "lint", command: "npm", args: ["run", "lint"] },
  // jscpd: no block of ten lines or more written twice in app/, api/ or contract/.
  { name: "duplicate code", command: "npm", args: ["run", "dup"] },
  { ...vitest("abuse cases on SQLite", ["--config", "vitest.security.config.ts"], withoutPostgres), needs: server },
  // The PostgreSQL API tests load no native module: they fill the time the compiling leaves free.
  onPostgres && vitest("API tests on PostgreSQL", API_TESTS, onPostgres),
  { ...vitest("form tests", ["--config", "vitest.forms.config.ts"]), needs: server },
  { ...vitest("API tests on SQLite", API_TESTS, withoutPostgres), needs: sqlite },
  { ...vitest("unit tests", ["tests/unit"]), needs: sqlite },
  onPostgres && {
    ...vitest("abuse cases on PostgreSQL", ["--config", "vitest.security.config.ts"], onPostgres),
    needs: server,
  },
  { name: "earlier test titles kept", command: "node", args: ["scripts/check-test-titles.mjs"] },
  // The built CSS against the oldest browsers served, with browser-features.json's fallbacks.
  { name: "old browsers", needs: ["build"], command: "node", args: ["scripts/check-browsers.mjs"] },
  // The short bench proves every figure is measured and the byte budgets hold; its timings are not judged
  // here, so it runs for a second a page.
  {
    name: "short bench",
    needs: server,
    command: "npm",
    args: ["run", "bench:ci"],
    env: { BENCH_BUILD_DIR: "build", BENCH_SECONDS: "1" },
  },
].filter(Boolean);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function run(step) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      env: { ...process.env, ...step.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) =>
      resolve({ step, code, ms: Date.now() - started, output: Buffer.concat(output).toString("utf8") }),
    );
  });
}

/** The slowest tests of a step's JSON report, slowest first. */
function slowest(step, count = 8) {
  if (!step.report || !fs.existsSync(step.report.file)) return [];
  const data = JSON.parse(fs.readFileSync(step.report.file, "utf8"));
  const tests = [];
  if (step.report.kind === "vitest") {
    // A file's set-up (its server, its database) counts too: its whole time is listed beside its tests'.
    for (const file of data.testResults ?? []) {
      const name = path.relative(process.cwd(), file.name);
      tests.push({ ms: file.endTime - file.startTime, title: `${name} (the whole file)` });
      for (const test of file.assertionResults ?? [])
        tests.push({ ms: test.duration ?? 0, title: `${name} › ${test.fullName}` });
    }
  } else {
    const walk = (suite, trail) => {
      for (const child of suite.suites ?? []) walk(child, child.title ? [...trail, child.title] : trail);
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests)
          tests.push({
            ms: test.results.reduce((sum, result) => sum + result.duration, 0),
            title: `[${test.projectName}] ${[...trail, spec.title].join(" › ")}`,
          });
    };
    for (const suite of data.suites ?? []) walk(suite, [suite.title]);
  }
  return tests.sort((a, b) => b.ms - a.ms).slice(0, count);
}

const jobs = Number(process.env.TEST_JOBS ?? 2);
for (const step of steps) {
  for (const need of step.needs ?? []) {
    if (!steps.some((other) => other.name === need))
      throw new Error(`"${step.name}" needs "${need}", which is no step`);
  }
  if (budgets[step.name] === undefined) throw new Error(`.ci/budgets.json has no budget for "${step.name}"`);
}

const started = Date.now();
const summary = [];
const failedTests = [];
const passed = new Set();
const settled = new Set();
let failed = false;

/** The failed tests of a step's JSON report, each with the first lines of its error. */
function failures(step, count = 10) {
  if (!step.report || !fs.existsSync(step.report.file)) return [];
  const data = JSON.parse(fs.readFileSync(step.report.file, "utf8"));
  const failed = [];
  const firstLines = (text) =>
    stripVTControlCharacters(text ?? "")
      .split("\n")
      .slice(0, 4)
      .join("\n      ");
  if (step.report.kind === "vitest") {
    for (const file of data.testResults ?? []) {
      const name = path.relative(process.cwd(), file.name);
      // A file that failed before its tests ran (its set-up, an import) has no failed test of its own.
      if (file.status === "failed" && !(file.assertionResults ?? []).some((test) => test.status === "failed"))
        failed.push(`${name}: ${firstLines(file.message)}`);
      for (const test of file.assertionResults ?? [])
        if (test.status === "failed")
          failed.push(`${name} › ${test.fullName}: ${firstLines(test.failureMessages?.[0])}`);
    }
  } else {
    const walk = (suite, trail) => {
      for (const child of suite.suites ?? []) walk(child, child.title ? [...trail, child.title] : trail);
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests)
          if (test.status === "unexpected" || test.status === "flaky")
            failed.push(
              `[${test.projectName}] ${[...trail, spec.title].join(" › ")} (${test.status}): ${firstLines(test.results.find((result) => result.error)?.error?.message)}`,
            );
    };
    for (const suite of data.suites ?? []) walk(suite, [suite.title]);
  }
  return failed.slice(0, count);
}

/** Records a step's result: its output, its line in the summary, and its slowest tests when over budget. */
function record({ step, code, ms, output }) {
  const budget = budgets[step.name] * scale;
  const over = ms > budget * 1000;
  process.stdout.write(
    `\n==> ${step.name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${seconds(ms)} (from ${seconds(step.startedAt - started)})\n${output}`,
  );
  summary.push(
    `${step.name.padEnd(30)} ${seconds(ms).padStart(8)}  budget ${String(budget).padStart(4)} s${code ? "  FAILED" : ""}${over ? "  OVER BUDGET" : ""}`,
  );
  if (over) {
    process.stdout.write(
      `\n==> ${step.name} took ${seconds(ms)}, over its budget of ${budget} s. Its slowest tests:\n`,
    );
    for (const test of slowest(step)) process.stdout.write(`    ${seconds(test.ms).padStart(8)}  ${test.title}\n`);
  }
  // The run's log may reach the reader cut in its middle: the summary at its end names what failed.
  if (code) for (const failure of failures(step)) failedTests.push(`${step.name}: ${failure}`);
  if (code || over) failed = true;
  else passed.add(step.name);
  settled.add(step.name);
}

await new Promise((allDone) => {
  const running = new Set();
  const schedule = () => {
    for (const step of steps) {
      if (settled.has(step.name) || running.has(step) || step.skipped) continue;
      const needs = step.needs ?? [];
      if (needs.some((need) => settled.has(need) && !passed.has(need))) {
        step.skipped = true;
        settled.add(step.name);
        summary.push(
          `${step.name.padEnd(30)}  not run: ${needs.filter((need) => settled.has(need) && !passed.has(need)).join(", ")} failed`,
        );
        failed = true;
        continue;
      }
      if (running.size >= jobs || !needs.every((need) => passed.has(need))) continue;
      running.add(step);
      step.startedAt = Date.now();
      run(step).then((result) => {
        running.delete(step);
        record(result);
        schedule();
      });
    }
    if (running.size === 0 && settled.size === steps.length) allDone();
  };
  schedule();
});
if (!postgres) summary.push("(TEST_POSTGRES_URL unset: the API tests and abuse cases did not run on PostgreSQL)");
process.stdout.write(
  `\n==> Steps\n${summary.join("\n")}\n${"all".padEnd(30)} ${seconds(Date.now() - started).padStart(8)}\n`,
);
if (failedTests.length) process.stdout.write(`\n==> Failed tests\n${failedTests.join("\n")}\n`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
