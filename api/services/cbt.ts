import { createHash, createHmac, randomBytes, randomInt } from "node:crypto";
import { BlockList, isIPv4, isIPv6 } from "node:net";
import {
  CBT_LIMITS as L,
  CBT_MESSAGES as M,
  type AttemptStatus,
  type CbtAttempt,
  type CbtPin,
  type CbtQuestion,
  type CbtQuestionAdmin,
  type CbtQuestionPage,
  type CbtScoreRow,
  type CbtScores,
  type CbtTest,
  type QuestionKind,
  type TheoryAnswer,
} from "../../contract/cbt";
import {
  answerPayload,
  attemptPayload,
  questionFields,
  testFields,
  theoryMarksPayload,
} from "../../contract/cbt.schema";
import type { FieldErrors } from "../../contract/http";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import type { CbtPaperTable, CbtQuestionTable, CbtTestTable } from "../db/schema";
import { generateToken } from "../lib/crypto";
import { ApiError, fromZod, gatherFieldErrorsAsync, validationError } from "../lib/errors";
import { idempotencyKey } from "../lib/idempotency";
import { sql, type Selectable } from "kysely";
import type { UploadedFile } from "../../server-lib/multipart";
import { classStudents } from "./attendance";
import { recordFailure, refuseWhileLocked, type SignInClient, type Throttle } from "./auth";
import { checkImage, mediaUrl, readMedia, storeImage } from "./media";
import { checkClassResult, columnsOf, readSheet, requireTeaches, writeScores } from "./results";
import { getSchoolSettings } from "./settings";

type QuestionRow = Selectable<CbtQuestionTable>;
type TestRow = Selectable<CbtTestTable>;
type PaperRow = Selectable<CbtPaperTable>;

/** A drawn question of a paper: the bank question's id and, for an objective one, its options' order. */
export interface Drawn {
  q: number;
  o: number[] | null;
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 6;
const PIN_DIGITS = 8;
const ID_MAX = 2_147_483_647;
const TRUE_FALSE = ["True", "False"];

const notFound = () => new ApiError(404, M.testNotFound);

function pathId(raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw) || Number(raw) > ID_MAX) throw notFound();
  return Number(raw);
}

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The class and subject checked against the school's settings, and, for a teacher, that they teach them. */
async function checkPair(deps: ApiDeps, tenant: Tenant, className: string, subject: string, errors: FieldErrors) {
  const settings = await getSchoolSettings(deps, tenant);
  const schoolClass = settings.classes.find((c) => c.class_name === className);
  if (!schoolClass) errors.class = [M.classUnknown];
  else if (!schoolClass.subjects.includes(subject)) errors.subject = [M.subjectUnknown];
  if (!errors.class && !errors.subject) await requireTeaches(deps, tenant, className, subject);
  return { settings, schoolClass };
}

function questionOf(row: QuestionRow): CbtQuestionAdmin {
  return {
    id: row.id,
    class: row.class_name,
    subject: row.subject,
    kind: row.kind as QuestionKind,
    text: row.text,
    options: row.options ? (JSON.parse(row.options) as string[]) : null,
    marks: row.marks,
    image_url: mediaUrl(row.image_key),
    answer: row.answer,
    created_at: row.created_at,
  };
}

/** `POST /cbt/questions`: a question typed into the bank; a repeated idempotency key answers the first one. */
export async function addQuestion(
  deps: ApiDeps,
  tenant: Tenant,
  body: unknown,
  rawKey?: string,
  image?: UploadedFile,
): Promise<{ question: CbtQuestion; created: boolean }> {
  const parsed = questionFields.safeParse(body);
  const errors: FieldErrors = {};
  if (!parsed.success) Object.assign(errors, fromZod(parsed.error).errors);
  const sent = (body ?? {}) as Record<string, unknown>;
  if (typeof sent.class === "string" && typeof sent.subject === "string" && !errors.class && !errors.subject)
    await checkPair(deps, tenant, sent.class.trim(), sent.subject.trim(), errors);
  const picture =
    image && image.size > 0
      ? await gatherFieldErrorsAsync(errors, () => checkImage("image", image, "photo"))
      : undefined;
  if (Object.keys(errors).length || !parsed.success) throw validationError(errors);
  const q = parsed.data;
  const key = idempotencyKey(rawKey);
  const earlier = () =>
    key
      ? deps.db
          .selectFrom("cbt_questions")
          .selectAll()
          .where("school_id", "=", tenant.schoolId)
          .where("creation_key", "=", key)
          .executeTakeFirst()
      : Promise.resolve(undefined);
  const found = await earlier();
  if (found) return { question: publicQuestion(questionOf(found)), created: false };
  const options = q.kind === "objective" ? (q.options ?? []).filter(Boolean) : null;
  const imageKey = picture ? await storeImage(deps, tenant.schoolId, picture) : null;
  const answer = q.kind === "theory" ? null : q.kind === "true_false" ? String(q.answer) : String(Number(q.answer));
  const inserted = await deps.db
    .insertInto("cbt_questions")
    .values({
      school_id: tenant.schoolId,
      class_name: q.class,
      subject: q.subject,
      kind: q.kind,
      text: q.text,
      options: options ? JSON.stringify(options) : null,
      answer,
      marks: q.marks ?? 1,
      image_key: imageKey,
      creation_key: key,
      created_at: deps.now().toISOString(),
    })
    .onConflict((oc) => oc.columns(["school_id", "creation_key"]).doNothing())
    .returningAll()
    .executeTakeFirst();
  const row = inserted ?? (await earlier())!;
  return { question: publicQuestion(questionOf(row)), created: Boolean(inserted) };
}

