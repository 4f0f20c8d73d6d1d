import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { JOB_NAMES, type JobList, type JobRecord } from "../../contract/jobs";
import { openJobQueue, productJobs, type JobDefinition, type JobQueue } from "../../api/jobs";
import { DATABASE, registerSchool, sql, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { xlsxFile } from "./spreadsheets";

/** Background jobs on the database's own queue library (pg-boss, plainjob), and the school's page of them. */
describe(`jobs on ${DATABASE}`, () => {
  let api: TestApi;
  let a: RegisteredSchool;
  let b: RegisteredSchool;
  let aId: number;
  let bId: number;
  /** The queue the API enqueues into, swapped per test. */
  let apiQueue: JobQueue | null = null;
  const opened: JobQueue[] = [];

  beforeAll(async () => {
    api = await startApi({
      jobs: {
        enqueue: (...args) => {
          if (!apiQueue) throw new Error("no queue");
          return apiQueue.enqueue(...args);
        },
      },
    });
    a = await registerSchool(api, { school_name: "Jobs School A" });
    b = await registerSchool(api, { school_name: "Jobs School B" });
    aId = await schoolId(a);
    bId = await schoolId(b);
  });
  afterEach(async () => {
    apiQueue = null;
    while (opened.length) await opened.pop()!.stop();
  });
  afterAll(() => api.close());

  async function schoolId(s: RegisteredSchool): Promise<number> {
    const { rows } = await sql<{ id: number }>`select id from schools where unique_id = ${s.uniqueId}`.execute(api.db);
    return Number(rows[0].id);
  }

  async function open(definitions: JobDefinition[]): Promise<JobQueue> {
    const queue = await openJobQueue(api.database, definitions, { pollIntervalMs: 100 });
    opened.push(queue);
    return queue;
  }

  async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error("timed out waiting");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function jobsPage(s: RegisteredSchool, query = ""): Promise<JobList> {
    const res = await api.fetch(`/api/admin/${s.uniqueId}/jobs${query}`, { headers: s.auth });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: JobList }).data;
  }
  const find = (list: JobList, id: string) => list.data.find((j) => j.id === id);

  /** A job that records each run's payload and time, failing while `failures` says so. */
  function recorder(name: string, options: { failures?: number; retryLimit?: number } = {}) {
    const runs: Array<{ payload: unknown; attempt: number; at: number; schoolId: number | null }> = [];
    const definition: JobDefinition = {
      name,
      retryLimit: options.retryLimit ?? 2,
      retryDelaySeconds: 1,
      run: async (payload, job) => {
        runs.push({ payload, attempt: job.attempt, at: Date.now(), schoolId: job.schoolId });
        if (runs.length <= (options.failures ?? 0)) throw new Error(`failure ${runs.length}`);
      },
    };
    return { runs, definition };
  }

  it("an enqueued job runs once with its payload and school, and shows as done on that school's page only", async () => {
    const echo = recorder("echo");
    const queue = await open([echo.definition]);
    await queue.start();
    const id = await queue.enqueue("echo", { n: 1 }, { schoolId: aId });
    await until(() => echo.runs.length === 1);
    expect(echo.runs[0]).toMatchObject({ payload: { n: 1 }, attempt: 1, schoolId: aId });
    await until(async () => find(await jobsPage(a), id)?.state === "done");
    expect(find(await jobsPage(a), id)).toMatchObject({ name: "echo", label: "echo", attempts: 1 });
    expect(find(await jobsPage(b), id)).toBeUndefined();
  });

  it("a failed run is tried again after the backoff delay; one that keeps failing ends failed", async () => {
    const flaky = recorder("flaky", { failures: 1 });
    const broken = recorder("broken", { failures: 99, retryLimit: 1 });
    const queue = await open([flaky.definition, broken.definition]);
    await queue.start();
    const flakyId = await queue.enqueue("flaky", {}, { schoolId: aId });
    const brokenId = await queue.enqueue("broken", {}, { schoolId: aId });
    await until(() => flaky.runs.length === 2 && broken.runs.length === 2);
    expect(flaky.runs.map((r) => r.attempt)).toEqual([1, 2]);
    // The first retry waits the definition's delay (1 s), up to twice that with the randomness.
    expect(flaky.runs[1].at - flaky.runs[0].at).toBeGreaterThanOrEqual(900);
    await until(async () => {
      const page = await jobsPage(a);
      return find(page, flakyId)?.state === "done" && find(page, brokenId)?.state === "failed";
    });
    const failed = await jobsPage(a, "?state=failed");
    expect(failed.data.map((j) => j.id)).toEqual([brokenId]);
    expect(failed.data[0]).toMatchObject({ attempts: 2 });
    expect(failed.data[0].finished_at).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(broken.runs).toHaveLength(2);
  });

  it("a job enqueued before a restart of the runner is still there and runs after it", async () => {
    const echo = recorder("echo");
    const before = await open([echo.definition]);
    const id = await before.enqueue("echo", { kept: true }, { schoolId: aId });
    await before.stop();
    opened.pop();
    expect(find(await jobsPage(a, "?state=queued"), id)).toMatchObject({ state: "queued", attempts: 0 });
    const after = await open([echo.definition]);
    await after.start();
    await until(() => echo.runs.length === 1);
    expect(echo.runs[0].payload).toEqual({ kept: true });
  });

  it("two runners on the same database run each job once", async () => {
    const first = recorder("shared");
    const second = recorder("shared");
    const one = await open([first.definition]);
    const two = await open([second.definition]);
    await Promise.all([one.start(), two.start()]);
    for (let n = 0; n < 12; n++) await (n % 2 ? one : two).enqueue("shared", { n }, { schoolId: bId });
    await until(() => first.runs.length + second.runs.length === 12);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const ran = [...first.runs, ...second.runs].map((r) => (r.payload as { n: number }).n).sort((x, y) => x - y);
    expect(ran).toEqual([...Array(12).keys()]);
  });

  async function expiredCheck(schoolId: number, minutesLeft: number): Promise<void> {
    const now = api.clock.now.getTime();
    await api.db
      .insertInto("imports")
      .values({
        school_id: schoolId,
        token: `t${Math.random().toString(36).slice(2)}${schoolId}`,
        kind: "students",
        file_hash: Math.random().toString(36),
        file_name: "students.xlsx",
        headers: "[]",
        rows: "[]",
        row_count: 0,
        problems: "[]",
        prepared: "[]",
        status: "checked",
        added: 0,
        created_at: new Date(now - 3_600_000).toISOString(),
        expires_at: new Date(now + minutesLeft * 60_000).toISOString(),
        imported_at: null,
      })
      .execute();
  }
  const checksOf = async (schoolId: number) =>
    (await api.db.selectFrom("imports").select("expires_at").where("school_id", "=", schoolId).execute()).length;

  it("the sweep removes a school's expired checks when enqueued for it, and every school's as the system job", async () => {
    await api.db.deleteFrom("imports").execute();
    for (const id of [aId, bId]) {
      await expiredCheck(id, -5);
      await expiredCheck(id, 30);
    }
    // Without the hourly schedule, whose first run on SQLite comes at once.
    const sweepOnly = productJobs({ db: api.db, now: () => api.clock.now }).map((d) => ({ ...d, schedule: undefined }));
    const queue = await open(sweepOnly);
    await queue.start();
    const forA = await queue.enqueue(JOB_NAMES.sweepImportChecks, {}, { schoolId: aId });
    await until(async () => find(await jobsPage(a), forA)?.state === "done");
    expect([await checksOf(aId), await checksOf(bId)]).toEqual([1, 2]);
    const system = await queue.enqueue(JOB_NAMES.sweepImportChecks, {});
    await until(async () => (await checksOf(bId)) === 1);
    // The system job is no school's.
    expect(find(await jobsPage(a), system)).toBeUndefined();
    expect(find(await jobsPage(b), system)).toBeUndefined();
  });

  it("an import check enqueues its school's sweep for when it expires", async () => {
    apiQueue = await open(productJobs({ db: api.db, now: () => api.clock.now }));
    const form = new FormData();
    form.set(
      "file",
      xlsxFile([
        ["Student Name", "Class", "Gender"],
        ["Ada Obi", "JSS1", "Female"],
      ]),
    );
    const res = await api.fetch(`/api/admin/${a.uniqueId}/imports/students`, {
      method: "POST",
      headers: a.auth,
      body: form,
    });
    expect(res.status).toBe(201);
    const queued = (await jobsPage(a, "?state=queued")).data.filter((j) => j.name === JOB_NAMES.sweepImportChecks);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ label: "Remove expired import checks", attempts: 0 });
    const waits = new Date(queued[0].run_after!).getTime() - Date.now();
    expect(waits).toBeGreaterThan(55 * 60_000);
    expect((await jobsPage(b, "?state=queued")).data).toEqual([]);
  });

  it("the page comes in pages, newest first, and filters by state", async () => {
    const later = recorder("later");
    const queue = await open([later.definition]);
    const ids: string[] = [];
    for (let n = 0; n < 22; n++) ids.push(await queue.enqueue("later", { n }, { schoolId: bId, delayMs: 3_600_000 }));
    const first = await jobsPage(b, "?state=queued");
    expect(first).toMatchObject({ current_page: 1, per_page: 20, total: 22, last_page: 2 });
    expect(first.data[0].id).toBe(ids[21]);
    const second = await jobsPage(b, "?state=queued&page=2");
    expect(second.data.map((j: JobRecord) => j.id)).toEqual([ids[1], ids[0]]);
    expect((await jobsPage(b, "?state=running")).total).toBe(0);
  });

  it("a sub-admin, even one holding the settings key, is refused the jobs page", async () => {
    const created = await api.fetch(`/api/admin/${a.uniqueId}/sub-admins`, {
      method: "POST",
      headers: { ...a.auth, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Ngozi Eze",
        email: "ngozi.jobs@example.ng",
        phone: "0803 000 0000",
        features: ["settings"],
      }),
    });
    expect(created.status).toBe(201);
    const { password } = ((await created.json()) as { data: { password: string } }).data;
    const login = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: a.uniqueId, email: "ngozi.jobs@example.ng", password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const res = await api.fetch(`/api/admin/${a.uniqueId}/jobs`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
  });
});
