/**
 * Background jobs: one interface over the queue library of each database (pg-boss on PostgreSQL,
 * plainjob on SQLite). A job is persisted before `enqueue` returns, runs once whichever process of
 * the app claims it, and is tried again after a failure with a growing delay.
 */

export interface EnqueueOptions {
  /** The school the job works for; a job without one is the system's and shows on no school's page. */
  schoolId?: number | null;
  /** Runs no sooner than this many milliseconds from now. */
  delayMs?: number;
}

/** What a handler learns about the job it runs. */
export interface RunningJob {
  id: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  schoolId: number | null;
}

export interface JobDefinition {
  /** Letters, digits and hyphens: the queue's name in the library's tables. */
  name: string;
  /** Runs again after a failure up to this many times. */
  retryLimit: number;
  /** Seconds before the first retry; each next retry waits about twice as long, with some randomness. */
  retryDelaySeconds: number;
  /** A cron expression (UTC): the job is enqueued as a system job on this schedule. */
  schedule?: string;
  run(payload: unknown, job: RunningJob): Promise<void>;
}

export interface JobQueue {
  /** Persists the job and answers its id; a running worker of any process picks it up. */
  enqueue(name: string, payload: unknown, options?: EnqueueOptions): Promise<string>;
  /** Starts taking jobs (and enqueuing the scheduled ones) in this process. */
  start(): Promise<void>;
  /** Stops taking jobs, lets the one running finish (within the grace period), and releases the connection. */
  stop(): Promise<void>;
}

/** The envelope every job's stored data has: the school beside the handler's own payload. */
export interface StoredJobData {
  schoolId: number | null;
  payload: unknown;
}

/** A job running longer than this counts as lost (its process died) and is run again. */
export const JOB_TIMEOUT_SECONDS = 15 * 60;
