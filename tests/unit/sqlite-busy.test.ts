import SQLite from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db";

/**
 * Another connection (another worker, `npm run restore`) holds SQLite's write lock: a write waits for it
 * without blocking this thread, so the other connection can finish, and then succeeds. Here the other
 * connection lives in this very thread and lets go on a timer: a write that blocked the thread while
 * waiting would never see it let go.
 */
describe("SQLite writes while another connection holds the lock", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-busy-"));
  const file = path.join(dir, "busy.sqlite");
  const handle = openDatabase(file);
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function holding<T>(ms: number, work: () => Promise<T>): Promise<{ value: T; waited: number }> {
    const other = new SQLite(file);
    other.exec("begin immediate");
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        other.exec("commit");
        other.close();
        resolve();
      }, ms),
    );
    const started = Date.now();
    const value = await work();
    const waited = Date.now() - started;
    await released;
    return { value, waited };
  }

  it("a plain write waits for the lock and then succeeds", async () => {
    await sql`create table if not exists t (n integer)`.execute(handle.db);
    const { waited } = await holding(600, () => sql`insert into t values (1)`.execute(handle.db));
    expect(waited).toBeGreaterThanOrEqual(500);
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db)).rows[0].n).toBe(1);
  });

  it("a transaction that reads before it writes takes the lock first, waits, and succeeds", async () => {
    const { value } = await holding(600, () =>
      handle.db.transaction().execute(async (trx) => {
        const before = (await sql<{ n: number }>`select count(*) as n from t`.execute(trx)).rows[0].n;
        await sql`insert into t values (${before + 1})`.execute(trx);
        return before;
      }),
    );
    expect(value).toBe(1);
  });

  it("other work in the thread goes on while a write waits", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    await holding(500, () => sql`insert into t values (9)`.execute(handle.db));
    clearInterval(timer);
    // A blocked thread would count none; each try blocks for at most 100 ms.
    expect(ticks).toBeGreaterThan(3);
  });
});

/**
 * One process, one writing connection: while a caller's transaction holds it (a promotion, an import), another
 * caller's read is answered at once by the read-only connection, with what was committed before; another caller's
 * write waits for the transaction's end.
 */
describe("SQLite reads beside a transaction of the same process", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-reads-"));
  const handle = openDatabase(path.join(dir, "reads.sqlite"));
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a read does not wait for another caller's transaction, and sees only what was committed", async () => {
    await sql`create table r (n integer)`.execute(handle.db);
    await sql`insert into r values (1)`.execute(handle.db);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const transaction = handle.db.transaction().execute(async (trx) => {
      await sql`insert into r values (2)`.execute(trx);
      wrote();
      await held;
    });
    await written;
    const count = async () => (await sql<{ n: number }>`select count(*) as n from r`.execute(handle.db)).rows[0].n;
    // Answered while the transaction is open: before, it waited for the one connection.
    expect(await count()).toBe(1);
    let writeDone = false;
    const write = sql`insert into r values (3)`.execute(handle.db).then(() => (writeDone = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writeDone).toBe(false);
    finish();
    await Promise.all([transaction, write]);
    expect(await count()).toBe(3);
  });
});
