import SQLite from "better-sqlite3";
import cronParser from "cron-parser";
import { better, defineQueue, JobStatus } from "plainjob";
import { errorFields, logger } from "../../observability/log";
import { BUSY_WAIT_MS, isBusy, retryWhileBusy } from "../db";
import { JOB_TIMEOUT_SECONDS, type JobDefinition, type JobQueue, type StoredJobData } from "./queue";

/** What a job's `data` column holds on SQLite: the envelope, and which run comes next. */
interface SqliteJobData extends StoredJobData {
  attempt: number;
}

const MAINTENANCE_EVERY_MS = 60_000;
/** Done and failed jobs are kept this long for the jobs page, then removed. */
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;
/** plainjob's own maintenance timer is left idle: the runner below does that work where a busy file is no crash. */
const NEVER_MS = 2 ** 31 - 1;

/**
 * The delay before retry number `attempt` (1 for the first): the definition's delay, doubled at each retry,
 * plus up to as much again at random so that jobs failing together do not come back together. pg-boss's formula.
 */
export function retryDelayMs(definition: JobDefinition, attempt: number): number {
  const base = definition.retryDelaySeconds * 1000 * 2 ** Math.min(16, attempt - 1);
  return Math.round(base + base * Math.random());
}

/**
 * plainjob on the app's SQLite file, through a connection of its own: its tables, enqueuing, schedules
 * and cleanup. The loop that claims and runs jobs is this module's, for what plainjob's worker lacks:
 * retries with backoff, and waiting for a file another process holds without blocking the server's
 * thread (the same short busy wait as the app's connection; a busy file means trying at the next poll).
 * A claim is one BEGIN IMMEDIATE transaction, so two processes never take the same job.
 */
export function sqliteJobQueue(
  file: string,
  definitions: readonly JobDefinition[],
  options: { pollIntervalMs?: number } = {},
): JobQueue {
  if (file === ":memory:") throw new Error("background jobs need a SQLite file that every process opens");
  const sqlite = new SQLite(file);
  const queue = defineQueue({
    connection: better(sqlite),
    logger: { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} },
    timeout: JOB_TIMEOUT_SECONDS * 1000,
    maintenanceInterval: NEVER_MS,
  });
  sqlite.pragma(`busy_timeout = ${BUSY_WAIT_MS}`);
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const pollIntervalMs = options.pollIntervalMs ?? 2000;

  // A claimed job's next_run_at becomes the time it started, which is what plainjob's timeout counts from.
  const markStarted = sqlite.prepare("UPDATE plainjob_jobs SET next_run_at = ? WHERE id = ?");
  const markDone = sqlite.prepare(`UPDATE plainjob_jobs SET status = ${JobStatus.Done}, next_run_at = ? WHERE id = ?`);
  const markRetry = sqlite.prepare(
    `UPDATE plainjob_jobs SET status = ${JobStatus.Pending}, next_run_at = ?, data = ?, error = ? WHERE id = ?`,
  );

  const claim = sqlite.transaction((name: string) => {
    const claimed = queue.getAndMarkJobAsProcessing(name);
    if (!claimed) return undefined;
    markStarted.run(Date.now(), claimed.id);
    return queue.getJobById(claimed.id);
  });

  /** A schedule that is due enqueues its job and moves to its next time, in one transaction. */
  const enqueueDueSchedule = sqlite.transaction(() => {
    const due = queue.getAndMarkScheduledJobAsProcessing();
    if (!due) return false;
    const next = cronParser.parseExpression(due.cronExpression, { utc: true }).next().toDate().getTime();
    queue.markScheduledJobAsIdle(due.id, next);
    const data: SqliteJobData = { schoolId: null, payload: {}, attempt: 1 };
    queue.add(due.type, data);
    return true;
  });

  async function runNext(): Promise<boolean> {
    for (const definition of definitions) {
      const job = claim.immediate(definition.name);
      if (!job) continue;
      const data = JSON.parse(job.data) as SqliteJobData;
      try {
        await definition.run(data.payload, { id: String(job.id), attempt: data.attempt, schoolId: data.schoolId });
        await retryWhileBusy(async () => markDone.run(Date.now(), job.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.warn("job failed", {
          job: definition.name,
          job_id: job.id,
          attempt: data.attempt,
          ...errorFields(error),
        });
        await retryWhileBusy(async () => {
          if (data.attempt <= definition.retryLimit) {
            const next: SqliteJobData = { ...data, attempt: data.attempt + 1 };
            markRetry.run(Date.now() + retryDelayMs(definition, data.attempt), JSON.stringify(next), message, job.id);
          } else {
            queue.markJobAsFailed(job.id, message);
          }
        });
      }
      return true;
    }
    return false;
  }

  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function work() {
    let maintainedAt = 0;
    while (running) {
      let worked = false;
      try {
        if (Date.now() - maintainedAt >= MAINTENANCE_EVERY_MS) {
          queue.requeueTimedOutJobs(JOB_TIMEOUT_SECONDS * 1000);
          queue.removeDoneJobs(KEEP_FINISHED_MS);
          queue.removeFailedJobs(KEEP_FINISHED_MS);
          maintainedAt = Date.now();
        }
        worked = enqueueDueSchedule.immediate();
        worked = (await runNext()) || worked;
      } catch (error) {
        if (!isBusy(error)) logger.warn("job runner error", errorFields(error));
      }
      if (!worked && running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollIntervalMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  }

  return {
    async enqueue(name, payload, { schoolId = null, delayMs = 0 } = {}) {
      if (!byName.has(name)) throw new Error(`no job named ${name}`);
      const data: SqliteJobData = { schoolId, payload, attempt: 1 };
      const { id } = await retryWhileBusy(async () => queue.add(name, data, { delay: delayMs }));
      return String(id);
    },
    async start() {
      if (loop) return;
      for (const definition of definitions) {
        if (definition.schedule) {
          const { schedule, name } = definition;
          await retryWhileBusy(async () => queue.schedule(name, { cron: schedule }));
        }
      }
      running = true;
      loop = work();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
      queue.close();
    },
  };
}
