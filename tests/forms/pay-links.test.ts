import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followingTerm, type TermLabel } from "../../contract/calendar";
import { FEE_MESSAGES } from "../../contract/fees";
import { PAYMENT_MESSAGES as M } from "../../contract/payments";
import { Browser, normalize } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";
import { startServer } from "./support/server";

/**
 * School fees paid by link without JavaScript, on a server with the test checkout (PAYMENTS_SANDBOX=1): the admin
 * makes a link from the student's fee page (the balance by default, refusals beside the amount), the parent opens it
 * signed out and pays through the test checkout (a failure, then a success), the payment shows as a receipt, and the
 * reconciliation page lists it and checks a pending one again. On the shared server (no key) links are not offered.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let school: Admin;
let studentId: string;
let term: string;
let session: string;

beforeAll(async () => {
  server = await startServer({ PAYMENTS_SANDBOX: "1" });
  school = await registerSchool("PayLinks", server.base);
  const overview = await school.api<{ data: { term: string; session: string } }>("GET", "/fees/overview");
  ({ term, session } = overview.body.data);
  const fee = await school.api("POST", "/fees/fee-settings", {
    name: "Tuition",
    amount: 20000,
    applies_to: "all",
    term,
    session,
    compulsory: true,
  });
  expect(fee.status).toBe(201);
  const student = await school.api<{ data: { unique_id: string } }>("POST", "/students", {
    student_data: {
      name: "Kelechi Nnamdi Okoro",
      selectedClass: "JSS3",
      gender: "Male",
      phone_number: "0803 222 3344",
    },
  });
  studentId = student.body.data.unique_id;
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

const feePage = (admin: Browser) => admin.goto(`/admin/school-fees/students/${studentId}`);

async function makeLink(admin: Browser, amount?: string) {
  const form = (await feePage(admin)).form({ button: "Make Payment Link" });
  if (amount !== undefined) form.fill("Amount to ask (₦)", amount);
  return form.submit("Make Payment Link");
}

describe("school fees paid by link without JavaScript", () => {
  let link: string;

  it("makes a link for the balance by default, and refuses ₦0 or more than the balance beside the amount", async () => {
    const admin = await signedIn(school, server.base);
    const page = await feePage(admin);
    expect(page.field("Amount to ask (₦)").value).toBe("20000");

    const zero = await makeLink(admin, "0");
    expect(zero.status).toBe(400);
    expect(zero.field("Amount to ask (₦)").description).toContain(FEE_MESSAGES.amountTooLow);
    const tooMuch = await makeLink(admin, "25000");
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.field("Amount to ask (₦)").description).toContain(M.linkTooHigh("₦20,000.00"));
    expect(tooMuch.field("Amount to ask (₦)").value).toBe("25000");

    const made = await makeLink(admin);
    expect(made.status).toBe(200);
    expect(made.text()).toContain(M.linkMade);
    link = made.field("Payment link for ₦20,000.00").value;
    expect(link).toMatch(new RegExp(`^${server.base}/pay/link/[A-Za-z0-9_-]{43}$`));
  });

  it("the parent opens the link signed out, fails then pays through the test checkout; the receipt shows", async () => {
    const parent = new Browser(server.base);
    let page = await parent.goto(new URL(link).pathname);
    expect(page.heading()).toBe("School fees");
    const text = normalize(page.text("main"));
    expect(text).toContain(school.account.schoolName);
    expect(text).toContain("Kelechi");
    expect(text).toContain("JSS3");
    expect(text).toContain(`${term}, ${session}`);
    expect(normalize(page.byTestId("balance")?.textContent)).toBe("₦20,000.00");
    expect(text).not.toMatch(/Okoro|Nnamdi|0803/);

    page = await page.press("Pay ₦20,000.00");
    expect(page.path).toMatch(/^\/pay\/test\/FEE-/);
    page = await page.press("Fail the payment");
    expect(page.text()).toContain(M.feeNotPaid);

    page = await (await parent.goto(new URL(link).pathname)).press("Pay ₦20,000.00");
    page = await page.press("Succeed the payment");
    expect(page.text()).toContain(M.feePaid("RCT-000001"));

    const admin = await signedIn(school, server.base);
    const fees = await feePage(admin);
    expect(normalize(fees.byTestId("bill-totals")?.textContent)).toContain("Balance₦0.00");
    expect(fees.listItems("Payments").join(" ")).toMatch(/₦20,000\.00 · Online.*RCT-000001/);
    const paidLink = await parent.goto(new URL(link).pathname);
    expect(paidLink.text()).toContain(FEE_MESSAGES.nothingOwed);
    expect(paidLink.buttons(/^Pay /)).toHaveLength(0);
    const unknown = await parent.goto(`/pay/link/${"x".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.text()).toContain(M.linkExpired);
  });

  it("the reconciliation page lists the term's payments and checks a pending one again", async () => {
    await school.api("POST", "/fees/fee-settings", {
      name: "Bus",
      amount: 5000,
      applies_to: "all",
      term,
      session,
      compulsory: true,
    });
    const admin = await signedIn(school, server.base);
    const made = await makeLink(admin, "5000");
    const parent = new Browser(server.base);
    const checkout = await (
      await parent.goto(new URL(made.field("Payment link for ₦5,000.00").value).pathname)
    ).press("Pay ₦5,000.00");
    const reference = decodeURIComponent(checkout.path.split("/").at(-1)!);
    // The payer finished on the checkout but never came back, 40 minutes ago.
    const db = new Database(path.join(server.dataDir, "school.sqlite"));
    try {
      db.pragma("busy_timeout = 5000");
      db.prepare("update online_payments set sandbox_outcome = 'success', created_at = ? where reference = ?").run(
        new Date(Date.now() - 40 * 60_000).toISOString(),
        reference,
      );
    } finally {
      db.close();
    }

    let page = await admin.goto("/admin/school-fees");
    page = await page.follow("Online Payments");
    expect(page.path).toBe("/admin/school-fees/online-payments");
    let rows = page.listItems("Online payments");
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.includes(reference))).toMatch(/₦5,000\.00 · .* · Pending/);
    expect(rows.filter((r) => r.includes("Failed"))).toHaveLength(1);
    expect(page.href("Receipt RCT-000001")).toMatch(/^\/admin\/school-fees\/payments\/\d+\/receipt$/);
    expect(page.buttons(`Check ${reference} again`)).toHaveLength(1);

    page = await page.press(`Check ${reference} again`);
    expect(page.toast()).toBe(M.checked(1));
    rows = page.listItems("Online payments");
    expect(rows.find((r) => r.includes(reference))).toMatch(/Paid.*Receipt RCT-000002/);
    expect(page.buttons(/^Check .* again$/)).toHaveLength(0);
  });
});

describe("credit from a payment made online above the balance", () => {
  it("shows on the bill it was paid on, on the next term's bill, and in both overviews", async () => {
    const student = await school.api<{ data: { unique_id: string } }>("POST", "/students", {
      student_data: { name: "Tobi Alade", selectedClass: "JSS3", gender: "Male", phone_number: "0803 222 3366" },
    });
    const id = student.body.data.unique_id;
    const admin = await signedIn(school, server.base);
    const made = await (await admin.goto(`/admin/school-fees/students/${id}`))
      .form({ button: "Make Payment Link" })
      .submit("Make Payment Link");
    const parent = new Browser(server.base);
    const checkout = await (
      await parent.goto(new URL(made.field("Payment link for ₦25,000.00").value).pathname)
    ).press("Pay ₦25,000.00");
    // Paid at the desk while the parent is on the checkout.
    const desk = await school.api("POST", "/fees/payments", {
      student_id: id,
      term,
      session,
      amount: 4000,
      paid_on: new Date().toISOString().slice(0, 10),
      method: "Cash",
    });
    expect(desk.status).toBe(201);
    expect((await checkout.press("Succeed the payment")).text()).toMatch(/receipt RCT-\d+/);

    const next = followingTerm(term as TermLabel, session);
    const first = await admin.goto(`/admin/school-fees/students/${id}`);
    expect(normalize(first.byTestId("bill-totals")?.textContent)).toContain("Balance₦0.00");
    expect(first.listItems("Credit").join(" ")).toContain(M.creditKept("₦4,000.00", next.term, next.session));
    const second = await admin.goto(
      `/admin/school-fees/students/${id}?term=${encodeURIComponent(next.term)}&year=${encodeURIComponent(next.session)}`,
    );
    expect(normalize(second.byTestId("bill-totals")?.textContent)).toContain("Credit₦4,000.00");
    expect(second.listItems("Credit").join(" ")).toContain(M.creditUsed("₦4,000.00", term, session));
    const overview = await admin.goto("/admin/school-fees");
    expect(normalize(overview.byTestId("fees-credit")?.textContent)).toBe(M.overviewCreditKept("₦4,000.00"));
    const nextOverview = await admin.goto(
      `/admin/school-fees?term=${encodeURIComponent(next.term)}&year=${encodeURIComponent(next.session)}`,
    );
    expect(normalize(nextOverview.byTestId("fees-credit")?.textContent)).toBe(M.overviewCreditUsed("₦4,000.00"));
  });
});

describe("without online payments", () => {
  it("the fee page says plainly that links are not offered", async () => {
    const plain = await registerSchool("NoLinks");
    const student = await plain.api<{ data: { unique_id: string } }>("POST", "/students", {
      student_data: { name: "Ada Eze", selectedClass: "JSS1", gender: "Female", phone_number: "0803 222 3355" },
    });
    const admin = await signedIn(plain);
    const page = await admin.goto(`/admin/school-fees/students/${student.body.data.unique_id}`);
    expect(page.text()).toContain(M.linksOff);
    expect(page.buttons("Make Payment Link")).toHaveLength(0);
  });
});
