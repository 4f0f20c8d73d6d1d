import { JOB_NAMES } from "../../contract/jobs";
import type { ApiDeps } from "../context";
import type { DbHandle } from "../db";
import { sweepExpiredChecks } from "../services/imports";
import { postgresJobQueue } from "./postgres";
import type { JobDefinition, JobQueue } from "./queue";
import { sqliteJobQueue } from "./sqlite";

export type { EnqueueOptions, JobDefinition, JobQueue, RunningJob } from "./queue";

/** The product's jobs. */
export function productJobs(deps: Pick<ApiDeps, "db" | "now">): JobDefinition[] {
  return [
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
