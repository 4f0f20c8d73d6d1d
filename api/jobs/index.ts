import { JOB_NAMES } from "../../contract/jobs";
import type { DbHandle } from "../db";
import { sweepExpiredChecks } from "../services/imports";
import { sendMessageJob, type MessageJobDeps } from "../services/messages";
import { findMissingRegisters, sweepOldNotifications } from "../services/notifications";
import { recheckPending, type PaymentDeps } from "../services/payments";
import { postgresJobQueue } from "./postgres";
import type { JobDefinition, JobQueue } from "./queue";
import { sqliteJobQueue } from "./sqlite";

export type { EnqueueOptions, JobDefinition, JobQueue, RunningJob } from "./queue";

/** The product's jobs. */
export function productJobs(
  deps: Pick<PaymentDeps, "db" | "now"> &
    Partial<Pick<PaymentDeps, "publicUrl" | "payments" | "sendReceipt" | "paidApplication">> &
    Pick<MessageJobDeps, "mailer" | "sms" | "storage">,
): JobDefinition[] {
  return [
    {
      // Every 10 minutes: pending online payments older than 30 minutes are verified with Paystack again.
      name: JOB_NAMES.checkOnlinePayments,
      retryLimit: 1,
      retryDelaySeconds: 60,
      schedule: "*/10 * * * *",
      run: async (_payload, job) => {
        await recheckPending({ publicUrl: "", ...deps }, job.schoolId ?? undefined);
      },
    },
    {
      // Every hour for all schools, and for one school when its check's hour is up.
      name: JOB_NAMES.sweepImportChecks,
      retryLimit: 3,
      retryDelaySeconds: 30,
      schedule: "0 * * * *",
      run: async (_payload, job) => {
        await sweepExpiredChecks(deps, job.schoolId);
      },
    },
    // A message to parents: its queued lines, by email and SMS.
    sendMessageJob(deps),
    {
      // Every day at 02:00 UTC: notifications older than 90 days go.
      name: JOB_NAMES.sweepNotifications,
      retryLimit: 3,
      retryDelaySeconds: 60,
      schedule: "0 2 * * *",
      run: async () => {
        await sweepOldNotifications(deps);
      },
    },
    {
      // Hourly from noon to 17:00 in Lagos (UTC+1) on weekdays: registers not taken by noon on a school day.
      name: JOB_NAMES.checkRegisters,
      retryLimit: 3,
      retryDelaySeconds: 60,
      schedule: "5 11-16 * * 1-5",
      run: async (_payload, job) => {
        await findMissingRegisters(deps, job.schoolId);
      },
    },
  ];
}

export interface JobQueueOptions {
  /** How often an idle runner looks for work (pg-boss takes at least 0.5 s). */
  pollIntervalMs?: number;
}

/** The queue of the database the handle opens: pg-boss on PostgreSQL, plainjob on SQLite. */
export async function openJobQueue(
  handle: Pick<DbHandle, "db" | "dialect" | "file">,
  definitions: readonly JobDefinition[],
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  if (handle.dialect === "postgres") {
    return postgresJobQueue(handle.db, definitions, { pollIntervalSeconds: Math.max(0.5, pollIntervalMs / 1000) });
  }
  if (!handle.file) throw new Error("background jobs on SQLite need the database's file");
  return sqliteJobQueue(handle.file, definitions, { pollIntervalMs });
}