const publicQuestion = ({ answer: _answer, ...question }: CbtQuestionAdmin): CbtQuestion => question;

/** `GET /cbt/questions?class=&subject=`: the bank of a class and subject, oldest first, with the answers. */
export async function listQuestions(
  deps: ApiDeps,
  tenant: Tenant,
  query: { class?: string; subject?: string },
): Promise<CbtQuestionAdmin[]> {
  const className = (query.class ?? "").trim();
  const subject = (query.subject ?? "").trim();
  const errors: FieldErrors = {};
  if (!className) errors.class = [M.classRequired];
  if (!subject) errors.subject = [M.subjectRequired];
  if (!Object.keys(errors).length) await checkPair(deps, tenant, className, subject, errors);
  if (Object.keys(errors).length) throw validationError(errors);
  const rows = await deps.db
    .selectFrom("cbt_questions")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where("class_name", "=", className)
    .where("subject", "=", subject)
    .orderBy("id")
    .limit(2000)
    .execute();
  return rows.map(questionOf);
}

/** An address range ("192.168.1.0/24", "10.0.0.7", "fd00::/8") as a BlockList, or null when malformed. */
function networkOf(range: string): BlockList | null {
  const [address, bits, extra] = range.split("/");
  if (extra !== undefined) return null;
  const family = isIPv4(address) ? "ipv4" : isIPv6(address) ? "ipv6" : null;
  if (!family) return null;
  const max = family === "ipv4" ? 32 : 128;
  const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
  const list = new BlockList();
  list.addSubnet(address, prefix, family);
  return list;
}

/** Whether the client's address (as the server saw it) is in the test's range; IPv4 mapped into IPv6 counts as IPv4. */
function inNetwork(range: string, client: string): boolean {
  const list = networkOf(range);
  const address = client.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
  if (!list) return false;
  if (isIPv4(address)) return list.check(address, "ipv4");
  if (isIPv6(address)) return list.check(address, "ipv6");
  return false;
}

function newCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** `POST /cbt/tests`. A repeated idempotency key answers the test the first request made. */
export async function createTest(
  deps: ApiDeps,
  tenant: Tenant,
  body: unknown,
  rawKey?: string,
): Promise<{ test: { id: number; code: string }; created: boolean }> {
  const parsed = testFields.safeParse(body);
  const errors: FieldErrors = {};
  if (!parsed.success) Object.assign(errors, fromZod(parsed.error).errors);
  const sent = (body ?? {}) as Record<string, unknown>;
  if (typeof sent.class === "string" && typeof sent.subject === "string" && !errors.class && !errors.subject) {
    const { settings, schoolClass } = await checkPair(deps, tenant, sent.class.trim(), sent.subject.trim(), errors);
    if (typeof sent.term === "string" && !settings.terms.includes(sent.term.trim())) errors.term = [M.termUnknown];
    const column = parsed.success ? parsed.data.results_column : null;
    if (schoolClass && column) {
      const columns = columnsOf(settings, { schoolClass, term: "", session: "", result: "terminal" });
      if (!columns.some((c) => c.name === column)) errors.results_column = [M.columnUnknown];
    }
  }
  if (parsed.success && parsed.data.lab_network && !networkOf(parsed.data.lab_network))
    errors.lab_network = [M.labInvalid];
  if (Object.keys(errors).length || !parsed.success) throw validationError(errors);
  const t = parsed.data;
  const key = idempotencyKey(rawKey);
  const earlier = () =>
    key
      ? deps.db
          .selectFrom("cbt_tests")
          .select(["id", "code"])
          .where("school_id", "=", tenant.schoolId)
          .where("creation_key", "=", key)
          .executeTakeFirst()
      : Promise.resolve(undefined);
  const found = await earlier();
  if (found) return { test: found, created: false };
  for (let tries = 0; ; tries++) {
    try {
      const inserted = await deps.db
        .insertInto("cbt_tests")
        .values({
          school_id: tenant.schoolId,
          code: newCode(),
          title: t.title,
          class_name: t.class,
          subject: t.subject,
          term: t.term,
          session: t.session,
          duration_minutes: t.duration_minutes,
          question_count: t.question_count,
          opens_at: t.opens_at,
          closes_at: t.closes_at,
          results_column: t.results_column,
          shuffle: t.shuffle ? 1 : 0,
          grace_minutes: t.grace_minutes,
          lab_network: t.lab_network,
          pin_key: randomBytes(32).toString("hex"),
          opened_at: null,
          sent_at: null,
          creation_key: key,
          created_at: deps.now().toISOString(),
        })
        .onConflict((oc) => oc.columns(["school_id", "creation_key"]).doNothing())
        .returning(["id", "code"])
        .executeTakeFirst();
      if (inserted) return { test: inserted, created: true };
      return { test: (await earlier())!, created: false };
    } catch (error) {
      // Another test took the same code a moment ago (one in a billion): draw again.
      if (tries >= 3) throw error;
    }
  }
}

