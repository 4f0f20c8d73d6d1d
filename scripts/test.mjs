// `npm test`: every check of the project, timed. Steps that do not wait on each other run side by side
// (the type check beside the build, the Chromium tests beside the abuse cases, the bench beside the
// PostgreSQL steps), each one's output is
// printed whole when it ends, with its duration. Each step has a budget in .ci/budgets.json, in seconds
// on a quiet two-core machine (CI_BUDGET_SCALE multiplies them, e.g. 2 on a machine busy with other
// work); a step over its budget fails the run and names its slowest tests.
//
// TEST_BUILD_NATIVE=1 compiles better-sqlite3 in the first stage (for an install made with --ignore-scripts).
// TEST_POSTGRES_URL (a postgres:// URL) adds the API tests and the abuse cases on PostgreSQL; .ci/run
// sets it. Without it those steps are skipped, and the run says so.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

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

// Each inner list runs side by side; the lists run one after another.
const stages = [
  [
    { name: "Chromium present", command: "node", args: ["scripts/ensure-chromium.mjs"] },
    // .ci/run installs without install scripts and has the one native module compiled here, beside the
    // type check and the build, which do not load it (compiling SQLite takes a core for about a minute).
    process.env.TEST_BUILD_NATIVE === "1" && {
      name: "native modules",
      command: "npm",
      args: ["rebuild", "better-sqlite3"],
    },
    { name: "type check", command: "npx", args: ["tsc", "--noEmit"] },
    { name: "build", command: "npm", args: ["run", "build"] },
  ],
  [vitest("unit tests", ["tests/unit"]), vitest("API tests on SQLite", API_TESTS, withoutPostgres)],
  [
    vitest("form tests", ["--config", "vitest.forms.config.ts"]),
    // Three browser tests at a time: they wait on pages and the server more than they compute.
    {
      name: "end-to-end tests",
      command: "npx",
      args: ["playwright", "test"],
      env: { E2E_WORKERS: process.env.E2E_WORKERS ?? "3", E2E_REPORT: report("end-to-end tests") },
      report: { kind: "playwright", file: report("end-to-end tests") },
    },
    vitest("abuse cases on SQLite", ["--config", "vitest.security.config.ts"], withoutPostgres),
  ],
  [
    onPostgres && vitest("API tests on PostgreSQL", API_TESTS, onPostgres),
    onPostgres && vitest("abuse cases on PostgreSQL", ["--config", "vitest.security.config.ts"], onPostgres),
    { name: "earlier test titles kept", command: "node", args: ["scripts/check-test-titles.mjs"] },
    // The short bench proves every figure is measured and the byte budgets hold; its timings are not judged
    // here, so it runs beside the PostgreSQL steps (which mostly wait on the database) for a second a page.
    {
      name: "short bench",
      command: "npm",
      args: ["run", "bench:ci"],
      env: { BENCH_BUILD_DIR: "build", BENCH_SECONDS: "1" },
    },
  ],
];

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

const started = Date.now();
const summary = [];
let failed = false;
for (const stage of stages) {
  const steps = stage.filter(Boolean);
  const results = await Promise.all(
    steps.map((step) =>
      run(step).then((result) => {
        process.stdout.write(
          `\n==> ${step.name}: ${result.code === 0 ? "passed" : `FAILED (exit ${result.code})`} in ${seconds(result.ms)}\n${result.output}`,
        );
        return result;
      }),
    ),
  );
  for (const { step, code, ms } of results) {
    const budget = budgets[step.name];
    if (budget === undefined) throw new Error(`.ci/budgets.json has no budget for "${step.name}"`);
    const over = ms > budget * scale * 1000;
    summary.push(
      `${step.name.padEnd(30)} ${seconds(ms).padStart(8)}  budget ${String(budget * scale).padStart(4)} s${code ? "  FAILED" : ""}${over ? "  OVER BUDGET" : ""}`,
    );
    if (over) {
      process.stdout.write(
        `\n==> ${step.name} took ${seconds(ms)}, over its budget of ${budget * scale} s. Its slowest tests:\n`,
      );
      for (const test of slowest(step)) process.stdout.write(`    ${seconds(test.ms).padStart(8)}  ${test.title}\n`);
    }
    if (code || over) failed = true;
  }
}
if (!postgres) summary.push("(TEST_POSTGRES_URL unset: the API tests and abuse cases did not run on PostgreSQL)");
process.stdout.write(
  `\n==> Steps\n${summary.join("\n")}\n${"all".padEnd(30)} ${seconds(Date.now() - started).padStart(8)}\n`,
);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
