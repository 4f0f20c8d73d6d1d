import SQLite from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env";
import { backup, restore } from "../../scripts/lib/backup";

/**
 * The server may hold SQLite's write lock at the very moment a restore begins: the copy must wait for
 * it, never report success having copied nothing.
 */
describe("a restore while another connection holds the database", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  const setUp = async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-lock-"));
    dirs.push(dataDir);
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
    const live = new SQLite(config.databaseUrl);
    live.pragma("journal_mode = WAL");
    live.exec("create table pupils (name text not null)");
    live.prepare("insert into pupils (name) values (?)").run("in the backup");
    return { config, live, archive: path.join(dataDir, "backups", "copy.tar.gz") };
  };

  /** Holds the write lock from another connection for `ms`, as a server in the middle of a write does. */
  const holdWriteLock = (file: string, ms: number) => {
    const holder = new SQLite(file);
    holder.exec("begin immediate");
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        holder.exec("commit");
        holder.close();
        resolve();
      }, ms),
    );
  };

  it("a restore begun while the server writes waits for the lock and brings the backup back", async () => {
    const { config, live, archive } = await setUp();
    await backup(config, archive);
    live.prepare("insert into pupils (name) values (?)").run("written after the backup");

    const released = holdWriteLock(config.databaseUrl, 300);
    await restore(config, archive);
    await released;

    expect(live.prepare("select name from pupils order by name").pluck().all()).toEqual(["in the backup"]);
    live.close();
  });
});
