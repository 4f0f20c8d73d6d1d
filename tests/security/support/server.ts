import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { openDatabase, type Db } from "../../../api/db";
import { migrateToLatest } from "../../../api/db/migrate";
import type { Database } from "../../../api/db/schema";
import { spawnOnFreePort } from "../../support/server-process";

/**
 * The abuse-case suite attacks the production build from outside, as a browser or a script on the
 * internet would: each test file starts `node <build>/server.mjs` in a child process with its own data
 * directory and database, on SQLite by default or on PostgreSQL when TEST_DATABASE_URL is set (a schema
 * of its own, dropped afterwards). The server's stdout (its JSON log) is kept for the log checks.
 */

export const BUILD_DIR = process.env.E2E_BUILD_DIR ?? "build";
export const DATABASE = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";
export const SESSION_SECRET = "s".repeat(48);

/** A database of its own for one test file: the SQLite file in its data directory, or a fresh PostgreSQL schema. */
export interface TestDatabase {
  dialect: "sqlite" | "postgres";
  /** DATABASE_URL for the server. */
  url: string;
  /** A connection of the test's own, for checks and for the faults a test provokes. */
  db: Db;
  /** The PostgreSQL schema, when on PostgreSQL. */
  schema?: string;
  close(): Promise<void>;
}

export async function createTestDatabase(
  dataDir: string,
  options: { postgresUrl?: string } = {},
): Promise<TestDatabase> {
  const base = options.postgresUrl ?? process.env.TEST_DATABASE_URL;
  if (!base) {
    const url = path.join(dataDir, "school.sqlite");
    const handle = openDatabase(url);
    await migrateToLatest(handle.db, "sqlite");
    return { dialect: "sqlite", url, db: handle.db, close: () => handle.close() };
  }
  const schema = `sec_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: base, max: 3, options: testSession(schema) });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(db, "postgres");
  const url = withSearchPath(base, schema);
  return {
    dialect: "postgres",
    url,
    db,
    schema,
    close: async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      // The server's job queue keeps its tables beside (api/jobs/postgres.ts names their schema).
      await cleanup.query(`drop schema if exists ${schema}_pgboss cascade`);
      await cleanup.end();
    },
  };
}

/**
 * A test connection's settings: its schema, and commits that do not wait for their WAL to reach the disk
 * (a throwaway schema needs no durability; a server killed by a test is the app, never PostgreSQL).
 */
const testSession = (schema: string) => `-c search_path=${schema} -c synchronous_commit=off`;

/** The same PostgreSQL URL, its connections put in `schema` (as the README tells a deployment to). */
export function withSearchPath(url: string, schema: string, hostPort?: string): string {
  const parsed = new URL(url);
  if (hostPort) parsed.host = hostPort;
  parsed.searchParams.set("options", testSession(schema));
  return parsed.toString();
}

export interface RunningServer {
  base: string;
  port: number;
  process: ChildProcess;
  dataDir: string;
  /** Every line the server wrote to stdout so far. */
  logLines: string[];
  /** Sends a signal and waits for the process to exit; resolves with its exit code (null when killed). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

export interface ServerOptions {
  dataDir: string;
  env?: Record<string, string>;
  /** Skip waiting for /healthz to answer 200 (a server started against a database that is down). */
  noWait?: boolean;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  let logLines: string[] = [];
  let stderr: string[] = [];
  const { child, port } = await spawnOnFreePort((port) => {
    const child = spawn("node", [path.join(BUILD_DIR, "server.mjs")], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: options.dataDir,
        SESSION_SECRET,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // A new attempt on another port keeps nothing of the one before.
    const lines: string[] = [];
    const errors: string[] = [];
    logLines = lines;
    stderr = errors;
    let partial = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      partial += chunk.toString("utf8");
      const complete = partial.split("\n");
      partial = complete.pop() ?? "";
      lines.push(...complete.filter(Boolean));
    });
    child.stderr!.on("data", (chunk: Buffer) => errors.push(chunk.toString("utf8")));
    return child;
  });
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
  const base = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    base,
    port,
    process: child,
    dataDir: options.dataDir,
    logLines,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (!options.noWait) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`the server exited (${child.exitCode}): ${stderr.join("")}${logLines.join("\n")}`);
      const ok = await fetch(`${base}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error("the server did not become healthy within 60 s");
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  return server;
}

/** Undo steps a test file collects as it starts things, run in reverse at its end. */
export type Cleanups = Array<() => Promise<unknown>>;

export async function runCleanups(cleanups: Cleanups): Promise<void> {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}

/** A data directory, a database of its own and a server on them; all three undone by `cleanups`. */
export async function startEnvironment(cleanups: Cleanups, name: string, env: Record<string, string> = {}) {
  const dataDir = tempDir(name);
  const database = await createTestDatabase(dataDir);
  cleanups.push(
    async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    () => database.close(),
  );
  const server = await startServer({ dataDir, env: { DATABASE_URL: database.url, ...env } });
  cleanups.push(() => server.stop("SIGKILL"));
  return { dataDir, database, server };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `school-sec-${prefix}-`));
}

export { sql };
