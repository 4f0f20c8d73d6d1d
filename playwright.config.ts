import { defineConfig, devices } from "@playwright/test";
import os from "node:os";
import path from "node:path";

/**
 * End-to-end tests drive Debian's Chromium headless shell (no browser is ever downloaded) against the production build.
 * Every screen is tested in two projects: `js` (the hydrated app: dialogs, instant filters, pending
 * buttons) and `no-js` (JavaScript disabled). The JS-off flows themselves run as fast form tests over
 * HTTP (tests/forms); in Chromium the `no-js` project runs each area's smoke test, tagged `@no-js`,
 * which walks its screens and checks them with axe. See docs/testing.md.
 * E2E_BUILD_DIR and E2E_PORT let several builds be tested side by side.
 */
const buildDir = process.env.E2E_BUILD_DIR ?? "build";
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.join(os.tmpdir(), `school-e2e-${port}-${Date.now()}`);

export default defineConfig({
  testDir: "tests/e2e",
  // Test files run two at a time against the one server: every test makes its own school, so they
  // share nothing, and the machines this runs on have two cores.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A failure is a finding, never retried away: a flaky test is fixed (docs/testing.md).
  retries: 0,
  // The longest flows (sub-admins, inventory: a dozen pages and their accessibility checks) take most of a
  // minute when both workers share two busy cores.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // With E2E_REPORT (set by `npm test`), a JSON report beside the console's names the slowest tests when
  // the step runs over its budget.
  reporter: [
    [process.env.CI ? "line" : "list"],
    ...(process.env.E2E_REPORT ? [["json", { outputFile: process.env.E2E_REPORT }] as const] : []),
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices["Pixel 5"],
    viewport: { width: 360, height: 740 },
    browserName: "chromium",
    // A trace records each action's screenshots and page, a third of the suite's CPU. CI's clean clone, and its
    // traces with it, is thrown away after the run, so there none is recorded; a failure's output names its step.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@no-js/ },
    // Each no-js smoke test walks every screen of its area with an accessibility check at each: the walk
    // through registration, the dashboard and the profile took 44 s alone and over 120 s beside the abuse
    // cases on a two-core machine.
    { name: "no-js", use: { javaScriptEnabled: false }, grep: /@no-js/, timeout: 300_000 },
  ],
  webServer: {
    command: `node ${path.join(buildDir, "server.mjs")}`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      // The links the pages show (a file's preview, an admission form's address) point where the tests browse.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  },
});
