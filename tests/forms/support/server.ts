import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { spawnOnFreePort } from "../../support/server-process";

/**
 * Starts the production build once for every form test file (as the end-to-end tests do), on a data
 * directory of its own, and hands its address to the tests through `inject("baseUrl")`. Each test file
 * registers the schools it needs, so files share the server and nothing else.
 */
export default async function startFormServer(project: TestProject) {
  const server = await startServer();
  project.provide("baseUrl", server.base);
  project.provide("databaseFile", path.join(server.dataDir, "school.sqlite"));
  return server.stop;
}

/**
 * Starts the production build on a free port with a data directory of its own, and `env` on top (a test file that
 * needs the server configured otherwise, such as online payments, starts its own).
 */
export async function startServer(env: Record<string, string> = {}) {
  const buildDir = process.env.E2E_BUILD_DIR ?? "build";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "school-forms-"));
  // The server's own database and files, whatever the shell running the tests points at.
  const { DATABASE_URL: _database, SCHOOL_API_URL: _api, ...inherited } = process.env;
  let stderr: string[] = [];
  const { child, port } = await spawnOnFreePort((port) => {
    const child = spawn("node", [path.join(buildDir, "server.mjs")], {
      env: {
        ...inherited,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        NODE_ENV: "test",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const errors: string[] = [];
    stderr = errors;
    child.stderr!.on("data", (chunk: Buffer) => errors.push(chunk.toString("utf8")));
    // Read and let go, so a full pipe never stalls the server.
    child.stdout!.resume();
    return child;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr.join("")}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error("the server did not become healthy within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    dataDir,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's SQLite file, for the few states no call can make (a record as a migration left it). */
    databaseFile: string;
  }
}
