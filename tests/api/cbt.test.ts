import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CBT_LIMITS,
  CBT_MESSAGES as M,
  type CbtAttempt,
  type CbtPin,
  type CbtQuestionAdmin,
  type CbtQuestionPage,
  type CbtScores,
  type CbtTest,
  type TheoryAnswer,
} from "../../contract/cbt";
import { CLIENT_ADDRESS_HEADER } from "../../contract/http";
import type { ScoreSheet } from "../../contract/results";
import {
  bearer,
  DATABASE,
  pngFile,
  registerSchool,
  startApi,
  textNamedPng,
  type RegisteredSchool,
  type TestApi,
} from "./harness";
import { schoolCalls } from "./school-calls";
import { xlsxFile } from "./spreadsheets";

/** Assessments: the question bank, tests, PINs, taking a test without an account, marking (contract/cbt.ts). */
describe(`computer-based tests API on ${DATABASE}`, { timeout: 180_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  const { call, get } = schoolCalls(() => api);
  const students: number[] = [];
  const NOW = "2026-11-25T08:00:00.000Z";
  const LAB = "198.51.100.7";

  const objective = (text: string, answer = 1) => ({
    class: "JSS1",
    subject: "Mathematics",
    kind: "objective",
    text,
    options: ["One", "Two", "Three", "Four"],
    answer,
    marks: 2,
  });
  const testBody = (extra: Record<string, unknown> = {}) => ({
    title: "1st CA Mathematics",
    class: "JSS1",
    subject: "Mathematics",
    term: "1st Term",
    session: "2026/2027",
    duration_minutes: 20,
    question_count: 4,
    opens_at: "2026-11-25T07:00:00.000Z",
    closes_at: "2026-11-25T12:00:00.000Z",
    results_column: "1st CA",
    shuffle: true,
    grace_minutes: 2,
    ...extra,
  });

  async function pub(method: string, path: string, body?: unknown, address = LAB) {
    const res = await api.fetch(`/api/public/cbt${path}`, {
      method,
      headers: { "Content-Type": "application/json", [CLIENT_ADDRESS_HEADER]: address },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked by the tests
    return { status: res.status, text, body: JSON.parse(text) as any };
  }

  async function addStudent(s: RegisteredSchool, name: string, className = "JSS1") {
    const res = await call(s, "POST", "/students", {
      student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  }

  async function newTest(s: RegisteredSchool, extra: Record<string, unknown> = {}) {
    const res = await call(s, "POST", "/cbt/tests", testBody(extra));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; code: string };
  }

  async function openTest(s: RegisteredSchool, id: number) {
    const res = await call(s, "POST", `/cbt/tests/${id}/pins`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as CbtPin[];
  }

  const count = async (s: RegisteredSchool, what: "questions" | "tests") =>
    what === "tests"
      ? (await get<CbtTest[]>(s, "/cbt/tests")).length
      : (await get<CbtQuestionAdmin[]>(s, "/cbt/questions?class=JSS1&subject=Mathematics")).length;

  beforeAll(async () => {
    api = await startApi();
    api.clock.now = new Date(NOW);
    school = await registerSchool(api);
    other = await registerSchool(api);
    for (const name of ["Ada Obi", "Bola Ade", "Chike Eze"]) students.push(await addStudent(school, name));
    await addStudent(other, "Other Pupil");
  });
  afterAll(async () => api?.close());

  describe("the question bank", () => {
    it("adds objective, true/false and theory questions, and lists them with their answers", async () => {
      for (let i = 1; i <= 3; i++) {
        const res = await call(school, "POST", "/cbt/questions", objective(`What is ${i} + 1?`, i));
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(res.body.message).toBe(M.questionAdded);
        expect(res.body.data).not.toHaveProperty("answer");
      }
      const tf = await call(school, "POST", "/cbt/questions", {
        class: "JSS1",
        subject: "Mathematics",
        kind: "true_false",
        text: "Zero is even",
        answer: "true",
      });
      expect(tf.status).toBe(201);
      const theory = await call(school, "POST", "/cbt/questions", {
        class: "JSS1",
        subject: "Mathematics",
        kind: "theory",
        text: "Explain place value",
        marks: 5,
      });
      expect(theory.status).toBe(201);
      const bank = await get<CbtQuestionAdmin[]>(school, "/cbt/questions?class=JSS1&subject=Mathematics");
      expect(bank.map((q) => [q.kind, q.answer, q.marks])).toEqual([
        ["objective", "1", 2],
        ["objective", "2", 2],
        ["objective", "3", 2],
        ["true_false", "true", 1],
        ["theory", null, 5],
      ]);
      expect(await get<CbtQuestionAdmin[]>(school, "/cbt/questions?class=JSS1&subject=English%20Language")).toEqual([]);
    });

    it.each([
      ["one option", { options: ["Only"], answer: 0 }, "options", M.optionsCount],
      ["six options", { options: ["a", "b", "c", "d", "e", "f"], answer: 0 }, "options", M.optionsCount],
      ["no answer", { answer: null }, "answer", M.answerRequired],
      ["an answer past the options", { answer: 4 }, "answer", M.answerRequired],
      ["no text", { text: " " }, "text", M.textRequired],
      ["a long text", { text: "x".repeat(CBT_LIMITS.textMax + 1) }, "text", M.textTooLong],
      ["an unknown class", { class: "JSS9" }, "class", M.classUnknown],
      ["a subject not of the class", { subject: "Dancing" }, "subject", M.subjectUnknown],
      ["an unknown kind", { kind: "essay" }, "kind", M.kindUnknown],
      ["zero marks", { marks: 0 }, "marks", M.marksInvalid],
    ])("refuses %s beside its field, writing nothing", async (_name, change, field, message) => {
      const before = await count(school, "questions");
      const res = await call(school, "POST", "/cbt/questions", { ...objective("Bad?"), ...change });
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
      expect(await count(school, "questions")).toBe(before);
    });

    it("refuses a true/false question without its answer, and a listing without class and subject", async () => {
      const res = await call(school, "POST", "/cbt/questions", {
        class: "JSS1",
        subject: "Mathematics",
        kind: "true_false",
        text: "Is it?",
      });
      expect(res.body.errors.answer).toEqual([M.answerRequired]);
      const list = await call(school, "GET", "/cbt/questions");
      expect(list.status).toBe(422);
      expect(list.body.errors).toEqual({ class: [M.classRequired], subject: [M.subjectRequired] });
    });

    it("keeps one question for one idempotency key, sent twice or three times at once", async () => {
      const before = await count(school, "questions");
      const key = { "Idempotency-Key": "question-key-0000000001" };
      const first = await call(school, "POST", "/cbt/questions", objective("What is 9 + 1?"), key);
      const again = await call(school, "POST", "/cbt/questions", objective("What is 9 + 1?"), key);
      expect([first.status, again.status]).toEqual([201, 200]);
      expect(again.body.data.id).toBe(first.body.data.id);
      const racing = { "Idempotency-Key": "question-key-0000000002" };
      const all = await Promise.all(
        [1, 2, 3].map(() => call(school, "POST", "/cbt/questions", objective("Race?"), racing)),
      );
      expect(new Set(all.map((r) => r.body.data.id)).size).toBe(1);
      expect(await count(school, "questions")).toBe(before + 2);
    });
  });

  describe("tests, PINs and slips", () => {
    it("creates a test with a short code, lists it and reads it", async () => {
      const made = await newTest(school);
      expect(made.code).toMatch(/^[A-Z2-9]{6}$/);
      const test = await get<CbtTest>(school, `/cbt/tests/${made.id}`);
      expect(test).toMatchObject({ title: "1st CA Mathematics", class: "JSS1", shuffle: true, papers: 0 });
      expect(test).not.toHaveProperty("pin_key");
      expect((await get<CbtTest[]>(school, "/cbt/tests")).map((t) => t.id)).toContain(made.id);
    });

    it.each([
      ["no title", { title: "" }, "title", M.titleRequired],
      ["a close before the open", { closes_at: "2026-11-25T06:00:00.000Z" }, "closes_at", M.closesBeforeOpens],
      ["a column not on the report sheet", { results_column: "Project" }, "results_column", M.columnUnknown],
      ["a malformed lab network", { lab_network: "192.168.1.0/99" }, "lab_network", M.labInvalid],
      ["a zero duration", { duration_minutes: 0 }, "duration_minutes", M.durationInvalid],
      ["an unknown term", { term: "4th Term" }, "term", M.termUnknown],
      ["a bad session", { session: "2026" }, "session", M.sessionInvalid],
      ["a bad opening", { opens_at: "soon" }, "opens_at", M.opensInvalid],
    ])("refuses %s beside its field, writing nothing", async (_name, change, field, message) => {
      const before = await count(school, "tests");
      const res = await call(school, "POST", "/cbt/tests", testBody(change));
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
      expect(await count(school, "tests")).toBe(before);
    });

    it("keeps one test for one idempotency key", async () => {
      const before = await count(school, "tests");
      const key = { "Idempotency-Key": "test-key-00000000000001" };
      const all = await Promise.all([1, 2, 3].map(() => call(school, "POST", "/cbt/tests", testBody(), key)));
      expect(new Set(all.map((r) => r.body.data.code)).size).toBe(1);
      expect(all.map((r) => r.status).sort()).toEqual([200, 200, 201]);
      expect(await count(school, "tests")).toBe(before + 1);
    });

    it("refuses to open a test the bank cannot fill", async () => {
      const made = await newTest(school, { question_count: 50 });
      const res = await call(school, "POST", `/cbt/tests/${made.id}/pins`);
      expect(res.status).toBe(409);
      expect(res.body.message).toContain("has ");
      expect((await get<CbtTest>(school, `/cbt/tests/${made.id}`)).papers).toBe(0);
    });

    it("opens the test for the class: a PIN per student, the same PINs again, and the slips as a PDF", async () => {
      const made = await newTest(school);
      const pins = await openTest(school, made.id);
      expect(pins.map((p) => p.name)).toEqual(["Ada Obi", "Bola Ade", "Chike Eze"]);
      for (const p of pins) expect(p.pin).toMatch(/^\d{8}$/);
      expect(new Set(pins.map((p) => p.pin)).size).toBe(3);
      expect(await openTest(school, made.id)).toEqual(pins);
      expect(await get<CbtPin[]>(school, `/cbt/tests/${made.id}/pins`)).toEqual(pins);
      expect((await get<CbtTest>(school, `/cbt/tests/${made.id}`)).papers).toBe(3);
      const slips = await api.fetch(`/api/admin/${school.uniqueId}/cbt/tests/${made.id}/slips`, {
        headers: school.auth,
      });
      expect(slips.status).toBe(200);
      expect(slips.headers.get("content-type")).toBe("application/pdf");
      expect(
        Buffer.from(await slips.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    });

    it("answers another school's test as not found", async () => {
      const made = await newTest(school);
      for (const path of ["", "/pins", "/scores", "/slips", "/theory", "/send-to-results"]) {
        const res = await call(
          other,
          path === "/pins" || path === "/send-to-results" ? "POST" : "GET",
          `/cbt/tests/${made.id}${path}`,
        );
        expect(res.status, path).toBe(404);
      }
    });
  });

  describe("taking a test", () => {
    let test: { id: number; code: string };
    let pins: CbtPin[];

    beforeAll(async () => {
      test = await newTest(school, { question_count: 5 });
      pins = await openTest(school, test.id);
    });

    it("draws each student's questions from the bank at random with the options shuffled; without shuffling, the bank's order", async () => {
      const history = (n: number) => ({
        ...objective(`History question ${String(n).padStart(2, "0")}`),
        subject: "History",
        options: ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"],
      });
      for (let n = 1; n <= 10; n++) {
        const added = await call(school, "POST", "/cbt/questions", history(n));
        expect(added.status, JSON.stringify(added.body)).toBe(201);
      }
      /** Each student's paper as they see it: the questions' texts, and the options of each. */
      const papers = async (extra: Record<string, unknown>) => {
        const made = await newTest(school, { subject: "History", question_count: 4, ...extra });
        const seen: { texts: string[]; options: string[][] }[] = [];
        for (const { pin } of await openTest(school, made.id)) {
          const { attempt } = (await pub("POST", "/attempts", { code: made.code, pin })).body.data as CbtAttempt;
          const pages = [];
          for (let n = 1; n <= 4; n++)
            pages.push((await pub("GET", `/attempts/${attempt}/questions/${n}`)).body.data as CbtQuestionPage);
          seen.push({ texts: pages.map((q) => q.text), options: pages.map((q) => q.options!) });
        }
        return seen;
      };

      const drawn = await papers({ shuffle: true });
      expect(drawn).toHaveLength(3);
      for (const paper of drawn) expect(new Set(paper.texts).size).toBe(4);
      // Three students' draws of 4 of 10 questions in order, and their options, all alike: 1 in about 10^10.
      const papersAlike = new Set(drawn.map((p) => JSON.stringify(p))).size === 1;
      expect(papersAlike).toBe(false);
      const orders = drawn.flatMap((p) => p.options.map((o) => o.join()));
      expect(new Set(orders).size).toBeGreaterThan(1);

      const fixed = await papers({ shuffle: false });
      for (const paper of fixed) {
        expect(paper.texts).toEqual([...paper.texts].sort());
        for (const options of paper.options) expect(options).toEqual(["Alpha", "Beta", "Gamma", "Delta", "Epsilon"]);
      }
    });

    it("starts an attempt, and the same attempt again after a lost connection", async () => {
      const first = await pub("POST", "/attempts", { code: test.code.toLowerCase(), pin: pins[0].pin });
      expect(first.status, first.text).toBe(201);
      const attempt = first.body.data as CbtAttempt;
      expect(attempt.count).toBe(5);
      expect(Date.parse(attempt.ends_at)).toBe(Date.parse(NOW) + 20 * 60_000);
      const again = await pub("POST", "/attempts", { code: test.code, pin: pins[0].pin });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(attempt);
    });

    it("never sends the correct answer, and marks objective answers at once", async () => {
      const { attempt } = (await pub("POST", "/attempts", { code: test.code, pin: pins[1].pin })).body
        .data as CbtAttempt;
      const bank = await get<CbtQuestionAdmin[]>(school, "/cbt/questions?class=JSS1&subject=Mathematics");
      let expected = 0;
      let theory = 0;
      for (let n = 1; n <= 5; n++) {
        const page = await pub("GET", `/attempts/${attempt}/questions/${n}`);
        expect(page.status).toBe(200);
        expect(page.text).not.toMatch(/"answer"|correct|marks/);
        const q = page.body.data as CbtQuestionPage;
        expect(q).toMatchObject({ n, count: 5, seconds_left: 1200, title: "1st CA Mathematics" });
        const source = bank.find((b) => b.text === q.text)!;
        if (q.kind === "theory") {
          theory += 1;
          const saved = await pub("PUT", `/attempts/${attempt}/answers/${n}`, { choice: "Tens and units" });
          expect(saved.status).toBe(200);
          continue;
        }
        // The right option as shown to this student, found by its text.
        const right =
          source.kind === "true_false"
            ? source.answer === "true"
              ? 0
              : 1
            : q.options!.indexOf(source.options![Number(source.answer)]);
        const saved = await pub("PUT", `/attempts/${attempt}/answers/${n}`, { choice: right });
        expect(saved.status).toBe(200);
        expect(saved.text).not.toMatch(/"answer"|correct|marks/);
        expect((saved.body.data as CbtQuestionPage).choice).toBe(String(right));
        expected += source.marks;
      }
      const scores = await get<CbtScores>(school, `/cbt/tests/${test.id}/scores`);
      const row = scores.rows.find((r) => r.student_id === pins[1].student_id)!;
      expect(row).toMatchObject({ status: "in_progress", unmarked: theory, score: expected });
      expect(scores.column_max).toBe(20);
    });

    it("refuses a choice that is not an option, and a question past the paper", async () => {
      const { attempt } = (await pub("POST", "/attempts", { code: test.code, pin: pins[0].pin })).body
        .data as CbtAttempt;
      const page = (await pub("GET", `/attempts/${attempt}/questions/1`)).body.data as CbtQuestionPage;
      if (page.kind !== "theory") {
        const bad = await pub("PUT", `/attempts/${attempt}/answers/1`, { choice: 7 });
        expect(bad.status).toBe(422);
        expect(bad.body.errors.choice).toEqual([M.choiceInvalid]);
      }
      expect((await pub("GET", `/attempts/${attempt}/questions/6`)).status).toBe(404);
      expect((await pub("GET", `/attempts/not-an-attempt-key-at-all-0000/questions/1`)).status).toBe(404);
    });

    it("refuses answers after the deadline plus the grace, and closes the attempt", async () => {
      const { attempt } = (await pub("POST", "/attempts", { code: test.code, pin: pins[0].pin })).body
        .data as CbtAttempt;
      api.clock.now = new Date(Date.parse(NOW) + 21 * 60_000);
      const inGrace = await pub("PUT", `/attempts/${attempt}/answers/2`, { choice: 0 });
      expect(inGrace.status).toBe(200);
      expect((inGrace.body.data as CbtQuestionPage).seconds_left).toBe(0);
      api.clock.now = new Date(Date.parse(NOW) + 23 * 60_000);
      const late = await pub("PUT", `/attempts/${attempt}/answers/2`, { choice: 1 });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(M.closed);
      const again = await pub("PUT", `/attempts/${attempt}/answers/2`, { choice: 1 });
      expect(again.body.message).toBe(M.alreadySubmitted);
      const restart = await pub("POST", "/attempts", { code: test.code, pin: pins[0].pin });
      expect(restart.status).toBe(409);
      api.clock.now = new Date(NOW);
      const scores = await get<CbtScores>(school, `/cbt/tests/${test.id}/scores`);
      expect(scores.rows.find((r) => r.student_id === pins[0].student_id)!.status).toBe("submitted");
    });

    it("submits once: one attempt per PIN", async () => {
      const { attempt } = (await pub("POST", "/attempts", { code: test.code, pin: pins[2].pin })).body
        .data as CbtAttempt;
      const done = await pub("POST", `/attempts/${attempt}/submit`);
      expect(done.status).toBe(200);
      expect(done.body.message).toBe(M.submitted);
      expect((await pub("PUT", `/attempts/${attempt}/answers/1`, { choice: 0 })).status).toBe(409);
      expect((await pub("GET", `/attempts/${attempt}/questions/1`)).status).toBe(409);
      const restart = await pub("POST", "/attempts", { code: test.code, pin: pins[2].pin });
      expect(restart.status).toBe(409);
      expect(restart.body.message).toBe(M.alreadySubmitted);
    });

    it("refuses another school's code with this school's PIN", async () => {
      await call(other, "POST", "/cbt/questions", { ...objective("Other?"), class: "JSS1" });
      const theirs = await newTest(other, { question_count: 1 });
      await openTest(other, theirs.id);
      const res = await pub("POST", "/attempts", { code: theirs.code, pin: pins[1].pin });
      expect(res.status).toBe(422);
      expect(res.body.errors.pin).toEqual([M.wrongCodeOrPin]);
    });

    it("refuses a test before it opens", async () => {
      const later = await newTest(school, {
        opens_at: "2026-11-26T07:00:00.000Z",
        closes_at: "2026-11-26T09:00:00.000Z",
      });
      const [first] = await openTest(school, later.id);
      const res = await pub("POST", "/attempts", { code: later.code, pin: first.pin });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(M.notOpenYet);
    });

    it("limits a test to the school's network when it says so", async () => {
      const lab = await newTest(school, { lab_network: "198.51.100.0/24" });
      const [first] = await openTest(school, lab.id);
      const outside = await pub("POST", "/attempts", { code: lab.code, pin: first.pin }, "203.0.113.9");
      expect(outside.status).toBe(403);
      expect(outside.body.message).toBe(M.labOnly);
      const inside = await pub("POST", "/attempts", { code: lab.code, pin: first.pin }, "::ffff:198.51.100.20");
      expect(inside.status).toBe(201);
      const away = await pub("GET", `/attempts/${inside.body.data.attempt}/questions/1`, undefined, "203.0.113.9");
      expect(away.status).toBe(403);
    });

    it("limits PIN guessing per PIN and per test code, with a clear message", async () => {
      const guessed = await newTest(school);
      const [first] = await openTest(school, guessed.id);
      for (let i = 0; i < CBT_LIMITS.pinFailures; i++)
        expect((await pub("POST", "/attempts", { code: guessed.code, pin: "11112222" })).status).toBe(422);
      const locked = await pub("POST", "/attempts", { code: guessed.code, pin: "11112222" });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe(M.tooManyPins);
      // Other PINs of the test still work until the test code's own ceiling.
      expect((await pub("POST", "/attempts", { code: guessed.code, pin: first.pin })).status).toBe(201);
      for (let i = CBT_LIMITS.pinFailures; i < CBT_LIMITS.codeFailures; i++)
        await pub("POST", "/attempts", { code: guessed.code, pin: String(30000000 + i) });
      const codeLocked = await pub("POST", "/attempts", { code: guessed.code, pin: first.pin });
      expect(codeLocked.status).toBe(429);
      expect(codeLocked.body.message).toBe(M.tooManyPins);
    });
  });

  describe("a question's picture", () => {
    const social = { class: "JSS1", subject: "Social Studies" };
    const withImage = (image: File) => {
      const form = new FormData();
      form.set("question_data", JSON.stringify({ ...objective("Which flag is this?"), ...social }));
      form.set("image", image);
      return api.fetch(`/api/admin/${school.uniqueId}/cbt/questions`, {
        method: "POST",
        headers: school.auth,
        body: form,
      });
    };

    it("refuses a file that is not an image beside its field, writing nothing", async () => {
      const res = await withImage(textNamedPng("flag.png"));
      expect(res.status).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.image).toBeDefined();
      expect(await get<CbtQuestionAdmin[]>(school, "/cbt/questions?class=JSS1&subject=Social%20Studies")).toEqual([]);
    });

    it("keeps a picture with the question and shows it to the student taking it", async () => {
      const res = await withImage(pngFile("flag.png"));
      expect(res.status).toBe(201);
      const [question] = await get<CbtQuestionAdmin[]>(school, "/cbt/questions?class=JSS1&subject=Social%20Studies");
      expect(question.image_url).toMatch(/^\/api\/media\/[a-f0-9]{32}$/);
      const made = await newTest(school, { ...social, question_count: 1, results_column: null });
      const [first] = await openTest(school, made.id);
      const { attempt } = (await pub("POST", "/attempts", { code: made.code, pin: first.pin })).body.data as CbtAttempt;
      expect(((await pub("GET", `/attempts/${attempt}/questions/1`)).body.data as CbtQuestionPage).image).toBe(true);
      const image = await api.fetch(`/api/public/cbt/attempts/${attempt}/questions/1/image`, {
        headers: { [CLIENT_ADDRESS_HEADER]: LAB },
      });
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
      expect(image.headers.get("cache-control")).toBe("private, no-store");
      await pub("POST", `/attempts/${attempt}/submit`);
      const after = await api.fetch(`/api/public/cbt/attempts/${attempt}/questions/1/image`, {
        headers: { [CLIENT_ADDRESS_HEADER]: LAB },
      });
      expect(after.status).toBe(409);
    });
  });

  it("limits codes that name no test from one address", async () => {
    const from = "192.0.2.44";
    for (let i = 0; i < CBT_LIMITS.unknownCodes; i++)
      expect((await pub("POST", "/attempts", { code: `ZZ${i}`, pin: String(40000000 + i) }, from)).status).toBe(422);
    const locked = await pub("POST", "/attempts", { code: "ZZZZZZ", pin: "49999999" }, from);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(M.tooManyPins);
    // Another address is not held back.
    expect((await pub("POST", "/attempts", { code: "ZZZZZZ", pin: "49999999" }, "192.0.2.45")).status).toBe(422);
  });

  describe("importing questions from a spreadsheet", () => {
    const HEADERS = ["Class", "Subject", "Kind", "Question", "Option A", "Option B", "Option C", "Answer", "Marks"];
    const upload = async (rows: (string | number)[][]) => {
      const form = new FormData();
      form.set("file", xlsxFile([HEADERS, ...rows], "questions.xlsx"));
      const res = await api.fetch(`/api/admin/${school.uniqueId}/imports/questions`, {
        method: "POST",
        headers: school.auth,
        body: form,
      });
      return {
        status: res.status,
        body: (await res.json()) as {
          data: { token: string; to_add: number; problems: { row: number; column: string; message: string }[] };
        },
      };
    };
    const civic = "/cbt/questions?class=JSS1&subject=Civic%20Education";

    it("checks every row first and imports none while one has a problem", async () => {
      const checked = await upload([
        ["jss 1", "Civic Education", "Objective", "Who makes laws?", "Judges", "Legislators", "Police", "B", 2],
        ["JSS1", "Civic Education", "Objective", "No answer here", "Yes", "No", "", "", ""],
        ["JSS1", "Dancing", "Theory", "Describe a dance", "", "", "", "", ""],
      ]);
      expect(checked.status).toBe(201);
      expect(checked.body.data.to_add).toBe(0);
      expect(checked.body.data.problems).toEqual([
        { row: 3, column: "Answer", message: M.answerRequired },
        { row: 4, column: "Subject", message: M.subjectUnknown },
      ]);
      const commit = await call(school, "POST", `/imports/questions/${checked.body.data.token}/commit`);
      expect(commit.status).toBe(422);
      expect(await get<CbtQuestionAdmin[]>(school, civic)).toEqual([]);
    });

    it("imports objective, true/false and theory rows in one step", async () => {
      const checked = await upload([
        ["jss 1", "Civic Education", "Objective", "Who makes laws?", "Judges", "Legislators", "Police", "b", 2],
        ["JSS1", "Civic Education", "True or false", "Voting is a civic duty", "", "", "", "True", ""],
        ["JSS1", "Civic Education", "Theory", "Explain the rule of law", "", "", "", "", 5],
      ]);
      expect(checked.body.data.to_add).toBe(3);
      const commit = await call(school, "POST", `/imports/questions/${checked.body.data.token}/commit`);
      expect(commit.status, JSON.stringify(commit.body)).toBe(200);
      const bank = await get<CbtQuestionAdmin[]>(school, civic);
      expect(bank.map((q) => [q.kind, q.options, q.answer, q.marks])).toEqual([
        ["objective", ["Judges", "Legislators", "Police"], "1", 2],
        ["true_false", null, "true", 1],
        ["theory", null, null, 5],
      ]);
      const template = await api.fetch(`/api/admin/${school.uniqueId}/imports/questions/template`, {
        headers: school.auth,
      });
      expect(template.status).toBe(200);
    });
  });

  describe("marking and results", () => {
    it("marks theory answers, then sends the scaled scores to the results column, refused once published", async () => {
      // A bank of its own, drawn whole: three objective, one true/false, one theory.
      const english = { class: "JSS1", subject: "English Language" };
      for (let i = 0; i < 3; i++)
        await call(school, "POST", "/cbt/questions", { ...objective(`Word ${i}?`), ...english });
      await call(school, "POST", "/cbt/questions", {
        ...english,
        kind: "true_false",
        text: "A is a vowel",
        answer: "true",
      });
      await call(school, "POST", "/cbt/questions", { ...english, kind: "theory", text: "Write a letter", marks: 5 });
      const made = await newTest(school, { ...english, question_count: 5, shuffle: false });
      const pins = await openTest(school, made.id);
      const { attempt } = (await pub("POST", "/attempts", { code: made.code, pin: pins[0].pin })).body
        .data as CbtAttempt;
      for (let n = 1; n <= 5; n++) {
        const q = (await pub("GET", `/attempts/${attempt}/questions/${n}`)).body.data as CbtQuestionPage;
        await pub("PUT", `/attempts/${attempt}/answers/${n}`, { choice: q.kind === "theory" ? "My answer" : 0 });
      }
      await pub("POST", `/attempts/${attempt}/submit`);
      const unmarked = await call(school, "POST", `/cbt/tests/${made.id}/send-to-results`);
      expect(unmarked.status).toBe(409);
      expect(unmarked.body.message).toBe(M.unmarkedTheory);

      const theory = await get<TheoryAnswer[]>(school, `/cbt/tests/${made.id}/theory`);
      expect(theory).toHaveLength(1);
      expect(theory[0]).toMatchObject({ name: "Ada Obi", answer: "My answer", marks: null, max: 5 });
      const over = await call(school, "PUT", `/cbt/tests/${made.id}/theory`, {
        marks: [{ paper_id: theory[0].paper_id, n: theory[0].n, marks: 6 }],
      });
      expect(over.status).toBe(422);
      const marked = await call(school, "PUT", `/cbt/tests/${made.id}/theory`, {
        marks: [{ paper_id: theory[0].paper_id, n: theory[0].n, marks: 4 }],
      });
      expect(marked.status).toBe(200);

      const scores = await get<CbtScores>(school, `/cbt/tests/${made.id}/scores`);
      const row = scores.rows.find((r) => r.student_id === pins[0].student_id)!;
      expect(row.max).toBe(2 * 3 + 1 + 5);
      expect(row.unmarked).toBe(0);
      const sent = await call(school, "POST", `/cbt/tests/${made.id}/send-to-results`);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data.sent).toBe(1);
      const sheet = await get<ScoreSheet>(
        school,
        "/results/sheet?class=JSS1&subject=English%20Language&term=1st%20Term&year=2026%2F2027",
      );
      expect(sheet.rows.find((r) => r.student_id === pins[0].student_id)!.scores["1st CA"]).toBe(row.scaled);
      expect(sheet.rows.find((r) => r.student_id === pins[1].student_id)!.scores["1st CA"]).toBeNull();

      const published = await call(school, "POST", "/results/publication", {
        class: "JSS1",
        term: "1st Term",
        session: "2026/2027",
        result: "terminal",
        published: true,
      });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      const refused = await call(school, "POST", `/cbt/tests/${made.id}/send-to-results`);
      expect(refused.status).toBe(409);
    });
  });

  describe("a teacher", () => {
    it("reaches the tests of their own classes and subjects only", async () => {
      const made = await newTest(school);
      const member = await call(school, "POST", "/staffs", {
        staff_data: {
          name: "Mr. Cbt Teacher",
          email: "cbt.teacher@school.ng",
          phone: "0806 600 9911",
          is_teaching_staff: true,
          teaching: [{ class: "JSS1", subject: "Basic Science" }],
        },
      });
      expect(member.status, JSON.stringify(member.body)).toBe(201);
      const on = await call(school, "POST", `/staffs/${member.body.data.id}/sign-in`);
      const res = await api.fetch("/api/admin/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          unique_id: school.uniqueId,
          email: on.body.data.email,
          password: on.body.data.password,
        }),
      });
      const token = ((await res.json()) as { data: { token: string } }).data.token;
      const teacher = { uniqueId: school.uniqueId, password: "", token, auth: bearer(token) };
      expect((await call(teacher, "GET", `/cbt/tests/${made.id}`)).status).toBe(404);
      expect(await get<CbtTest[]>(teacher, "/cbt/tests")).toEqual([]);
      const bank = await call(teacher, "GET", "/cbt/questions?class=JSS1&subject=Mathematics");
      expect(bank.status).toBe(403);
      expect((await call(teacher, "POST", "/cbt/tests", testBody())).status).toBe(403);
      const own = await call(
        teacher,
        "POST",
        "/cbt/tests",
        testBody({ subject: "Basic Science", results_column: null }),
      );
      expect(own.status, JSON.stringify(own.body)).toBe(201);
      expect((await get<CbtTest[]>(teacher, "/cbt/tests")).map((t) => t.id)).toEqual([own.body.data.id]);
    });
  });
});
