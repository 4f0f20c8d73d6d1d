import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SubmissionRow } from "../../contract/admissions";
import { JOB_NAMES, type JobList } from "../../contract/jobs";
import { PAYMENT_MESSAGES as M } from "../../contract/payments";
import type { ApiDeps } from "../../api/context";
import { openJobQueue, productJobs } from "../../api/jobs";
import { nubanFor } from "../../api/lib/nuban";
import { paystackClient } from "../../api/services/paystack";
import { webhooksSettled } from "../../api/services/payments";
import { setLogSink } from "../../observability/log";
import { fakePaystack } from "../support/paystack";
import {
  applicationForm,
  DATABASE,
  registerSchool,
  startApi,
  TEST_PUBLIC_URL,
  type RegisteredSchool,
  type TestApi,
} from "./harness";
import { schoolCalls } from "./school-calls";

/**
 * Money in through Paystack, against a local server that answers as Paystack's documented API does: the school's
 * subaccount, an application's fee (success, decline, abandoned, Paystack down), signed webhooks in any order and
 * any number of times, forged or mismatched ones, and the check of payments left pending.
 */
describe(`payments through Paystack on ${DATABASE}`, { timeout: 120_000 }, () => {
  const SECRET = "sk_test_9a8b7c6d5e4f3a2b1c0d";
  const paystack = fakePaystack(SECRET);
  const logs: string[] = [];
  let api: TestApi;
  let school: RegisteredSchool;
  const { call, get } = schoolCalls(() => api);
  const answers: string[] = [];
  let restoreSink: ((line: string) => void) | null = null;
  let payments: ApiDeps["payments"];

  beforeAll(async () => {
    restoreSink = setLogSink((line) => void logs.push(line));
    const baseUrl = await paystack.start();
    for (const method of ["log", "info", "warn", "error"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(" ")));
    }
    payments = {
      gateway: paystackClient({ secretKey: SECRET, baseUrl, timeoutMs: 1_000, log: (line) => logs.push(line) }),
      platformChargePercent: 1.5,
    };
    api = await startApi({ payments });
    school = await registerSchool(api);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    if (restoreSink) setLogSink(restoreSink);
    await Promise.all([api.close(), paystack.stop()]);
  });

  const account = nubanFor("058", "012345678");
  const saveBank = (s: RegisteredSchool, number = account) =>
    call(s, "POST", "/payment-account", {
      account_bank: "058",
      account_number: number,
      account_name: `SANDBOX ACCOUNT ${number.slice(-4)}`,
    });

  let serial = 0;
  async function applyTo(publicId: string) {
    serial += 1;
    const res = await api.fetch(`/api/public/admission-forms/${publicId}/submissions`, {
      method: "POST",
      body: applicationForm(serial),
      headers: { "X-Client-Address": `10.9.0.${serial}` },
    });
    const body = (await res.json()) as { data: { reference: string } };
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body.data.reference;
  }

  const publicCall = async (method: string, path: string, body?: unknown) => {
    const res = await api.fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { message?: string; data: Record<string, unknown> };
    answers.push(JSON.stringify(json));
    return { status: res.status, body: json };
  };
  const pay = (publicId: string, reference: string) =>
    publicCall("POST", `/api/public/admission-forms/${publicId}/submissions/${reference}/pay`);
  const verify = (reference: string) => publicCall("POST", `/api/public/payments/${reference}/verify`);
  const webhook = async (body: string, signature: string | null) => {
    const res = await api.fetch("/api/paystack/webhook", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(signature === null ? {} : { "x-paystack-signature": signature }),
      },
      body,
    });
    await webhooksSettled();
    return res.status;
  };
  const submission = async (s: RegisteredSchool, reference: string) =>
    (await get<{ data: SubmissionRow[] }>(s, "/submissions?per_page=100")).data.find((r) => r.reference === reference)!;
  const paymentRows = (reference: string) =>
    api.db.selectFrom("online_payments").selectAll().where("reference", "=", reference).execute();

  let form: { public_id: string; id: number };
  it("registers the school's verified bank account as a Paystack subaccount with the platform charge, and updates it", async () => {
    expect((await saveBank(school)).status).toBe(201);
    const { school_name: schoolName, id: schoolId } = await api.db
      .selectFrom("schools")
      .select(["school_name", "id"])
      .where("unique_id", "=", school.uniqueId)
      .executeTakeFirstOrThrow();
    const created = paystack.requests.filter((r) => r.path === "/subaccount");
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      method: "POST",
      authorization: `Bearer ${SECRET}`,
      body: { business_name: schoolName, settlement_bank: "058", account_number: account, percentage_charge: 1.5 },
    });
    const saved = await get<{ subaccount_status: string }>(school, "/payment-account");
    expect(saved.subaccount_status).toBe("active");
    const code = [...paystack.subaccounts.keys()][0];

    const zenith = nubanFor("057", "123123123");
    expect(
      (
        await call(school, "POST", "/payment-account", {
          account_bank: "057",
          account_number: zenith,
          account_name: `SANDBOX ACCOUNT ${zenith.slice(-4)}`,
        })
      ).status,
    ).toBe(200);
    const updated = paystack.requests.filter((r) => r.path.startsWith("/subaccount")).at(-1)!;
    expect([updated.method, updated.path, updated.body?.settlement_bank, updated.body?.account_number]).toEqual([
      "PUT",
      `/subaccount/${code}`,
      "057",
      zenith,
    ]);
    expect(paystack.subaccounts.size).toBe(1);
    const row = await api.db
      .selectFrom("bank_accounts")
      .select("subaccount_code")
      .where("school_id", "=", schoolId)
      .executeTakeFirstOrThrow();
    expect(row.subaccount_code).toBe(code);

    const made = await call(school, "POST", "/create-admission-form", {
      title: "Entrance 2027",
      amount: 2500,
      cbt_enabled: false,
      status: "active",
    });
    form = made.body.data;
  });

  it("keeps the bank details when Paystack is down, shows the subaccount not registered, and registers on the next save", async () => {
    const s = await registerSchool(api);
    paystack.state.down = true;
    try {
      expect((await saveBank(s)).status).toBe(201);
    } finally {
      paystack.state.down = false;
    }
    expect((await get<{ subaccount_status: string }>(s, "/payment-account")).subaccount_status).toBe("failed");
    expect(logs.some((l) => l.includes("subaccount was not registered"))).toBe(true);
    expect((await saveBank(s)).status).toBe(200);
    expect((await get<{ subaccount_status: string }>(s, "/payment-account")).subaccount_status).toBe("active");
  });

  it("bank details changed while Paystack is down: the status says it failed, nothing pretends; the next save updates the subaccount", async () => {
    const s = await registerSchool(api);
    expect((await saveBank(s)).status).toBe(201);
    const stored = () =>
      api.db
        .selectFrom("bank_accounts")
        .innerJoin("schools", "schools.id", "bank_accounts.school_id")
        .select(["bank_accounts.subaccount_code", "bank_accounts.subaccount_status"])
        .where("schools.unique_id", "=", s.uniqueId)
        .executeTakeFirstOrThrow();
    const { subaccount_code: code } = await stored();
    expect(code).toMatch(/^ACCT_/);
    const changed = nubanFor("058", "987654321");
    const puts = () => paystack.requests.filter((r) => r.method === "PUT" && r.path === `/subaccount/${code}`);

    paystack.state.down = true;
    try {
      expect((await saveBank(s, changed)).status).toBe(200);
    } finally {
      paystack.state.down = false;
    }
    expect(puts()).toHaveLength(1);
    expect(await get<{ account_number: string; subaccount_status: string }>(s, "/payment-account")).toMatchObject({
      account_number: changed,
      subaccount_status: "failed",
    });
    expect(await stored()).toEqual({ subaccount_code: code, subaccount_status: "failed" });
    expect(paystack.subaccounts.get(code!)?.account_number).toBe(account);

    expect((await saveBank(s, changed)).status).toBe(200);
    expect(puts()).toHaveLength(2);
    expect(puts()[1].body).toMatchObject({ settlement_bank: "058", account_number: changed });
    expect(paystack.subaccounts.get(code!)?.account_number).toBe(changed);
    expect(await stored()).toEqual({ subaccount_code: code, subaccount_status: "active" });
    expect((await get<{ subaccount_status: string }>(s, "/payment-account")).subaccount_status).toBe("active");
  });

  it("pays an application's fee: initialize with our reference, kobo, the subaccount and the callback; verify marks it paid", async () => {
    const reference = await applyTo(form.public_id);
    expect(await submission(school, reference)).toMatchObject({ payment_status: "unpaid", payment_reference: null });
    const started = await pay(form.public_id, reference);
    expect(started.status).toBe(200);
    const init = paystack.requests.filter((r) => r.path === "/transaction/initialize").at(-1)!;
    const code = [...paystack.subaccounts.keys()][0];
    expect(init.body).toMatchObject({
      email: `parent${serial}@example.ng`,
      amount: "250000",
      currency: "NGN",
      callback_url: `${TEST_PUBLIC_URL}/pay/return`,
      subaccount: code,
      bearer: "subaccount",
    });
    const payRef = String(init.body?.reference);
    expect(started.body.data.authorization_url).toMatch(new RegExp(`^${paystack.state.base}/checkout/[0-9a-f]{16}$`));

    paystack.settle(payRef, "success");
    const checked = await verify(payRef);
    expect(checked).toMatchObject({
      status: 200,
      body: {
        data: { status: "paid", purpose: "application", public_id: form.public_id, submission_reference: reference },
      },
    });
    expect(await submission(school, reference)).toMatchObject({ payment_status: "paid", payment_reference: payRef });
    const [row] = await paymentRows(payRef);
    expect(Number(row.paystack_fee_kobo)).toBe(13750);
    expect((await pay(form.public_id, reference)).body.message).toBe(M.alreadyPaid);
  });

  it.each(["failed", "abandoned"] as const)(
    "leaves the fee unpaid when the payment is %s, and a new payment then works",
    async (outcome) => {
      const reference = await applyTo(form.public_id);
      await pay(form.public_id, reference);
      const first = String(
        paystack.requests.filter((r) => r.path === "/transaction/initialize").at(-1)!.body?.reference,
      );
      paystack.settle(first, outcome);
      expect((await verify(first)).body.data.status).toBe(outcome);
      expect((await submission(school, reference)).payment_status).toBe("unpaid");

      const again = await pay(form.public_id, reference);
      expect(again.status).toBe(200);
      const second = String(
        paystack.requests.filter((r) => r.path === "/transaction/initialize").at(-1)!.body?.reference,
      );
      expect(second).not.toBe(first);
      paystack.settle(second, "success");
      expect((await verify(second)).body.data.status).toBe("paid");
      expect((await submission(school, reference)).payment_reference).toBe(second);
    },
  );

  it("records a webhook that comes before the callback, and the same webhook three times and the callback after, once", async () => {
    const reference = await applyTo(form.public_id);
    await pay(form.public_id, reference);
    const payRef = String(
      paystack.requests.filter((r) => r.path === "/transaction/initialize").at(-1)!.body?.reference,
    );
    paystack.settle(payRef, "success");
    const body = paystack.chargeSuccess(payRef);
    expect(await webhook(body, paystack.sign(body))).toBe(200);
    const [first] = await paymentRows(payRef);
    expect(first.status).toBe("paid");
    expect((await submission(school, reference)).payment_status).toBe("paid");
    api.clock.now = new Date(api.clock.now.getTime() + 60_000);
    for (let i = 0; i < 2; i++) expect(await webhook(body, paystack.sign(body))).toBe(200);
    expect((await verify(payRef)).body.data.status).toBe("paid");
    const rows = await paymentRows(payRef);
    expect(rows).toHaveLength(1);
    expect(rows[0].updated_at).toBe(first.updated_at);
  });

  it("answers 401 to a missing or forged signature and records nothing", async () => {
    const reference = await applyTo(form.public_id);
    await pay(form.public_id, reference);
    const payRef = String(
      paystack.requests.filter((r) => r.path === "/transaction/initialize").at(-1)!.body?.reference,
    );
    const body = paystack.chargeSuccess(payRef);
    expect(await webhook(body, null)).toBe(401);
    expect(await webhook(body, "0".repeat(128))).toBe(401);
    expect(await webhook(body, fakePaystack("sk_test_someoneelse").sign(body))).toBe(401);
    expect(await webhook(`${body} `, paystack.sign(body))).toBe(401);
    expect((await paymentRows(payRef))[0].status).toBe("pending");
    expect((await submission(school, reference)).payment_status).toBe("unpaid");
  });

  it.each([
    ["a wrong amount", { amount: 100 }, "a wrong amount"],
    ["a wrong currency", { currency: "GHS" }, "a wrong currency"],
    ["another subaccount", { subaccount: "ACCT_elsewhere" }, "another subaccount"],
  ])("logs a signed webhook for %s and records nothing", async (_, change, logged) => {
    const reference = await applyTo(form.public_id);
    await pay(form.public_id, reference);
    const payRef = String(
      paystack.requests.filter((r) => r.path === "/transaction/initialize").at(-1)!.body?.reference,
    );
    const body = paystack.chargeSuccess(payRef, change);
    expect(await webhook(body, paystack.sign(body))).toBe(200);
    expect(logs.some((l) => l.includes(`webhook for ${logged}; nothing recorded`))).toBe(true);
    expect((await paymentRows(payRef))[0].status).toBe("pending");
    expect((await submission(school, reference)).payment_status).toBe("unpaid");
  });

  it("logs a signed webhook for an unknown reference, ignores other events, and records nothing", async () => {
    const body = JSON.stringify({
      event: "charge.success",
      data: { reference: "APP-unknown", status: "success", amount: 250000, currency: "NGN" },
    });
    expect(await webhook(body, paystack.sign(body))).toBe(200);
    expect(logs.at(-1)).toContain("webhook for an unknown reference");
    const other = JSON.stringify({ event: "transfer.success", data: {} });
    expect(await webhook(other, paystack.sign(other))).toBe(200);
    expect(
      await api.db.selectFrom("online_payments").select("id").where("reference", "=", "APP-unknown").execute(),
    ).toEqual([]);
  });

  it("says clearly when Paystack is down, starts nothing, and a retry works", async () => {
    const reference = await applyTo(form.public_id);
    paystack.state.down = true;
    let refused;
    try {
      refused = await pay(form.public_id, reference);
    } finally {
      paystack.state.down = false;
    }
    expect(refused).toMatchObject({ status: 503, body: { message: M.unavailable } });
    expect(
      await api.db
        .selectFrom("online_payments")
        .select("id")
        .where("submission_id", "=", (await submission(school, reference)).id)
        .execute(),
    ).toEqual([]);
    expect(logs.some((l) => l.includes("Paystack answered 503 to POST /transaction/initialize"))).toBe(true);
    expect((await pay(form.public_id, reference)).status).toBe(200);
  });

  it("answers 503 to the callback while Paystack is down, and the next check records the payment", async () => {
    const reference = await applyTo(form.public_id);
    await pay(form.public_id, reference);
    const payRef = String(
      paystack.requests.filter((r) => r.path === "/transaction/initialize").at(-1)!.body?.reference,
    );
    paystack.settle(payRef, "success");
    paystack.state.down = true;
    try {
      expect((await verify(payRef)).status).toBe(503);
    } finally {
      paystack.state.down = false;
    }
    expect((await paymentRows(payRef))[0].status).toBe("pending");
    expect((await verify(payRef)).body.data.status).toBe("paid");
  });

  it("checks pending payments older than 30 minutes again, so a lost callback and webhook still end recorded", async () => {
    const reference = await applyTo(form.public_id);
    await pay(form.public_id, reference);
    const payRef = String(
      paystack.requests.filter((r) => r.path === "/transaction/initialize").at(-1)!.body?.reference,
    );
    paystack.settle(payRef, "success");
    const check = () => call(school, "POST", "/online-payments/check");
    expect((await check()).body.data).toEqual({ checked: 0 });
    expect((await paymentRows(payRef))[0].status).toBe("pending");
    api.clock.now = new Date(api.clock.now.getTime() + 31 * 60_000);
    expect((await check()).body.data.checked).toBeGreaterThanOrEqual(1);
    expect((await paymentRows(payRef))[0].status).toBe("paid");
    expect((await submission(school, reference)).payment_status).toBe("paid");
  });

  it("the background job check-online-payments records a pending payment once it is older than 30 minutes, verified with Paystack", async () => {
    const reference = await applyTo(form.public_id);
    await pay(form.public_id, reference);
    const payRef = String(
      paystack.requests.filter((r) => r.path === "/transaction/initialize").at(-1)!.body?.reference,
    );
    paystack.settle(payRef, "success");
    const [{ school_id: schoolId }] = await paymentRows(payRef);
    const verifies = () =>
      paystack.requests.filter((r) => r.method === "GET" && r.path === `/transaction/verify/${payRef}`);
    // Its schedule left out: the tests enqueue the job themselves.
    const definitions = productJobs({ db: api.db, now: () => api.clock.now, publicUrl: TEST_PUBLIC_URL, payments })
      .filter((d) => d.name === JOB_NAMES.checkOnlinePayments)
      .map((d) => ({ ...d, schedule: undefined }));
    const queue = await openJobQueue(api.database, definitions, { pollIntervalMs: 100 });
    const runJob = async () => {
      const id = await queue.enqueue(JOB_NAMES.checkOnlinePayments, {}, { schoolId: Number(schoolId) });
      const deadline = Date.now() + 20_000;
      for (;;) {
        const jobs = await get<JobList>(school, "/jobs");
        if (jobs.data.find((j) => j.id === id)?.state === "done") return;
        if (Date.now() > deadline) throw new Error("the job did not finish");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    try {
      await queue.start();
      await runJob();
      expect(verifies()).toHaveLength(0);
      expect((await paymentRows(payRef))[0].status).toBe("pending");

      api.clock.now = new Date(api.clock.now.getTime() + 31 * 60_000);
      await runJob();
      expect(verifies()).toHaveLength(1);
      expect((await paymentRows(payRef))[0]).toMatchObject({ status: "paid", paystack_fee_kobo: expect.anything() });
      expect(await submission(school, reference)).toMatchObject({ payment_status: "paid", payment_reference: payRef });
    } finally {
      await queue.stop();
    }
  });

  it("asks for confirmation before approving an applicant who has not paid", async () => {
    const reference = await applyTo(form.public_id);
    const { id } = await submission(school, reference);
    const refused = await call(school, "PUT", `/submissions/${id}/approve`);
    expect(refused).toMatchObject({ status: 409, body: { message: M.approveUnpaid } });
    expect((await call(school, "PUT", `/submissions/${id}/approve`, { confirm_unpaid: true })).status).toBe(200);
  });

  it("never puts the secret key in an answer or a log line", () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const text of [...answers, ...logs]) expect(text).not.toContain("9a8b7c6d5e4f3a2b1c0d");
  });
});

