/**
 * `npm run backup` and `npm run restore`: one .tar.gz holding a consistent copy of the SQLite database
 * (SQLite's online backup API: the server keeps serving reads and writes while it runs) and the uploaded
 * files under DATA_DIR/uploads, with backup.json describing what it holds. On PostgreSQL the database
 * is left to pg_dump (README, "Backups") and the archive holds the uploads only.
 *
 * The uploaded files are hard-linked (copied where links cannot be made) into a staging folder just
 * before and just after the database is copied, then archived from there: every file the copied
 * database names is in the archive, even one uploaded while the backup ran or deleted since (a file that
 * nothing names any more is harmless).
 */
import SQLite from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { openAndMigrate } from "../../api/db";
import type { Config } from "../../config/env";
import { extractTar, filesUnder, TarWriter } from "./tar";

export const BACKUP_FORMAT = 1;
const DATABASE_ENTRY = "school.sqlite";
const MANIFEST_ENTRY = "backup.json";
const UPLOADS_ENTRY = "uploads";
/** Copy every page in one step: one read transaction, one consistent snapshot, never restarted by a write. */
const ALL_PAGES = 0x7fffffff;

export interface BackupManifest {
  format: number;
  created_at: string;
  /** "sqlite" when the archive holds the database; "postgres" when it was left to pg_dump. */
  database: "sqlite" | "postgres";
  /** Rows per table of the archived database. */
  tables: Record<string, number>;
  files: number;
  bytes: number;
}

const isPostgres = (url: string) => /^postgres(ql)?:\/\//i.test(url);
const sqlitePath = (url: string) => path.resolve(url.replace(/^sqlite:(\/\/)?/i, ""));
/** Files still being written by the storage (its temporary names) are not part of any upload. */
const isTemporary = (name: string) => name.endsWith(".tmp");

function tableCounts(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new Error(`the database copy failed its integrity check: ${String(integrity)}`);
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((t) => [
        t,
        Number(
          db
            .prepare(`select count(*) from "${t.replace(/"/g, '""')}"`)
            .pluck()
            .get(),
        ),
      ]),
    );
  } finally {
    db.close();
  }
}

/** How long a copy waits for the server to let go of the database before it gives up. */
const LOCK_WAIT_MS = 30_000;

/**
 * Copies every page of `source` into the database file `target` with SQLite's backup API. better-sqlite3
 * reports a first step that found the target (or the source) locked as a finished copy of zero pages, so
 * that answer is taken for what it is, "busy", and the copy is tried again until the lock is free.
 */
