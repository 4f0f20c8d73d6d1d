import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FEE_MESSAGES as M,
  type ChildBalance,
  type FeeItem,
  type FeeOverview,
  type FeePayment,
  type StudentBill,
} from "../../contract/fees";
import { DATABASE, pngFile, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/** School fees: fee items, bills, discounts, payments, receipts and the overview, on the real database. */
describe(`fees API on ${DATABASE}`, { timeout: 90_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  const term = "2nd Term";
  const session = "2025/2026";
  const inTerm = `?term=${encodeURIComponent(term)}&year=${encodeURIComponent(session)}`;

  beforeAll(async () => {
    api = await startApi();
    api.clock.now = new Date("2026-01-15T09:30:00Z");
    [school, other] = await Promise.all([
      registerSchool(api, { school_name: "Ọ̀ṣun Grammar School" }),
      registerSchool(api),
    ]);
  });
  afterAll(() => api.close());

  const { base, call, get } = schoolCalls(() => api);
  let serial = 0;
  const key = () => `key-${Date.now()}-${++serial}-abcdefghijkl`;

  async function fee(s: RegisteredSchool, body: Record<string, unknown>): Promise<FeeItem> {
    const res = await call(
      s,
      "POST",
      "/fees/fee-settings",
      { applies_to: "all", term, session, compulsory: true, ...body },
      { "Idempotency-Key": key() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }
  async function student(s: RegisteredSchool, className: string, name = `Pupil ${++serial}`): Promise<string> {
    const res = await call(s, "POST", "/students", {
      student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.unique_id;
  }
  const bill = (s: RegisteredSchool, id: string) => get<StudentBill>(s, `/fees/students/${id}/bill${inTerm}`);
  const pay = (s: RegisteredSchool, body: Record<string, unknown>, idempotencyKey = key()) =>
    call(
      s,
      "POST",
      "/fees/payments",
      { term, session, paid_on: "2026-01-14", method: "Transfer", reference: "TRF-001", ...body },
      { "Idempotency-Key": idempotencyKey },
    );
  const paymentCount = async () =>
    Number(
      (
        await api.db
          .selectFrom("fee_payments")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // One school set up once: SS2 pays tuition (class), levy (Senior Secondary section), PTA (all), and may take the bus.
  let tuition: FeeItem;
  let levy: FeeItem;
  let pta: FeeItem;
  let bus: FeeItem;
  let ada: string;
  let bayo: string;
  let chika: string;
  beforeAll(async () => {
    tuition = await fee(school, { name: "Tuition", amount: 45000, applies_to: "class", class: "SS2" });
    levy = await fee(school, {
      name: "Development levy",
      amount: "12,500.50",
      applies_to: "section",
      section: "Senior Secondary",
    });
    pta = await fee(school, { name: "PTA", amount: 2000 });
    bus = await fee(school, { name: "Bus", amount: 15000, compulsory: false });
    ada = await student(school, "SS2", "Ada Obi");
    bayo = await student(school, "SS2", "Bayo Ade");
    chika = await student(school, "JSS1", "Chika Eze");
  });

  describe("fee setup", () => {
    it("lists the fees with their amounts in naira, scope, term and whether payments stand against them", async () => {
      const list = await get<FeeItem[]>(school, `/fees/fee-settings${inTerm}`);
      expect(list.map((f) => f.name)).toEqual(["Development levy", "PTA", "Tuition", "Bus"]);
      expect(list.find((f) => f.id === levy.id)).toEqual({
        id: levy.id,
        name: "Development levy",
        amount: 12500.5,
        applies_to: "section",
        target: "Senior Secondary",
        term,
        session,
        compulsory: true,
        retired: false,
        has_payments: false,
      });
      expect(await get<FeeItem[]>(school, "/fees/fee-settings?term=3rd%20Term")).toEqual([]);
    });

    it.each([
      ["no name", { name: "" }, "name", M.nameRequired],
      ["a bad amount", { amount: "12,50" }, "amount", M.amountInvalid],
      ["three decimals", { amount: 12.345 }, "amount", M.amountInvalid],
      ["a zero amount", { amount: 0 }, "amount", M.amountTooLow],
      ["no section", { applies_to: "section" }, "section", M.sectionRequired],
      ["an unknown section", { applies_to: "section", section: "University" }, "section", M.sectionUnknown],
      ["an unknown class", { applies_to: "class", class: "SS9" }, "class", M.classUnknown],
      ["a bad session", { session: "2025" }, "session", M.sessionInvalid],
      ["no scope", { applies_to: "everyone" }, "applies_to", M.scopeRequired],
    ])("refuses %s beside the field and writes nothing", async (_, body, field, message) => {
      const before = (await get<FeeItem[]>(school, "/fees/fee-settings")).length;
      const res = await call(school, "POST", "/fees/fee-settings", {
        name: "Sports",
        amount: 1000,
        applies_to: "all",
        term,
        session,
        compulsory: true,
        ...body,
      });
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
      expect((await get<FeeItem[]>(school, "/fees/fee-settings")).length).toBe(before);
    });

    it("creates one fee for a form sent twice, and refuses the same fee for the same classes and term", async () => {
      const k = key();
      const body = {
        name: "Sports",
        amount: 3000,
        applies_to: "class",
        class: "JSS1",
        term: "3rd Term",
        session,
        compulsory: true,
      };
      const [a, b] = await Promise.all([
        call(school, "POST", "/fees/fee-settings", body, { "Idempotency-Key": k }),
        call(school, "POST", "/fees/fee-settings", body, { "Idempotency-Key": k }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 201]);
      expect(a.body.data.id).toBe(b.body.data.id);
      const again = await call(school, "POST", "/fees/fee-settings", { ...body, name: " sports " });
      expect(again.status).toBe(409);
      expect(again.body.errors.name).toEqual([M.feeClash("Sports", "class", "JSS1")]);
      expect((await get<FeeItem[]>(school, "/fees/fee-settings?term=3rd%20Term")).length).toBe(1);
    });

    it("refuses a fee whose name another fee of the term has for a class both would bill, beside the name", async () => {
      const s = await registerSchool(api);
      const when = { term: "2nd Term", session: "2023/2024" };
      const inWhen = `/fees/fee-settings?term=2nd%20Term&year=${encodeURIComponent(when.session)}`;
      const create = (body: Record<string, unknown>) =>
        call(s, "POST", "/fees/fee-settings", { amount: 1000, compulsory: true, ...when, ...body });
      const junior = await fee(s, {
        amount: 1000,
        name: "Exam fee",
        applies_to: "section",
        section: "Junior Secondary",
        ...when,
      });
      const count = async () => (await get<FeeItem[]>(s, inWhen)).length;

      // Refused: all classes over a section, the same section, a class of it; the name's case and spaces aside.
      for (const body of [
        { name: "exam  FEE", applies_to: "all" },
        { name: " Exam fee ", applies_to: "section", section: "Junior Secondary" },
        { name: "Exam fee", applies_to: "class", class: "JSS2" },
      ]) {
        const res = await create(body);
        expect(res.status, JSON.stringify(body)).toBe(409);
        expect(res.body).toEqual({
          message: M.feeClash("Exam fee", "section", "Junior Secondary"),
          errors: { name: [M.feeClash("Exam fee", "section", "Junior Secondary")] },
        });
      }
      expect(await count()).toBe(1);

      // Allowed: another section, a class of it, another term, another name.
      const senior = await fee(s, { amount: 1000, name: "Exam fee", applies_to: "class", class: "SS1", ...when });
      expect((await create({ name: "Exam fee", applies_to: "all", term: "3rd Term" })).status).toBe(201);
      expect((await create({ name: "Exam fees", applies_to: "all" })).status).toBe(201);
      expect(await count()).toBe(3);

      // A section fee over an existing class fee of its section; an all-classes fee over any.
      expect(
        (await create({ name: "Exam fee", applies_to: "section", section: "Senior Secondary" })).body.errors,
      ).toEqual({ name: [M.feeClash("Exam fee", "class", "SS1")] });
      await fee(s, { amount: 1000, name: "Sports", ...when });
      const sportsJss1 = await create({ name: "Sports", applies_to: "class", class: "JSS1" });
      expect(sportsJss1.body.errors).toEqual({ name: [M.feeClash("Sports", "all", null)] });

      // An edit into a clash is refused and changes nothing; a retired fee clashes with nothing until brought back.
      const edit = await call(s, "PUT", `/fees/fee-settings/${senior.id}`, {
        name: "Exam fee",
        amount: 1000,
        applies_to: "class",
        class: "JSS3",
        compulsory: true,
        ...when,
      });
      expect(edit.status).toBe(409);
      expect(edit.body.errors.name).toEqual([M.feeClash("Exam fee", "section", "Junior Secondary")]);
      expect((await get<FeeItem>(s, `/fees/fee-settings/${senior.id}`)).target).toBe("SS1");
      expect((await call(s, "POST", `/fees/fee-settings/${junior.id}/retire`, { retired: true })).status).toBe(200);
      const overRetired = await fee(s, { amount: 1000, name: "Exam fee", applies_to: "class", class: "JSS1", ...when });
      const back = await call(s, "POST", `/fees/fee-settings/${junior.id}/retire`, { retired: false });
      expect(back.status).toBe(409);
      expect(back.body.message).toBe(M.feeClash("Exam fee", "class", "JSS1"));
      expect((await get<FeeItem>(s, `/fees/fee-settings/${junior.id}`)).retired).toBe(true);
      expect((await call(s, "DELETE", `/fees/fee-settings/${overRetired.id}`)).status).toBe(200);
      expect((await call(s, "POST", `/fees/fee-settings/${junior.id}/retire`, { retired: false })).status).toBe(200);
    });

    it("edits a fee and deletes one nobody has paid against", async () => {
      const sports = await fee(school, { name: "Sports", amount: 1000, session: "2024/2025" });
      const edited = await call(school, "PUT", `/fees/fee-settings/${sports.id}`, {
        name: "Sports",
        amount: 1500,
        applies_to: "class",
        class: "JSS1",
        term,
        session: "2024/2025",
        compulsory: false,
      });
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({ amount: 1500, applies_to: "class", target: "JSS1", compulsory: false });
      expect((await call(school, "DELETE", `/fees/fee-settings/${sports.id}`)).status).toBe(200);
      expect((await call(school, "DELETE", `/fees/fee-settings/${sports.id}`)).status).toBe(404);
    });
  });

  describe("bills", () => {
    it("bills a student the compulsory fees of their class, by class, by section and for all classes", async () => {
      const b = await bill(school, ada);
      expect(b.lines.map((l) => [l.label, l.amount])).toEqual([
        ["Development levy", 12500.5],
        ["PTA", 2000],
        ["Tuition", 45000],
      ]);
      expect(b).toMatchObject({ billed: 59500.5, paid: 0, balance: 59500.5, term, session });
      expect(b.optional_fees).toEqual([{ id: bus.id, name: "Bus", amount: 15000, assigned: false }]);
      expect((await bill(school, chika)).billed).toBe(2000);
    });

    it("adds an optional fee, inventory sales of the term and takes off discounts with their reasons", async () => {
      expect(
        (await call(school, "POST", `/fees/fee-settings/${bus.id}/students`, { student_id: bayo, assigned: true }))
          .status,
      ).toBe(200);
      const group = await call(school, "POST", "/inventory/groups", { name: "Uniforms" });
      const item = await call(school, "POST", "/inventory/items", {
        name: "Blazer",
        class: "SS2",
        price: 9500.25,
        status: "In Stock",
        group_id: group.body.data.id,
        quantity: 5,
      });
      // The inventory records a sale under the school's term: set it to this one.
      await call(school, "POST", "/school-settings", {
        school_settings: { report_sheet: { current_term: term }, other_settings: { current_session: session } },
      });
      const sold = await call(school, "POST", "/inventory/purchases", {
        item_id: item.body.data.id,
        student_id: bayo,
        quantity: 2,
      });
      expect(sold.status, JSON.stringify(sold.body)).toBe(201);
      const k = key();
      const discount = { student_id: bayo, term, session, amount: "5,000", reason: "Staff child" };
      const [d1, d2] = await Promise.all([
        call(school, "POST", "/fees/discounts", discount, { "Idempotency-Key": k }),
        call(school, "POST", "/fees/discounts", discount, { "Idempotency-Key": k }),
      ]);
      expect([d1.status, d2.status].sort()).toEqual([200, 201]);

      const b = await bill(school, bayo);
      expect(b.lines.map((l) => [l.kind, l.label, l.amount])).toEqual([
        ["fee", "Development levy", 12500.5],
        ["fee", "PTA", 2000],
        ["fee", "Tuition", 45000],
        ["fee", "Bus (optional)", 15000],
        ["sale", "Blazer × 2", 19000.5],
        ["discount", "Discount: Staff child", -5000],
      ]);
      // 59,500.50 + 15,000 + 19,000.50 − 5,000, to the kobo.
      expect(b.billed).toBe(88501);
      expect(b.optional_fees).toEqual([{ id: bus.id, name: "Bus", amount: 15000, assigned: true }]);
    });

    it("refuses a discount above the balance, an optional fee for another class and a compulsory fee as optional", async () => {
      const big = await call(school, "POST", "/fees/discounts", {
        student_id: chika,
        term,
        session,
        amount: 2000.01,
        reason: "Scholarship",
      });
      expect(big.status).toBe(422);
      expect(big.body.errors.amount).toEqual([M.discountTooHigh("₦2,000.00")]);
      const jssBus = await fee(school, {
        name: "JSS bus",
        amount: 100,
        applies_to: "class",
        class: "JSS1",
        compulsory: false,
      });
      expect(
        (await call(school, "POST", `/fees/fee-settings/${jssBus.id}/students`, { student_id: ada, assigned: true }))
          .body.errors.fee,
      ).toEqual([M.notForClass]);
      expect(
        (await call(school, "POST", `/fees/fee-settings/${pta.id}/students`, { student_id: ada, assigned: true })).body
          .errors.fee,
      ).toEqual([M.notOptional]);
      expect(
        (await call(school, "POST", `/fees/fee-settings/${bus.id}/students`, { student_id: "nobody", assigned: true }))
          .body.errors.student_id,
      ).toEqual([M.studentNotFound]);
      expect((await call(school, "DELETE", `/fees/fee-settings/${jssBus.id}`)).status).toBe(200);
    });
  });

  describe("payments", () => {
    it("records partial payments with running receipt numbers, and refuses more than the balance", async () => {
      const first = await pay(school, { student_id: ada, amount: 20000, method: "Cash", reference: "" });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.body).toEqual({
        message: M.paymentRecorded,
        data: expect.objectContaining({
          receipt_no: "RCT-000001",
          student_id: ada,
          student_name: "Ada Obi",
          student_class: "SS2",
          amount: 20000,
          method: "Cash",
          reference: null,
          reversed_at: null,
        }),
      });
      const second = await pay(school, { student_id: ada, amount: "30,000.25" });
      expect(second.body.data.receipt_no).toBe("RCT-000002");
      expect(await bill(school, ada)).toMatchObject({ billed: 59500.5, paid: 50000.25, balance: 9500.25 });

      const over = await pay(school, { student_id: ada, amount: 9500.26 });
      expect(over.status).toBe(422);
      expect(over.body.errors.amount).toEqual([M.overpayment("₦9,500.25")]);
      const before = await paymentCount();
      for (const [body, field, message] of [
        [{ method: "Transfer", reference: "" }, "reference", M.referenceRequired],
        [{ method: "Cheque" }, "method", M.methodRequired],
        [{ paid_on: "2026-02-30" }, "paid_on", M.dateInvalid],
        [{ paid_on: "2026-01-16" }, "paid_on", M.dateInFuture],
        [{ amount: -5 }, "amount", M.amountTooLow],
        [{ student_id: "" }, "student_id", M.studentRequired],
      ] as const) {
        const res = await pay(school, { student_id: ada, amount: 100, ...body });
        expect(res.status, field).toBe(422);
        expect(res.body.errors[field]).toEqual([message]);
      }
      expect(await paymentCount()).toBe(before);
      // The fee now has payments against it: deleting it is refused, retiring it is not.
      const refused = await call(school, "DELETE", `/fees/fee-settings/${tuition.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(M.feeHasPayments);
      expect(
        (await get<FeeItem[]>(school, `/fees/fee-settings${inTerm}`)).find((f) => f.id === tuition.id)?.has_payments,
      ).toBe(true);
    });

    it("records one payment for a form sent twice, even at once", async () => {
      const k = key();
      const before = await paymentCount();
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => pay(school, { student_id: bayo, amount: 1000 }, k)));
      expect([a.status, b.status, c.status].sort()).toEqual([200, 200, 201]);
      expect(new Set([a.body.data.id, b.body.data.id, c.body.data.id]).size).toBe(1);
      expect(await paymentCount()).toBe(before + 1);
    });

    it("never lets two payments at once pay more than the balance", async () => {
      const owed = (await bill(school, chika)).balance;
      const results = await Promise.all([1, 2, 3].map(() => pay(school, { student_id: chika, amount: owed })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
      expect((await bill(school, chika)).balance).toBe(0);
      expect((await pay(school, { student_id: chika, amount: 1 })).body.errors.amount).toEqual([M.nothingOwed]);
    });

    it("reverses a payment with a reason, keeps it, and gives its amount back to the balance", async () => {
      const payment = (await pay(school, { student_id: bayo, amount: 500 })).body.data as FeePayment;
      const before = await bill(school, bayo);
      const missing = await call(school, "POST", `/fees/payments/${payment.id}/reverse`, { reason: " " });
      expect(missing.body.errors.reason).toEqual([M.reasonRequired]);
      const reversed = await call(school, "POST", `/fees/payments/${payment.id}/reverse`, { reason: "Cheque bounced" });
      expect(reversed.status).toBe(200);
      expect(reversed.body.data).toMatchObject({
        reversal_reason: "Cheque bounced",
        reversed_at: api.clock.now.toISOString(),
      });
      const after = await bill(school, bayo);
      expect(after.paid).toBe(before.paid - 500);
      expect(after.payments.find((p) => p.id === payment.id)?.reversal_reason).toBe("Cheque bounced");
      // Sent again: nothing changes.
      const again = await call(school, "POST", `/fees/payments/${payment.id}/reverse`, { reason: "Twice" });
      expect(again.body.data.reversal_reason).toBe("Cheque bounced");
      expect((await bill(school, bayo)).paid).toBe(after.paid);
    });

    it("prints a numbered receipt with the school's logo and ₦ in the embedded font", async () => {
      const logo = new FormData();
      logo.set("logo", pngFile());
      expect(
        (await api.fetch(`${base(school)}/update/adminData`, { method: "POST", headers: school.auth, body: logo }))
          .status,
      ).toBe(200);
      const payment = (await get<StudentBill>(school, `/fees/students/${ada}/bill${inTerm}`)).payments[1];
      const res = await api.fetch(`${base(school)}/fees/payments/${payment.id}/receipt`, { headers: school.auth });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="receipt-rct-000002.pdf"');
      const bytes = new Uint8Array(await res.arrayBuffer());
      const raw = Buffer.from(bytes).toString("latin1");
      expect(raw).toContain("DejaVuSans");
      expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
      expect(raw).toContain("/Subtype /Image");
      const flat = (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text
        .normalize("NFC")
        .replace(/\s+/g, " ");
      for (const expected of [
        "Ọ̀ṣun Grammar School",
        "Payment receipt",
        "RCT-000002",
        "Ada Obi",
        "SS2",
        "₦30,000.25",
        "Transfer",
        "TRF-001",
        "₦59,500.50",
        "₦9,500.25",
        "2nd Term",
        "2025/2026",
        "14 Jan 2026",
      ]) {
        expect(flat, expected).toContain(expected.normalize("NFC"));
      }
    });
  });

  describe("parents and the overview", () => {
    it("shows a parent billed, paid and balance per child", async () => {
      const parent = await call(school, "POST", "/stu-parents", {
        parent_data: { name: "Mrs. Obi", email: "obi@parent.ng", phone: "0803 555 0000", children: [ada, chika] },
      });
      expect(parent.status, JSON.stringify(parent.body)).toBe(201);
      const children = await get<ChildBalance[]>(school, `/fees/parents/${parent.body.data.unique_id}${inTerm}`);
      expect(children).toEqual([
        {
          unique_id: ada,
          name: "Ada Obi",
          class: "SS2",
          billed: 59500.5,
          paid: 50000.25,
          arrears: 0,
          balance: 9500.25,
        },
        { unique_id: chika, name: "Chika Eze", class: "JSS1", billed: 2000, paid: 2000, arrears: 0, balance: 0 },
      ]);
    });

    it("sums the term exactly by class, over time, and lists who owes most, with a class filter", async () => {
      const o = await get<FeeOverview>(school, `/fees/overview${inTerm}`);
      const b = await bill(school, bayo);
      const a = await bill(school, ada);
      expect(o.expected).toBe(59500.5 + b.billed + 2000);
      expect(o.collected).toBe(50000.25 + b.paid + 2000);
      expect(o.outstanding).toBe(a.balance + b.balance);
      expect(o.collection_rate).toBe(Math.floor((o.collected / o.expected) * 100));
      expect(o.by_class).toEqual([
        { class: "JSS1", students: 1, expected: 2000, arrears: 0, collected: 2000, outstanding: 0 },
        {
          class: "SS2",
          students: 2,
          expected: a.billed + b.billed,
          arrears: 0,
          collected: a.paid + b.paid,
          outstanding: a.balance + b.balance,
        },
      ]);
      expect(o.over_time).toEqual([{ date: "2026-01-14", amount: o.collected }]);
      expect(o.owing_most.map((s) => s.name)).toEqual(["Bayo Ade", "Ada Obi"]);
      expect((await get<FeeOverview>(school, `/fees/overview${inTerm}&class=JSS1`)).owing_most).toEqual([]);
      // Retiring the tuition takes it off every bill of the term.
      expect(
        (await call(school, "POST", `/fees/fee-settings/${tuition.id}/retire`, { retired: true })).body.message,
      ).toBe(M.feeRetired);
      expect((await get<FeeOverview>(school, `/fees/overview${inTerm}`)).expected).toBe(o.expected - 90000);
      await call(school, "POST", `/fees/fee-settings/${tuition.id}/retire`, { retired: false });
    });

    it("is kept between visits and follows every write a bill is made of: a class, a sale, a payment", async () => {
      const before = await get<FeeOverview>(school, `/fees/overview${inTerm}`);
      expect(await get<FeeOverview>(school, `/fees/overview${inTerm}`)).toEqual(before);
      // Chika moves to SS2: her bill becomes SS2's.
      const moved = await call(school, "POST", `/students/${chika}`, {
        student_data: { name: "Chika Eze", selectedClass: "SS2", gender: "Female", phone_number: "0803 123 4567" },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const afterMove = await get<FeeOverview>(school, `/fees/overview${inTerm}`);
      expect(afterMove.by_class.map((c) => c.class)).toEqual(["SS2"]);
      expect(afterMove.expected).toBe(before.expected + 45000 + 12500.5);
      // A sale to Ada, then a payment from her.
      const group = await call(school, "POST", "/inventory/groups", { name: "Books" });
      const item = await call(school, "POST", "/inventory/items", {
        name: "Atlas",
        class: "SS2",
        price: 5500,
        status: "In Stock",
        group_id: group.body.data.id,
        quantity: 3,
      });
      expect(
        (
          await call(school, "POST", "/inventory/purchases", {
            item_id: item.body.data.id,
            student_id: ada,
            quantity: 1,
          })
        ).status,
      ).toBe(201);
      const afterSale = await get<FeeOverview>(school, `/fees/overview${inTerm}`);
      expect(afterSale.expected).toBe(afterMove.expected + 5500);
      expect((await pay(school, { student_id: ada, amount: 100 })).status).toBe(201);
      expect((await get<FeeOverview>(school, `/fees/overview${inTerm}`)).collected).toBe(afterSale.collected + 100);
    });
  });

  describe("tenant isolation", () => {
    it("another school sees none of these fees, bills or payments", async () => {
      expect(await get<FeeItem[]>(other, "/fees/fee-settings")).toEqual([]);
      expect((await call(other, "GET", `/fees/students/${ada}/bill`)).status).toBe(404);
      expect(
        (
          await call(other, "PUT", `/fees/fee-settings/${tuition.id}`, {
            name: "X",
            amount: 1,
            applies_to: "all",
            term,
            session,
            compulsory: true,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await call(other, "POST", "/fees/payments", {
            student_id: ada,
            amount: 1,
            term,
            session,
            paid_on: "2026-01-14",
            method: "Cash",
          })
        ).body.errors.student_id,
      ).toEqual([M.studentNotFound]);
      const payment = (await bill(school, ada)).payments[0];
      expect((await call(other, "POST", `/fees/payments/${payment.id}/reverse`, { reason: "x" })).status).toBe(404);
      expect(
        (await api.fetch(`${base(other)}/fees/payments/${payment.id}/receipt`, { headers: other.auth })).status,
      ).toBe(404);
      const o = await get<FeeOverview>(other, `/fees/overview${inTerm}`);
      expect(o).toMatchObject({
        expected: 0,
        collected: 0,
        outstanding: 0,
        collection_rate: 0,
        over_time: [],
        owing_most: [],
      });
    });
  });
});
