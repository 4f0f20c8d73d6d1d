import { CompiledQuery, type Compilable } from "kysely";
import type { Db } from "./types";

/** Stands for a named value while a prepared query is built. */
class Slot {
  constructor(readonly name: string) {}
}

interface Prepared {
  sql: string;
  /** Each parameter of the SQL: the name of a call's value, or a constant of the query itself. */
  parameters: ReadonlyArray<{ slot: string } | { constant: unknown }>;
}

/**
 * A query Kysely builds and compiles once for each database, then runs with each call's values. Building and
 * compiling a query of a few joins takes Kysely about as long as SQLite takes to answer it, and the token's check
 * runs at every API call: a page's three calls built it three times. `build` is given stand-ins for the values: it
 * passes them to Kysely as values and never looks at them (a query whose shape depends on a value is no prepared
 * query).
 */
export function prepared<Values extends Record<string, unknown>, Row>(
  build: (db: Db, values: Values) => Compilable<Row>,
): (db: Db, values: Values) => Promise<Row[]> {
  const compiled = new WeakMap<Db, Prepared>();
  const stand = new Proxy({} as Values, { get: (_, name) => new Slot(String(name)) });
  return async (db, values) => {
    let query = compiled.get(db);
    if (!query) {
      const { sql, parameters } = build(db, stand).compile();
      query = {
        sql,
        parameters: parameters.map((p) => (p instanceof Slot ? { slot: p.name } : { constant: p })),
      };
      compiled.set(db, query);
    }
    const bound = query.parameters.map((p) => ("slot" in p ? values[p.slot] : p.constant));
    return (await db.executeQuery<Row>(CompiledQuery.raw(query.sql, bound))).rows;
  };
}
