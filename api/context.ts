import type { FeatureKey } from "../contract/access";
import type { Db, Dialect } from "./db";
import type { JobQueue } from "./jobs/queue";
import type { BankProvider } from "./services/bank-providers";
import type { Mailer } from "./services/mail";
import type { PaymentGateway } from "./services/paystack";
import type { SmsProvider } from "./services/sms";
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
  /**
   * Online payments: Paystack's client when PAYSTACK_SECRET_KEY is set, "sandbox" for the app's own test checkout
   * (PAYMENTS_SANDBOX=1), absent when payments are off (fees are paid at the school). `platformChargePercent` is
   * what the platform keeps of each payment (PAYSTACK_PLATFORM_CHARGE).
   */
  payments?: { gateway: PaymentGateway | "sandbox"; platformChargePercent: number };
  /** Where streamed uploads wait while they are read and checked; the system's temporary folder if unset. */
  tempDir?: string;
  /** Each school's storage quota in bytes; 0 is unlimited; DEFAULT_STORAGE_QUOTA_MB if unset. */
  storageQuotaBytes?: number;
  /** Where background jobs are enqueued; absent, nothing is (the hourly sweeps of a running queue still come). */
  jobs?: Pick<JobQueue, "enqueue">;
  /** Outgoing email (SMTP_URL); absent, nothing is emailed and password reset links are not offered. */
  mailer?: Mailer;
  /** Text messages (TERMII_API_KEY); absent, messages to parents go by email only. */
  sms?: SmsProvider;
}

/** The school an authenticated request acts for. */
export interface Tenant {
  schoolId: number;
  uniqueId: string;
  /** Set when a sub-admin signed in; absent for the school's main admin. */
  subAdmin?: SubAdminActor;
  /** Set when a teacher signed in to the staff area: they reach only its calls (api/lib/access.ts). */
  staff?: StaffActor;
}

/** A signed-in teacher: their staff record's id and name, and the class they are form teacher of. */
export interface StaffActor {
  id: number;
  name: string;
  formClass: string | null;
}

/** A signed-in sub-admin with the feature keys they hold at this request. */
export interface SubAdminActor {
  id: number;
  name: string;
  features: ReadonlySet<FeatureKey>;
}
