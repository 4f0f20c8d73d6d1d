import type { FeatureKey } from "../contract/access";
import type { Db, Dialect } from "./db";
import type { JobQueue } from "./jobs/queue";
import type { BankProvider } from "./services/bank-providers";
import type { FileStorage } from "./storage/storage";

/** What the school API needs from its host: a migrated database, file storage and a clock. */
export interface ApiDeps {
  db: Db;
  dialect: Dialect;
  storage: FileStorage;
  now: () => Date;
  /** PUBLIC_URL: where schools and parents reach this server; every absolute link it makes starts with it. */
  publicUrl: string;
  /** Who verifies bank accounts: Paystack when configured; the sandbox when left out. */
  bankProvider?: BankProvider;
  /** Where streamed uploads wait while they are read and checked; the system's temporary folder if unset. */
  tempDir?: string;
  /** Each school's storage quota in bytes; 0 is unlimited; DEFAULT_STORAGE_QUOTA_MB if unset. */
  storageQuotaBytes?: number;
  /** Where background jobs are enqueued; absent, nothing is (the hourly sweeps of a running queue still come). */
  jobs?: Pick<JobQueue, "enqueue">;
}

/** The school an authenticated request acts for. */
export interface Tenant {
  schoolId: number;
  uniqueId: string;
  /** Set when a sub-admin signed in; absent for the school's main admin. */
  subAdmin?: SubAdminActor;
}

/** A signed-in sub-admin with the feature keys they hold at this request. */
export interface SubAdminActor {
  id: number;
  name: string;
  features: ReadonlySet<FeatureKey>;
}
