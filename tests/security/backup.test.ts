import SQLite from "better-sqlite3";
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { PNG_BYTES } from "../api/harness";
import { extractTar } from "../../scripts/lib/tar";
import { callApi, registerSchool, type School } from "./support/client";
import { DATABASE, runCleanups, startEnvironment, tempDir, type Cleanups, type RunningServer } from "./support/server";

/**
 * Backups taken while the server serves writes, and brought back while it still does: the copy is
 * consistent (integrity, foreign keys, every file its rows name), holds every write answered before it
 * began and none begun after it ended, and a restore puts exactly that state back. On PostgreSQL the
 * README's pg_dump and pg_restore are run the same way.
 */

const run = promisify(execFile);

interface Write {
  uniqueId?: string;
  started: number;
  answered: number;
  status: number;
}

/** Students created back to back by a few clients, and the school's signature replaced now and then. */
function startLoad(server: RunningServer, school: School) {
  const writes: Write[] = [];
  let stopped = false;
  let n = 0;
  const own = (method: string, p: string, body?: unknown) =>
    callApi(server.base, method, `/api/admin/${school.uniqueId}${p}`, school.token, body);
  const creator = async () => {
    while (!stopped) {
      const started = Date.now();
      const answer = await own("POST", "/students", {
        student_data: {
          name: `Loaded Pupil ${++n}`,
          selectedClass: "JSS1",
          gender: "Male",
          phone_number: "0803 123 4567",
        },
      });
      const write: Write = { started, answered: Date.now(), status: answer.status };
      if (answer.status === 201) write.uniqueId = (answer.json() as { data: { unique_id: string } }).data.unique_id;
      writes.push(write);
    }
  };
  const uploader = async () => {
    while (!stopped) {
      const form = new FormData();
      form.set("signature", new File([PNG_BYTES], "signature.png", { type: "image/png" }));
      const answer = await own("POST", "/update/adminData", form);
      writes.push({ started: 0, answered: Date.now(), status: answer.status });
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const loops = [creator(), creator(), creator(), uploader()];
  return {
    writes,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const npmScript = (script: string, args: string[], env: Record<string, string>) =>
  run("node", ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, ...env, TEST_DATABASE_URL: "" },
  });

describe(`backups on ${DATABASE}`, { timeout: 300_000 }, () => {
  const cleanups: Cleanups = [];
  afterAll(() => runCleanups(cleanups));

  it.runIf(DATABASE === "sqlite")(
    "npm run backup during writes is consistent; npm run restore during writes brings exactly it back",
    async () => {
      const { dataDir, database, server } = await startEnvironment(cleanups, "backup");
      const env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
      const school = await registerSchool(server.base);
      const load = startLoad(server, school);
      await pause(1_000);

      const archive = path.join(dataDir, "backups", "during-load.tar.gz");
      const backupStarted = Date.now();
      const { stdout } = await npmScript("backup", [archive], env);
      const backupEnded = Date.now();
      expect(stdout).toContain("Backup written");

      // The copy, unpacked: whole, and holding every file its rows name.
      const unpacked = tempDir("unpacked");
      cleanups.push(async () => fs.rmSync(unpacked, { recursive: true, force: true }));
      const names = await extractTar(archive, unpacked);
      expect(names).toContain("school.sqlite");
      const copy = new SQLite(path.join(unpacked, "school.sqlite"), { readonly: true });
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.pragma("foreign_key_check")).toEqual([]);
      const archived = new Set(copy.prepare("select unique_id from students").pluck().all() as string[]);
      const mediaKeys = copy.prepare("select key from media").pluck().all() as string[];
      copy.close();
      for (const key of mediaKeys)
        expect(names, `the file of media ${key}`).toContain(`uploads/${key.slice(0, 2)}/${key}`);
      const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, "backup.json"), "utf8")) as {
        tables: Record<string, number>;
      };
      expect(manifest.tables.students).toBe(archived.size);
      for (const w of load.writes.filter((w) => w.uniqueId && w.answered < backupStarted))
        expect(archived.has(w.uniqueId!), "a write answered before the backup began").toBe(true);
      for (const w of load.writes.filter((w) => w.uniqueId && w.started > backupEnded))
        expect(archived.has(w.uniqueId!), "a write begun after the backup ended").toBe(false);

      await pause(1_000);
      const restoreStarted = Date.now();
      await npmScript("restore", [archive], env);
      const restoreEnded = Date.now();
      await pause(1_000);
      await load.stop();

      expect(load.writes.filter((w) => w.status >= 500)).toEqual([]);
      const live = new Set(
        (await sql<{ unique_id: string }>`select unique_id from students`.execute(database.db)).rows.map(
          (r) => r.unique_id,
        ),
      );
      for (const id of archived) expect(live.has(id), "every archived student is back").toBe(true);
      const between = load.writes.filter((w) => w.uniqueId && w.started > backupEnded && w.answered < restoreStarted);
      const after = load.writes.filter((w) => w.uniqueId && w.started > restoreEnded);
      expect(between.length).toBeGreaterThan(0);
      expect(after.length).toBeGreaterThan(0);
      for (const w of between)
        expect(live.has(w.uniqueId!), "a write made after the backup is undone by the restore").toBe(false);
      for (const w of after) expect(live.has(w.uniqueId!), "a write made after the restore stays").toBe(true);
      const overlapping = load.writes
        .filter((w) => w.uniqueId && !archived.has(w.uniqueId) && !between.includes(w) && !after.includes(w))
        .filter((w) => live.has(w.uniqueId!));
      expect(live.size).toBe(archived.size + after.length + overlapping.length);

      const liveMedia = (await sql<{ key: string }>`select key from media`.execute(database.db)).rows;
      for (const { key } of liveMedia)
        expect(fs.existsSync(path.join(dataDir, "uploads", key.slice(0, 2), key)), `the file of media ${key}`).toBe(
          true,
        );
      const check = new SQLite(database.url, { readonly: true });
      expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
      check.close();
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      expect(server.process.exitCode).toBeNull();
    },
  );

  it.runIf(DATABASE === "postgres")(
    "pg_dump during writes and pg_restore into a new database, as the README says; npm run backup keeps the uploads",
    async () => {
      const { dataDir, database, server } = await startEnvironment(cleanups, "pg-backup");
      const school = await registerSchool(server.base);
      const load = startLoad(server, school);
      await pause(1_000);

      const dump = path.join(dataDir, "school.dump");
      const base = process.env.TEST_DATABASE_URL!;
      const dumpStarted = Date.now();
      await run("pg_dump", ["--format=custom", `--schema=${database.schema}`, `--file=${dump}`, base]);
      const dumpEnded = Date.now();
      const archive = path.join(dataDir, "uploads.tar.gz");
      const { stdout } = await npmScript("backup", [archive], { DATA_DIR: dataDir, DATABASE_URL: database.url });
      await load.stop();
      expect(stdout).toContain("PostgreSQL, not included");
      const names = await extractTar(archive, tempDir("pg-unpacked"));
      expect(names.filter((n) => n.startsWith("uploads/")).length).toBeGreaterThan(0);
      expect(names).not.toContain("school.sqlite");

      const target = `restore_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create database ${target}`);
      cleanups.push(async () => {
        await admin.query(`drop database if exists ${target} with (force)`);
        await admin.end();
      });
      const targetUrl = new URL(base);
      targetUrl.pathname = `/${target}`;
      // As the README says: a dump of one schema leaves the search indexes' extension behind.
      const fresh = new pg.Client({ connectionString: targetUrl.toString() });
      await fresh.connect();
      await fresh.query("create extension if not exists pg_trgm with schema public");
      await fresh.end();
      await run("pg_restore", ["--no-owner", `--dbname=${targetUrl}`, dump]);

      const restored = new pg.Client({ connectionString: targetUrl.toString() });
      await restored.connect();
      try {
        const ids = new Set(
          (await restored.query<{ unique_id: string }>(`select unique_id from ${database.schema}.students`)).rows.map(
            (r) => r.unique_id,
          ),
        );
        for (const w of load.writes.filter((w) => w.uniqueId && w.answered < dumpStarted))
          expect(ids.has(w.uniqueId!), "a write answered before the dump began").toBe(true);
        for (const w of load.writes.filter((w) => w.uniqueId && w.started > dumpEnded))
          expect(ids.has(w.uniqueId!), "a write begun after the dump ended").toBe(false);
        const orphans = await restored.query(
          `select count(*) as n from ${database.schema}.students s left join ${database.schema}.schools c on c.id = s.school_id where c.id is null`,
        );
        expect(Number(orphans.rows[0].n)).toBe(0);
        expect(ids.size).toBeGreaterThan(0);
      } finally {
        await restored.end();
      }
      expect(load.writes.filter((w) => w.status >= 500)).toEqual([]);
    },
  );
});
