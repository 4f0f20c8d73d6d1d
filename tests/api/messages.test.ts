import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DELIVERY_REASONS,
  MESSAGE_MESSAGES as M,
  type AudienceOptions,
  type MessageDetail,
  type MessageList,
  type MessageSettings,
} from "../../contract/parent-messages";
import { openJobQueue, type JobQueue } from "../../api/jobs";
import { setLogSink } from "../../observability/log";
import { sendMessageJob } from "../../api/services/messages";
import { smtpMailer, type Mailer } from "../../api/services/mail";
import { termiiProvider, type SmsProvider } from "../../api/services/sms";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { startTermii, type TestTermii } from "../support/termii";
import {
  bearer,
  DATABASE,
  registerSchool,
  sql,
  startApi,
  TEST_PUBLIC_URL,
  type RegisteredSchool,
  type TestApi,
} from "./harness";
import { schoolCalls } from "./school-calls";

/**
 * Messages to parents on the real database, sent by the real job queue to a real SMTP server and a local server
 * speaking Termii's Send Message, both in this process.
 */
describe(`messages to parents on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let bare: TestApi;
  let smtp: TestSmtp;
  let termii: TestTermii;
  const queues: JobQueue[] = [];
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  const { call, get } = schoolCalls(() => api);
  /** The key the provider sends with: a test makes it wrong to see Termii refuse. */
  const smsConfig = { apiKey: "", senderId: "GreenSch", baseUrl: "" };
  const sms: SmsProvider = { batchSize: 100, send: (numbers, text) => termiiProvider(smsConfig).send(numbers, text) };
  let queue: JobQueue | null = null;
  let useMailer: (mailer: Mailer | null) => void = () => {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    smtp = await startSmtp();
    termii = await startTermii();
    Object.assign(smsConfig, { apiKey: termii.apiKey, baseUrl: termii.baseUrl });
    // The mailer the job sends with: a test swaps it for a server that refuses.
    let current = smtpMailer({ url: smtp.url, from: "Green School <no-reply@green.ng>" });
    const normal = current;
    const mailer: Mailer = { send: (message) => current.send(message) };
    useMailer = (other) => {
      current = other ?? normal;
    };
    api = await startApi({
      mailer,
      sms,
      jobs: { enqueue: (...args) => queue!.enqueue(...args) },
    });
    const job = sendMessageJob(
      { db: api.db, now: () => api.clock.now, mailer, sms, publicUrl: TEST_PUBLIC_URL },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    // Two runners on the same database, as two app servers: each message is still sent once.
    for (let i = 0; i < 2; i++) {
      const q = await openJobQueue(api.database, [job], { pollIntervalMs: 100 });
      await q.start();
      queues.push(q);
    }
    queue = queues[0];
    school = await registerSchool(api, { school_name: "Green School" });
    other = await registerSchool(api, { school_name: "Other School" });
    const settings = await call(school, "POST", "/school-settings", {
      school_settings: {
        sections: ["Junior", "Senior"],
        classes: [
          { class_name: "JSS1", section: "Junior", subjects: ["Mathematics"] },
          { class_name: "JSS2", section: "Junior", subjects: ["Mathematics"] },
          { class_name: "SS1", section: "Senior" },
        ],
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    for (const [name, cls] of [
      ["Ada Obi", "JSS1"],
      ["Bayo Ade", "JSS1"],
      ["Chidi Eze", "JSS1"],
      ["Dayo Ade", "JSS2"],
    ]) {
      const res = await call(school, "POST", "/students", {
        student_data: { name, selectedClass: cls, gender: "Male", phone_number: "0803 123 4567" },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids[name] = String(res.body.data.unique_id);
    }
    for (const [name, email, phone, children] of [
      ["Mrs. Obi", "obi@parents.ng", "0803 111 0001", [ids["Ada Obi"]]],
      ["Mr. Ade", "ade@parents.ng", "0803 111 0002", [ids["Bayo Ade"], ids["Dayo Ade"]]],
    ] as const) {
      const res = await call(school, "POST", "/stu-parents", { parent_data: { name, email, phone, children } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    // JSS1 pays ₦10,000 this term; Ada's parent has paid ₦4,000 of it.
    const { term, session } = await get<{ term: string; session: string }>(school, "/fees/overview");
    const fee = await call(school, "POST", "/fees/fee-settings", {
      name: "Tuition",
      amount: 10000,
      applies_to: "class",
      class: "JSS1",
      term,
      session,
      compulsory: true,
    });
    expect(fee.status, JSON.stringify(fee.body)).toBe(201);
    const paid = await call(school, "POST", "/fees/payments", {
      student_id: ids["Ada Obi"],
      amount: 4000,
      paid_on: api.clock.now.toISOString().slice(0, 10),
      method: "Cash",
      term,
      session,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    bare = await startApi();
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await api?.close();
    await bare?.close();
    await smtp?.close();
    await termii?.close();
  });

  async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error("timed out waiting");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  let keys = 0;
  const key = () => `message-key-${Date.now()}-${++keys}-abcdef`;
  const send = (body: unknown, s = school, k = key()) => call(s, "POST", "/messages", body, { "Idempotency-Key": k });
  const detail = (id: number, s = school) => get<MessageDetail>(s, `/messages/${id}`);
  const settled = async (id: number, s = school) => {
    await until(async () => (await detail(id, s)).counts.pending === 0);
    return detail(id, s);
  };
  const setCap = async (daily_sms_cap: number) =>
    expect((await call(school, "PUT", "/message-settings", { daily_sms_cap })).status).toBe(200);
  const messageCount = async () =>
    Number((await sql<{ n: unknown }>`select count(*) as n from messages`.execute(api.db)).rows[0].n);

  it("a class's parents receive it by email and SMS; a student without a parent is named as not reachable", async () => {
    await setCap(500);
    const body = "School closes early on Friday for the inter-house sports.";
    const res = await send({ audience: "class", class: "JSS1", channels: ["email", "sms"], body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(M.queued);
    const made = res.body.data as MessageDetail;
    expect(made).toMatchObject({ audience: "class", target: "JSS1", channels: ["email", "sms"], body });
    expect(made.counts).toMatchObject({ total: 4, unreachable: 1 });
    const done = await settled(made.id);
    expect(done.status).toBe("sent");
    expect(done.counts).toEqual({ total: 4, sent: 4, failed: 0, pending: 0, unreachable: 1 });
    // Parents in the order of their children's names; the unreachable last.
    expect(done.recipients.map((r) => [r.parent_name, r.students, r.channel, r.address, r.status])).toEqual([
      ["Mrs. Obi", "Ada Obi", "email", "obi@parents.ng", "sent"],
      ["Mrs. Obi", "Ada Obi", "sms", "+2348031110001", "sent"],
      ["Mr. Ade", "Bayo Ade", "email", "ade@parents.ng", "sent"],
      ["Mr. Ade", "Bayo Ade", "sms", "+2348031110002", "sent"],
      [null, "Chidi Eze", "none", "", "unreachable"],
    ]);
    expect(done.recipients[4].reason).toBe(DELIVERY_REASONS.noParent);
    const mail = await smtp.waitFor((m) => m.to.includes("obi@parents.ng") && m.text.includes(body));
    expect(mail.from).toBe("no-reply@green.ng");
    const call1 = termii.requests.find((r) => r.sms === body)!;
    expect(call1).toEqual({
      api_key: termii.apiKey,
      to: ["2348031110001", "2348031110002"],
      from: "GreenSch",
      sms: body,
      type: "plain",
      channel: "dnd",
    });
    const listed = await get<MessageList>(school, "/messages");
    expect(listed.data[0]).toMatchObject({ id: made.id, status: "sent", counts: { sent: 4, total: 4 } });
  });

  it("every student owing fees: each parent's message carries their own outstanding balance", async () => {
    await setCap(500);
    const body = "Please settle the school fees before the end of term.";
    const res = await send({ audience: "owing", channels: ["email", "sms"], body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const done = await settled(res.body.data.id);
    // Dayo owes nothing: his parent hears about Bayo only.
    expect(done.recipients.map((r) => [r.parent_name, r.students, r.channel, r.status])).toEqual([
      ["Mrs. Obi", "Ada Obi", "email", "sent"],
      ["Mrs. Obi", "Ada Obi", "sms", "sent"],
      ["Mr. Ade", "Bayo Ade", "email", "sent"],
      ["Mr. Ade", "Bayo Ade", "sms", "sent"],
      [null, "Chidi Eze", "none", "unreachable"],
    ]);
    const obi = await smtp.waitFor((m) => m.to.includes("obi@parents.ng") && m.text.includes(body));
    expect(obi.text).toContain("Outstanding school fees for Ada Obi: ₦6,000.00");
    const ade = await smtp.waitFor((m) => m.to.includes("ade@parents.ng") && m.text.includes(body));
    expect(ade.text).toContain("Outstanding school fees for Bayo Ade: ₦10,000.00");
    const texts = termii.requests.filter((r) => String(r.sms).startsWith(body));
    expect(texts.map((r) => [r.to, r.sms]).sort()).toEqual(
      [
        [["2348031110001"], `${body}\n\nOutstanding school fees for Ada Obi: ₦6,000.00`],
        [["2348031110002"], `${body}\n\nOutstanding school fees for Bayo Ade: ₦10,000.00`],
      ].sort(),
    );
  });

  it("chosen students, a section and the whole school reach those students' parents only", async () => {
    const chosen = await send({
      audience: "students",
      class: "JSS1",
      student_ids: [ids["Ada Obi"]],
      channels: ["email"],
      body: "Ada's project is due.",
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(201);
    expect((chosen.body.data as MessageDetail).recipients.map((r) => r.parent_name)).toEqual(["Mrs. Obi"]);
    const section = await send({ audience: "section", section: "Junior", channels: ["email"], body: "Junior news" });
    expect(section.status).toBe(201);
    expect((section.body.data as MessageDetail).recipients.map((r) => r.students)).toEqual([
      "Ada Obi",
      "Bayo Ade, Dayo Ade",
      "Chidi Eze",
    ]);
    const senior = await send({ audience: "section", section: "Senior", channels: ["email"], body: "Senior news" });
    expect(senior.status).toBe(422);
    expect(senior.body.errors.audience).toEqual([M.nobody]);
    const all = await send({ audience: "school", channels: ["sms"], body: "Whole school" });
    expect(all.status).toBe(201);
    await settled(all.body.data.id);
    expect(termii.requests.filter((r) => r.sms === "Whole school").map((r) => r.to)).toEqual([
      ["2348031110001", "2348031110002"],
    ]);
  });

  it.each([
    [{ channels: ["email"], audience: "class", class: "JSS1" }, "body", M.bodyRequired],
    [{ channels: ["email"], audience: "class", class: "JSS1", body: "x".repeat(641) }, "body", M.bodyTooLong],
    [{ audience: "class", class: "JSS1", body: "Hi", channels: [] }, "channels", M.channelsRequired],
    [{ audience: "class", class: "JSS1", body: "Hi", channels: ["fax"] }, "channels", M.channelsRequired],
    [{ audience: "everyone", body: "Hi", channels: ["email"] }, "audience", M.audienceRequired],
    [{ audience: "class", body: "Hi", channels: ["email"] }, "class", M.classRequired],
    [{ audience: "class", class: "JSS9", body: "Hi", channels: ["email"] }, "class", M.unknownClass],
    [{ audience: "section", section: "Middle", body: "Hi", channels: ["email"] }, "section", M.unknownSection],
    [{ audience: "students", class: "JSS1", body: "Hi", channels: ["email"] }, "student_ids", M.studentsRequired],
    [
      { audience: "students", class: "JSS1", student_ids: ["NOPE"], body: "Hi", channels: ["email"] },
      "student_ids",
      M.studentNotFound,
    ],
    [{ audience: "owing", class: "JSS2", body: "Hi", channels: ["email"] }, "audience", M.nobody],
  ])("refuses %j: %s is told, and nothing is written", async (body, field, message) => {
    const before = await messageCount();
    const res = await send(body);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(await messageCount()).toBe(before);
  });

  it("the same form sent twice, or three times at once, makes one message and sends it once", async () => {
    await setCap(500);
    const body = "Parents' meeting on Saturday at 10am.";
    const k = key();
    const message = { audience: "class", class: "JSS1", channels: ["email", "sms"], body };
    const first = await send(message, school, k);
    const again = await send(message, school, k);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.data.id).toBe(first.body.data.id);
    const k2 = key();
    const racing = await Promise.all([1, 2, 3].map(() => send({ ...message, body: `${body} (2)` }, school, k2)));
    expect(new Set(racing.map((r) => r.body.data.id)).size).toBe(1);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    await settled(first.body.data.id);
    await settled(racing[0].body.data.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const text of [body, `${body} (2)`]) {
      expect(smtp.received.filter((m) => m.text.trim() === text).length).toBe(2);
      expect(termii.requests.filter((r) => r.sms === text).length).toBe(1);
    }
  });

  it("a temporary SMS failure (503) is tried again after a delay and then sent once", async () => {
    await setCap(500);
    termii.failTemporarily(1);
    const body = "Retry me";
    const res = await send({ audience: "class", class: "JSS1", channels: ["sms"], body });
    const done = await settled(res.body.data.id);
    expect(done.status).toBe("sent");
    expect(done.recipients.filter((r) => r.channel === "sms").map((r) => [r.status, r.attempts, r.reason])).toEqual([
      ["sent", 2, null],
      ["sent", 2, null],
    ]);
    expect(termii.requests.filter((r) => r.sms === body).length).toBe(2);
    expect(termii.delivered().filter((n) => n === "2348031110001").length).toBeGreaterThan(0);
  });

  it("a refusal (401 with Termii's message) fails the lines with that reason, the key in no log line; a failure that lasts ends failed", async () => {
    await setCap(500);
    smsConfig.apiKey = "TLwrong-key-0000";
    const lines: string[] = [];
    const previous = setLogSink((line) => lines.push(line));
    try {
      const res = await send({ audience: "class", class: "JSS1", channels: ["sms"], body: "Wrong key" });
      const done = await settled(res.body.data.id);
      expect(done.status).toBe("failed");
      expect(done.recipients.filter((r) => r.channel === "sms").map((r) => [r.status, r.reason])).toEqual([
        ["failed", "Invalid API key"],
        ["failed", "Invalid API key"],
      ]);
      expect(lines.join("\n")).not.toContain("TLwrong-key-0000");
    } finally {
      setLogSink(previous);
      smsConfig.apiKey = termii.apiKey;
    }
    termii.failTemporarily(99);
    try {
      const res = await send({ audience: "class", class: "JSS1", channels: ["sms"], body: "Down for good" });
      const done = await settled(res.body.data.id);
      expect(done.recipients.filter((r) => r.channel === "sms").map((r) => [r.status, r.attempts, r.reason])).toEqual([
        ["failed", 3, "Service temporarily unavailable"],
        ["failed", 3, "Service temporarily unavailable"],
      ]);
    } finally {
      termii.failTemporarily(0);
    }
  });

  it.each([
    [550, "Mailbox unavailable", "email not sent (EMESSAGE, SMTP 550)", 1],
    [451, "Try again later", "email not sent (EMESSAGE, SMTP 451)", 3],
  ])(
    "an SMTP %i is a refusal for good or worth trying again, and the line says so",
    async (code, said, reason, attempts) => {
      const refusing = await startSmtp({ refuse: { code, message: said } });
      useMailer(smtpMailer({ url: refusing.url, from: "Green School <no-reply@green.ng>" }));
      try {
        const res = await send({ audience: "class", class: "JSS2", channels: ["email"], body: `Refused ${code}` });
        const done = await settled(res.body.data.id);
        expect(done.recipients.map((r) => [r.status, r.reason, r.attempts])).toEqual([["failed", reason, attempts]]);
      } finally {
        useMailer(null);
        await refusing.close();
      }
    },
  );

  it("past the daily SMS limit, recipients fail with 'daily SMS limit reached'; the limit is the main admin's to set", async () => {
    const today = (await get<MessageSettings>(school, "/message-settings")).sms_sent_today;
    await setCap(today + 1);
    const res = await send({ audience: "class", class: "JSS1", channels: ["sms", "email"], body: "Capped" });
    const done = await settled(res.body.data.id);
    expect(done.status).toBe("partly-sent");
    expect(done.recipients.filter((r) => r.channel === "sms").map((r) => [r.status, r.reason])).toEqual([
      ["sent", null],
      ["failed", DELIVERY_REASONS.capReached],
    ]);
    expect(done.recipients.filter((r) => r.channel === "email").every((r) => r.status === "sent")).toBe(true);
    expect(await get<MessageSettings>(school, "/message-settings")).toEqual({
      daily_sms_cap: today + 1,
      payment_receipts: false,
      applicant_decisions: false,
      sms_sent_today: today + 1,
    });
    for (const bad of [-1, 1.5, "many", 100_001, null]) {
      const refused = await call(school, "PUT", "/message-settings", { daily_sms_cap: bad });
      expect(refused.status, String(bad)).toBe(422);
      expect(refused.body.errors.daily_sms_cap).toEqual([M.capInvalid]);
    }
    expect((await get<MessageSettings>(school, "/message-settings")).daily_sms_cap).toBe(today + 1);
    const sub = await call(school, "POST", "/sub-admins", {
      name: "Sub Admin",
      email: "sub@green.ng",
      phone: "0803 000 0000",
      features: ["parents"],
    });
    const login = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: school.uniqueId, email: "sub@green.ng", password: sub.body.data.password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const asSub: RegisteredSchool = { ...school, token, auth: bearer(token) };
    const subId = sub.body.data.sub_admin.id;
    const refused = await call(asSub, "PUT", "/message-settings", { daily_sms_cap: 9000, sub_admin_id: subId });
    expect(refused).toEqual({ status: 403, body: { message: M.capMainOnly } });
    const sent = await call(
      asSub,
      "POST",
      "/messages",
      { audience: "class", class: "JSS2", channels: ["email"], body: "From the sub-admin", sub_admin_id: subId },
      { "Idempotency-Key": key() },
    );
    expect(sent.status).toBe(201);
    expect(sent.body.data.sent_by).toBe("Sub Admin");
  });

  it("more than 100 numbers go in batches of 100, each number once", async () => {
    await setCap(1000);
    const now = api.clock.now.toISOString();
    const schoolId = Number(
      (await sql<{ id: number }>`select id from schools where unique_id = ${school.uniqueId}`.execute(api.db)).rows[0]
        .id,
    );
    for (let i = 0; i < 150; i++) {
      const student = await api.db
        .insertInto("students")
        .values({
          school_id: schoolId,
          unique_id: `BATCH${i}`,
          name: `Batch Student ${i}`,
          sort_name: `batch student ${i}`,
          class_name: "SS1",
          gender: "Female",
          takes_lesson: 1,
          status: "active",
          search_text: `batch student ${i}`,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const parent = await api.db
        .insertInto("parents")
        .values({
          school_id: schoolId,
          unique_id: `BATCHP${i}`,
          name: `Batch Parent ${i}`,
          sort_name: `batch parent ${i}`,
          email: `batch${i}@parents.ng`,
          phone: `+23481220${String(i).padStart(5, "0")}`,
          search_text: `batch parent ${i}`,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await api.db
        .insertInto("parent_students")
        .values({ school_id: schoolId, parent_id: parent.id, student_id: student.id, created_at: now })
        .execute();
    }
    const res = await send({ audience: "class", class: "SS1", channels: ["sms"], body: "Batch" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const done = await settled(res.body.data.id);
    const calls = termii.requests.filter((r) => r.sms === "Batch");
    expect(calls.map((r) => (r.to as string[]).length)).toEqual([100, 50]);
    const numbers = calls.flatMap((r) => r.to as string[]);
    expect(new Set(numbers).size).toBe(150);
    expect(done.counts).toMatchObject({ total: 150, sent: 150, failed: 0 });
  });

  it("without a channel set up, the message is kept as 'not sent: no channel set up'", async () => {
    const s = await registerSchool(bare, { school_name: "Bare School" });
    const bareCall = schoolCalls(() => bare).call;
    await bareCall(s, "POST", "/students", {
      student_data: { name: "Eze Uche", selectedClass: "JSS1", gender: "Male", phone_number: "0803 123 4567" },
    });
    const kid = (await bareCall(s, "GET", "/students")).body.data.data[0].unique_id;
    await bareCall(s, "POST", "/stu-parents", {
      parent_data: { name: "Mrs. Uche", email: "uche@parents.ng", phone: "0803 111 0009", children: [kid] },
    });
    const options = (await bareCall(s, "GET", "/messages/audience?class=JSS1")).body.data as AudienceOptions;
    expect(options.channels).toEqual({ email: false, sms: false });
    const res = await bareCall(
      s,
      "POST",
      "/messages",
      { audience: "class", class: "JSS1", channels: ["email", "sms"], body: "Hello" },
      { "Idempotency-Key": key() },
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(M.noChannel);
    expect(res.body.data.status).toBe("no-channel");
    expect(res.body.data.recipients.map((r: { status: string; reason: string }) => [r.status, r.reason])).toEqual([
      ["not-sent", DELIVERY_REASONS.noChannel],
      ["not-sent", DELIVERY_REASONS.noChannel],
    ]);
  });

  describe("teachers", () => {
    let teacher: RegisteredSchool;
    let adminMessage: number;

    beforeAll(async () => {
      const member = await call(school, "POST", "/staffs", {
        staff_data: {
          name: "Mrs. Bisi Ade",
          email: "bisi@green.ng",
          phone: "0806 500 1000",
          is_teaching_staff: true,
          form_teacher: "JSS2",
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
      teacher = { ...school, token, auth: bearer(token) };
      adminMessage = (await get<MessageList>(school, "/messages")).data[0].id;
    });

    it("write to their own classes only, and see only the messages they wrote", async () => {
      const options = await get<AudienceOptions>(teacher, "/messages/audience?class=JSS2");
      expect(options).toMatchObject({ audiences: ["class", "students", "owing"], classes: ["JSS2"], sections: [] });
      expect(options.students.map((s) => s.name)).toEqual(["Dayo Ade"]);
      expect((await get<AudienceOptions>(teacher, "/messages/audience?class=JSS1")).students).toEqual([]);
      const notTheirs = await send({ audience: "class", class: "JSS1", channels: ["email"], body: "Hi" }, teacher);
      expect(notTheirs.status).toBe(422);
      expect(notTheirs.body.errors.class).toEqual([M.classNotYours]);
      const school_ = await send({ audience: "school", channels: ["email"], body: "Hi" }, teacher);
      expect(school_.body.errors.audience).toEqual([M.audienceNotYours]);
      const owing = await send({ audience: "owing", channels: ["email"], body: "Hi" }, teacher);
      expect(owing.body.errors.class).toEqual([M.classRequired]);
      const mine = await send(
        { audience: "class", class: "JSS2", channels: ["email"], body: "From Mrs. Ade" },
        teacher,
      );
      expect(mine.status, JSON.stringify(mine.body)).toBe(201);
      expect(mine.body.data.sent_by).toBe("Mrs. Bisi Ade");
      const list = await get<MessageList>(teacher, "/messages");
      expect(list.data.map((m) => m.id)).toEqual([mine.body.data.id]);
      expect((await call(teacher, "GET", `/messages/${adminMessage}`)).status).toBe(404);
      expect((await call(teacher, "GET", "/message-settings")).status).toBe(403);
      expect((await get<MessageList>(school, "/messages")).data[0].id).toBe(mine.body.data.id);
    });
  });

  it("a message carries each child's report card link once their class's result is published; the link opens that card", async () => {
    const { term, session } = await get<{ term: string; session: string }>(school, "/fees/overview");
    const query = `class=JSS1&subject=Mathematics&term=${encodeURIComponent(term)}&year=${encodeURIComponent(session)}`;
    const sheet = await call(school, "PUT", `/results/sheet?${query}`, {
      rows: [{ student_id: ids["Ada Obi"], scores: { "1st CA": 12, Exam: 40 } }],
    });
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
    const result = { class: "JSS1", term, session, result: "terminal" };
    const published = await call(school, "POST", "/results/publication", { ...result, published: true });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const body = "This term's report cards are ready.";
    const res = await send({ audience: "school", channels: ["email"], body, report_cards: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await settled(res.body.data.id);
    const link = (mail: { text: string }, name: string) =>
      new RegExp(`Report card of ${name}: ${TEST_PUBLIC_URL}/report-card/([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];
    const obi = await smtp.waitFor((m) => m.to.includes("obi@parents.ng") && m.text.includes(body));
    const ade = await smtp.waitFor((m) => m.to.includes("ade@parents.ng") && m.text.includes(body));
    const token = link(obi, "Ada Obi")!;
    expect(token).toBeDefined();
    // JSS2's result is not published: Dayo's parent gets Bayo's card only.
    expect(link(ade, "Bayo Ade")).toBeDefined();
    expect(link(ade, "Dayo Ade")).toBeUndefined();
    // The log keeps the text without the link: no token is stored.
    const stored = await sql<{
      text: string;
    }>`select text from message_recipients where message_id = ${res.body.data.id}`.execute(api.db);
    expect(stored.rows.every((r) => !r.text.includes(token))).toBe(true);

    const opened = await api.fetch(`/api/public/report-card-links/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("application/pdf");
    expect(opened.headers.get("content-disposition")).toMatch(/^inline;/);
    expect(
      Buffer.from(await opened.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const unknown = await api.fetch(`/api/public/report-card-links/${"x".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: M.reportCardLinkGone });
    await call(school, "POST", "/results/publication", { ...result, published: false });
    expect((await api.fetch(`/api/public/report-card-links/${token}`)).status).toBe(404);
    // Thirty days on, the link has expired.
    await call(school, "POST", "/results/publication", { ...result, published: true });
    expect((await api.fetch(`/api/public/report-card-links/${token}`)).status).toBe(200);
    const now = api.clock.now;
    api.clock.now = new Date(now.getTime() + 31 * 24 * 60 * 60 * 1000);
    try {
      expect((await api.fetch(`/api/public/report-card-links/${token}`)).status).toBe(404);
    } finally {
      api.clock.now = now;
    }
  });

  it("with receipts on, a payment recorded by hand sends the parents a receipt with what is still owed; off, nothing", async () => {
    const { term, session } = await get<{ term: string; session: string }>(school, "/fees/overview");
    const saved = await call(school, "PUT", "/message-settings", { daily_sms_cap: 5000, payment_receipts: true });
    expect(saved.body.data).toMatchObject({ daily_sms_cap: 5000, payment_receipts: true });
    const before = (await get<MessageList>(school, "/messages")).total;
    const payment = {
      student_id: ids["Bayo Ade"],
      amount: 1500,
      paid_on: api.clock.now.toISOString().slice(0, 10),
      method: "Cash",
      term,
      session,
    };
    const k = key();
    const paid = await call(school, "POST", "/fees/payments", payment, { "Idempotency-Key": k });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect((await call(school, "POST", "/fees/payments", payment, { "Idempotency-Key": k })).status).toBe(200);
    const list = await get<MessageList>(school, "/messages");
    expect(list.total).toBe(before + 1);
    expect(list.data[0]).toMatchObject({ audience: "receipt", channels: ["email", "sms"] });
    const done = await settled(list.data[0].id);
    expect(done.recipients.map((r) => [r.parent_name, r.channel, r.status])).toEqual([
      ["Mr. Ade", "email", "sent"],
      ["Mr. Ade", "sms", "sent"],
    ]);
    const text =
      `Payment received: ₦1,500.00 for Bayo Ade, ${term} ${session}, receipt ${paid.body.data.receipt_no}. ` +
      "Outstanding balance: ₦8,500.00.";
    const mail = await smtp.waitFor((m) => m.to.includes("ade@parents.ng") && m.text.includes("Payment received"));
    expect(mail.text.trim()).toBe(text);
    expect(termii.requests.filter((r) => r.sms === text).map((r) => r.to)).toEqual([["2348031110002"]]);

    await call(school, "PUT", "/message-settings", { daily_sms_cap: 5000 });
    const again = await call(
      school,
      "POST",
      "/fees/payments",
      { ...payment, amount: 500 },
      { "Idempotency-Key": key() },
    );
    expect(again.status).toBe(201);
    expect((await get<MessageList>(school, "/messages")).total).toBe(before + 1);
  });

  it("another school's message is not found, and its list is its own", async () => {
    const mine = (await get<MessageList>(school, "/messages")).data[0].id;
    expect((await call(other, "GET", `/messages/${mine}`)).status).toBe(404);
    expect((await get<MessageList>(other, "/messages")).total).toBe(0);
    expect((await call(school, "GET", "/messages/abc")).status).toBe(404);
  });
});
