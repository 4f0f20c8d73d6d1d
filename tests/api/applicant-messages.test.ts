import { simpleParser } from "mailparser";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdmissionForm, SubmissionRow } from "../../contract/admissions";
import type { Paginated } from "../../contract/http";
import {
  APPLICANT_DECISION_TEXTS as T,
  DELIVERY_REASONS,
  fillText,
  type MessageDetail,
  type MessageList,
  type MessageSettings,
} from "../../contract/parent-messages";
import { openJobQueue, type JobQueue } from "../../api/jobs";
import { sendMessageJob } from "../../api/services/messages";
import { smtpMailer } from "../../api/services/mail";
import { termiiProvider } from "../../api/services/sms";
import { localStorage } from "../../api/storage/local";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { startTermii, type TestTermii } from "../support/termii";
import { pdfBytes } from "./file-samples";
import { DATABASE, PNG_BYTES, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/**
 * The decision on an application to the applicant (contract/parent-messages.ts): by email with the admission letter
 * PDF and by SMS, through the real job queue to a real SMTP server and a local server speaking Termii's API.
 */
describe(`applicant decisions by message on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let bare: TestApi;
  let smtp: TestSmtp;
  let termii: TestTermii;
  let queue: JobQueue | null = null;
  let school: RegisteredSchool;
  let lonely: RegisteredSchool;
  let apiCalls = schoolCalls(() => api);
  const bareCalls = schoolCalls(() => bare);
  const forms = new Map<RegisteredSchool, AdmissionForm>();

  beforeAll(async () => {
    smtp = await startSmtp();
    termii = await startTermii();
    const mailer = smtpMailer({ url: smtp.url, from: "Green School <no-reply@green.ng>" });
    const sms = termiiProvider({ apiKey: termii.apiKey, senderId: "GreenSch", baseUrl: termii.baseUrl });
    api = await startApi({ mailer, sms, jobs: { enqueue: (...args) => queue!.enqueue(...args) } });
    const job = sendMessageJob(
      { db: api.db, now: () => api.clock.now, mailer, sms, storage: localStorage(api.uploadsDir) },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    queue = await openJobQueue(api.database, [job], { pollIntervalMs: 100 });
    await queue.start();
    apiCalls = schoolCalls(() => api);
    school = await registerSchool(api, { school_name: "Green School" });
    bare = await startApi();
    lonely = await registerSchool(bare, { school_name: "Quiet School" });
    for (const [s, calls] of [
      [school, apiCalls],
      [lonely, bareCalls],
    ] as const) {
      const settings = await calls.call(s, "POST", "/school-settings", {
        school_settings: { sections: ["Junior"], classes: [{ class_name: "JSS1", section: "Junior" }] },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
      const form = await calls.call(s, "POST", "/create-admission-form", {
        title: "2026/2027 Entrance",
        amount: 0,
        cbt_enabled: false,
        status: "active",
      });
      expect(form.status, JSON.stringify(form.body)).toBe(201);
      forms.set(s, form.body.data);
    }
  });
  afterAll(async () => {
    await queue?.stop();
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

  let serial = 0;
  /** A new pending submission of `s`: its id, the applicant's name, email and phone. */
  async function applicant(s = school, on = api) {
    serial += 1;
    const fields: Record<string, string> = {
      surname: "Okafor",
      firstName: `Chidi${serial}`,
      middleName: "Emeka",
      dateOfBirth: "2014-03-09",
      gender: "Male",
      nationality: "Nigerian",
      stateOfOrigin: "Anambra",
      localGovernmentArea: "Onitsha North",
      homeAddress: "12 Allen Avenue, Ikeja",
      phoneNumber: `0803 300 ${String(1000 + serial)}`,
      emailAddress: `family${serial}@example.ng`,
      classApplyingInto: "JSS1",
      previousSchool: "Bright Stars Primary",
      reasonForLeaving: "Finished primary school",
      parentName: "Mrs. Ngozi Okafor",
      parentOccupation: "Trader",
      relationshipToApplicant: "Mother",
      religion: "Christianity",
      siblingsInSchool: "No",
    };
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    body.set("passportPhotograph", new File([PNG_BYTES], "passport.png", { type: "image/png" }));
    body.set(
      "birthCertificate",
      new File([new Uint8Array(pdfBytes(2000))], "certificate.pdf", { type: "application/pdf" }),
    );
    const res = await on.fetch(`/api/public/admission-forms/${forms.get(s)!.public_id}/submissions`, {
      method: "POST",
      body,
      headers: { "X-Client-Address": `10.2.0.${serial}` },
    });
    const answer = (await res.json()) as { data: { reference: string } };
    expect(res.status, JSON.stringify(answer)).toBe(201);
    const list = await schoolCalls(() => on).get<Paginated<SubmissionRow>>(s, "/submissions?per_page=100");
    const row = list.data.find((r) => r.reference === answer.data.reference)!;
    return {
      id: row.id,
      name: `Chidi${serial} Emeka Okafor`,
      email: fields.emailAddress,
      phone: `+234803300${String(1000 + serial)}`,
    };
  }

  const { call, get } = apiCalls;
  const setDecisions = async (on: boolean, s = school, calls = apiCalls) => {
    const saved = await calls.call(s, "PUT", "/message-settings", { daily_sms_cap: 500, applicant_decisions: on });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body.data as MessageSettings).applicant_decisions).toBe(on);
  };
  const admissionMessages = async (s = school, calls = apiCalls) =>
    (await calls.get<MessageList>(s, "/messages?per_page=100")).data.filter((m) => m.audience === "admission");
  const settled = async (id: number) => {
    await until(async () => (await get<MessageDetail>(school, `/messages/${id}`)).counts.pending === 0);
    return get<MessageDetail>(school, `/messages/${id}`);
  };
  const values = (name: string) => ({ name, school: "Green School", class: "JSS1" });

  it("is off by default: deciding sends the applicant nothing", async () => {
    expect((await get<MessageSettings>(school, "/message-settings")).applicant_decisions).toBe(false);
    const a = await applicant();
    expect((await call(school, "PUT", `/submissions/${a.id}/approve`)).status).toBe(200);
    const b = await applicant();
    expect((await call(school, "PUT", `/submissions/${b.id}/reject`)).status).toBe(200);
    expect(await admissionMessages()).toEqual([]);
    // The setting left out of the form is off again.
    await setDecisions(true);
    expect((await call(school, "PUT", "/message-settings", { daily_sms_cap: 500 })).body.data.applicant_decisions).toBe(
      false,
    );
  });

  it("on, an approval emails the admission letter PDF and texts the applicant, once however often it is decided", async () => {
    await setDecisions(true);
    const a = await applicant();
    const results = await Promise.all([1, 2].map(() => call(school, "PUT", `/submissions/${a.id}/approve`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await call(school, "PUT", `/submissions/${a.id}/approve`)).status).toBe(409);
    const made = (await admissionMessages()).filter((m) => m.body.includes(a.name));
    expect(made).toHaveLength(1);
    const done = await settled(made[0].id);
    expect(done.status).toBe("sent");
    expect(done.recipients.map((r) => [r.parent_name, r.students, r.channel, r.address, r.status])).toEqual([
      ["Mrs. Ngozi Okafor", a.name, "email", a.email, "sent"],
      ["Mrs. Ngozi Okafor", a.name, "sms", a.phone, "sent"],
    ]);
    const mail = await smtp.waitFor((m) => m.to.includes(a.email));
    expect(mail.subject).toBe(fillText(T.emailSubject, values(a.name)));
    expect(mail.text.trim()).toBe(fillText(T.approvedEmail, values(a.name)));
    const parsed = await simpleParser(mail.raw);
    expect(parsed.attachments).toHaveLength(1);
    const [letter] = parsed.attachments;
    expect(letter.contentType).toBe("application/pdf");
    expect(letter.filename).toMatch(/^admission-letter-.+\.pdf$/);
    const text = (await extractText(await getDocumentProxy(new Uint8Array(letter.content)), { mergePages: true })).text
      .normalize("NFC")
      .replace(/\s+/g, " ");
    for (const expected of [a.name, "JSS1", "Green School", "Mrs. Adaeze Okafor", "Admission letter"])
      expect(text).toContain(expected);
    const sms = fillText(T.approvedSms, values(a.name));
    expect(termii.requests.filter((r) => r.sms === sms).map((r) => r.to)).toEqual([[a.phone.slice(1)]]);
    expect(smtp.to(a.email)).toHaveLength(1);
  });

  it("a rejection sends the rejection text, without an attachment", async () => {
    await setDecisions(true);
    const a = await applicant();
    expect((await call(school, "PUT", `/submissions/${a.id}/reject`)).status).toBe(200);
    expect((await call(school, "PUT", `/submissions/${a.id}/reject`)).status).toBe(409);
    const made = (await admissionMessages()).filter((m) => m.body.includes(a.name));
    expect(made).toHaveLength(1);
    expect((await settled(made[0].id)).status).toBe("sent");
    const text = fillText(T.rejected, values(a.name));
    const mail = await smtp.waitFor((m) => m.to.includes(a.email));
    expect(mail.text.trim()).toBe(text);
    expect((await simpleParser(mail.raw)).attachments).toHaveLength(0);
    expect(termii.requests.filter((r) => r.sms === text).map((r) => r.to)).toEqual([[a.phone.slice(1)]]);
  });

  it("several decided at once each hear once; a repeat of the same decisions sends nothing more", async () => {
    await setDecisions(true);
    const chosen = [await applicant(), await applicant()];
    const body = { decision: "approve", ids: chosen.map((a) => a.id) };
    const first = await call(school, "POST", "/submissions/decisions", body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await call(school, "POST", "/submissions/decisions", body)).status).toBe(200);
    for (const a of chosen) {
      const made = (await admissionMessages()).filter((m) => m.body.includes(a.name));
      expect(made).toHaveLength(1);
      expect((await settled(made[0].id)).status).toBe("sent");
      const mail = await smtp.waitFor((m) => m.to.includes(a.email));
      expect((await simpleParser(mail.raw)).attachments.map((f) => f.contentType)).toEqual(["application/pdf"]);
    }
  });

  it("a school without a channel keeps the message 'not sent: no channel set up', and the decision stands", async () => {
    await setDecisions(true, lonely, bareCalls);
    const a = await applicant(lonely, bare);
    const approved = await bareCalls.call(lonely, "PUT", `/submissions/${a.id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.status).toBe("approved");
    const [made] = await admissionMessages(lonely, bareCalls);
    const detail = await bareCalls.get<MessageDetail>(lonely, `/messages/${made.id}`);
    expect(detail.status).toBe("no-channel");
    expect(detail.recipients.map((r) => [r.channel, r.address, r.status, r.reason])).toEqual([
      ["email", a.email, "not-sent", DELIVERY_REASONS.noChannel],
    ]);
  });
});
