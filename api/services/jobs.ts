import { sql } from "kysely";
import { z } from "zod";
import { JOB_LABELS, JOB_STATES, type JobList, type JobRecord, type JobState } from "../../contract/jobs";
import type { ApiDeps, Tenant } from "../context";
import { jobsSchema } from "../jobs/postgres";
import { paginate, pageParams } from "../lib/pagination";

export const jobsQuery = pageParams.extend({ state: z.enum(JOB_STATES).optional().catch(undefined) });
export type JobsQuery = z.infer<typeof jobsQuery>;

/** plainjob's status numbers and pg-boss's states, as the page names them. */
const SQLITE_STATUS: Record<JobState, number[]> = { queued: [0], running: [1], done: [2], failed: [3] };
const POSTGRES_STATES: Record<JobState, string[]> = {
  queued: ["created", "retry"],
  running: ["active"],
  done: ["completed"],
  failed: ["failed", "cancelled"],
};
const stateOf = <T>(table: Record<JobState, T[]>, value: T): JobState =>
  JOB_STATES.find((state) => table[state].includes(value)) ?? "failed";

const record = (row: Omit<JobRecord, "label">): JobRecord => ({ ...row, label: JOB_LABELS[row.name] ?? row.name });
const iso = (value: Date | number | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The school's jobs, newest first, read from the queue library's own tables: a job is the school's when
 * its stored data names the school. System jobs (the hourly sweep of every school) belong to none. Before
 * the queue has ever started, its tables do not exist yet and there is no job.
 */
export async function listJobs(deps: ApiDeps, tenant: Tenant, query: JobsQuery): Promise<JobList> {
  return deps.dialect === "postgres" ? listPostgres(deps, tenant, query) : listSqlite(deps, tenant, query);
}

async function listSqlite(deps: ApiDeps, tenant: Tenant, query: JobsQuery): Promise<JobList> {
  const installed = await sql`select 1 from sqlite_master where type = 'table' and name = 'plainjob_jobs'`.execute(
    deps.db,
  );
  if (!installed.rows.length)
    return paginate(
      query,
      async () => 0,
      async () => [],
    );
  const where = sql`json_extract(data, '$.schoolId') = ${tenant.schoolId}${
    query.state ? sql` and status in (${sql.join(SQLITE_STATUS[query.state])})` : sql``
  }`;
  return paginate(
    query,
    async () =>
      (await sql<{ n: number }>`select count(*) as n from plainjob_jobs where ${where}`.execute(deps.db)).rows[0].n,
    async (limit, offset) => {
      const { rows } = await sql<{
        id: number;
        type: string;
        status: number;
        data: string;
        created_at: number;
        next_run_at: number | null;
        failed_at: number | null;
      }>`select id, type, status, data, created_at, next_run_at, failed_at from plainjob_jobs where ${where}
          order by id desc limit ${limit} offset ${offset}`.execute(deps.db);
      return rows.map((row) => {
        const state = stateOf(SQLITE_STATUS, row.status);
        const attempt = (JSON.parse(row.data) as { attempt?: number }).attempt ?? 1;
        return record({
          id: String(row.id),
          name: row.type,
          state,
          attempts: state === "queued" ? attempt - 1 : attempt,
          created_at: iso(row.created_at)!,
          run_after: state === "queued" ? iso(row.next_run_at) : null,
          finished_at: state === "done" ? iso(row.next_run_at) : state === "failed" ? iso(row.failed_at) : null,
        });
      });
    },
  );
}

async function listPostgres(deps: ApiDeps, tenant: Tenant, query: JobsQuery): Promise<JobList> {
  const schema = await jobsSchema(deps.db);
  const installed = await sql<{ t: string | null }>`select to_regclass(${`${schema}.archive`})::text as t`.execute(
    deps.db,
  );
  if (!installed.rows[0]?.t)
    return paginate(
      query,
      async () => 0,
      async () => [],
    );
  const where = sql`data->>'schoolId' = ${String(tenant.schoolId)}${
    query.state ? sql` and state::text in (${sql.join(POSTGRES_STATES[query.state])})` : sql``
  }`;
  const columns = sql`id, name, state::text as state, retry_count, started_on, start_after, created_on, completed_on`;
  // Finished jobs move from `job` to `archive` after a day: the page shows both.
  const jobs = sql`select ${columns} from ${sql.table(`${schema}.job`)} where ${where}
    union all select ${columns} from ${sql.table(`${schema}.archive`)} where ${where}`;
  return paginate(
    query,
    async () => (await sql<{ n: string }>`select count(*) as n from (${jobs}) j`.execute(deps.db)).rows[0].n,
    async (limit, offset) => {
      const { rows } = await sql<{
        id: string;
        name: string;
        state: string;
        retry_count: number;
        started_on: Date | null;
        start_after: Date;
        created_on: Date;
        completed_on: Date | null;
      }>`select * from (${jobs}) j order by created_on desc, id desc limit ${limit} offset ${offset}`.execute(deps.db);
      return rows.map((row) => {
        const state = stateOf(POSTGRES_STATES, row.state);
        return record({
          id: row.id,
          name: row.name,
          state,
          attempts: row.started_on ? row.retry_count + 1 : 0,
          created_at: iso(row.created_on)!,
          run_after: state === "queued" ? iso(row.start_after) : null,
          finished_at: state === "done" || state === "failed" ? iso(row.completed_on) : null,
        });
      });
    },
  );
}
