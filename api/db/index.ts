import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from "kysely";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { errorFields, logger } from "../../observability/log";
import { migrateToLatest } from "./migrate";
import type { Database } from "./schema";
import type { Db, Dialect } from "./types";

export type { Db, Dialect };

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** The SQLite file (the job queue opens its own connection to it). */
  file?: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * false for the migrations, which may rightly run one long statement (an index on a big table); everything else
   * keeps PostgreSQL's deadlines, so that a database that hangs never hangs a request.
   */
  deadlines?: boolean;
}

/** `postgres://` or `postgresql://` selects PostgreSQL; anything else is a SQLite file path (or `:memory:`). */
export function openDatabase(url: string, { deadlines = true }: OpenOptions = {}): DbHandle {
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      keepAlive: true,
      ...(deadlines && { statement_timeout: PG_STATEMENT_TIMEOUT_MS, query_timeout: PG_ANSWER_TIMEOUT_MS }),
    });
    // A connection the server drops while idle (a restart, a failover) is reported here; unheard, it
    // would end the process. The pool forgets it and connects afresh on the next query.
    pool.on("error", (error) => logger.warn("database connection lost", errorFields(error)));
    // The same for a connection lost while checked out between two queries (a transaction awaiting its
    // next step): the query in hand fails and is answered as unavailable; the process goes on.
    pool.on("connect", (client) =>
      client.on("error", (error) => logger.warn("database connection lost", errorFields(error))),
    );
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:(\/\/)?/i, "");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${BUSY_WAIT_MS}`);
  // A second, read-only connection reads beside the writer (an in-memory database has no second connection).
  const reader = file === ":memory:" ? null : new SQLite(file, { readonly: true });
  reader?.pragma(`busy_timeout = ${BUSY_WAIT_MS}`);
  const db = new Kysely<Database>({
    dialect: new RetryingSqliteDialect(
      { database: reusingStatements(sqlite) },
      reader ? reusingStatements(reader) : null,
    ),
  });
  return {
    db,
    dialect: "sqlite",
    file,
    close: async () => {
      await db.destroy();
      reader?.close();
    },
  };
}

/**
 * A request on a database that hangs answers 503 within 5 s (docs/decisions.md, Deadlines of the database): a
 * connection, new or from the pool, not had within 3 s; a statement the server runs for over 4 s (a lock waited on
 * included) is cancelled by the server; an answer that does not come within 4.5 s (a server that stopped answering
 * at all) is given up on by the client.
 */
const PG_CONNECT_TIMEOUT_MS = 3000;
const PG_STATEMENT_TIMEOUT_MS = 4000;
const PG_ANSWER_TIMEOUT_MS = 4500;

/**
 * SQLite lets one writer at a time into a file. Other processes write to it too (the workers of
 * WEB_CONCURRENCY, `npm run backup`/`restore`, `seed:demo`), so a write can find the file locked.
 * better-sqlite3 waits for a lock by blocking its whole thread, so it waits only briefly
 * (BUSY_WAIT_MS); past that, the statement is tried again after a short, growing, jittered pause that
 * lets the server go on answering, until BUSY_DEADLINE_MS. Only then does the caller see SQLITE_BUSY
 * (the API answers 503).
 *
 * Every transaction starts with BEGIN IMMEDIATE, taking the write lock before its first read: a
 * deferred transaction that read first and then found another process had written meanwhile would
 * fail at once (SQLITE_BUSY_SNAPSHOT) and could not be retried from inside.
 */
export const BUSY_WAIT_MS = 100;
const BUSY_DEADLINE_MS = 5_000;

export const isBusy = (error: unknown) => /^SQLITE_BUSY/.test(String((error as { code?: unknown } | null)?.code ?? ""));

export async function retryWhileBusy<T>(run: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + BUSY_DEADLINE_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(5 * 2 ** attempt, 100) * (0.5 + Math.random())));
    }
  }
}

/**
 * Reads beside a writer. Kysely lends SQLite's one connection to one caller at a time, so while a transaction runs
 * (a promotion, an import) every other request of the process waited for it, reads too. With a file database a
 * second, read-only connection answers a statement SQLite itself calls read-only (`Statement.readonly`) whenever the
 * caller holds no transaction; in WAL mode it reads the last committed state while the writer works. Everything else
 * (writes, and every statement of a transaction) goes to the one writing connection, one caller at a time.
 */
class ReadingBesideWriter {
  constructor(private readonly reader: SqliteDatabase) {}

  /** The rows, when the statement only reads; null when it must go to the writer. */
  read(query: CompiledQuery): QueryResult<unknown> | null {
    // A write is never prepared here: only what starts as a read is asked of SQLite.
    if (!/^\s*(select|with)\b/i.test(query.sql)) return null;
    const statement = this.reader.prepare(query.sql) as unknown as SQLite.Statement;
    if (!statement.readonly || !statement.reader) return null;
    return { rows: statement.all(...(query.parameters as unknown[])) };
  }
}

class RetryingSqliteDriver extends SqliteDriver {
  readonly #reads: ReadingBesideWriter | null;
  /** The callers holding the writing connection for a transaction. */
  readonly #inTransaction = new WeakSet<object>();

  constructor(config: SqliteDialectConfig, reader: SqliteDatabase | null) {
    super(config);
    this.#reads = reader ? new ReadingBesideWriter(reader) : null;
  }

  /**
   * A lease that takes the writing connection only for what needs it: a statement at a time, or a whole
   * transaction (taken in beginTransaction, given back at its end). Inside a transaction the write lock is already
   * held, and a statement that fails there fails the transaction; outside, a busy file is waited for (retryWhileBusy).
   */
  override async acquireConnection(): Promise<DatabaseConnection> {
    const lease: DatabaseConnection & { writer?: DatabaseConnection } = {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        if (lease.writer) {
          const writer = lease.writer;
          return this.#inTransaction.has(lease)
            ? writer.executeQuery<R>(query)
            : retryWhileBusy(() => writer.executeQuery<R>(query));
        }
        const read = this.#reads ? await retryWhileBusy(async () => this.#reads!.read(query)) : null;
        if (read) return read as QueryResult<R>;
        const writer = await super.acquireConnection();
        try {
          return await retryWhileBusy(() => writer.executeQuery<R>(query));
        } finally {
          await super.releaseConnection();
        }
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => {
        if (!lease.writer) throw new Error("SQLite streams only inside a transaction here");
        return lease.writer.streamQuery<R>(query, chunkSize);
      },
    };
    return lease;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as DatabaseConnection & { writer?: DatabaseConnection };
    const writer = await super.acquireConnection();
    try {
      // BEGIN IMMEDIATE takes the write lock before the first read: waited for while another process holds it.
      await retryWhileBusy(() => writer.executeQuery(CompiledQuery.raw("begin immediate")));
    } catch (error) {
      await super.releaseConnection();
      throw error;
    }
    lease.writer = writer;
    this.#inTransaction.add(lease);
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#endTransaction(connection, "commit");
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#endTransaction(connection, "rollback");
  }

  async #endTransaction(connection: DatabaseConnection, how: "commit" | "rollback") {
    const lease = connection as DatabaseConnection & { writer?: DatabaseConnection };
    try {
      await lease.writer!.executeQuery(CompiledQuery.raw(how));
    } finally {
      this.#inTransaction.delete(lease);
      lease.writer = undefined;
      await super.releaseConnection();
    }
  }

  /** Each statement and transaction gives the writer back itself. */
  override async releaseConnection(): Promise<void> {}
}

class RetryingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly reader: SqliteDatabase | null,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new RetryingSqliteDriver(this.config, this.reader);
  }
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

/** Migrates on a connection of its own, without the deadlines, then opens the database as the app uses it. */
export async function openAndMigrate(url: string): Promise<DbHandle> {
  const migrating = openDatabase(url, { deadlines: false });
  try {
    await migrateToLatest(migrating.db, migrating.dialect);
  } finally {
    await migrating.close();
  }
  return openDatabase(url);
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
