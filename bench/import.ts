/**
 * `npm run bench:import`: a bulk import of 10,000 students end to end (upload and check, then 'Import N
 * rows') through the school API, beside the floor of the same run: SheetJS parsing the same file plus a
 * raw batched insert of the same rows. During both, another school's list of students is requested over
 * and over on the same process (the same load for each); during the import, its p95 and its worst time
 * say how long the import blocked other users. Floor and import run in turns (BENCH_IMPORT_ROUNDS, 5) and
 * their medians are compared.
 * BENCH_IMPORT_ROWS changes the row count. SQLite unless TEST_DATABASE_URL is set.
 */
import { read, utils } from "@e965/xlsx";
import { performance } from "node:perf_hooks";
import { publicId } from "../api/lib/crypto";
import { keepSpreadsheetWorkerReady } from "../api/lib/spreadsheet";
import { studentSearchText } from "../api/services/students";
import { toE164 } from "../contract/phone";
import { nameSortKey } from "../contract/names";
import { registerSchool, startApi, type RegisteredSchool, type TestApi } from "../tests/api/harness";
import { xlsxBytes } from "../tests/api/spreadsheets";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 5);
const CLASSES = ["JSS1", "JSS2", "JSS3", "SS1", "SS2", "SS3"];
const header = ["Name", "Class", "Gender", "Phone Number", "Email", "Admission Number"];
const rows = (prefix: string) =>
  Array.from({ length: ROWS }, (_, i) => [
    `${prefix} Pupil ${i}`,
    CLASSES[i % 6],
    i % 2 ? "Male" : "Female",
    `0803${String(1_000_000 + i).padStart(7, "0")}`,
    `p${i}@${prefix.toLowerCase()}.ng`,
    `${prefix}/${i}`,
  ]);

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

const median = (values: number[]) => percentile(values, 50);

/**
 * Runs `work` while another school's list of students is requested one after the other, as fast as
 * they are answered; each answer's time goes into `listTimes`.
 */
async function whileListing<T>(
  api: TestApi,
  reader: RegisteredSchool,
  listTimes: number[],
  work: () => Promise<T>,
): Promise<T> {
  let working = true;
  const lister = (async () => {
    while (working) {
      const start = performance.now();
      const res = await api.fetch(`/api/admin/${reader.uniqueId}/students?page=1`, { headers: reader.auth });
      await res.arrayBuffer();
      listTimes.push(performance.now() - start);
      // In process, a list answered from SQLite resolves without I/O: let the work's I/O run between requests, as sockets would.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  try {
    return await work();
  } finally {
    working = false;
    await lister;
  }
}

/** The floor: parse the file, then insert its rows in batches of 500 in one transaction. */
async function floorRun(api: TestApi, file: Uint8Array<ArrayBuffer>): Promise<{ totalMs: number; parseMs: number }> {
  const school = await registerSchool(api);
  const schoolId = (
    await api.db.selectFrom("schools").select("id").where("unique_id", "=", school.uniqueId).executeTakeFirstOrThrow()
  ).id;
  const start = performance.now();
  const book = read(file, { type: "array", dense: true });
  const parsed = utils
    .sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false, defval: "" })
    .slice(1);
  const parseMs = performance.now() - start;
  const now = new Date().toISOString();
  await api.db.transaction().execute(async (trx) => {
    for (let i = 0; i < parsed.length; i += 500) {
      await trx
        .insertInto("students")
        .values(
          parsed.slice(i, i + 500).map(([name, className, gender, phone, email, admission]) => {
            const columns = {
              name,
              class_name: className,
              gender,
              phone_number: toE164(phone),
              email,
              address: null,
              admission_number: admission,
              takes_lesson: 0,
              subjects: null,
            };
            return {
              ...columns,
              sort_name: nameSortKey(name),
              search_text: studentSearchText(columns),
              school_id: schoolId,
              unique_id: publicId("STU"),
              subject_combo: null,
              profile_img_key: null,
              status: "active" as const,
              backlog_reason: null,
              idempotency_key: null,
              created_at: now,
              updated_at: now,
            };
          }),
        )
        .execute();
    }
  });
  return { totalMs: performance.now() - start, parseMs };
}

/** The import through the API: upload and check, then 'Import N rows'. */
async function importRun(api: TestApi, file: Uint8Array<ArrayBuffer>): Promise<{ totalMs: number; checkMs: number }> {
  const school = await registerSchool(api);
  const start = performance.now();
  const form = new FormData();
  form.set("file", new File([file], "register.xlsx"));
  const checked = await api.fetch(`/api/admin/${school.uniqueId}/imports/students`, {
    method: "POST",
    headers: school.auth,
    body: form,
  });
  const preview = (await checked.json()).data;
  const checkMs = performance.now() - start;
  if (checked.status !== 201 || preview.to_add !== ROWS)
    throw new Error(`check failed: ${checked.status} ${JSON.stringify(preview).slice(0, 300)}`);
  const committed = await api.fetch(`/api/admin/${school.uniqueId}/imports/students/${preview.token}/commit`, {
    method: "POST",
    headers: school.auth,
  });
  const result = await committed.json();
  const totalMs = performance.now() - start;
  if (result.data?.added !== ROWS) throw new Error(`commit failed: ${JSON.stringify(result).slice(0, 300)}`);
  return { totalMs, checkMs };
}

async function main() {
  const api = await startApi();
  // As the server does at start (server.ts).
  keepSpreadsheetWorkerReady();
  try {
    const reader = await registerSchool(api);
    const floorFile = xlsxBytes([header, ...rows("F")]);
    const importFile = xlsxBytes([header, ...rows("I")]);
    // Floor and import take turns, each into a school of its own and under the same load of another
    // school's list; the medians are compared, as one run on a shared machine varies by a third.
    const floors: Awaited<ReturnType<typeof floorRun>>[] = [];
    const imports: Awaited<ReturnType<typeof importRun>>[] = [];
    const listTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      floors.push(await whileListing(api, reader, [], () => floorRun(api, floorFile)));
      imports.push(await whileListing(api, reader, listTimes, () => importRun(api, importFile)));
    }
    const importMs = median(imports.map((r) => r.totalMs));
    const checkMs = median(imports.map((r) => r.checkMs));
    const floorMs = median(floors.map((r) => r.totalMs));
    const parseMs = median(floors.map((r) => r.parseMs));
    const fmt = (ms: number) => `${Math.round(ms)} ms`;
    process.stdout.write(
      [
        `Import of ${ROWS.toLocaleString("en-NG")} students (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"}, file ${Math.round(importFile.byteLength / 1024)} KB), median of ${ROUNDS} rounds`,
        `  end to end      ${fmt(importMs)} (upload and check ${fmt(checkMs)}); rounds: ${imports.map((r) => fmt(r.totalMs)).join(", ")}`,
        `  floor           ${fmt(floorMs)} (SheetJS parse ${fmt(parseMs)}); rounds: ${floors.map((r) => fmt(r.totalMs)).join(", ")}`,
        `  ratio           ${(importMs / floorMs).toFixed(2)}x the floor (goal: at most 1.5x)`,
        `  list during the imports  ${listTimes.length} requests, p95 ${fmt(percentile(listTimes, 95))}, worst ${fmt(Math.max(...listTimes))} (goal: p95 under 100 ms)`,
        "",
      ].join("\n"),
    );
  } finally {
    await api.close();
  }
}

await main();
