import { describe, expect, it } from "vitest";
import { dbFailure } from "../../api/lib/db-errors";

const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("what a failed query means to the client", () => {
  it.each([
    [coded("SQLITE_BUSY"), "unavailable"],
    [coded("SQLITE_BUSY_SNAPSHOT"), "unavailable"],
    [coded("SQLITE_IOERR_WRITE"), "unavailable"],
    [coded("ECONNREFUSED"), "unavailable"],
    [coded("57P01"), "unavailable"],
    [coded("08006"), "unavailable"],
    [new Error("Connection terminated unexpectedly"), "unavailable"],
    [new Error("timeout exceeded when trying to connect"), "unavailable"],
    [coded("57014", "canceling statement due to statement timeout"), "unavailable"],
    [new Error("Query read timeout"), "unavailable"],
    [coded("23505"), "conflict"],
    [coded("SQLITE_CONSTRAINT_UNIQUE"), "conflict"],
    [coded("SQLITE_CONSTRAINT_PRIMARYKEY"), "conflict"],
    [coded("23503"), "invalid"],
    [coded("23502"), "invalid"],
    [coded("SQLITE_CONSTRAINT_NOTNULL"), "invalid"],
    [coded("SQLITE_CONSTRAINT_FOREIGNKEY"), "invalid"],
    [coded("42P01"), null],
    [coded("SQLITE_ERROR"), null],
    [new TypeError("undefined is not a function"), null],
    ["a string", null],
  ])("%s → %s", (error, meaning) => {
    expect(dbFailure(error)).toBe(meaning);
  });
});
