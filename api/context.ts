import type { Db, Dialect } from "./db";
import type { FileStorage } from "./storage/local";

/** What the school API needs from its host: a migrated database, file storage and a clock. */
export interface ApiDeps {
  db: Db;
  dialect: Dialect;
  storage: FileStorage;
  now: () => Date;
}

/** The school an authenticated request acts for. */
export interface Tenant {
  schoolId: number;
  uniqueId: string;
}