async function paperCounts(deps: ApiDeps, schoolId: number, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await deps.db
    .selectFrom("cbt_papers")
    .select((eb) => ["test_id", eb.fn.countAll<number>().as("n")])
    .where("school_id", "=", schoolId)
    .where("test_id", "in", ids)
    .where("student_id", "is not", null)
    .groupBy("test_id")
    .execute();
  return new Map(rows.map((r) => [Number(r.test_id), Number(r.n)]));
}

function testOf(row: TestRow, papers: number): CbtTest {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    class: row.class_name,
    subject: row.subject,
    term: row.term,
    session: row.session,
    duration_minutes: row.duration_minutes,
    question_count: row.question_count,
    opens_at: row.opens_at,
    closes_at: row.closes_at,
    results_column: row.results_column,
    shuffle: row.shuffle === 1,
    grace_minutes: row.grace_minutes,
    lab_network: row.lab_network,
    opened_at: row.opened_at,
    sent_at: row.sent_at,
    papers,
  };
}

/** `GET /cbt/tests`: newest first; a teacher's, those of the classes and subjects they teach. */
export async function listTests(deps: ApiDeps, tenant: Tenant): Promise<CbtTest[]> {
  let query = deps.db
    .selectFrom("cbt_tests")
    .selectAll("cbt_tests")
    .where("cbt_tests.school_id", "=", tenant.schoolId)
    .orderBy("cbt_tests.id", "desc")
    .limit(200);
  if (tenant.staff) {
    const staffId = tenant.staff.id;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("staff_teaching")
          .select("staff_id")
          .where("staff_teaching.school_id", "=", tenant.schoolId)
          .where("staff_teaching.staff_id", "=", staffId)
          .whereRef("staff_teaching.class_name", "=", "cbt_tests.class_name")
          .whereRef("staff_teaching.subject", "=", "cbt_tests.subject"),
      ),
    );
  }
  const rows = await query.execute();
  const counts = await paperCounts(
    deps,
    tenant.schoolId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => testOf(r, counts.get(r.id) ?? 0));
}

async function findTest(deps: ApiDeps, tenant: Tenant, rawId: string | undefined, db: Db = deps.db) {
  const row = await db
    .selectFrom("cbt_tests")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where("id", "=", pathId(rawId))
    .executeTakeFirst();
  if (!row) throw notFound();
  if (tenant.staff) {
    try {
      await requireTeaches(deps, tenant, row.class_name, row.subject);
    } catch {
      // Another teacher's test is, to this teacher, not there.
      throw notFound();
    }
  }
  return row;
}

export async function getTest(deps: ApiDeps, tenant: Tenant, rawId: string | undefined): Promise<CbtTest> {
  const row = await findTest(deps, tenant, rawId);
  return testOf(row, (await paperCounts(deps, tenant.schoolId, [row.id])).get(row.id) ?? 0);
}

/**
 * A PIN: derived from the test's own random key, so that the slips can be printed again. A student's is keyed by
 * their id; an applicant's by `a` and their submission's id.
 */
export function pinOf(test: Pick<TestRow, "pin_key">, holder: number | string, round: number): string {
  const digest = createHmac("sha256", test.pin_key).update(`${holder}:${round}`).digest();
  return String(digest.readUIntBE(0, 6) % 10 ** PIN_DIGITS).padStart(PIN_DIGITS, "0");
}

export const pinHash = (testId: number, pin: string) => createHash("sha256").update(`${testId}:${pin}`).digest("hex");

export async function bankOf(db: Db, test: Pick<TestRow, "school_id" | "class_name" | "subject">) {
  return db
    .selectFrom("cbt_questions")
    .selectAll()
    .where("school_id", "=", test.school_id)
    .where("class_name", "=", test.class_name)
    .where("subject", "=", test.subject)
    .orderBy("id")
    .execute();
}

