/**
 * `npm run bench:import`: a bulk import of 10,000 students end to end (upload and check, then 'Import N
 * rows') through the school API, beside the floor of the same run: SheetJS parsing the same file plus a
 * raw batched insert of the same rows. Meanwhile another school's list of students is requested over and
 * over on the same process; its p95 and its worst time say how long the import blocked other users.
 * BENCH_IMPORT_ROWS changes the row count. SQLite unless TEST_DATABASE_URL is set.
 */
import { read, utils } from "@e965/xlsx";
import { performance } from "node:perf_hooks";
import { publicId } from "../api/lib/crypto";
import { studentSearchText } from "../api/services/students";
import { toE164 } from "../contract/phone";
import { registerSchool, startApi } from "../tests/api/harness";
import { xlsxBytes } from "../tests/api/spreadsheets";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const CLASSES = ["JSS1", "JSS2", "JSS3", "SS1", "SS2", "SS3"];
const header = ["Name", "Class", "Gender", "Phone Number", "Email", "Admission Number"];
const rows = (prefix: string) =>
  Array.from({ length: ROWS }, (_, i) => [`${prefix} Pupil ${i}`, CLASSES[i % 6], i % 2 ? "Male" : "Female", `0803${String(1_000_000 + i).padStart(7, "0")}`, `p${i}@${prefix.toLowerCase()}.ng`, `${prefix}/${i}`]);

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

async function main() {
  const api = await startApi();
  try {
    const floorSchool = await registerSchool(api);
    const importSchool = await registerSchool(api);
    const reader = await registerSchool(api);
    const floorFile = xlsxBytes([header, ...rows("F")]);
    const importFile = xlsxBytes([header, ...rows("I")]);

    // The floor: parse the file, then insert its rows in batches of 500 in one transaction.
    const schoolId = (await api.db.selectFrom("schools").select("id").where("unique_id", "=", floorSchool.uniqueId).executeTakeFirstOrThrow()).id;
    const floorStart = performance.now();
    const book = read(floorFile, { type: "array", dense: true });
    const parsed = utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false, defval: "" }).slice(1);
    const parseMs = performance.now() - floorStart;
    const now = new Date().toISOString();
    await api.db.transaction().execute(async (trx) => {
      for (let i = 0; i < parsed.length; i += 500) {
        await trx
          .insertInto("students")
          .values(
            parsed.slice(i, i + 500).map(([name, className, gender, phone, email, admission]) => {
              const columns = { name, class_name: className, gender, phone_number: toE164(phone), email, address: null, admission_number: admission, takes_lesson: 0, subjects: null };
              return { ...columns, search_text: studentSearchText(columns), school_id: schoolId, unique_id: publicId("STU"), subject_combo: null, profile_img_key: null, status: "active" as const, backlog_reason: null, idempotency_key: null, created_at: now, updated_at: now };
            }),
          )
          .execute();
      }
    });
    const floorMs = performance.now() - floorStart;

    // Another school's list, requested one after the other while the import runs.
    const listTimes: number[] = [];
    let importing = true;
    const lister = (async () => {
      while (importing) {
        const start = performance.now();
        const res = await api.fetch(`/api/admin/${reader.uniqueId}/students?page=1`, { headers: reader.auth });
        await res.arrayBuffer();
        listTimes.push(performance.now() - start);
        // In process, a list answered from SQLite resolves without I/O: let the import's I/O run between requests, as sockets would.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();

    const start = performance.now();
    const form = new FormData();
    form.set("file", new File([importFile], "register.xlsx"));
    const checked = await api.fetch(`/api/admin/${importSchool.uniqueId}/imports/students`, { method: "POST", headers: importSchool.auth, body: form });
    const preview = (await checked.json()).data;
    const checkMs = performance.now() - start;
    if (checked.status !== 201 || preview.to_add !== ROWS) throw new Error(`check failed: ${checked.status} ${JSON.stringify(preview).slice(0, 300)}`);
    const committed = await api.fetch(`/api/admin/${importSchool.uniqueId}/imports/students/${preview.token}/commit`, { method: "POST", headers: importSchool.auth });
    const result = await committed.json();
    const importMs = performance.now() - start;
    importing = false;
    await lister;
    if (result.data?.added !== ROWS) throw new Error(`commit failed: ${JSON.stringify(result).slice(0, 300)}`);

    const fmt = (ms: number) => `${Math.round(ms)} ms`;
    process.stdout.write(
      [
        `Import of ${ROWS.toLocaleString("en-NG")} students (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"}, file ${Math.round(importFile.byteLength / 1024)} KB)`,
        `  end to end      ${fmt(importMs)} (upload and check ${fmt(checkMs)}, commit ${fmt(importMs - checkMs)})`,
        `  floor           ${fmt(floorMs)} (SheetJS parse ${fmt(parseMs)}, batched insert ${fmt(floorMs - parseMs)})`,
        `  ratio           ${(importMs / floorMs).toFixed(2)}x the floor (goal: at most 1.5x)`,
        `  list meanwhile  ${listTimes.length} requests, p95 ${fmt(percentile(listTimes, 95))}, worst ${fmt(Math.max(...listTimes))} (goal: p95 under 100 ms)`,
        "",
      ].join("\n"),
    );
  } finally {
    await api.close();
  }
}

await main();
