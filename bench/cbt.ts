/**
 * `npm run bench:cbt`: 300 students of one school taking a computer-based test at once through the school API.
 * The test is opened for the class first (every paper drawn then); the 300 start together, then save their
 * answers with BENCH_CBT_CONCURRENCY (50) saves in flight. Goals: answer saves at p95 ≤ 100 ms, every answer
 * saved kept (the rows counted after), and another school's students list within the page budget (p95 50 ms)
 * meanwhile. With BENCH_CHECK=1 a goal missed exits 1. SQLite unless TEST_DATABASE_URL is set.
 */
import { performance } from "node:perf_hooks";
import type { CbtAttempt, CbtPin } from "../contract/cbt";
import { CLIENT_ADDRESS_HEADER } from "../contract/http";
import { registerSchool, startApi, type RegisteredSchool } from "../tests/api/harness";

const STUDENTS = Number(process.env.BENCH_CBT_STUDENTS ?? 300);
const QUESTIONS = 20;
const CONCURRENCY = Number(process.env.BENCH_CBT_CONCURRENCY ?? 50);
const SAVE_P95_GOAL_MS = 100;
const OTHER_P95_GOAL_MS = 50;
const OTHER_STUDENTS = 300;

async function main() {
  const api = await startApi();
  const call = async (s: RegisteredSchool, method: string, path: string, body?: unknown) => {
    const res = await api.fetch(`/api/admin/${s.uniqueId}${path}`, {
      method,
      headers: { ...s.auth, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: unknown; message?: string } };
  };
  // The lab's one address, as the students' browsers share it.
  const pub = (method: string, path: string, body?: unknown) =>
    api.fetch(`/api/public/cbt${path}`, {
      method,
      headers: { "Content-Type": "application/json", [CLIENT_ADDRESS_HEADER]: "10.0.0.1" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  try {
    const school = await registerSchool(api);
    const other = await registerSchool(api);
    const idOf = async (s: RegisteredSchool) =>
      (await api.db.selectFrom("schools").select("id").where("unique_id", "=", s.uniqueId).executeTakeFirstOrThrow())
        .id;
    const now = new Date().toISOString();
    const rows = (schoolId: number, prefix: string, count: number) =>
      Array.from({ length: count }, (_, n) => ({
        school_id: schoolId,
        unique_id: `STU-${prefix}${String(n).padStart(5, "0")}`,
        name: `Pupil ${n}`,
        sort_name: `pupil ${n}`,
        class_name: "JSS1",
        gender: n % 2 ? "Male" : "Female",
        phone_number: null,
        email: null,
        address: null,
        admission_number: null,
        takes_lesson: 0,
        subjects: null,
        subject_combo: null,
        profile_img_key: null,
        status: "active" as const,
        backlog_reason: null,
        search_text: `pupil ${n}`,
        idempotency_key: null,
        created_at: now,
        updated_at: now,
      }));
    await api.db
      .insertInto("students")
      .values(rows(await idOf(school), "CBT", STUDENTS))
      .execute();
    await api.db
      .insertInto("students")
      .values(rows(await idOf(other), "OTHER", OTHER_STUDENTS))
      .execute();
    for (let q = 0; q < QUESTIONS * 2; q++)
      await call(school, "POST", "/cbt/questions", {
        class: "JSS1",
        subject: "Mathematics",
        kind: "objective",
        text: `Question ${q}`,
        options: ["A", "B", "C", "D"],
        answer: q % 4,
      });
    const made = await call(school, "POST", "/cbt/tests", {
      title: "Bench test",
      class: "JSS1",
      subject: "Mathematics",
      term: "1st Term",
      session: "2026/2027",
      duration_minutes: 60,
      question_count: QUESTIONS,
      opens_at: new Date(Date.now() - 60_000).toISOString(),
      closes_at: new Date(Date.now() + 3_600_000).toISOString(),
      results_column: "1st CA",
      shuffle: true,
    });
    const test = made.body.data as { id: number; code: string };
    const opened = performance.now();
    const pins = (await call(school, "POST", `/cbt/tests/${test.id}/pins`)).body.data as CbtPin[];
    const openMs = performance.now() - opened;

    const started = performance.now();
    const attempts = await Promise.all(
      pins.map(async (p) => {
        const res = await pub("POST", "/attempts", { code: test.code, pin: p.pin });
        if (res.status !== 201) throw new Error(`start answered ${res.status}`);
        return ((await res.json()) as { data: CbtAttempt }).data.attempt;
      }),
    );
    const startMs = performance.now() - started;

    const askList = async (into: number[]) => {
      const t = performance.now();
      const res = await call(other, "GET", "/students");
      if (res.status !== 200) throw new Error(`the other school's list answered ${res.status}`);
      into.push(performance.now() - t);
    };
    const alone: number[] = [];
    for (let i = 0; i < 50; i++) await askList(alone);

    const saves = attempts.flatMap((attempt) =>
      Array.from({ length: QUESTIONS }, (_, i) => ({ attempt, n: i + 1, choice: (i * 7) % 4 })),
    );
    const saveTimes: number[] = [];
    const during: number[] = [];
    let next = 0;
    let saving = true;
    const meanwhile = (async () => {
      while (saving) await askList(during);
    })();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < saves.length) {
          const save = saves[next++];
          const t = performance.now();
          const res = await pub("PUT", `/attempts/${save.attempt}/answers/${save.n}`, { choice: save.choice });
          saveTimes.push(performance.now() - t);
          if (res.status !== 200) throw new Error(`save answered ${res.status}`);
          await res.arrayBuffer();
        }
      }),
    );
    saving = false;
    await meanwhile;

    const kept = Number(
      (
        await api.db
          .selectFrom("cbt_answers")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const p95Of = (list: number[]) => [...list].sort((a, b) => a - b)[Math.ceil(list.length * 0.95) - 1];
    const database = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";
    const saveP95 = p95Of(saveTimes);
    const lines = [
      `opening the test for ${STUDENTS} students (papers drawn): ${Math.round(openMs)} ms; ${STUDENTS} starts at once: ${Math.round(startMs)} ms`,
      `${saveP95 <= SAVE_P95_GOAL_MS ? "PASS" : "FAIL"} answer saves on ${database}: p95 ${Math.round(saveP95)} ms over ${saveTimes.length} saves, ${CONCURRENCY} in flight (goal ${SAVE_P95_GOAL_MS} ms)`,
      `${kept === saves.length ? "PASS" : "FAIL"} answers kept: ${kept} of ${saves.length}`,
      `${p95Of(during) <= OTHER_P95_GOAL_MS ? "PASS" : "FAIL"} another school's students list meanwhile: p95 ${Math.round(p95Of(during))} ms over ${during.length} requests (goal ${OTHER_P95_GOAL_MS} ms); alone p95 ${Math.round(p95Of(alone))} ms`,
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
    if (lines.some((l) => l.startsWith("FAIL")) && process.env.BENCH_CHECK) process.exitCode = 1;
  } finally {
    await api.close();
  }
}

void main();