async function copyPages(source: SQLite.Database, target: string): Promise<void> {
  const giveUpAt = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const { totalPages } = await source.backup(target, { progress: () => ALL_PAGES });
    if (totalPages > 0) return;
    if (Date.now() > giveUpAt)
      throw new Error(
        `the database stayed locked for ${LOCK_WAIT_MS / 1000} s; try again when the server is less busy`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function defaultBackupFile(config: Config, now = new Date()): string {
  return path.join(config.dataDir, "backups", `school-backup-${now.toISOString().replace(/[:.]/g, "-")}.tar.gz`);
}

export async function backup(
  config: Config,
  out: string,
  say: (line: string) => void = () => {},
): Promise<BackupManifest> {
  const target = path.resolve(out);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  await fs.promises.mkdir(config.dataDir, { recursive: true });
  // Beside the uploads, so that linking them is possible.
  const staging = await fs.promises.mkdtemp(path.join(config.dataDir, ".backup-"));
  const partial = `${target}.partial`;
  const kept = new Set<string>();
  const keepUploads = async () => {
    for (const name of await filesUnder(config.uploadsDir)) {
      if (kept.has(name) || isTemporary(name)) continue;
      const copy = path.join(staging, UPLOADS_ENTRY, ...name.split("/"));
      await fs.promises.mkdir(path.dirname(copy), { recursive: true });
      const source = path.join(config.uploadsDir, ...name.split("/"));
      try {
        await fs.promises.link(source, copy).catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") throw error;
          return fs.promises.copyFile(source, copy);
        });
        kept.add(name);
      } catch (error) {
        // Deleted since it was listed: nothing names it any more.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  };

  let archive: TarWriter | null = null;
  try {
    await keepUploads();
    let tables: Record<string, number> = {};
    const database = isPostgres(config.databaseUrl) ? "postgres" : "sqlite";
    const copy = path.join(staging, DATABASE_ENTRY);
    if (database === "sqlite") {
      const source = new SQLite(sqlitePath(config.databaseUrl), { fileMustExist: true });
      try {
        await copyPages(source, copy);
      } finally {
        source.close();
      }
    }
    await keepUploads();
    if (database === "sqlite") {
      tables = tableCounts(copy);
      say(
        `database: ${Object.entries(tables)
          .map(([t, n]) => `${t} ${n}`)
          .join(", ")}`,
      );
    } else {
      say("database: PostgreSQL, not included (back it up with pg_dump, see the README)");
    }
    say(`uploaded files: ${kept.size}`);

    archive = new TarWriter(partial);
    let bytes = 0;
    for (const name of [...kept].sort())
      bytes += await archive.add(`${UPLOADS_ENTRY}/${name}`, path.join(staging, UPLOADS_ENTRY, ...name.split("/")));
    if (database === "sqlite") bytes += await archive.add(DATABASE_ENTRY, copy);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      created_at: new Date().toISOString(),
      database,
      tables,
      files: kept.size,
      bytes,
    };
    const manifestFile = path.join(staging, MANIFEST_ENTRY);
    await fs.promises.writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    await archive.add(MANIFEST_ENTRY, manifestFile);
    await archive.close();
    await fs.promises.rename(partial, target);
    return manifest;
  } catch (error) {
    await archive?.close().catch(() => {});
    await fs.promises.rm(partial, { force: true });
    throw error;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Brings an archive back: its uploaded files first (added beside the current ones, same names
 * replaced), then its database, copied over the live one page by page through SQLite's backup API, so
 * that a running server simply sees the restored data on its next query. An archive from an older
 * release is brought up to date by the migrations.
 */
export async function restore(
  config: Config,
  archiveFile: string,
  say: (line: string) => void = () => {},
): Promise<BackupManifest> {
  await fs.promises.mkdir(config.dataDir, { recursive: true });
  const staging = await fs.promises.mkdtemp(path.join(config.dataDir, ".restore-"));
  try {
    const names = await extractTar(path.resolve(archiveFile), staging);
    if (!names.includes(MANIFEST_ENTRY)) throw new Error("this file is not a school backup (it has no backup.json)");
    const manifest = JSON.parse(
      await fs.promises.readFile(path.join(staging, MANIFEST_ENTRY), "utf8"),
    ) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT)
      throw new Error(`this backup has format ${manifest.format}; this release reads format ${BACKUP_FORMAT}`);
    const hasDatabase = names.includes(DATABASE_ENTRY);
    if (hasDatabase && isPostgres(config.databaseUrl)) {
      throw new Error(
        "this backup holds a SQLite database, but DATABASE_URL is PostgreSQL: restore PostgreSQL with pg_restore (README)",
      );
    }
    if (hasDatabase) tableCounts(path.join(staging, DATABASE_ENTRY));

    const uploads = names
      .filter((n) => n.startsWith(`${UPLOADS_ENTRY}/`))
      .map((n) => n.slice(UPLOADS_ENTRY.length + 1));
    for (const name of uploads) {
      const target = path.join(config.uploadsDir, ...name.split("/"));
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.tmp`;
      await fs.promises.copyFile(path.join(staging, UPLOADS_ENTRY, ...name.split("/")), temp);
      await fs.promises.rename(temp, target);
    }
    say(`uploaded files restored: ${uploads.length}`);

    if (hasDatabase) {
      const source = new SQLite(path.join(staging, DATABASE_ENTRY), { readonly: true });
      try {
        await copyPages(source, sqlitePath(config.databaseUrl));
      } finally {
        source.close();
      }
      await (await openAndMigrate(config.databaseUrl)).close();
      say(
        `database restored: ${Object.entries(manifest.tables)
          .map(([t, n]) => `${t} ${n}`)
          .join(", ")}`,
      );
    }
    return manifest;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}
