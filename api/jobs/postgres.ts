import { CompiledQuery, sql } from "kysely";
import PgBoss from "pg-boss";
import { errorFields, logger } from "../../observability/log";
import type { Db } from "../db";
import { JOB_TIMEOUT_SECONDS, type JobDefinition, type JobQueue, type StoredJobData } from "./queue";

/**
 * The schema of the queue's tables: pg-boss's own `pgboss` beside the default `public`, else named after
 * the schema DATABASE_URL selects, so that two schools' databases sharing one server keep their jobs apart.
 */
export async function jobsSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? "public";
  return schema === "public" ? "pgboss" : `${schema}_pgboss`;
}

/**
 * pg-boss through the app's own connection pool. A statement list pg-boss sends as one text (its
 * installation, inside BEGIN … COMMIT) that fails is rolled back on the same connection, so the pool
 * never gets back a connection stuck in a failed transaction. Creating a queue attaches a partition to
 * the shared job table, which deadlocks when processes starting together create queues at once: those
 * calls take turns under a transaction-scoped advisory lock.
 */
function throughKysely(db: Db, schema: string): PgBoss.Db {
  const createQueue = `SELECT ${schema}.create_queue(`;
  return {
    executeSql: (text, values = []) =>
      text.startsWith(createQueue)
        ? db.transaction().execute(async (trx) => {
            await sql`select pg_advisory_xact_lock(hashtext(${`${schema}.create_queue`}))`.execute(trx);
            return trx.executeQuery(CompiledQuery.raw(text, values));
          })
        : db.connection().execute(async (connection) => {
            try {
              return await connection.executeQuery(CompiledQuery.raw(text, values));
            } catch (error) {
              await connection.executeQuery(CompiledQuery.raw("rollback")).catch(() => undefined);
              throw error;
            }
          }),
  };
}

export async function postgresJobQueue(
  db: Db,
  definitions: readonly JobDefinition[],
  options: { pollIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const schema = await jobsSchema(db);
  const boss = new PgBoss({
    db: throughKysely(db, schema),
    schema,
    // Done and failed jobs stay in `job` for a day, then in `archive` for a week: the jobs page reads both.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on("error", (error) => logger.warn("job queue error", errorFields(error)));
  const byName = new Map(definitions.map((d) => [d.name, d]));
  // Installed (or brought to pg-boss's version) at once, so that jobs can be enqueued before this process runs any.
  await boss.start();
  for (const definition of definitions) {
    if (await boss.getQueue(definition.name)) continue;
    await boss.createQueue(definition.name, {
      name: definition.name,
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: JOB_TIMEOUT_SECONDS,
    });
  }
  let stopped = false;

  return {
    async enqueue(name, payload, { schoolId = null, delayMs = 0 } = {}) {
      const definition = byName.get(name);
      if (!definition) throw new Error(`no job named ${name}`);
      const data: StoredJobData = { schoolId, payload };
      const id = await boss.send(name, data as object, {
        startAfter: Math.ceil(delayMs / 1000),
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: JOB_TIMEOUT_SECONDS,
      });
      if (!id) throw new Error(`job ${name} was not enqueued`);
      return id;
    },
    async start() {
      for (const definition of definitions) {
        if (definition.schedule) {
          const data: StoredJobData = { schoolId: null, payload: {} };
          await boss.schedule(definition.name, definition.schedule, data as object, { tz: "UTC" });
        }
        await boss.work<StoredJobData>(
          definition.name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollIntervalSeconds ?? 2 },
          async ([job]) => {
            await definition.run(job.data.payload, {
              id: job.id,
              attempt: job.retryCount + 1,
              schoolId: job.data.schoolId,
            });
          },
        );
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
    },
  };
}
