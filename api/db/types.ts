import type { Kysely, Migration } from "kysely";
import type { Database } from "./schema";

/**
 * The types the database's modules share: index.ts (opening a database), migrate.ts, the migrations and
 * search.ts. Each imports them from here, so no two of those modules import each other: index.ts runs
 * migrate.ts, which runs the migrations.
 */

export type Db = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";

/** A migration, made for the dialect in use (a few column types differ); migrate.ts lists them all. */
export type DialectMigration = (dialect: Dialect) => Migration;
