import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { reusingStatements } from "../../api/db";

describe("reusingStatements", () => {
  const sqlite = new SQLite(":memory:");
  sqlite.exec("create table t (n integer)");
  sqlite.exec("insert into t values (1), (2), (3)");
  const db = reusingStatements(sqlite);

  it("hands back the same prepared statement for the same SQL, with each call's own parameters", () => {
    const first = db.prepare("select n from t where n >= ? order by n");
    const again = db.prepare("select n from t where n >= ? order by n");
    expect(again).toBe(first);
    expect(first.all([2])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(again.all([3])).toEqual([{ n: 3 }]);
  });

  it("prepares a fresh statement while the cached one is still being iterated", () => {
    const query = "select n from t order by n";
    const iterating = db.prepare(query);
    const rows = iterating.iterate([]);
    rows.next();
    const other = db.prepare(query);
    expect(other).not.toBe(iterating);
    expect(other.all([])).toHaveLength(3);
    rows.return?.();
  });

  it("keeps at most 256 statements, dropping the least recently used", () => {
    const unused = db.prepare("select -1 as n");
    const used = db.prepare("select 0 as n");
    for (let i = 1; i <= 300; i++) {
      db.prepare(`select ${i} as n`);
      if (i % 50 === 0) expect(db.prepare("select 0 as n")).toBe(used);
    }
    expect(db.prepare("select 0 as n")).toBe(used);
    const again = db.prepare("select -1 as n");
    expect(again).not.toBe(unused);
    expect(again.all([])).toEqual([{ n: -1 }]);
  });
});
