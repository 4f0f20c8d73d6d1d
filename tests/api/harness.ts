import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kysely, PostgresDialect, sql, type KyselyPlugin } from "kysely";
import pg from "pg";
import { createApi, type ApiDeps } from "../../api/app";
import { openDatabase, type DbHandle } from "../../api/db";
import { migrateToLatest } from "../../api/db/migrate";
import type { Database } from "../../api/db/schema";
import { localStorage } from "../../api/storage/local";
import type { FileStorage } from "../../api/storage/storage";

/**
 * A real school API on a real database for each test file: SQLite by default, PostgreSQL when
 * TEST_DATABASE_URL is set (each file in its own schema, dropped afterwards). Nothing is mocked.
 */
export const DATABASE = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";

/** The PUBLIC_URL of every test API: the links it makes start with it. */
export const TEST_PUBLIC_URL = "https://school.example.ng";

export interface TestApi {
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** The API's own handler, for serving it over a real socket. */
  handle: (request: Request) => Promise<Response>;
  db: DbHandle["db"];
  /** The database as opened, for a job queue of the tests' own. */
  database: DbHandle;
  clock: { now: Date };
  /** Where uploads wait while they are read (emptied after every request). */
  tempDir: string;
  /** The local file storage's folder (unused when `storage` is given). */
  uploadsDir: string;
  close: () => Promise<void>;
}

export interface ApiOptions {
  /** Who verifies bank accounts; the sandbox when left out. */
  bankProvider?: ApiDeps["bankProvider"];
  /** The file storage to use instead of a local folder. */
  storage?: FileStorage;
  storageQuotaBytes?: number;
  /**
   * Every query's answer arrives this much later, as from a database across a network: requests then
   * interleave between their queries, so a race between two requests shows on SQLite too.
   */
  queryLatencyMs?: number;
  /** Where the API enqueues background jobs; none when left out. */
  jobs?: ApiDeps["jobs"];
  /** Online payments (Paystack or the sandbox checkout); off when left out. */
  payments?: ApiDeps["payments"];
  /** Outgoing email (an SMTP mailer to tests/support/smtp.ts); none when left out. */
  mailer?: ApiDeps["mailer"];
  /** Text messages (a Termii provider to tests/support/termii.ts); none when left out. */
  sms?: ApiDeps["sms"];
}

/** A Kysely plugin that hands each query's result back after `ms`. */
function latency(ms: number): KyselyPlugin {
  return {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return args.result;
    },
  };
}

export async function startApi(options: ApiOptions = {}): Promise<TestApi> {
  const files = fs.mkdtempSync(path.join(os.tmpdir(), "school-api-"));
  let handle: DbHandle;
  let cleanup = async () => {};
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    // A commit does not wait for its WAL to reach the disk: a throwaway schema needs no durability, and the
    // wait was most of a PostgreSQL test's time.
    const pool = new pg.Pool({
      connectionString: url,
      max: 5,
      options: `-c search_path=${schema} -c synchronous_commit=off`,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    handle = { db, dialect: "postgres", close: () => db.destroy() };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      // The job queue's tables, when a test started one (api/jobs/postgres.ts names their schema).
      await c.query(`drop schema if exists ${schema}_pgboss cascade`);
      await c.end();
    };
  } else {
    handle = openDatabase(path.join(files, "test.sqlite"));
  }
  await migrateToLatest(handle.db, handle.dialect);
  const clock = { now: new Date() };
  const tempDir = path.join(files, "tmp");
  const uploadsDir = path.join(files, "uploads");
  const api = createApi({
    db: options.queryLatencyMs ? handle.db.withPlugin(latency(options.queryLatencyMs)) : handle.db,
    dialect: handle.dialect,
    storage: options.storage ?? localStorage(uploadsDir),
    now: () => clock.now,
    publicUrl: TEST_PUBLIC_URL,
    tempDir,
    storageQuotaBytes: options.storageQuotaBytes,
    bankProvider: options.bankProvider,
    jobs: options.jobs,
    payments: options.payments,
    mailer: options.mailer,
    sms: options.sms,
  });
  return {
    fetch: async (p, init) => api.fetch(new Request(new URL(p, "http://api.test"), init)),
    handle: async (request) => api.fetch(request),
    db: handle.db,
    database: handle,
    clock,
    tempDir,
    uploadsDir,
    close: async () => {
      await handle.close();
      await cleanup();
      fs.rmSync(files, { recursive: true, force: true });
    },
  };
}

/** A tiny valid PNG (1x1), and bytes that only claim to be an image. */
export const PNG_BYTES = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc000000301010018dd8db40000000049454e44ae426082",
  "hex",
);

