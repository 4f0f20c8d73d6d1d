import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * server.ts itself, started from its source: the configuration is read before anything else, so a
 * refusal needs no build and no database.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "school-start-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Starts the server in production, with a valid session secret and port, and these variables besides. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      PORT: "39871",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out = { stdout: "", stderr: "" };
  child.stdout.on("data", (chunk: Buffer) => (out.stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (out.stderr += chunk.toString("utf8")));
  return new Promise((resolve) => child.once("exit", (code: number | null) => resolve({ code, ...out })));
}

describe.concurrent("starting the server", { timeout: 60_000 }, () => {
  it("in production, refuses to start without PUBLIC_URL, saying plainly on stderr what to set", async () => {
    const { code, stderr, stdout } = await start({});
    expect(code).toBe(1);
    expect(stderr).toBe(
      "Invalid configuration:\n  PUBLIC_URL: is required when NODE_ENV=production: set it to the address schools and parents open the app at, such as https://school.example.ng (http or https, no path)\n",
    );
    expect(stdout).not.toContain('"msg":"listening"');
  });

  it("refuses a PUBLIC_URL that is not an address to open", async () => {
    const { code, stderr } = await start({ PUBLIC_URL: "school.example.ng/app" });
    expect(code).toBe(1);
    expect(stderr).toBe(
      "Invalid configuration:\n  PUBLIC_URL: set it to the address schools and parents open the app at, such as https://school.example.ng (http or https, no path)\n",
    );
  });
});
