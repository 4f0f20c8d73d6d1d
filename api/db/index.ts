import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from "kysely";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrateToLatest } from "./migrate";
import type { Database } from "./schema";

export type Db = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

/** `postgres://` or `postgresql://` selects PostgreSQL; anything else is a SQLite file path (or `:memory:`). */
export function openDatabase(url: string): DbHandle {
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:(\/\/)?/i, "");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query afresh; SQLite compiling the same few dozen statements over and over was
 * a tenth of a page's database time. Statements are kept by their SQL (the most recently used 256) and
 * reused, unless one is still busy (a query being iterated), which gets a fresh one.
 */
export function reusingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(query) {
      const cached = cache.get(query);
      if (cached && !cached.busy) {
        cache.delete(query);
        cache.set(query, cached);
        return cached;
      }
      const statement = sqlite.prepare(query);
      cache.set(query, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}

export async function openAndMigrate(url: string): Promise<DbHandle> {
  const handle = openDatabase(url);
  await migrateToLatest(handle.db, handle.dialect);
  return handle;
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