export function pngFile(name = "logo.png"): File {
  return new File([PNG_BYTES], name, { type: "image/png" });
}

/** A PNG signature padded to `size` bytes: an image by its first bytes, of any size. */
export function pngFileOfSize(size: number, name = "logo.png"): File {
  return new File([Buffer.concat([PNG_BYTES, Buffer.alloc(size - PNG_BYTES.length)])], name, { type: "image/png" });
}

/** Text that claims, by its name and declared type, to be a PNG. */
export function textNamedPng(name = "logo.png"): File {
  return new File([new TextEncoder().encode("plain text pretending to be a picture")], name, { type: "image/png" });
}

export interface RegisteredSchool {
  uniqueId: string;
  password: string;
  token: string;
  auth: { Authorization: string };
}

let counter = 0;

/** An application as the public form sends it (the default form's fields); `serial` makes the applicant, phone and email their own. */
export function applicationForm(serial: number): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    surname: "Bello",
    firstName: `Amina${serial}`,
    dateOfBirth: "2014-05-01",
    gender: "Female",
    homeAddress: "3 Marina Road, Lagos",
    phoneNumber: `0803 400 ${1000 + serial}`,
    emailAddress: `parent${serial}@example.ng`,
    classApplyingInto: "JSS1",
    parentName: "Mr. Musa Bello",
    relationshipToApplicant: "Father",
  }))
    form.set(k, v);
  return form;
}

/** A complete registration form with fresh name and email; `logo: null` leaves the logo out. */
export function registrationForm(overrides: Record<string, string> = {}, logo: File | null = pngFile()): FormData {
  counter += 1;
  const form = new FormData();
  const fields = {
    school_name: `Test School ${counter}`,
    principal_name: "Mrs. Adaeze Okafor",
    school_email: `school${counter}@example.ng`,
    phone_number: "0803 123 4567",
    ...overrides,
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (logo) form.set("logo", logo);
  return form;
}

/** POST /api/admin/login as the web app sends it. */
export function login(api: TestApi, uniqueId: string, password: string): Promise<Response> {
  return api.fetch("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ unique_id: uniqueId, password }),
  });
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function registerSchool(api: TestApi, overrides: Record<string, string> = {}): Promise<RegisteredSchool> {
  const reg = await api.fetch("/api/admin/register", { method: "POST", body: registrationForm(overrides) });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const { data } = (await reg.json()) as { data: { unique_id: string; password: string } };
  const signedIn = await login(api, data.unique_id, data.password);
  if (signedIn.status !== 200) throw new Error(`login failed: ${signedIn.status}`);
  const token = ((await signedIn.json()) as { data: { token: string } }).data.token;
  return { uniqueId: data.unique_id, password: data.password, token, auth: bearer(token) };
}

export { sql };

/** Tables every call may write on its own, whatever it does: when each session was last used. */
const BOOKKEEPING = new Set(["session_activity"]);

/**
 * The tables of the database a test owns, with their columns (kysely's own left out, the job queue's, which
 * change on their own as a running server works through its jobs, and BOOKKEEPING). On PostgreSQL only
 * the connection's own schema is read: a catalogue-wide listing fails when another test file drops its
 * schema at that moment, as the API tests and the abuse cases running side by side do.
 */
export async function ownTables(
  db: Kysely<Database>,
  dialect: "sqlite" | "postgres",
): Promise<Array<{ name: string; columns: Array<{ name: string; dataType: string }> }>> {
  if (dialect === "sqlite") {
    return (await db.introspection.getTables())
      .filter((t) => !t.name.startsWith("kysely_") && !t.name.startsWith("plainjob_") && !BOOKKEEPING.has(t.name))
      .map((t) => ({ name: t.name, columns: t.columns.map((c) => ({ name: c.name, dataType: c.dataType })) }));
  }
  const rows = (
    await sql<{ table_name: string; column_name: string; data_type: string }>`
      select c.table_name, c.column_name, c.data_type from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() order by c.table_name, c.ordinal_position`.execute(db)
  ).rows;
  const tables = new Map<string, Array<{ name: string; dataType: string }>>();
  for (const row of rows) {
    if (row.table_name.startsWith("kysely_") || BOOKKEEPING.has(row.table_name)) continue;
    if (!tables.has(row.table_name)) tables.set(row.table_name, []);
    tables.get(row.table_name)!.push({ name: row.column_name, dataType: row.data_type });
  }
  return [...tables].map(([name, columns]) => ({ name, columns }));
}