/** One student's questions: `question_count` drawn at random from the bank, with their options' order. */
export function draw(test: Pick<TestRow, "question_count" | "shuffle">, bank: QuestionRow[]): Drawn[] {
  const picked = shuffled(bank).slice(0, test.question_count);
  const ordered = test.shuffle ? picked : picked.sort((a, b) => a.id - b.id);
  return ordered.map((q) => {
    const count = q.options ? (JSON.parse(q.options) as string[]).length : 0;
    const order = Array.from({ length: count }, (_, i) => i);
    return { q: q.id, o: q.kind === "objective" ? (test.shuffle ? shuffled(order) : order) : null };
  });
}

/**
 * `POST /cbt/tests/{id}/pins`: opens the test for the class. Each student of the class without a paper gets one
 * now, with their questions drawn (not when the class presses Start together) and their PIN; a student who has a
 * paper keeps it. Answers every student's PIN.
 */
export async function issuePins(deps: ApiDeps, tenant: Tenant, rawId: string | undefined): Promise<CbtPin[]> {
  const test = await findTest(deps, tenant, rawId);
  const bank = await bankOf(deps.db, test);
  if (bank.length < test.question_count)
    throw new ApiError(409, M.bankTooSmall(bank.length), { question_count: [M.bankTooSmall(bank.length)] });
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const students = await classStudents(trx, tenant.schoolId, test.class_name);
    if (!students.length) throw new ApiError(409, M.noStudents);
    const papers = await trx
      .selectFrom("cbt_papers")
      .select(["student_id", "pin_hash"])
      .where("test_id", "=", test.id)
      .execute();
    const has = new Set(papers.map((p) => Number(p.student_id)));
    const taken = new Set(papers.map((p) => p.pin_hash));
    const rows = students
      .filter((s) => !has.has(s.id))
      .map((s) => {
        let round = 0;
        while (taken.has(pinHash(test.id, pinOf(test, s.id, round)))) round++;
        const hash = pinHash(test.id, pinOf(test, s.id, round));
        taken.add(hash);
        return {
          school_id: tenant.schoolId,
          test_id: test.id,
          student_id: s.id,
          pin_hash: hash,
          pin_round: round,
          questions: JSON.stringify(draw(test, bank)),
        };
      });
    for (let start = 0; start < rows.length; start += 200)
      await trx
        .insertInto("cbt_papers")
        .values(rows.slice(start, start + 200))
        .onConflict((oc) => oc.columns(["test_id", "student_id"]).doNothing())
        .execute();
    await trx
      .updateTable("cbt_tests")
      .set({ opened_at: test.opened_at ?? now })
      .where("id", "=", test.id)
      .where("school_id", "=", tenant.schoolId)
      .execute();
  });
  return pinsOf(deps, tenant, test);
}

async function pinsOf(deps: ApiDeps, tenant: Tenant, test: TestRow): Promise<CbtPin[]> {
  const rows = await deps.db
    .selectFrom("cbt_papers")
    .innerJoin("students", "students.id", "cbt_papers.student_id")
    .select(["cbt_papers.student_id", "cbt_papers.pin_round", "students.name"])
    .where("cbt_papers.school_id", "=", tenant.schoolId)
    .where("cbt_papers.test_id", "=", test.id)
    .orderBy("students.sort_name")
    .orderBy("students.id")
    .execute();
  return rows.map((r) => ({
    student_id: Number(r.student_id),
    name: r.name,
    pin: pinOf(test, Number(r.student_id), r.pin_round),
  }));
}

/** `GET /cbt/tests/{id}/pins`: the PINs issued so far, issuing none. */
export async function listPins(deps: ApiDeps, tenant: Tenant, rawId: string | undefined): Promise<CbtPin[]> {
  return pinsOf(deps, tenant, await findTest(deps, tenant, rawId));
}

/** The test and its PINs for the slips (the test's papers only: issue PINs first). */
export async function slipsOf(deps: ApiDeps, tenant: Tenant, rawId: string | undefined) {
  const test = await findTest(deps, tenant, rawId);
  return { test: testOf(test, 0), pins: await pinsOf(deps, tenant, test) };
}

const deadlineOf = (paper: Pick<PaperRow, "ends_at">, test: Pick<TestRow, "grace_minutes">) =>
  paper.ends_at ? Date.parse(paper.ends_at) + test.grace_minutes * 60_000 : Infinity;

export function statusOf(
  paper: Pick<PaperRow, "submitted_at" | "ends_at" | "started_at">,
  test: Pick<TestRow, "grace_minutes">,
  now: number,
): AttemptStatus {
  if (paper.submitted_at || (paper.ends_at && now > deadlineOf(paper, test))) return "submitted";
  if (paper.started_at) return "in_progress";
  return "not_started";
}

export const drawnOf = (paper: Pick<PaperRow, "questions">) => JSON.parse(paper.questions) as Drawn[];