describe(`the test checkout (PAYMENTS_SANDBOX=1) on ${DATABASE}`, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  const { call } = schoolCalls(() => api);
  beforeAll(async () => {
    api = await startApi({ payments: { gateway: "sandbox", platformChargePercent: 0 } });
    school = await registerSchool(api);
  });
  afterAll(() => api.close());

  it("sends the payer to our own checkout, whose choice is verified through the same path; webhooks are never believed", async () => {
    const made = await call(school, "POST", "/create-admission-form", {
      title: "Entrance",
      amount: 1500,
      cbt_enabled: false,
      status: "active",
    });
    const publicId = made.body.data.public_id as string;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      surname: "Ade",
      firstName: "Kemi",
      dateOfBirth: "2014-05-01",
      gender: "Female",
      homeAddress: "9 Broad Street, Lagos",
      phoneNumber: "0803 400 8888",
      emailAddress: "ade@example.ng",
      classApplyingInto: "JSS1",
      parentName: "Mrs. Ade",
      relationshipToApplicant: "Mother",
    }))
      form.set(k, v);
    const applied = await api.fetch(`/api/public/admission-forms/${publicId}/submissions`, {
      method: "POST",
      body: form,
    });
    const { reference } = ((await applied.json()) as { data: { reference: string } }).data;
    const post = async (path: string, body: unknown = {}) => {
      const res = await api.fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
    };
    const started = await post(`/api/public/admission-forms/${publicId}/submissions/${reference}/pay`);
    const payRef = started.body.data.payment_reference as string;
    expect(started.body.data.authorization_url).toBe(`${TEST_PUBLIC_URL}/pay/test/${payRef}`);
    const page = await api.fetch(`/api/public/payments/${payRef}/sandbox`);
    expect(((await page.json()) as { data: unknown }).data).toMatchObject({
      reference: payRef,
      amount: 1500,
      status: "pending",
    });
    expect((await post(`/api/public/payments/${payRef}/verify`)).body.data.status).toBe("pending");
    const body = JSON.stringify({
      event: "charge.success",
      data: { reference: payRef, status: "success", amount: 150000, currency: "NGN" },
    });
    const hook = await api.fetch("/api/paystack/webhook", {
      method: "POST",
      headers: { "x-paystack-signature": "a".repeat(128) },
      body,
    });
    expect(hook.status).toBe(401);
    expect((await post(`/api/public/payments/${payRef}/sandbox`, { outcome: "success" })).status).toBe(200);
    expect((await post(`/api/public/payments/${payRef}/verify`)).body.data).toMatchObject({
      status: "paid",
      submission_reference: reference,
    });
    expect((await call(school, "GET", "/submissions")).body.data.data[0]).toMatchObject({
      payment_status: "paid",
      payment_reference: payRef,
    });
    const list = await call(school, "GET", "/online-payments");
    expect(list.body.data[0]).toMatchObject({
      reference: payRef,
      purpose: "application",
      payer_name: "Mrs. Ade",
      amount: 1500,
      status: "paid",
      became: `Application ${reference}`,
    });
  });

  it("is not found on a server without it", async () => {
    const plain = await startApi();
    try {
      expect((await plain.fetch("/api/public/payments/APP-x/sandbox")).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe(`payments off on ${DATABASE}`, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  const { call } = schoolCalls(() => api);
  beforeAll(async () => {
    api = await startApi();
    school = await registerSchool(api);
  });
  afterAll(() => api.close());

  it("accepts an application with the fee to be paid at the school, and offers no online payment", async () => {
    const made = await call(school, "POST", "/create-admission-form", {
      title: "Entrance",
      amount: 1000,
      cbt_enabled: false,
      status: "active",
    });
    const form = new FormData();
    for (const [k, v] of Object.entries({
      surname: "Eze",
      firstName: "Obi",
      dateOfBirth: "2014-05-01",
      gender: "Male",
      homeAddress: "5 Park Lane, Enugu",
      phoneNumber: "0803 400 9999",
      emailAddress: "eze@example.ng",
      classApplyingInto: "JSS1",
      parentName: "Mrs. Eze",
      relationshipToApplicant: "Mother",
    }))
      form.set(k, v);
    const res = await api.fetch(`/api/public/admission-forms/${made.body.data.public_id}/submissions`, {
      method: "POST",
      body: form,
    });
    const { data } = (await res.json()) as { data: { reference: string } };
    const list = await call(school, "GET", "/submissions");
    expect(list.body.data.data[0]).toMatchObject({
      reference: data.reference,
      payment_status: "at_school",
      payment_reference: null,
    });
    const pay = await api.fetch(
      `/api/public/admission-forms/${made.body.data.public_id}/submissions/${data.reference}/pay`,
      { method: "POST" },
    );
    expect(pay.status).toBe(409);
    const account = (await call(school, "GET", "/payment-account")).body.data;
    expect(account).toBeNull();
  });
});
