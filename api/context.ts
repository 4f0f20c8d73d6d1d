import type { Db, Dialect } from "./db";
import type { BankProvider } from "./services/bank-providers";
import type { FileStorage } from "./storage/local";

/** What the school API needs from its host: a migrated database, file storage and a clock. */
export interface ApiDeps {
  db: Db;
  dialect: Dialect;
  storage: FileStorage;
  now: () => Date;
  /** Who verifies bank accounts: Paystack when configured; the sandbox when left out. */
  bankProvider?: BankProvider;
}

/** The school an authenticated request acts for. */
export interface Tenant {
  schoolId: number;
  uniqueId: string;
}