const round1 = (value: number) => Math.round(value * 10) / 10;

async function columnMax(deps: ApiDeps, tenant: Tenant, test: TestRow): Promise<number | null> {
  if (!test.results_column) return null;
  const settings = await getSchoolSettings(deps, tenant);
  const schoolClass = settings.classes.find((c) => c.class_name === test.class_name);
  if (!schoolClass) return null;
  const columns = columnsOf(settings, { schoolClass, term: test.term, session: test.session, result: "terminal" });
  return columns.find((c) => c.name === test.results_column)?.max ?? null;
}

/** A paper's score: the marks given so far, out of its questions' marks, and the theory answers not marked yet. */
export function paperScore(
  paper: Pick<PaperRow, "questions">,
  marksOf: Map<number, number>,
  given: { marks: number | null }[],
) {
  return {
    score: round1(given.reduce((sum, a) => sum + (a.marks ?? 0), 0)),
    max: drawnOf(paper).reduce((sum, d) => sum + (marksOf.get(d.q) ?? 0), 0),
    unmarked: given.filter((a) => a.marks === null).length,
  };
}

/** `GET /cbt/tests/{id}/scores`: every student the test is open to, A–Z. */
export async function testScores(deps: ApiDeps, tenant: Tenant, rawId: string | undefined): Promise<CbtScores> {
  const test = await findTest(deps, tenant, rawId);
  const [papers, bank, answers, max] = await Promise.all([
    deps.db
      .selectFrom("cbt_papers")
      .innerJoin("students", "students.id", "cbt_papers.student_id")
      .selectAll("cbt_papers")
      .select("students.name")
      .where("cbt_papers.school_id", "=", tenant.schoolId)
      .where("cbt_papers.test_id", "=", test.id)
      .orderBy("students.sort_name")
      .orderBy("students.id")
      .execute(),
    bankOf(deps.db, test),
    deps.db
      .selectFrom("cbt_answers")
      .innerJoin("cbt_papers", "cbt_papers.id", "cbt_answers.paper_id")
      .select(["cbt_answers.paper_id", "cbt_answers.n", "cbt_answers.marks"])
      .where("cbt_answers.school_id", "=", tenant.schoolId)
      .where("cbt_papers.test_id", "=", test.id)
      .execute(),
    columnMax(deps, tenant, test),
  ]);
  const marksOf = new Map(bank.map((q) => [q.id, q.marks]));
  const byPaper = new Map<number, { marks: number | null }[]>();
  for (const a of answers) {
    const list = byPaper.get(Number(a.paper_id)) ?? [];
    list.push({ marks: a.marks === null ? null : Number(a.marks) });
    byPaper.set(Number(a.paper_id), list);
  }
  const now = deps.now().getTime();
  const rows: CbtScoreRow[] = papers.map((p) => {
    const { score, max: outOf, unmarked } = paperScore(p, marksOf, byPaper.get(p.id) ?? []);
    return {
      student_id: Number(p.student_id),
      name: p.name,
      status: statusOf(p, test, now),
      score,
      max: outOf,
      unmarked,
      scaled: max === null || outOf === 0 ? null : round1((score / outOf) * max),
    };
  });
  return { test: testOf(test, papers.length), column_max: max, rows };
}

/** `GET /cbt/tests/{id}/theory`: the theory answers of the test, unmarked first. */
export async function theoryAnswers(deps: ApiDeps, tenant: Tenant, rawId: string | undefined): Promise<TheoryAnswer[]> {
  const test = await findTest(deps, tenant, rawId);
  const bank = new Map((await bankOf(deps.db, test)).map((q) => [q.id, q]));
  const rows = await deps.db
    .selectFrom("cbt_answers")
    .innerJoin("cbt_papers", "cbt_papers.id", "cbt_answers.paper_id")
    // A student's answers, and an applicant's (their name as their submission gives it).
    .leftJoin("students", "students.id", "cbt_papers.student_id")
    .leftJoin("admission_submissions", "admission_submissions.id", "cbt_papers.submission_id")
    .select((eb) => [
      "cbt_answers.paper_id",
      "cbt_answers.n",
      "cbt_answers.choice",
      "cbt_answers.marks",
      "cbt_papers.questions",
      eb.fn.coalesce("students.name", "admission_submissions.student_name").as("name"),
    ])
    .where("cbt_answers.school_id", "=", tenant.schoolId)
    .where("cbt_papers.test_id", "=", test.id)
    .orderBy(sql`coalesce(students.sort_name, admission_submissions.student_name)`)
    .orderBy("cbt_answers.paper_id")
    .orderBy("cbt_answers.n")
    .execute();
  const out: TheoryAnswer[] = [];
  for (const r of rows) {
    const question = bank.get(drawnOf(r).at(r.n - 1)?.q ?? 0);
    if (!question || question.kind !== "theory") continue;
    out.push({
      paper_id: Number(r.paper_id),
      n: r.n,
      name: r.name ?? "",
      question: question.text,
      answer: r.choice,
      marks: r.marks === null ? null : Number(r.marks),
      max: question.marks,
    });
  }
  return out.sort((a, b) => Number(a.marks !== null) - Number(b.marks !== null));
}

