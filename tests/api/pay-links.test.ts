import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEE_MESSAGES, type FeeOverview, type StudentBill } from "../../contract/fees";
import {
  PAYMENT_MESSAGES as M,
  type OnlinePaymentRow,
  type PayLink,
  type PayLinkPage,
  type StudentOnline,
} from "../../contract/payments";
import type { MessageList } from "../../contract/parent-messages";
import { nubanFor } from "../../api/lib/nuban";
import { paystackClient } from "../../api/services/paystack";
import { webhooksSettled } from "../../api/services/payments";
import { fakePaystack } from "../support/paystack";
import { DATABASE, registerSchool, startApi, TEST_PUBLIC_URL, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/**
 * School fees paid by link, against a local server that answers as Paystack does: the admin's link for the balance
 * or a part, its public page, paying it (success, decline, the webhook before the callback, the same webhook three
 * times), money paid above the balance kept as credit and used by the next bill, and the reconciliation list.
 */
describe(`school fees paid by link on ${DATABASE}`, { timeout: 120_000 }, () => {
  const SECRET = "sk_test_paylinkspaylinks";
  const paystack = fakePaystack(SECRET);
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  const { call, get } = schoolCalls(() => api);
  const term = "1st Term";
  const session = "2025/2026";
  const inTerm = `?term=${encodeURIComponent(term)}&year=${encodeURIComponent(session)}`;
  const nextTerm = `?term=${encodeURIComponent("2nd Term")}&year=${encodeURIComponent(session)}`;
  const thirdTerm = `?term=${encodeURIComponent("3rd Term")}&year=${encodeURIComponent(session)}`;
  let serial = 0;
  const key = () => `key-${Date.now()}-${++serial}-abcdefghijkl`;

  beforeAll(async () => {
    const baseUrl = await paystack.start();
    api = await startApi({
      payments: {
        gateway: paystackClient({ secretKey: SECRET, baseUrl, timeoutMs: 1_000, log: () => undefined }),
        platformChargePercent: 0,
      },
    });
    api.clock.now = new Date("2025-10-15T09:00:00Z");
    [school, other] = await Promise.all([
      registerSchool(api, { school_name: "Crescent Model College" }),
      registerSchool(api),
    ]);
    const account = nubanFor("058", "012345678");
    const bank = await call(school, "POST", "/payment-account", {
      account_bank: "058",
      account_number: account,
      account_name: `SANDBOX ACCOUNT ${account.slice(-4)}`,
    });
    expect(bank.status, JSON.stringify(bank.body)).toBe(201);
    for (const [t, amount] of [
      [term, 20000],
      ["2nd Term", 15000],
      ["3rd Term", 10000],
    ] as const) {
      const fee = await call(
        school,
        "POST",
        "/fees/fee-settings",
        { name: "Tuition", amount, applies_to: "all", term: t, session, compulsory: true },
        { "Idempotency-Key": key() },
      );
      expect(fee.status, JSON.stringify(fee.body)).toBe(201);
    }
  });
  afterAll(async () => {
    await Promise.all([api.close(), paystack.stop()]);
  });

  async function student(name: string): Promise<string> {
    const res = await call(school, "POST", "/students", {
      student_data: { name, selectedClass: "JSS2", gender: "Male", phone_number: "0803 123 4567" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.unique_id;
  }
  const bill = (id: string, query = inTerm) => get<StudentBill>(school, `/fees/students/${id}/bill${query}`);
  const makeLink = (s: RegisteredSchool, id: string, amount: unknown) =>
    call(s, "POST", `/fees/students/${id}/pay-links`, { term, session, amount });
  const tokenOf = (link: PayLink) => link.url.split("/").at(-1)!;
  const publicCall = async (method: string, path: string) => {
    const res = await api.fetch(path, { method });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked by the tests
    return { status: res.status, body: (await res.json()) as any };
  };
  const page = (token: string) => publicCall("GET", `/api/public/pay-links/${token}`);
  const payLink = (token: string) => publicCall("POST", `/api/public/pay-links/${token}/pay`);
  const verify = (reference: string) => publicCall("POST", `/api/public/payments/${reference}/verify`);
  const lastReference = () =>
    String(paystack.requests.filter((r) => r.path === "/transaction/initialize").at(-1)!.body?.reference);
  const webhook = async (body: string) => {
    const res = await api.fetch("/api/paystack/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-paystack-signature": paystack.sign(body) },
      body,
    });
    await webhooksSettled();
    return res.status;
  };
  const paymentsOf = async (id: string) => (await bill(id)).payments;
  const listed = (reference: string, query = inTerm) =>
    get<OnlinePaymentRow[]>(school, `/online-payments${query}`).then((rows) =>
      rows.find((r) => r.reference === reference),
    );

  /** A link for the amount, opened and paid as far as Paystack's checkout: the reference it started. */
  async function startPaying(id: string, amount: number): Promise<string> {
    const made = await makeLink(school, id, amount);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const started = await payLink(tokenOf(made.body.data));
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.authorization_url).toMatch(/\/checkout\/[0-9a-f]{16}$/);
    return lastReference();
  }

  it("makes a link for the balance or a part of it; refuses ₦0, more than the balance, another school's student", async () => {
    const id = await student("Mr. Tunde Bakare Junior");
    const whole = await makeLink(school, id, 20000);
    expect(whole.status).toBe(201);
    expect(whole.body.message).toBe(M.linkMade);
    expect(whole.body.data.url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/pay/link/[A-Za-z0-9_-]{43}$`));
    expect(whole.body.data.amount).toBe(20000);
    expect(new Date(whole.body.data.expires_at).getTime() - api.clock.now.getTime()).toBe(7 * 24 * 3600 * 1000);
    expect((await makeLink(school, id, "5,000")).status).toBe(201);

    const zero = await makeLink(school, id, 0);
    expect(zero.status).toBe(422);
    expect(zero.body.errors.amount).toEqual([FEE_MESSAGES.amountTooLow]);
    const tooMuch = await makeLink(school, id, 20000.01);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.amount).toEqual([M.linkTooHigh("₦20,000.00")]);
    expect((await makeLink(other, id, 100)).status).toBe(404);

    const online = await get<StudentOnline>(school, `/fees/students/${id}/online${inTerm}`);
    expect(online).toEqual({ offered: true, credits: [] });
    expect(await paymentsOf(id)).toEqual([]);
  });

  it("opens a page showing only the school, the student's first name and class, the term and the balance", async () => {
    const id = await student("Chioma Eze");
    const link: PayLink = (await makeLink(school, id, 7500)).body.data;
    const shown = await page(tokenOf(link));
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual({
      school_name: "Crescent Model College",
      first_name: "Chioma",
      class: "JSS2",
      term,
      session,
      balance: 20000,
      amount: 7500,
    } satisfies PayLinkPage);
    expect(JSON.stringify(shown.body)).not.toMatch(/Eze|0803|@/);
    expect((await page("x".repeat(43))).status).toBe(404);
    expect((await page("short")).body.message).toBe(M.linkExpired);
  });

  it("a payment made by link and verified by the callback becomes a receipt in the fees ledger, once", async () => {
    const id = await student("Ngozi Okafor");
    const reference = await startPaying(id, 8000);
    const initialized = paystack.transactions.get(reference)!;
    expect(initialized).toMatchObject({
      amount: 800000,
      bearer: "subaccount",
      callback_url: `${TEST_PUBLIC_URL}/pay/return`,
    });
    expect(initialized.subaccount).toMatch(/^ACCT_/);
    expect(reference).toMatch(/^FEE-/);
    expect((await listed(reference))?.status).toBe("pending");

    paystack.settle(reference, "success");
    const first = await verify(reference);
    expect(first.body.data).toMatchObject({
      status: "paid",
      purpose: "fees",
      receipt_no: expect.stringMatching(/^RCT-/),
    });
    await verify(reference);
    const payments = await paymentsOf(id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      amount: 8000,
      method: "Online",
      reference,
      receipt_no: first.body.data.receipt_no,
    });
    expect(await bill(id)).toMatchObject({ paid: 8000, balance: 12000 });
    expect(await listed(reference)).toMatchObject({
      status: "paid",
      amount: 8000,
      paystack_fee: 220,
      became: `Receipt ${first.body.data.receipt_no}`,
      fee_payment_id: payments[0].id,
      credit: 0,
    });
    expect(await listed(reference, nextTerm)).toBeUndefined();
  });

  it("a declined payment records nothing, and the same link can be paid again", async () => {
    const id = await student("Emeka Nwosu");
    const made: PayLink = (await makeLink(school, id, 20000)).body.data;
    await payLink(tokenOf(made));
    const declined = lastReference();
    paystack.settle(declined, "failed");
    expect((await verify(declined)).body.data.status).toBe("failed");
    expect(await paymentsOf(id)).toEqual([]);
    await payLink(tokenOf(made));
    const again = lastReference();
    expect(again).not.toBe(declined);
    paystack.settle(again, "success");
    expect((await verify(again)).body.data.status).toBe("paid");
    expect(await bill(id)).toMatchObject({ balance: 0 });
    const nothingLeft = await payLink(tokenOf(made));
    expect(nothingLeft.status).toBe(409);
    expect(nothingLeft.body.message).toBe(FEE_MESSAGES.nothingOwed);
    expect((await page(tokenOf(made))).body.data).toMatchObject({ balance: 0, amount: 0 });
  });

  it("a webhook before the callback, and the same webhook three times, record one payment", async () => {
    const id = await student("Aisha Lawal");
    const reference = await startPaying(id, 5000);
    paystack.settle(reference, "success");
    const event = paystack.chargeSuccess(reference);
    expect(await webhook(event)).toBe(200);
    expect(await webhook(event)).toBe(200);
    await Promise.all([webhook(event), verify(reference), verify(reference)]);
    const payments = await paymentsOf(id);
    expect(payments).toHaveLength(1);
    expect(payments[0].amount).toBe(5000);
    expect((await verify(reference)).body.data.receipt_no).toBe(payments[0].receipt_no);
  });

  it("with receipts on, a payment made online makes its receipt message once, however often it is verified", async () => {
    const on = await call(school, "PUT", "/message-settings", { daily_sms_cap: 5000, payment_receipts: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const receipts = async () =>
      (await get<MessageList>(school, "/messages?per_page=100")).data.filter((m) => m.audience === "receipt");
    const before = (await receipts()).length;
    const id = await student("Tunde Receipt");
    const reference = await startPaying(id, 3000);
    paystack.settle(reference, "success");
    await Promise.all([webhook(paystack.chargeSuccess(reference)), verify(reference), verify(reference)]);
    const [payment] = await paymentsOf(id);
    const made = await receipts();
    expect(made).toHaveLength(before + 1);
    expect(made[0].body).toBe(
      `Payment received: ₦3,000.00 for Tunde Receipt, ${term} ${session}, receipt ${payment.receipt_no}. ` +
        "Outstanding balance: ₦17,000.00.",
    );
    await call(school, "PUT", "/message-settings", { daily_sms_cap: 5000 });
  });

  it("money paid online above the balance is kept as credit and counted as paid on the next term's bill", async () => {
    const id = await student("Ifeoma Obi");
    const overviewBefore = await get<FeeOverview>(school, `/fees/overview${nextTerm}`);
    const reference = await startPaying(id, 20000);
    // Paid at the desk while the parent is on the checkout.
    const hand = await call(
      school,
      "POST",
      "/fees/payments",
      { student_id: id, term, session, amount: 6000, paid_on: "2025-10-15", method: "Cash" },
      { "Idempotency-Key": key() },
    );
    expect(hand.status, JSON.stringify(hand.body)).toBe(201);
    paystack.settle(reference, "success");
    expect(await webhook(paystack.chargeSuccess(reference))).toBe(200);
    await verify(reference);

    const first = await bill(id);
    expect(first).toMatchObject({ billed: 20000, paid: 20000, balance: 0 });
    expect(first.payments.map((p) => p.amount)).toEqual([6000, 20000]);
    const kept = await get<StudentOnline>(school, `/fees/students/${id}/online${inTerm}`);
    expect(kept.credits).toEqual([{ kind: "kept", amount: 6000, term: "2nd Term", session, reference }]);
    expect((await listed(reference))?.credit).toBe(6000);

    const second = await bill(id, nextTerm);
    expect(second).toMatchObject({ billed: 15000, paid: 6000, balance: 9000 });
    const used = await get<StudentOnline>(school, `/fees/students/${id}/online${nextTerm}`);
    expect(used.credits).toEqual([{ kind: "used", amount: 6000, term, session, reference }]);
    const overview = await get<FeeOverview>(school, `/fees/overview${nextTerm}`);
    expect(overview.collected - overviewBefore.collected).toBe(6000);
    expect(overview.credit).toEqual({ kept: 0, used: 6000 });
    expect((await get<FeeOverview>(school, `/fees/overview${inTerm}`)).credit).toEqual({ kept: 6000, used: 0 });
    // A term later, what the 2nd Term left unpaid is arrears: the credit it used is counted once, not again.
    expect(await bill(id, thirdTerm)).toMatchObject({ billed: 10000, arrears: 9000, paid: 0, balance: 19000 });

    // By hand, more than the balance is still refused.
    const refused = await call(
      school,
      "POST",
      "/fees/payments",
      { student_id: id, term: "2nd Term", session, amount: 9000.5, paid_on: "2025-10-15", method: "Cash" },
      { "Idempotency-Key": key() },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors.amount).toEqual([FEE_MESSAGES.overpayment("₦9,000.00")]);
    expect((await makeLink(school, id, 20000)).status).toBe(422);
  });

  it("two links paid at once for the whole balance: one pays the bill, the other is all credit", async () => {
    const id = await student("Funmi Adeyemi");
    const first = await startPaying(id, 20000);
    const second = await startPaying(id, 20000);
    paystack.settle(first, "success");
    paystack.settle(second, "success");
    await Promise.all([
      webhook(paystack.chargeSuccess(first)),
      webhook(paystack.chargeSuccess(second)),
      verify(first),
      verify(second),
    ]);
    expect((await paymentsOf(id)).map((p) => p.amount)).toEqual([20000, 20000]);
    expect(await bill(id)).toMatchObject({ paid: 20000, balance: 0 });
    const credits = [(await listed(first))!.credit, (await listed(second))!.credit].sort((a, b) => a - b);
    expect(credits).toEqual([0, 20000]);
    expect(await bill(id, nextTerm)).toMatchObject({ paid: 20000, balance: -5000 });
  });

  it("checks one pending payment again from the reconciliation list once it is 30 minutes old", async () => {
    const id = await student("Yusuf Danladi");
    const reference = await startPaying(id, 3000);
    paystack.settle(reference, "success");
    expect((await listed(reference))?.check_again).toBe(false);
    const early = await call(school, "POST", "/online-payments/check", { reference });
    expect(early.body.data).toEqual({ checked: 0 });
    api.clock.now = new Date(api.clock.now.getTime() + 31 * 60_000);
    expect((await listed(reference))?.check_again).toBe(true);
    // Another school's check names the reference in vain.
    expect((await call(other, "POST", "/online-payments/check", { reference })).body.data).toEqual({ checked: 0 });
    expect((await listed(reference))?.status).toBe("pending");
    const checked = await call(school, "POST", "/online-payments/check", { reference });
    expect(checked.body).toEqual({ message: M.checked(1), data: { checked: 1 } });
    expect(await listed(reference)).toMatchObject({ status: "paid", check_again: false });
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it("a link stops working after 7 days", async () => {
    const id = await student("Zara Musa");
    const link: PayLink = (await makeLink(school, id, 1000)).body.data;
    api.clock.now = new Date(api.clock.now.getTime() + 7 * 24 * 3600 * 1000 + 1000);
    expect((await page(tokenOf(link))).status).toBe(404);
    expect((await payLink(tokenOf(link))).status).toBe(404);
  });

  it("offers no links on a server without online payments", async () => {
    const plain = await startApi();
    try {
      const s = await registerSchool(plain);
      const made = await plain.fetch(`/api/admin/${s.uniqueId}/students`, {
        method: "POST",
        headers: { ...s.auth, "Content-Type": "application/json" },
        body: JSON.stringify({
          student_data: { name: "Ada Obi", selectedClass: "JSS1", gender: "Female", phone_number: "0803 123 4567" },
        }),
      });
      const id = ((await made.json()) as { data: { unique_id: string } }).data.unique_id;
      const res = await plain.fetch(`/api/admin/${s.uniqueId}/fees/students/${id}/pay-links`, {
        method: "POST",
        headers: { ...s.auth, "Content-Type": "application/json" },
        body: JSON.stringify({ term, session, amount: 100 }),
      });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { message: string }).message).toBe(M.linksOff);
      const online = await plain.fetch(`/api/admin/${s.uniqueId}/fees/students/${id}/online${inTerm}`, {
        headers: s.auth,
      });
      expect(((await online.json()) as { data: StudentOnline }).data.offered).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
