import type { Paginated } from "./http";

/**
 * Background jobs (docs/product.md, Background jobs): the school's own jobs, queued, running, done and
 * failed, for its main admin.
 *
 * - GET /jobs?state=&page= → {data: Paginated<JobRecord>} (newest first; `state` one of JOB_STATES, else all)
 */

export const JOB_STATES = ["queued", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobState, string> = {
  queued: "Queued",
  running: "Running",
  done: "Done",
  failed: "Failed",
};

/** The jobs the product runs, by their queue names. */
export const JOB_NAMES = {
  sweepImportChecks: "sweep-import-checks",
  checkOnlinePayments: "check-online-payments",
  sendMessage: "send-message",
  sweepNotifications: "sweep-notifications",
  checkRegisters: "check-registers",
} as const;

/** What the jobs page calls each job. */
export const JOB_LABELS: Record<string, string> = {
  [JOB_NAMES.sweepImportChecks]: "Remove expired import checks",
  [JOB_NAMES.checkOnlinePayments]: "Check pending online payments with Paystack",
  [JOB_NAMES.sendMessage]: "Send a message to parents",
  [JOB_NAMES.sweepNotifications]: "Remove notifications older than 90 days",
  [JOB_NAMES.checkRegisters]: "Find registers not taken by noon",
};

export interface JobRecord {
  id: string;
  name: string;
  label: string;
  state: JobState;
  /** Runs started so far, retries included. */
  attempts: number;
  created_at: string;
  /** When a queued job runs at the earliest. */
  run_after: string | null;
  /** When a done or failed job finished. */
  finished_at: string | null;
}

export type JobList = Paginated<JobRecord>;