/** `PUT /cbt/tests/{id}/theory`: the marks given to theory answers, each at most its question's. */
export async function markTheory(deps: ApiDeps, tenant: Tenant, rawId: string | undefined, body: unknown) {
  const test = await findTest(deps, tenant, rawId);
  const parsed = theoryMarksPayload.safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error);
  const answers = new Map((await theoryAnswers(deps, tenant, String(test.id))).map((a) => [`${a.paper_id}:${a.n}`, a]));
  const errors: FieldErrors = {};
  parsed.data.marks.forEach((m, i) => {
    const answer = answers.get(`${m.paper_id}:${m.n}`);
    if (!answer) errors[`marks.${i}.n`] = [M.questionNotFound];
    else if (m.marks > answer.max) errors[`marks.${i}.marks`] = [M.marksOverMax];
  });
  if (Object.keys(errors).length) throw validationError(errors);
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    for (const m of parsed.data.marks)
      await trx
        .updateTable("cbt_answers")
        .set({ marks: m.marks, updated_at: now })
        .where("school_id", "=", tenant.schoolId)
        .where("paper_id", "=", m.paper_id)
        .where("n", "=", m.n)
        .execute();
  });
  return theoryAnswers(deps, tenant, String(test.id));
}

/**
 * `POST /cbt/tests/{id}/send-to-results`: each finished student's score, scaled to the column's maximum, into
 * that column of the class's results (the other columns kept). Refused while a theory answer is unmarked, and by
 * the results (409) while the class's result is published.
 */
export async function sendToResults(deps: ApiDeps, tenant: Tenant, rawId: string | undefined) {
  const test = await findTest(deps, tenant, rawId);
  const column = test.results_column;
  if (!column) throw new ApiError(409, M.noColumn);
  const scores = await testScores(deps, tenant, String(test.id));
  const done = scores.rows.filter((r) => r.status === "submitted" && r.scaled !== null);
  if (!done.length) throw new ApiError(409, M.nothingToSend);
  if (done.some((r) => r.unmarked > 0)) throw new ApiError(409, M.unmarkedTheory);
  const settings = await getSchoolSettings(deps, tenant);
  const key = checkClassResult(
    settings,
    { class: test.class_name, subject: test.subject, term: test.term, session: test.session, result: "terminal" },
    "session",
  );
  const sheet = await readSheet(deps, tenant, settings, key);
  if (sheet.locked) throw new ApiError(409, `The results of ${test.class_name} are published: they cannot be changed`);
  const scaled = new Map(done.map((r) => [r.student_id, r.scaled!]));
  const rows = sheet.rows
    .filter((r) => scaled.has(r.student_id))
    .map((r) => ({ studentId: r.student_id, scores: { ...r.scores, [column]: scaled.get(r.student_id)! } }));
  await writeScores(deps, tenant, key, rows);
  await deps.db
    .updateTable("cbt_tests")
    .set({ sent_at: deps.now().toISOString() })
    .where("id", "=", test.id)
    .where("school_id", "=", tenant.schoolId)
    .execute();
  return { sent: rows.length, column };
}

/* ---------- Taking a test: public, without an account ---------- */

const CODE_THROTTLE: Throttle = { perAddress: L.codeFailures, perAccount: L.codeFailures, message: M.tooManyPins };
const PIN_THROTTLE: Throttle = { perAddress: L.pinFailures, perAccount: L.pinFailures, message: M.tooManyPins };
const CODE_GUESS_THROTTLE: Throttle = { perAddress: L.unknownCodes, perAccount: Infinity, message: M.tooManyPins };

const clientOf = (address: string): SignInClient => ({ address, deviceToken: undefined });

function refuseOutsideLab(test: Pick<TestRow, "lab_network">, address: string) {
  if (test.lab_network && !inNetwork(test.lab_network, address)) throw new ApiError(403, M.labOnly);
}

/**
 * `POST /api/public/cbt/attempts`: a student's code and PIN start their attempt, or find it again after a lost
 * connection (`resumed`). Wrong PINs are counted per test code (a lab shares one address) and per PIN value;
 * past either ceiling every try is refused (429) for the sign-in window.
 */
