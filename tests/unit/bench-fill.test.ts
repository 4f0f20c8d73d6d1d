import SQLite from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillDatabase, SMALL } from "../../bench/fill";
import { nameSortKey } from "../../contract/names";

/**
 * The bench measures the lists on the rows its fill writes: they must be the rows the services write, or the bench
 * times another query (with every `sort_name` empty, the lists' order by name cost nothing to sort).
 */
describe("the bench's data set", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-fill-"));
  const file = path.join(dir, "school.sqlite");
  let db: SQLite.Database;

  beforeAll(async () => {
    await fillDatabase(file, SMALL, "http://127.0.0.1:3999");
    db = new SQLite(file, { readonly: true });
  }, 60_000);

  afterAll(() => {
    db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(["students", "parents", "staff"])("every row of %s sorts by its name as the service writes it", (table) => {
    const rows = db.prepare(`select name, sort_name from ${table}`).all() as Array<{ name: string; sort_name: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.sort_name !== nameSortKey(row.name))).toEqual([]);
  });
});
