/**
 * `npm run bench:report-cards`: a class's report cards as one PDF (60 students, 15 subjects, each student with a
 * photo of its own, the school's logo and the principal's signature) through the school API, published so that
 * every card is issued with its verification link; the 3rd term's, with the 1st and 2nd terms scored, so every card
 * prints its cumulative columns. Prints the median time of BENCH_CARDS_ROUNDS (5) runs and the process's extra
 * memory at its peak over the run (goal: at most 3 s and 150 MB), and the p50 and p95 of the 45 saves of a 60-row
 * score grid that fill the three terms (goal: p95 at most 100 ms). SQLite unless
 * TEST_DATABASE_URL is set; BENCH_CARDS_OUT names a file to keep the PDF in, to look at it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { crc32, deflateSync } from "node:zlib";
import { randomKey } from "../api/lib/crypto";
import { registerSchool, startApi, type RegisteredSchool } from "../tests/api/harness";

const STUDENTS = 60;
const ROUNDS = Number(process.env.BENCH_CARDS_ROUNDS ?? 5);
const SUBJECTS = Array.from({ length: 15 }, (_, i) => `Subject ${i + 1}`);
const TERMS = ["1st Term", "2nd Term", "3rd Term"];
/** The cards are the 3rd term's: the most a card prints (the cumulative columns). */
const TERM = "3rd Term";
const SESSION = "2025/2026";
/** A passport photo as a phone sends it: 200×200 pixels of noise (120 KB, its worst case for its size). */
const PHOTO_SIDE = Number(process.env.BENCH_CARDS_PHOTO_SIDE ?? 200);

/** A PNG of noise (incompressible, so its size is its worst case). */
function noisePng(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((side * 3 + 1) * side);
  for (let y = 0; y < side; y++) {
    rows[y * (side * 3 + 1)] = 0;
    randomBytes(side * 3).copy(rows, y * (side * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The nearest-rank percentile of the times, in whole ms. */
function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
}

async function main() {
  const api = await startApi();
  const call = async (s: RegisteredSchool, method: string, path: string, body: unknown) => {
    const res = await api.fetch(`/api/admin/${s.uniqueId}${path}`, {
      method,
      headers: { ...s.auth, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: { id: number } } };
  };
  api.clock.now = new Date("2026-01-15T09:30:00Z");
  try {
    const school = await registerSchool(api);
    const schoolId = (
      await api.db.selectFrom("schools").select("id").where("unique_id", "=", school.uniqueId).executeTakeFirstOrThrow()
    ).id;
    const store = async (bytes: Buffer) => {
      const key = randomKey();
      fs.mkdirSync(path.join(api.uploadsDir, key.slice(0, 2)), { recursive: true });
      fs.writeFileSync(path.join(api.uploadsDir, key.slice(0, 2), key), bytes);
      await api.db
        .insertInto("media")
        .values({
          key,
          school_id: schoolId,
          mime_type: "image/png",
          size: bytes.length,
          created_at: new Date().toISOString(),
        })
        .execute();
      return key;
    };
    const check = (res: { status: number; body: unknown }) => {
      if (res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    };
    check(
      await call(school, "POST", "/school-settings", {
        school_settings: {
          sections: ["Senior Secondary"],
          classes: [{ class_name: "SS2", section: "Senior Secondary", subjects: SUBJECTS }],
        },
      }),
    );
    await api.db
      .updateTable("schools")
      .set({ signature_key: await store(noisePng(200)) })
      .where("id", "=", schoolId)
      .execute();
    const ids: number[] = [];
    for (let i = 0; i < STUDENTS; i++) {
      const res = await call(school, "POST", "/students", {
        student_data: {
          name: `Pupil ${String(i + 1).padStart(2, "0")} Adéyẹmí`,
          selectedClass: "SS2",
          gender: i % 2 ? "Male" : "Female",
          phone_number: "0803 123 4567",
          admission: `ADM/${i + 1}`,
        },
      });
      check(res);
      const id = Number(res.body.data.id);
      ids.push(id);
      await api.db
        .updateTable("students")
        .set({ profile_img_key: PHOTO_SIDE ? await store(noisePng(PHOTO_SIDE)) : null })
        .where("id", "=", id)
        .execute();
    }
    // Every term of the session is scored, so that the 3rd term's cards carry their cumulative columns; each save
    // of a 60-row grid is timed (the grid's one form post).
    const saves: number[] = [];
    for (const [t, term] of TERMS.entries())
      for (const subject of SUBJECTS) {
        const rows = ids.map((student_id, i) => ({
          student_id,
          scores: { "1st CA": (i * 7 + t) % 21, "2nd CA": (i * 3 + t) % 21, Exam: (i * 11 + t) % 61 },
        }));
        const query = new URLSearchParams({ class: "SS2", subject, term, year: SESSION });
        const start = performance.now();
        const saved = await call(school, "PUT", `/results/sheet?${query}`, { rows });
        saves.push(performance.now() - start);
        check(saved);
      }
    check(
      await call(school, "POST", "/results/publication", {
        class: "SS2",
        term: TERM,
        session: SESSION,
        result: "terminal",
        published: true,
      }),
    );

    const address = `/api/admin/${school.uniqueId}/results/report-cards?${new URLSearchParams({ class: "SS2", term: TERM, year: SESSION })}`;
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const times: number[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      const res = await api.fetch(address, { headers: school.auth });
      const body = await res.arrayBuffer();
      times.push(performance.now() - start);
      if (res.status !== 200)
        throw new Error(`report cards: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
      bytes = body.byteLength;
      if (process.env.BENCH_CARDS_OUT) fs.writeFileSync(process.env.BENCH_CARDS_OUT, Buffer.from(body));
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    clearInterval(sampler);
    const sorted = [...times].sort((a, b) => a - b);
    const medianMs = sorted[Math.floor(sorted.length / 2)];
    const extraMb = (peak - baseline) / 1024 / 1024;
    process.stdout.write(
      [
        `Report cards of a class of ${STUDENTS} students × ${SUBJECTS.length} subjects, photos of ${PHOTO_SIDE}×${PHOTO_SIDE} px (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`,
        `  median ${Math.round(medianMs)} ms over ${ROUNDS} rounds (${times.map((t) => Math.round(t)).join(", ")} ms); goal at most 3000 ms`,
        `  PDF ${(bytes / 1024 / 1024).toFixed(1)} MB`,
        `  extra memory at the peak ${Math.round(extraMb)} MB over ${Math.round(baseline / 1024 / 1024)} MB; goal at most 150 MB`,
        `Saving a ${STUDENTS}-row grid (PUT /results/sheet, ${saves.length} saves): p50 ${percentile(saves, 50)} ms, p95 ${percentile(saves, 95)} ms; goal p95 at most 100 ms`,
        "",
      ].join("\n"),
    );
  } finally {
    await api.close();
  }
}

await main();
