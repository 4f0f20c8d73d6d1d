import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../contract/access";
import type { FeeOverview, FeePayment, StudentBill } from "../../contract/fees";
import type { Paginated } from "../../contract/http";
import { PROMOTION_MESSAGES as M, type PromotionPreview } from "../../contract/promotion";
import type { SchoolSettings } from "../../contract/settings";
import { bearer, DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/**
 * The end of a 1st or 2nd Term: one step that moves the school to the next term, refused once done (409) and from
 * the 3rd Term; the arrears of earlier terms on the new term's bill, worked out from the ledger; payments paying the
 * oldest balance first; the overview's arrears; the main admin's alone; another school untouched.
 */
describe(`term rollover API on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  const { call, get } = schoolCalls(() => api);
  const SESSION = "2025/2026";
  let serial = 0;
  const key = () => `rollover-${Date.now()}-${++serial}-abcdefghijkl`;

  const rollover = (body: Record<string, unknown>, s = school, headers: Record<string, string> = {}) =>
    call(s, "POST", "/term-rollover", { ending_session: SESSION, ...body }, headers);
  const schoolTerm = async (s: RegisteredSchool = school) =>
    (await get<SchoolSettings>(s, "/school-settings")).school_term;
  const inTerm = (term: string) => `?term=${encodeURIComponent(term)}&year=${encodeURIComponent(SESSION)}`;
  const bill = (id: string, term: string, s = school) =>
    get<StudentBill>(s, `/fees/students/${id}/bill${inTerm(term)}`);
  const pay = (id: string, term: string, amount: number, s = school) =>
    call(
      s,
      "POST",
      "/fees/payments",
      { student_id: id, term, session: SESSION, amount, paid_on: "2025-10-01", method: "Cash" },
      { "Idempotency-Key": key() },
    );
  async function fee(s: RegisteredSchool, term: string, amount: number) {
    const res = await call(
      s,
      "POST",
      "/fees/fee-settings",
      { name: "Tuition", amount, applies_to: "all", term, session: SESSION, compulsory: true },
      { "Idempotency-Key": key() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  async function student(s: RegisteredSchool, name: string): Promise<string> {
    const res = await call(s, "POST", "/students", {
      student_data: { name, selectedClass: "JSS1", gender: "Female", phone_number: "0803 123 4567" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.unique_id;
  }
  const count = async (table: "fee_items" | "fee_payments" | "term_rollovers") =>
    Number(
      (
        await api.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  let ada: string;
  let bola: string;
  let otherAda: string;
  beforeAll(async () => {
    api = await startApi();
    // October: the 1st Term by the month, with no calendar and no term set.
    api.clock.now = new Date("2025-10-15T09:00:00Z");
    [school, other] = await Promise.all([registerSchool(api), registerSchool(api)]);
    for (const s of [school, other]) {
      await fee(s, "1st Term", 10000);
      await fee(s, "2nd Term", 12000);
      await fee(s, "3rd Term", 8000);
    }
    ada = await student(school, "Ada Eze");
    bola = await student(school, "Bola Ade");
    otherAda = await student(other, "Ada Other");
    expect((await pay(ada, "1st Term", 4000)).status).toBe(201);
    expect((await pay(otherAda, "1st Term", 1000, other)).status).toBe(201);
  });
  afterAll(() => api.close());

  it("a sub-admin may not end a term", async () => {
    const made = await call(school, "POST", "/sub-admins", {
      name: "Fees Clerk",
      email: "clerk@school.ng",
      features: ["school_fees", "settings"],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const res = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: school.uniqueId, email: "clerk@school.ng", password: made.body.data.password }),
    });
    const sub = { ...school, auth: bearer(((await res.json()) as { data: { token: string } }).data.token) };
    const refused = await rollover({ ending_term: "1st Term" }, sub);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(M.termMainOnly);
    expect(await schoolTerm()).toMatchObject({ term: "1st Term", session: SESSION });
  });

  it("refuses a term that is not the current one, the 3rd Term and a request naming no term", async () => {
    const wrong = await rollover({ ending_term: "2nd Term" });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe(M.termNotCurrent("2nd Term", SESSION));
    const third = await rollover({ ending_term: "3rd Term" });
    expect(third.status).toBe(409);
    expect(third.body.errors).toEqual({ ending_term: [M.lastTerm] });
    const none = await rollover({ ending_term: "Summer", ending_session: "2025" });
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.errors).sort()).toEqual(["ending_session", "ending_term"]);
    expect(await count("term_rollovers")).toBe(0);
    expect(await schoolTerm()).toMatchObject({ term: "1st Term" });
  });

  it("ends the 1st Term once: the school in the 2nd Term, audited; a second submit answers 409 and does nothing", async () => {
    expect((await get<PromotionPreview>(school, "/promotion/preview")).current_term).toBe("1st Term");
    const sameKey = { "Idempotency-Key": "rollover-key-00000001" };
    const res = await rollover({ ending_term: "1st Term" }, school, sameKey);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ ending_term: "1st Term", ending_session: SESSION, new_term: "2nd Term" });
    expect(res.body.message).toBe(M.termRolled(res.body.data));
    expect(await schoolTerm()).toMatchObject({ term: "2nd Term", session: SESSION });
    expect((await get<PromotionPreview>(school, "/promotion/preview")).current_term).toBe("2nd Term");
    const log = await get<Paginated<AuditEntry>>(school, "/audit-log?kind=settings");
    expect(log.data[0].summary).toBe(`Ended 1st Term of ${SESSION}: the school is in 2nd Term`);

    for (const again of [
      await rollover({ ending_term: "1st Term" }, school, sameKey),
      await rollover({ ending_term: "1st Term" }),
    ]) {
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(M.termNotCurrent("1st Term", SESSION));
    }
    expect(await count("term_rollovers")).toBe(1);
    const after = await get<Paginated<AuditEntry>>(school, "/audit-log?kind=settings");
    expect(after.data.filter((e) => e.summary.startsWith("Ended 1st Term")).length).toBe(1);
    // Another school stays where it was.
    expect(await schoolTerm(other)).toMatchObject({ term: "1st Term", session: SESSION });
  });

  it("shows each student's unpaid balance of earlier terms on the new term's bill, copying no row", async () => {
    const items = await count("fee_items");
    const payments = await count("fee_payments");
    const a = await bill(ada, "2nd Term");
    expect(a).toMatchObject({ term: "2nd Term", billed: 12000, arrears: 6000, paid: 0, balance: 18000 });
    expect(a.lines.map((l) => l.amount)).toEqual([12000]);
    expect(await bill(bola, "2nd Term")).toMatchObject({ billed: 12000, arrears: 10000, paid: 0, balance: 22000 });
    // The term asked for by default is the school's current one.
    expect(await get<StudentBill>(school, `/fees/students/${ada}/bill`)).toMatchObject({
      term: "2nd Term",
      arrears: 6000,
    });
    // The 1st Term's own bill has no arrears.
    expect(await bill(ada, "1st Term")).toMatchObject({ billed: 10000, arrears: 0, paid: 4000, balance: 6000 });
    expect(await count("fee_items")).toBe(items);
    expect(await count("fee_payments")).toBe(payments);
    // Another school's bills carry only their own arrears.
    expect(await bill(otherAda, "2nd Term", other)).toMatchObject({ arrears: 9000, balance: 21000 });
  });

  it("pays the oldest balance first: a 2nd Term payment clears the 1st Term's arrears, then the 2nd Term", async () => {
    const first = await pay(ada, "2nd Term", 7000);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await pay(ada, "2nd Term", 1000);
    const [r1, r2] = [first.body.data as FeePayment, second.body.data as FeePayment];
    // Receipts are numbered as before, one running number for the school.
    expect(Number(r2.receipt_no.slice(4))).toBe(Number(r1.receipt_no.slice(4)) + 1);
    expect(r1).toMatchObject({ term: "2nd Term", session: SESSION, amount: 7000 });
    // The 1st Term is paid by the later payment; what is left is the 2nd Term's.
    expect(await bill(ada, "1st Term")).toMatchObject({ billed: 10000, paid: 4000, balance: 0 });
    expect(await bill(ada, "2nd Term")).toMatchObject({ billed: 12000, arrears: 6000, paid: 8000, balance: 10000 });
    // The receipt names the arrears beside the term's bill, and the balance as the bill shows it.
    const receipt = await api.fetch(`/api/admin/${school.uniqueId}/fees/payments/${r1.id}/receipt`, {
      headers: school.auth,
    });
    expect(receipt.status).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(await receipt.arrayBuffer()));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, " ");
    for (const expected of [r1.receipt_no, "Term bill", "₦12,000", "Arrears of earlier terms", "₦6,000", "₦10,000"])
      expect(text).toContain(expected);
    // A payment may pay the arrears and the term's bill, never more.
    const over = await pay(ada, "2nd Term", 10000.01);
    expect(over.status).toBe(422);
    // A discount is at most what is left of the term's own bill (12,000 less the 2,000 paid of it).
    const discount = await call(
      school,
      "POST",
      "/fees/discounts",
      { student_id: ada, term: "2nd Term", session: SESSION, amount: 10000.01, reason: "Scholarship" },
      { "Idempotency-Key": key() },
    );
    expect(discount.status).toBe(422);
  });

  it("sums the arrears in the overview and lists who owes most by what they owe now", async () => {
    const o = await get<FeeOverview>(school, `/fees/overview${inTerm("2nd Term")}`);
    expect(o).toMatchObject({ expected: 24000, arrears: 16000, collected: 8000, outstanding: 32000 });
    expect(o.collection_rate).toBe(Math.floor((8000 * 100) / 40000));
    expect(o.by_class).toEqual([
      { class: "JSS1", students: 2, expected: 24000, arrears: 16000, collected: 8000, outstanding: 32000 },
    ]);
    expect(o.owing_most.map((s) => [s.name, s.arrears, s.balance])).toEqual([
      ["Bola Ade", 10000, 22000],
      ["Ada Eze", 6000, 10000],
    ]);
    // The 1st Term's overview shows Ada paid by the 2nd Term's payment.
    const before = await get<FeeOverview>(school, `/fees/overview${inTerm("1st Term")}`);
    expect(before.owing_most.map((s) => [s.name, s.balance])).toEqual([["Bola Ade", 10000]]);
  });

  it("a term calendar still covering the ended term does not take the school back", async () => {
    const s = await registerSchool(api);
    const saved = await call(s, "PUT", `/calendar?year=${encodeURIComponent(SESSION)}`, {
      terms: [{ term: "1st Term", starts_on: "2025-09-08", ends_on: "2025-12-12", next_term_starts_on: "2026-01-05" }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await schoolTerm(s)).toMatchObject({ term: "1st Term", session: SESSION, from: "calendar" });
    expect((await rollover({ ending_term: "1st Term" }, s)).status).toBe(200);
    expect(await schoolTerm(s)).toMatchObject({ term: "2nd Term", session: SESSION });
  });

  it("ends the 2nd Term too; from the 3rd Term the end is the promotion", async () => {
    const res = await rollover({ ending_term: "2nd Term" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await schoolTerm()).toMatchObject({ term: "3rd Term", session: SESSION });
    // Ada owes 22,000 of the 1st and 2nd Terms less 12,000 paid.
    expect(await bill(ada, "3rd Term")).toMatchObject({ billed: 8000, arrears: 10000, balance: 18000 });
    expect(await bill(bola, "3rd Term")).toMatchObject({ billed: 8000, arrears: 22000, balance: 30000 });
    const preview = await get<PromotionPreview>(school, "/promotion/preview");
    expect(preview.current_term).toBe("3rd Term");
    const third = await rollover({ ending_term: "3rd Term" });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(M.lastTerm);
    expect(await schoolTerm(other)).toMatchObject({ term: "1st Term" });
  });

  it("carries the unpaid balance into the next session's 1st Term after the promotion, by the class of each session", async () => {
    const promoted = await call(school, "POST", "/promotion", { ending_session: SESSION, held_back: [], moved_up: [] });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    const next = "2026/2027";
    // A JSS1 fee of the ended session, a JSS2 fee of the new one: each bills the class of its session.
    for (const [term, session, className, amount] of [
      ["3rd Term", SESSION, "JSS1", 1000],
      ["1st Term", next, "JSS2", 3000],
      ["1st Term", next, "JSS1", 50000],
    ] as const) {
      const res = await call(
        school,
        "POST",
        "/fees/fee-settings",
        { name: `Levy ${className}`, amount, applies_to: "class", class: className, term, session, compulsory: true },
        { "Idempotency-Key": key() },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const b = await get<StudentBill>(
      school,
      `/fees/students/${ada}/bill?term=1st%20Term&year=${encodeURIComponent(next)}`,
    );
    expect(b.student.class).toBe("JSS2");
    // 10,000 + 12,000 + 8,000 + 1,000 billed in 2025/2026, 12,000 paid.
    expect(b).toMatchObject({ billed: 3000, arrears: 19000, paid: 0, balance: 22000 });
  });

  it("once a term of the new session has ended, its promotion can no longer be undone", async () => {
    // July: the 3rd Term of 2025/2026 by the month.
    api.clock.now = new Date("2026-07-10T09:00:00Z");
    try {
      const s = await registerSchool(api);
      expect(
        (await call(s, "POST", "/promotion", { ending_session: SESSION, held_back: [], moved_up: [] })).status,
      ).toBe(200);
      expect((await rollover({ ending_term: "1st Term", ending_session: "2026/2027" }, s)).status).toBe(200);
      const undo = await call(s, "POST", "/promotion/undo");
      expect(undo.status).toBe(409);
      expect(undo.body.message).toBe(M.undoRecorded("term rollover", "2026/2027"));
      expect(await schoolTerm(s)).toMatchObject({ term: "2nd Term", session: "2026/2027" });
    } finally {
      api.clock.now = new Date("2025-10-15T09:00:00Z");
    }
  });
});
