import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpMailer } from "../../api/services/mail";
import { resetByOperator } from "../../api/services/password-reset";
import { CLIENT_ADDRESS_HEADER } from "../../contract/http";
import {
  PASSWORD_RESET_MAX_REQUESTS,
  PASSWORD_RESET_MESSAGES as M,
  PASSWORD_RESET_TTL_MS,
} from "../../contract/password-reset";
import { setLogSink } from "../../observability/log";
import { linkIn, startSmtp, type ReceivedMail, type TestSmtp } from "../support/smtp";
import {
  bearer,
  DATABASE,
  login,
  registerSchool,
  startApi,
  TEST_PUBLIC_URL,
  type RegisteredSchool,
  type TestApi,
} from "./harness";

/**
 * Password recovery by email (contract/password-reset.ts) against a real SMTP server in this process: the same
 * answer for a known and an unknown account, the link received, used once, dead after 30 minutes, and every
 * session of the account ended by the reset.
 */
describe(`password reset on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let smtp: TestSmtp;
  let school: RegisteredSchool;
  let schoolEmail: string;
  let address = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    api = await startApi({
      mailer: smtpMailer({ url: smtp.url, from: "Greenfield School <no-reply@school.example.ng>" }),
    });
    schoolEmail = `reset-main-${Date.now()}@example.ng`;
    school = await registerSchool(api, { school_email: schoolEmail, school_name: "Reset Academy" });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  /** A fresh client address per request by default, so the throttle of one test never meets another's. */
  async function ask(body: unknown, from = `10.0.0.${++address}`) {
    const res = await api.fetch("/api/admin/password-reset", {
      method: "POST",
      headers: { "Content-Type": "application/json", [CLIENT_ADDRESS_HEADER]: from },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
  }

  async function confirm(token: string, new_password: string) {
    const res = await api.fetch("/api/admin/password-reset/confirm", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, new_password }),
    });
    return { status: res.status, body: (await res.json()) as { message: string; errors?: Record<string, string[]> } };
  }

  async function linkFor(to: string, after: number): Promise<{ mail: ReceivedMail; token: string }> {
    const mail = await smtp.waitFor((m) => m.to.includes(to) && smtp.received.indexOf(m) >= after);
    const link = linkIn(mail, `${TEST_PUBLIC_URL}/reset-password/`);
    return { mail, token: link.split("/").pop()! };
  }

  /** Asks for a link for `email` and returns its token, read from the mail that arrived. */
  async function requestLink(email: string, uniqueId = school.uniqueId) {
    const before = smtp.received.length;
    const res = await ask({ unique_id: uniqueId, email });
    expect(res.status).toBe(200);
    return linkFor(email, before);
  }

  /** A sub-admin of the school, added by the main admin: their generated password and their id. */
  async function addSubAdmin(name: string, email: string): Promise<{ password: string; id: number }> {
    const res = await api.fetch(`/api/admin/${school.uniqueId}/sub-admins`, {
      method: "POST",
      headers: { ...school.auth, "Content-Type": "application/json" },
      body: JSON.stringify({ name, email, phone: "0803 000 0000", features: ["students"] }),
    });
    const text = await res.text();
    expect(res.status, text).toBe(201);
    const { data } = JSON.parse(text) as { data: { password: string; sub_admin: { id: number } } };
    return { password: data.password, id: data.sub_admin.id };
  }

  const call = (token: string, path: string) =>
    api.fetch(`/api/admin/${school.uniqueId}${path}`, { headers: bearer(token) });

  const signInAs = async (email: string | undefined, password: string) => {
    const res = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: school.uniqueId, ...(email ? { email } : {}), password }),
    });
    return { status: res.status, token: res.ok ? ((await res.json()) as { data: { token: string } }).data.token : "" };
  };

  it("says whether links can be sent", async () => {
    const res = await api.fetch("/api/admin/password-reset");
    expect(await res.json()).toEqual({ data: { email: true } });
  });

  it("answers a known and an unknown account alike, and mails the link only to the known one", async () => {
    const before = smtp.received.length;
    const unknown = await ask({ unique_id: school.uniqueId, email: "nobody@example.ng" });
    const wrongSchool = await ask({ unique_id: "SCH-NOSUCH9", email: schoolEmail });
    const known = await ask({ unique_id: school.uniqueId.toLowerCase(), email: schoolEmail.toUpperCase() });
    expect(known).toMatchObject({ status: 200, body: { message: M.requestSent } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(wrongSchool.body).toEqual(known.body);

    const { mail } = await linkFor(schoolEmail, before);
    expect(mail.subject).toBe(M.subject);
    expect(mail.from).toBe("no-reply@school.example.ng");
    expect(mail.text).toContain(school.uniqueId);
    expect(mail.text).toContain("Reset Academy");
    expect(mail.html).toContain(`href="${TEST_PUBLIC_URL}/reset-password/`);
    // The SMTP server was signed in to with the URL's credentials.
    expect(mail.auth?.username).toBe("mailer");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.to("nobody@example.ng")).toEqual([]);
    expect(smtp.received.length).toBe(before + 1);
    // Only the link's hash is stored.
    const stored = await api.db.selectFrom("password_resets").select("token_hash").execute();
    expect(stored.some((row) => mail.text.includes(row.token_hash))).toBe(false);
  });

  it("refuses a missing or malformed email and Unique ID with the fields' messages, sending nothing", async () => {
    const before = smtp.received.length;
    const res = await ask({ unique_id: " ", email: "not-an-email" });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors as object).sort()).toEqual(["email", "unique_id"]);
    expect(smtp.received.length).toBe(before);
  });

  it("sets a new password once through the link, ending every session of the main admin only", async () => {
    const sub = await addSubAdmin("Mr. Tunde Bello", "tunde@reset.ng");
    const subToken = (await signInAs("tunde@reset.ng", sub.password)).token;
    const otherDevice = (await signInAs(undefined, school.password)).token;

    const { token } = await requestLink(schoolEmail);
    const read = await api.fetch(`/api/admin/password-reset/${token}`);
    expect(await read.json()).toMatchObject({
      data: { unique_id: school.uniqueId, account: "main", school_name: "Reset Academy" },
    });

    // The password rules hold, and a refused password leaves the link usable.
    const short = await confirm(token, "short");
    expect(short.status).toBe(422);
    expect(short.body.errors?.new_password).toEqual(["New password must be at least 8 characters"]);

    expect(await confirm(token, "brand-new-pass-1")).toEqual({ status: 200, body: { message: M.passwordReset } });
    expect((await call(school.token, "/dashboard")).status).toBe(401);
    expect((await call(otherDevice, "/dashboard")).status).toBe(401);
    // The sub-admin's session is theirs, not the main admin's: it stays.
    expect((await call(subToken, `/access?sub_admin_id=${sub.id}`)).status).toBe(200);
    expect((await login(api, school.uniqueId, school.password)).status).toBe(401);
    const fresh = await signInAs(undefined, "brand-new-pass-1");
    expect(fresh.status).toBe(200);
    school = { ...school, password: "brand-new-pass-1", token: fresh.token, auth: bearer(fresh.token) };

    // Single use.
    expect(await confirm(token, "another-pass-2")).toEqual({ status: 404, body: { message: M.linkInvalid } });
    expect((await api.fetch(`/api/admin/password-reset/${token}`)).status).toBe(404);
    expect((await signInAs(undefined, "brand-new-pass-1")).status).toBe(200);
  });

  it("lets a sub-admin reset their own password, ending their sessions and leaving the main admin's", async () => {
    const sub = await addSubAdmin("Mrs. Ada Obi", "ada@reset.ng");
    const subToken = (await signInAs("ada@reset.ng", sub.password)).token;
    expect((await call(subToken, `/access?sub_admin_id=${sub.id}`)).status).toBe(200);
    const { token, mail } = await requestLink("ada@reset.ng");
    expect(mail.text).toContain("Mrs. Ada Obi");
    expect(await (await api.fetch(`/api/admin/password-reset/${token}`)).json()).toMatchObject({
      data: { account: "sub-admin" },
    });
    expect((await confirm(token, "ada-new-password")).status).toBe(200);
    expect((await call(subToken, `/access?sub_admin_id=${sub.id}`)).status).toBe(401);
    expect((await call(school.token, "/dashboard")).status).toBe(200);
    expect((await signInAs("ada@reset.ng", "ada-new-password")).status).toBe(200);
    expect((await signInAs(undefined, school.password)).status).toBe(200);
  });

  it("lets a teacher reset theirs, and an old link gives no password once their sign-in is turned off", async () => {
    const added = await api.fetch(`/api/admin/${school.uniqueId}/staffs`, {
      method: "POST",
      headers: { ...school.auth, "Content-Type": "application/json" },
      body: JSON.stringify({
        staff_data: { name: "Mr. Obi Eze", email: "obi@reset.ng", phone: "0803 555 3434", is_teaching_staff: true },
      }),
    });
    const addedText = await added.text();
    expect(added.status, addedText).toBe(201);
    const memberId = (JSON.parse(addedText) as { data: { id: number } }).data.id;
    const on = async () =>
      api.fetch(`/api/admin/${school.uniqueId}/staffs/${memberId}/sign-in`, { method: "POST", headers: school.auth });
    expect((await on()).status).toBe(201);
    const first = await requestLink("obi@reset.ng");
    expect(first.mail.text).toContain("teacher account");
    expect((await confirm(first.token, "obi-new-password")).status).toBe(200);
    expect((await signInAs("obi@reset.ng", "obi-new-password")).status).toBe(200);

    const second = await requestLink("obi@reset.ng");
    const off = await api.fetch(`/api/admin/${school.uniqueId}/staffs/${memberId}/sign-in`, {
      method: "DELETE",
      headers: school.auth,
    });
    expect(off.status).toBeLessThan(300);
    expect(await confirm(second.token, "sneaky-password")).toEqual({ status: 404, body: { message: M.linkInvalid } });
    const row = await api.db.selectFrom("staff").select("password_hash").where("id", "=", memberId).executeTakeFirst();
    expect(row?.password_hash).toBeNull();
  });

  it("ends a link 30 minutes after it was sent", async () => {
    const { token } = await requestLink(schoolEmail);
    const sent = api.clock.now;
    try {
      api.clock.now = new Date(sent.getTime() + PASSWORD_RESET_TTL_MS - 1000);
      expect((await api.fetch(`/api/admin/password-reset/${token}`)).status).toBe(200);
      api.clock.now = new Date(sent.getTime() + PASSWORD_RESET_TTL_MS);
      expect((await api.fetch(`/api/admin/password-reset/${token}`)).status).toBe(404);
      expect(await confirm(token, "too-late-password")).toEqual({ status: 404, body: { message: M.linkInvalid } });
    } finally {
      api.clock.now = new Date();
    }
    expect((await signInAs(undefined, school.password)).status).toBe(200);
  });

  it("keeps only the newest link of an account working", async () => {
    const older = await requestLink(schoolEmail);
    const newer = await requestLink(schoolEmail);
    expect(older.token).not.toBe(newer.token);
    expect((await confirm(older.token, "older-link-password")).status).toBe(404);
    expect((await api.fetch(`/api/admin/password-reset/${newer.token}`)).status).toBe(200);
  });

  it("sets one password when the form is sent twice at once", async () => {
    const { token } = await requestLink(schoolEmail);
    const both = await Promise.all([confirm(token, "twice-pass-one"), confirm(token, "twice-pass-two")]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
    const won = both[0].status === 200 ? "twice-pass-one" : "twice-pass-two";
    const fresh = await signInAs(undefined, won);
    expect(fresh.status).toBe(200);
    school = { ...school, password: won, token: fresh.token, auth: bearer(fresh.token) };
  });

  it("throttles requests per account and address like sign-in, whether or not the account exists", async () => {
    for (const email of [schoolEmail, "stranger@example.ng"]) {
      const from = `10.9.9.${++address}`;
      for (let i = 0; i < PASSWORD_RESET_MAX_REQUESTS; i++) {
        expect((await ask({ unique_id: school.uniqueId, email }, from)).status).toBe(200);
      }
      const refused = await ask({ unique_id: school.uniqueId, email }, from);
      expect(refused).toMatchObject({ status: 429, body: { message: M.tooManyRequests } });
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      // Another address still asks.
      expect((await ask({ unique_id: school.uniqueId, email }, `10.8.8.${++address}`)).status).toBe(200);
    }
  });

  it("lets the operator set a generated password without email, ending the account's sessions", async () => {
    const sub = await addSubAdmin("Mr. Kunle Ade", "kunle@reset.ng");
    const subToken = (await signInAs("kunle@reset.ng", sub.password)).token;
    const deps = { db: api.db, now: () => api.clock.now };

    const forSub = await resetByOperator(deps, school.uniqueId.toLowerCase(), " KUNLE@reset.ng ");
    expect(forSub).toMatchObject({ account: "sub-admin", name: "Mr. Kunle Ade", schoolName: "Reset Academy" });
    expect((await call(subToken, `/access?sub_admin_id=${sub.id}`)).status).toBe(401);
    expect((await signInAs("kunle@reset.ng", forSub!.password)).status).toBe(200);
    expect((await call(school.token, "/dashboard")).status).toBe(200);

    const forMain = await resetByOperator(deps, school.uniqueId);
    expect(forMain).toMatchObject({ account: "main" });
    expect(forMain!.password).toMatch(/^[A-Za-z0-9]{14}$/);
    expect((await call(school.token, "/dashboard")).status).toBe(401);
    const fresh = await signInAs(undefined, forMain!.password);
    expect(fresh.status).toBe(200);
    school = { ...school, password: forMain!.password, token: fresh.token, auth: bearer(fresh.token) };

    expect(await resetByOperator(deps, "SCH-NOSUCH9")).toBeNull();
    expect(await resetByOperator(deps, school.uniqueId, "nobody@example.ng")).toBeNull();
  });

  it("logs a failed send by its code, never the SMTP password or the address", async () => {
    const refusing = await startSmtp({ password: "right-password" });
    const wrongUrl = refusing.url.replace("right-password", "wrong-secret-word");
    const lines: string[] = [];
    const previous = setLogSink((line) => lines.push(line));
    const other = await startApi({ mailer: smtpMailer({ url: wrongUrl, from: "no-reply@school.example.ng" }) });
    try {
      const s = await registerSchool(other, { school_email: "fails@example.ng" });
      const res = await other.fetch("/api/admin/password-reset", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ unique_id: s.uniqueId, email: "fails@example.ng" }),
      });
      expect(res.status).toBe(200);
      const deadline = Date.now() + 10_000;
      while (!lines.some((l) => l.includes("email not sent")) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const failure = lines.find((l) => l.includes("email not sent"));
      expect(failure).toContain('"code":"EAUTH"');
      expect(lines.join("\n")).not.toContain("wrong-secret-word");
      expect(lines.join("\n")).not.toContain("fails@example.ng");
      expect(refusing.received).toEqual([]);
    } finally {
      setLogSink(previous);
      await other.close();
      await refusing.close();
    }
  });
});

describe(`password reset without email on ${DATABASE}`, () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it("says links cannot be sent, and refuses a request with 503 and the plain reason", async () => {
    expect(await (await api.fetch("/api/admin/password-reset")).json()).toEqual({ data: { email: false } });
    const res = await api.fetch("/api/admin/password-reset", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: "SCH-ANYTHING", email: "a@b.ng" }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: M.emailNotSetUp });
  });
});
