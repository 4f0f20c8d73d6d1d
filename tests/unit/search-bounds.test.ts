import SQLite from "better-sqlite3";
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { matchesSearch, SCHOOL_SPAN } from "../../api/db/search";

describe("matchesSearch on SQLite", () => {
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });

  // FTS5 narrows its walk to a school's rowid span only when the bounds arrive as integers: a bound bound as a
  // floating-point value is ignored, and the search then reads every school's matches.
  it("sends the school's rowid span to SQLite as integers", () => {
    const schoolId = 7;
    const compiled = sql`select 1 where ${matchesSearch("sqlite", "students", schoolId, "okafor")}`.compile(db);
    const numbers = compiled.parameters.filter((p) => typeof p !== "string");
    expect(numbers).toHaveLength(3);
    const sqlite = new SQLite(":memory:");
    const types = sqlite
      .prepare(`select ${numbers.map(() => "typeof(?)").join(", ")}`)
      .raw()
      .get(...numbers);
    expect(types).toEqual(["integer", "integer", "integer"]);
    expect(numbers.map(Number)).toEqual([
      schoolId * SCHOOL_SPAN,
      schoolId * SCHOOL_SPAN,
      (schoolId + 1) * SCHOOL_SPAN - 1,
    ]);
  });
});