export async function startAttempt(
  deps: ApiDeps,
  body: unknown,
  address: string,
): Promise<{ attempt: CbtAttempt; resumed: boolean }> {
  const parsed = attemptPayload.safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error);
  const code = parsed.data.code.toUpperCase().replace(/\s+/g, "");
  const pin = parsed.data.pin.replace(/\s+/g, "");
  const client = clientOf(address);
  const codeKey = `cbt-code:${code}`;
  const pinKey = `cbt-pin:${pin}`;
  await refuseWhileLocked(deps, codeKey, client, CODE_THROTTLE);
  await refuseWhileLocked(deps, pinKey, client, PIN_THROTTLE);
  // Codes that name no test count against the address too: each guessed code would otherwise have a count of its own.
  await refuseWhileLocked(deps, `cbt-unknown-code:${address}`, client, CODE_GUESS_THROTTLE);
  const test = await deps.db.selectFrom("cbt_tests").selectAll().where("code", "=", code).executeTakeFirst();
  const paper = test
    ? await deps.db
        .selectFrom("cbt_papers")
        .selectAll()
        .where("test_id", "=", test.id)
        .where("pin_hash", "=", pinHash(test.id, pin))
        .executeTakeFirst()
    : undefined;
  if (!test || !paper) {
    await recordFailure(deps, codeKey, client);
    await recordFailure(deps, pinKey, client);
    if (!test) await recordFailure(deps, `cbt-unknown-code:${address}`, client);
    throw new ApiError(422, M.wrongCodeOrPin, { pin: [M.wrongCodeOrPin] });
  }
  refuseOutsideLab(test, address);
  const now = deps.now();
  if (statusOf(paper, test, now.getTime()) === "submitted") {
    if (!paper.submitted_at) await closePaper(deps, paper);
    throw new ApiError(409, paper.submitted_at ? M.alreadySubmitted : M.closed);
  }
  const count = drawnOf(paper).length;
  if (paper.attempt && paper.ends_at)
    return { attempt: { attempt: paper.attempt, ends_at: paper.ends_at, count }, resumed: true };
  if (now.getTime() < Date.parse(test.opens_at)) throw new ApiError(409, M.notOpenYet);
  if (now.getTime() >= Date.parse(test.closes_at)) throw new ApiError(409, M.closed);
  const endsAt = new Date(
    Math.min(now.getTime() + test.duration_minutes * 60_000, Date.parse(test.closes_at)),
  ).toISOString();
  await deps.db
    .updateTable("cbt_papers")
    .set({ attempt: generateToken(), started_at: now.toISOString(), ends_at: endsAt })
    .where("id", "=", paper.id)
    .where("attempt", "is", null)
    .execute();
  // Two presses of Start at once: both answer the attempt the first one made.
  const started = await deps.db
    .selectFrom("cbt_papers")
    .select(["attempt", "ends_at"])
    .where("id", "=", paper.id)
    .executeTakeFirstOrThrow();
  return { attempt: { attempt: started.attempt!, ends_at: started.ends_at!, count }, resumed: false };
}

async function closePaper(deps: ApiDeps, paper: Pick<PaperRow, "id" | "ends_at">) {
  await deps.db
    .updateTable("cbt_papers")
    .set({ submitted_at: deps.now().toISOString() })
    .where("id", "=", paper.id)
    .where("submitted_at", "is", null)
    .execute();
}

/** The open attempt named by its key, with its test; refused once submitted or past its deadline (closed then). */
async function openAttempt(deps: ApiDeps, key: string | undefined, address: string) {
  if (!key || !/^[A-Za-z0-9_-]{20,100}$/.test(key)) throw new ApiError(404, M.attemptNotFound);
  // One read for the paper and what the answer pages need of its test: every save starts here.
  const paper = await deps.db
    .selectFrom("cbt_papers")
    .innerJoin("cbt_tests", (join) =>
      join.onRef("cbt_tests.id", "=", "cbt_papers.test_id").onRef("cbt_tests.school_id", "=", "cbt_papers.school_id"),
    )
    .selectAll("cbt_papers")
    .select(["cbt_tests.title", "cbt_tests.subject", "cbt_tests.grace_minutes", "cbt_tests.lab_network"])
    .where("cbt_papers.attempt", "=", key)
    .executeTakeFirst();
  if (!paper) throw new ApiError(404, M.attemptNotFound);
  const test = paper;
  refuseOutsideLab(test, address);
  if (paper.submitted_at) throw new ApiError(409, M.alreadySubmitted);
  if (deps.now().getTime() > deadlineOf(paper, test)) {
    await closePaper(deps, paper);
    throw new ApiError(409, M.closed);
  }
  return { paper, test, drawn: drawnOf(paper) };
}

function questionNumber(raw: string | undefined, count: number): number {
  const n = raw && /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
  if (n < 1 || n > count) throw new ApiError(404, M.questionNotFound);
  return n;
}

async function bankQuestion(deps: ApiDeps, paper: PaperRow, drawn: Drawn): Promise<QuestionRow> {
  return deps.db
    .selectFrom("cbt_questions")
    .selectAll()
    .where("school_id", "=", paper.school_id)
    .where("id", "=", drawn.q)
    .executeTakeFirstOrThrow();
}

