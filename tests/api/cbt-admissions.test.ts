import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdmissionForm, PublicSubmission, SubmissionDetail } from "../../contract/admissions";
import { CBT_ADMISSION_MESSAGES as CM, CBT_PATH, type CbtQuestionPage } from "../../contract/cbt";
import { CLIENT_ADDRESS_HEADER } from "../../contract/http";
import { applicationForm, DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/** An admission form's entrance test: the applicant's PIN, taking the test at /cbt, the score in the review. */
describe(`CBT for admissions on ${DATABASE}`, { timeout: 180_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  const { call, get } = schoolCalls(() => api);
  const NOW = "2026-11-25T08:00:00.000Z";
  let test: { id: number; code: string };
  let otherTest: { id: number; code: string };

  async function newForm(s: RegisteredSchool, extra: Record<string, unknown>) {
    const res = await call(s, "POST", "/create-admission-form", { title: "Entrance 2027", status: "active", ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as AdmissionForm;
  }
  async function newTest(s: RegisteredSchool) {
    for (let i = 1; i <= 2; i++) {
      const q = await call(s, "POST", "/cbt/questions", {
        class: "JSS1",
        subject: "Mathematics",
        kind: "objective",
        text: `What is ${i} + 1?`,
        options: ["One", "Two", "Three", "Four"],
        answer: i,
        marks: 2,
      });
      expect(q.status, JSON.stringify(q.body)).toBe(201);
    }
    const theory = await call(s, "POST", "/cbt/questions", {
      class: "JSS1",
      subject: "Mathematics",
      kind: "theory",
      text: "Explain place value",
      marks: 5,
    });
    expect(theory.status).toBe(201);
    const res = await call(s, "POST", "/cbt/tests", {
      title: "Entrance Mathematics",
      class: "JSS1",
      subject: "Mathematics",
      term: "1st Term",
      session: "2026/2027",
      duration_minutes: 30,
      question_count: 3,
      opens_at: "2026-11-25T07:00:00.000Z",
      closes_at: "2026-11-26T12:00:00.000Z",
      results_column: null,
      shuffle: false,
      grace_minutes: 0,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; code: string };
  }

  let serial = 0;
  async function apply(publicId: string, key?: string) {
    serial += 1;
    const res = await api.fetch(`/api/public/admission-forms/${publicId}/submissions`, {
      method: "POST",
      body: applicationForm(serial),
      headers: { [CLIENT_ADDRESS_HEADER]: `10.9.0.${serial}`, ...(key ? { "Idempotency-Key": key } : {}) },
    });
    const body = (await res.json()) as { data: { reference: string } };
    expect([200, 201], JSON.stringify(body)).toContain(res.status);
    return body.data.reference;
  }
  async function pub<T>(method: string, path: string, body?: unknown) {
    const res = await api.fetch(path, {
      method,
      headers: { "Content-Type": "application/json", [CLIENT_ADDRESS_HEADER]: "198.51.100.7" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { message?: string; data: T } };
  }
  const done = async (publicId: string, reference: string) =>
    (await pub<PublicSubmission>("GET", `/api/public/admission-forms/${publicId}/submissions/${reference}`)).body.data;
  const papers = (reference: string) =>
    api.db
      .selectFrom("cbt_papers")
      .innerJoin("admission_submissions", "admission_submissions.id", "cbt_papers.submission_id")
      .select(["cbt_papers.id", "cbt_papers.student_id"])
      .where("admission_submissions.reference", "=", reference)
      .execute();
  const submissionId = async (reference: string) =>
    (
      await api.db
        .selectFrom("admission_submissions")
        .select("id")
        .where("reference", "=", reference)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    api = await startApi({ payments: { gateway: "sandbox", platformChargePercent: 0 } });
    api.clock.now = new Date(NOW);
    school = await registerSchool(api);
    other = await registerSchool(api);
    test = await newTest(school);
    otherTest = await newTest(other);
  });
  afterAll(async () => api?.close());

  let form: AdmissionForm;
  it("links one of the school's tests to a form with CBT on; another school's test and a form without CBT are refused", async () => {
    form = await newForm(school, { amount: 0, cbt_enabled: true });
    expect(form.cbt_test_id).toBeNull();
    const foreign = await call(school, "PUT", `/admission-forms/${form.id}/cbt-test`, { test_id: otherTest.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.test_id).toEqual([CM.testUnknown]);
    const plain = await newForm(school, { amount: 0, cbt_enabled: false });
    const refused = await call(school, "PUT", `/admission-forms/${plain.id}/cbt-test`, { test_id: test.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.test_id).toEqual([CM.formNotCbt]);
    const otherSchool = await call(other, "PUT", `/admission-forms/${form.id}/cbt-test`, { test_id: otherTest.id });
    expect(otherSchool.status).toBe(404);
    const linked = await call(school, "PUT", `/admission-forms/${form.id}/cbt-test`, { test_id: test.id });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body).toMatchObject({ message: CM.linked, data: { id: form.id, cbt_test_id: test.id } });
    const listed = await get<{ data: AdmissionForm[] }>(school, "/admission-forms");
    expect(listed.data.find((f) => f.id === form.id)?.cbt_test_id).toBe(test.id);
    expect(await get<AdmissionForm>(school, `/admission-forms/${form.id}`)).toMatchObject({ cbt_test_id: test.id });
    expect((await call(other, "GET", `/admission-forms/${form.id}`)).status).toBe(404);
  });

  let reference: string;
  let pin: string;
  it("gives an application one paper and PIN (a double submit too), shown once, and keeps the message without a channel", async () => {
    const [a, b] = await Promise.all([
      apply(form.public_id, "cbt-double-submit-key-0001"),
      apply(form.public_id, "cbt-double-submit-key-0001"),
    ]);
    expect(a).toBe(b);
    reference = a;
    expect(await papers(reference)).toHaveLength(1);
    expect((await papers(reference))[0].student_id).toBeNull();
    const first = await done(form.public_id, reference);
    expect(first.cbt).toMatchObject({ code: test.code, path: CBT_PATH, title: "Entrance Mathematics" });
    expect(first.cbt?.pin).toMatch(/^\d{8}$/);
    pin = first.cbt!.pin!;
    const again = await done(form.public_id, reference);
    expect(again.cbt).toMatchObject({ code: test.code, pin: null });
    expect(await papers(reference)).toHaveLength(1);
    const id = await submissionId(reference);
    const lines = await api.db
      .selectFrom("message_recipients")
      .select(["status", "reason", "text"])
      .where("recipient_key", "like", `a${id}:%`)
      .execute();
    expect(lines).toHaveLength(1);
    expect(lines[0].status).toBe("not-sent");
    expect(lines[0].reason).toMatch(/no channel/i);
    expect(lines[0].text).toContain(test.code);
    expect(lines[0].text).toContain(pin);
  });

  it("lets the applicant take the test through the public API, and shows the score in the submission's detail", async () => {
    const id = await submissionId(reference);
    const before = await get<SubmissionDetail>(school, `/submissions/${id}/details`);
    expect(before.cbt).toMatchObject({ code: test.code, status: "not_started", score: 0, max: 9, unmarked: 0 });
    const started = await pub<{ attempt: string; count: number }>("POST", "/api/public/cbt/attempts", {
      code: test.code,
      pin,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const { attempt, count } = started.body.data;
    expect(count).toBe(3);
    for (let n = 1; n <= count; n++) {
      const page = await pub<CbtQuestionPage>("GET", `/api/public/cbt/attempts/${attempt}/questions/${n}`);
      expect(page.status).toBe(200);
      const choice =
        page.body.data.kind === "theory"
          ? "Each digit's value depends on its place"
          : String(page.body.data.options!.indexOf(page.body.data.text === "What is 1 + 1?" ? "Two" : "Four"));
      const saved = await pub("PUT", `/api/public/cbt/attempts/${attempt}/answers/${n}`, { choice });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    expect((await pub("POST", `/api/public/cbt/attempts/${attempt}/submit`)).status).toBe(200);
    const after = await get<SubmissionDetail>(school, `/submissions/${id}/details`);
    // "What is 2 + 1?" answered "Four": wrong; "What is 1 + 1?" right (2 marks); theory waits for its marks.
    expect(after.cbt).toMatchObject({ status: "submitted", score: 2, max: 9, unmarked: 1 });
    const theory = await get<{ paper_id: number; n: number; name: string }[]>(school, `/cbt/tests/${test.id}/theory`);
    const mine = theory.find((t) => t.name.startsWith("Amina"))!;
    expect(mine).toBeDefined();
    const marked = await call(school, "PUT", `/cbt/tests/${test.id}/theory`, {
      marks: [{ paper_id: mine.paper_id, n: mine.n, marks: 4 }],
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect((await get<SubmissionDetail>(school, `/submissions/${id}/details`)).cbt).toMatchObject({
      score: 6,
      unmarked: 0,
    });
    // The class's scores are the students'; the applicant is not one of them.
    const scores = await get<{ rows: unknown[]; test: { papers: number } }>(school, `/cbt/tests/${test.id}/scores`);
    expect(scores.rows).toHaveLength(0);
    expect(scores.test.papers).toBe(0);
  });

  it("gives an application to a form with a fee no PIN until the fee is paid", async () => {
    const paid = await newForm(school, { amount: 2500, cbt_enabled: true });
    expect((await call(school, "PUT", `/admission-forms/${paid.id}/cbt-test`, { test_id: test.id })).status).toBe(200);
    const ref = await apply(paid.public_id);
    expect(await papers(ref)).toHaveLength(0);
    const unpaid = await done(paid.public_id, ref);
    expect(unpaid).toMatchObject({ payment_status: "unpaid", cbt: null });
    expect(await papers(ref)).toHaveLength(0);
    const started = await pub<{ payment_reference: string }>(
      "POST",
      `/api/public/admission-forms/${paid.public_id}/submissions/${ref}/pay`,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const payRef = started.body.data.payment_reference;
    expect((await pub("POST", `/api/public/payments/${payRef}/sandbox`, { outcome: "success" })).status).toBe(200);
    expect((await pub("POST", `/api/public/payments/${payRef}/verify`)).status).toBe(200);
    expect(await papers(ref)).toHaveLength(1);
    const shown = await done(paid.public_id, ref);
    expect(shown).toMatchObject({ payment_status: "paid", cbt: { code: test.code } });
    expect(shown.cbt?.pin).toMatch(/^\d{8}$/);
    const attempt = await pub("POST", "/api/public/cbt/attempts", { code: test.code, pin: shown.cbt!.pin });
    expect(attempt.status).toBe(201);
  });

  it("gives nothing to an application to a form without CBT, nor to a CBT form with no test", async () => {
    const plain = await newForm(school, { amount: 0, cbt_enabled: false });
    const ref = await apply(plain.public_id);
    expect(await papers(ref)).toHaveLength(0);
    expect((await done(plain.public_id, ref)).cbt).toBeNull();
    const detail = await get<SubmissionDetail>(school, `/submissions/${await submissionId(ref)}/details`);
    expect(detail.cbt).toBeNull();
    const noTest = await newForm(school, { amount: 0, cbt_enabled: true });
    const ref2 = await apply(noTest.public_id);
    expect((await done(noTest.public_id, ref2)).cbt).toBeNull();
    expect(await papers(ref2)).toHaveLength(0);
  });
});