/** The options as this student sees them, in their order; true/false's are fixed. */
export function shownOptions(question: Pick<QuestionRow, "kind" | "options">, drawn: Drawn): string[] | null {
  if (question.kind === "true_false") return TRUE_FALSE;
  if (question.kind !== "objective" || !question.options) return null;
  const options = JSON.parse(question.options) as string[];
  return (drawn.o ?? options.map((_, i) => i)).map((i) => options[i]);
}

async function pageOf(
  deps: ApiDeps,
  paper: PaperRow,
  test: Pick<TestRow, "title" | "subject">,
  drawn: Drawn[],
  n: number,
  known?: QuestionRow,
): Promise<CbtQuestionPage> {
  const question = known ?? (await bankQuestion(deps, paper, drawn[n - 1]));
  const answers = await deps.db
    .selectFrom("cbt_answers")
    .select(["n", "choice"])
    .where("paper_id", "=", paper.id)
    .execute();
  return {
    n,
    count: drawn.length,
    kind: question.kind as QuestionKind,
    text: question.text,
    options: shownOptions(question, drawn[n - 1]),
    image: question.image_key !== null,
    choice: answers.find((a) => a.n === n)?.choice ?? null,
    answered: answers.length,
    title: test.title,
    subject: test.subject,
    ends_at: paper.ends_at!,
    seconds_left: Math.max(0, Math.floor((Date.parse(paper.ends_at!) - deps.now().getTime()) / 1000)),
  };
}

/** `GET /api/public/cbt/attempts/{attempt}/questions/{n}`: never says which option is correct. */
export async function questionPage(deps: ApiDeps, key: string | undefined, rawN: string | undefined, address: string) {
  const { paper, test, drawn } = await openAttempt(deps, key, address);
  return pageOf(deps, paper, test, drawn, questionNumber(rawN, drawn.length));
}

/** `GET /api/public/cbt/attempts/{attempt}/questions/{n}/image`: the question's picture, while the attempt is open. */
export async function questionImage(deps: ApiDeps, key: string | undefined, rawN: string | undefined, address: string) {
  const { paper, drawn } = await openAttempt(deps, key, address);
  const question = await bankQuestion(deps, paper, drawn[questionNumber(rawN, drawn.length) - 1]);
  const media = question.image_key ? await readMedia(deps, question.image_key) : null;
  if (!media) throw new ApiError(404, M.questionNotFound);
  return media;
}

/**
 * `PUT /api/public/cbt/attempts/{attempt}/answers/{n}`: saves (or replaces) one answer, marked at once unless it is
 * theory. An objective choice is the index of the option as shown; true/false's is 0 (True) or 1 (False).
 */
export async function saveAnswer(
  deps: ApiDeps,
  key: string | undefined,
  rawN: string | undefined,
  body: unknown,
  address: string,
): Promise<CbtQuestionPage> {
  const { paper, test, drawn } = await openAttempt(deps, key, address);
  const n = questionNumber(rawN, drawn.length);
  const parsed = answerPayload.safeParse(body);
  if (!parsed.success) throw fromZod(parsed.error);
  const question = await bankQuestion(deps, paper, drawn[n - 1]);
  const choice = parsed.data.choice.trim();
  let marks: number | null = null;
  if (question.kind === "theory") {
    if (choice.length > L.theoryAnswerMax) throw validationError({ choice: [M.theoryTooLong] });
  } else {
    const shown = shownOptions(question, drawn[n - 1]) ?? [];
    const index = /^\d$/.test(choice) ? Number(choice) : -1;
    if (index < 0 || index >= shown.length) throw validationError({ choice: [M.choiceInvalid] });
    const original =
      question.kind === "true_false" ? (index === 0 ? "true" : "false") : String(drawn[n - 1].o?.[index] ?? index);
    marks = original === question.answer ? question.marks : 0;
  }
  const now = deps.now().toISOString();
  if (question.kind === "theory" && choice === "") {
    await deps.db.deleteFrom("cbt_answers").where("paper_id", "=", paper.id).where("n", "=", n).execute();
  } else {
    await deps.db
      .insertInto("cbt_answers")
      .values({ paper_id: paper.id, school_id: paper.school_id, n, choice, marks, updated_at: now })
      .onConflict((oc) => oc.columns(["paper_id", "n"]).doUpdateSet({ choice, marks, updated_at: now }))
      .execute();
  }
  return pageOf(deps, paper, test, drawn, n, question);
}

/** `POST /api/public/cbt/attempts/{attempt}/submit`: closes the attempt; one attempt per PIN. */
export async function submitAttempt(deps: ApiDeps, key: string | undefined, address: string) {
  const { paper } = await openAttempt(deps, key, address);
  await closePaper(deps, paper);
}
