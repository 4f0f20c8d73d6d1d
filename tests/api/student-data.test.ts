import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../contract/access";
import { ERASED_STUDENT_NAME, STUDENT_MESSAGES } from "../../contract/students";
import { randomKey } from "../../api/lib/crypto";
import { localStorage } from "../../api/storage/local";
import { extractTar } from "../../scripts/lib/tar";
import {
  DATABASE,
  PNG_BYTES,
  bearer,
  ownTables,
  registerSchool,
  sql,
  startApi,
  type RegisteredSchool,
  type TestApi,
} from "./harness";

const PDF_BYTES = Buffer.from("%PDF-1.4\n% a birth certificate\n%%EOF\n");
// Wednesday 25 November 2026, in the 1st Term of 2026/2027; a student's register is saved on one of these days.
const TODAY = "2026-11-25";
const SCHOOL_DAYS = [TODAY, "2026-11-24", "2026-11-23", "2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17"];

/** A student's data on request: the export archive and the erasure of a former student, on the real database. */
describe(`student data export and erasure on ${DATABASE}`, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  let schoolId: number;
  const storage = () => localStorage(api.uploadsDir);

  beforeAll(async () => {
    api = await startApi();
    api.clock.now = new Date(`${TODAY}T09:00:00Z`);
    school = await registerSchool(api);
    other = await registerSchool(api);
    schoolId = (
      await api.db.selectFrom("schools").select("id").where("unique_id", "=", school.uniqueId).executeTakeFirstOrThrow()
    ).id;
    const calendar = await call("PUT", "/calendar?year=2026%2F2027", {
      terms: [
        {
          term: "1st Term",
          starts_on: "2026-09-14",
          ends_on: "2026-12-18",
          next_term_starts_on: "2027-01-11",
          closures: [],
        },
      ],
    });
    expect(calendar.status, await calendar.text()).toBe(200);
  });
  afterAll(() => api.close());

  async function call(method: string, p: string, body?: unknown, s: { uniqueId: string; auth: object } = school) {
    return api.fetch(`/api/admin/${s.uniqueId}${p}`, {
      method,
      headers: { ...s.auth, "Content-Type": "application/json" } as Record<string, string>,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
  async function ok(method: string, p: string, body?: unknown) {
    const res = await call(method, p, body);
    const text = await res.text();
    expect(res.status, text).toBeLessThan(300);
    return JSON.parse(text) as { data: Record<string, unknown>; message?: string };
  }

  let students = 0;
  let promotionId: number | undefined;
  /**
   * A student with everything the school can hold about one: photo, parent, classes, results, report-card extras,
   * an attendance mark, a CBT paper, a promotion, money (paid by hand and online, with a credit), admission, a
   * message to the parent naming the student, a notification and a report-verification link.
   */
  async function fullStudent(name: string) {
    const day = SCHOOL_DAYS[students++];
    const { data } = await ok("POST", "/students", {
      student_data: {
        name,
        selectedClass: "JSS1",
        gender: "Female",
        phone_number: "0803 123 4567",
        email: "ada@home.ng",
      },
    });
    const id = Number(data.id);
    // A Unique ID holding `_`, as generated ones may: the audit entries naming it must be found literally.
    const uniqueId = `STU-ab_${id}cd`;
    await api.db.updateTable("students").set({ unique_id: uniqueId }).where("id", "=", id).execute();
    const photoKey = randomKey();
    await storage().put(photoKey, PNG_BYTES);
    await api.db
      .insertInto("media")
      .values({
        key: photoKey,
        school_id: schoolId,
        mime_type: "image/png",
        size: PNG_BYTES.length,
        created_at: "2026-01-01T00:00:00.000Z",
      })
      .execute();
    await api.db.updateTable("students").set({ profile_img_key: photoKey }).where("id", "=", id).execute();
    const parent = await ok("POST", "/stu-parents", {
      parent_data: {
        name: `Parent of ${name}`,
        email: `p${id}@home.ng`,
        phone: `0803 765 ${4000 + id}`,
        gender: "Female",
        children: [uniqueId],
      },
    });
    await api.db
      .insertInto("result_scores")
      .values({
        school_id: schoolId,
        student_id: id,
        class_name: "JSS1",
        subject: "Mathematics",
        term: "1st Term",
        session: "2025/2026",
        result: "terminal",
        scores: '{"CA":18,"Exam":55}',
        updated_at: "2026-01-01T00:00:00.000Z",
      })
      .execute();
    const payment = await api.db
      .insertInto("fee_payments")
      .values({
        school_id: schoolId,
        receipt_no: id,
        student_id: id,
        student_name: name,
        student_class: "JSS1",
        term: "1st Term",
        session: "2025/2026",
        amount_kobo: 2_500_000,
        paid_on: "2026-01-05",
        method: "Cash",
        reference: null,
        idempotency_key: null,
        recorded_at: "2026-01-05T09:00:00.000Z",
        reversed_at: null,
        reversal_reason: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await api.db
      .insertInto("audit_log")
      .values({
        school_id: schoolId,
        sub_admin_id: null,
        actor_name: "Main admin",
        kind: "payment",
        summary: `Recorded payment ${id} for ${name}`,
        record_ids: `${payment.id},${id}`,
        created_at: "2026-01-05T09:00:00.000Z",
      })
      .execute();
    await api.db
      .insertInto("inventory_purchases")
      .values({
        school_id: schoolId,
        item_id: null,
        student_id: id,
        student_unique_id: uniqueId,
        student_name: name,
        student_class: "JSS1",
        item_name: "Sweater",
        class_name: "JSS1",
        group_name: "Uniforms",
        status_at_sale: "In Stock",
        quantity: 1,
        unit_price_kobo: 500_000,
        total_kobo: 500_000,
        term: "1st Term",
        session: "2025/2026",
        search_text: `sweater jss1 uniforms ${name.toLowerCase()}`,
        idempotency_key: null,
        sold_at: "2026-01-06T09:00:00.000Z",
      })
      .execute();
    const form = await api.db
      .insertInto("admission_forms")
      .values({
        school_id: schoolId,
        public_id: randomKey(),
        title: "2026 intake",
        amount_kobo: 0,
        cbt_enabled: 0,
        status: "active",
        idempotency_key: null,
        deleted_at: null,
        created_at: "2025-06-01T00:00:00.000Z",
        updated_at: "2025-06-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const submission = await api.db
      .insertInto("admission_submissions")
      .values({
        school_id: schoolId,
        form_id: form.id,
        reference: `ADM-${id}`,
        student_name: name,
        class_applying_into: "JSS1",
        status: "approved",
        form_data: JSON.stringify({ studentName: name, homeAddress: "12 Allen Avenue, Ikeja" }),
        address_hash: "x",
        idempotency_key: null,
        student_id: id,
        reviewed_at: "2025-07-01T00:00:00.000Z",
        created_at: "2025-06-10T00:00:00.000Z",
        updated_at: "2025-07-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const documentKey = randomKey();
    await storage().put(documentKey, PDF_BYTES);
    await api.db
      .insertInto("admission_documents")
      .values({
        school_id: schoolId,
        submission_id: submission.id,
        field: "birthCertificate",
        storage_key: documentKey,
        original_name: "birth.pdf",
        mime_type: "application/pdf",
        size: PDF_BYTES.length,
        created_at: "2025-06-10T00:00:00.000Z",
      })
      .execute();
    const register = await call("PUT", `/attendance?class=JSS1&date=${day}`, {
      marks: [{ student_id: id, status: "absent", note: `${name} was unwell` }],
    });
    expect(register.status, await register.text()).toBe(200);
    await api.db
      .insertInto("report_extras")
      .values({
        school_id: schoolId,
        student_id: id,
        class_name: "JSS1",
        term: "1st Term",
        session: "2025/2026",
        result: "terminal",
        days_opened: 60,
        days_present: 58,
        days_absent: 2,
        ratings: '{"Punctuality":4}',
        extra_inputs: '{"Club":"Debate"}',
        teacher_remark: `${name} is a careful reader.`,
        principal_remark: null,
        updated_at: "2026-01-01T00:00:00.000Z",
      })
      .execute();
    const message = await call("POST", "/messages", {
      audience: "students",
      class: "JSS1",
      student_ids: [uniqueId],
      channels: ["email"],
      body: `${name} won the spelling bee.`,
    });
    expect(message.status, await message.text()).toBe(201);
    const online = await api.db
      .insertInto("online_payments")
      .values({
        school_id: schoolId,
        reference: `FEE-${id}-${randomKey().slice(0, 8)}`,
        purpose: "fees",
        submission_id: null,
        student_id: id,
        term: "1st Term",
        session: "2025/2026",
        payer_name: `Payer for ${name}`,
        payer_email: "school@example.ng",
        amount_kobo: 3_000_000,
        subaccount_code: null,
        gateway: "sandbox",
        status: "paid",
        paystack_fee_kobo: null,
        credit_kobo: 500_000,
        fee_payment_id: payment.id,
        sandbox_outcome: "success",
        paid_at: "2026-01-07T09:00:00.000Z",
        checked_at: null,
        created_at: "2026-01-07T08:59:00.000Z",
        updated_at: "2026-01-07T09:00:00.000Z",
      })
      .returning(["id", "reference"])
      .executeTakeFirstOrThrow();
    const credit = { school_id: schoolId, student_id: id, online_payment_id: online.id, created_at: "2026-01-07" };
    await api.db
      .insertInto("fee_credits")
      .values([
        { ...credit, term: "1st Term", session: "2025/2026", amount_kobo: -500_000 },
        { ...credit, term: "2nd Term", session: "2025/2026", amount_kobo: 500_000 },
      ])
      .execute();
    const question = await api.db
      .insertInto("cbt_questions")
      .values({
        school_id: schoolId,
        class_name: "JSS1",
        subject: "Mathematics",
        kind: "objective",
        text: "2 + 2 =",
        options: '["3","4","5"]',
        answer: "1",
        marks: 2,
        image_key: null,
        creation_key: null,
        created_at: "2026-01-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const test = await api.db
      .insertInto("cbt_tests")
      .values({
        school_id: schoolId,
        code: `T${id}${randomKey().slice(0, 6)}`,
        title: "Mid-term test",
        class_name: "JSS1",
        subject: "Mathematics",
        term: "1st Term",
        session: "2025/2026",
        duration_minutes: 30,
        question_count: 1,
        opens_at: "2026-01-10T08:00:00.000Z",
        closes_at: "2026-01-10T12:00:00.000Z",
        results_column: null,
        shuffle: 1,
        grace_minutes: 0,
        lab_network: null,
        pin_key: randomKey(),
        opened_at: null,
        sent_at: null,
        creation_key: null,
        created_at: "2026-01-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The options were shown as 5, 4, 3: the student chose the second, "4".
    const paper = await api.db
      .insertInto("cbt_papers")
      .values({
        school_id: schoolId,
        test_id: test.id,
        student_id: id,
        pin_hash: randomKey(),
        pin_round: 1,
        questions: JSON.stringify([{ q: question.id, o: [2, 1, 0] }]),
        attempt: null,
        started_at: "2026-01-10T09:00:00.000Z",
        ends_at: "2026-01-10T09:30:00.000Z",
        submitted_at: "2026-01-10T09:20:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await api.db
      .insertInto("cbt_answers")
      .values({
        paper_id: paper.id,
        school_id: schoolId,
        n: 1,
        choice: "1",
        marks: 2,
        updated_at: "2026-01-10T09:10:00.000Z",
      })
      .execute();
    // One promotion per ended session: the students share it.
    promotionId ??= (
      await api.db
        .insertInto("promotions")
        .values({
          school_id: schoolId,
          ending_session: "2024/2025",
          new_session: "2025/2026",
          settings_before: "{}",
          counts: "{}",
          idempotency_key: null,
          created_at: "2025-09-01T00:00:00.000Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await api.db
      .insertInto("promotion_moves")
      .values({
        promotion_id: promotionId,
        school_id: schoolId,
        student_id: id,
        from_class: "Primary 6",
        to_class: "JSS1",
        graduated: 0,
      })
      .execute();
    await api.db
      .insertInto("notifications")
      .values({
        school_id: schoolId,
        kind: "payment_recorded",
        feature: "school_fees",
        class_name: null,
        summary: `Payment ${id} of ₦25,000.00 for ${name}`,
        link: `/admin/school-fees/${uniqueId}`,
        staff_link: null,
        dedupe_key: null,
        created_at: "2026-01-05T09:00:00.000Z",
      })
      .execute();
    await api.db
      .insertInto("public_links")
      .values({
        school_id: schoolId,
        purpose: "report-verification",
        subject: String(id),
        detail: JSON.stringify({ class_name: "JSS1", term: "1st Term", session: "2025/2026", average: 73.5 }),
        token_hash: randomKey(),
        created_at: "2026-01-20T00:00:00.000Z",
        expires_at: "2036-01-20T00:00:00.000Z",
      })
      .execute();
    return {
      id,
      day,
      uniqueId,
      photoKey,
      documentKey,
      parentId: String(parent.data.unique_id),
      submissionId: submission.id,
      onlineReference: online.reference,
    };
  }

  /** Every row of every table of the database, as JSON text in lower case. */
  async function everyRow(): Promise<Array<{ table: string; row: string }>> {
    const rows: Array<{ table: string; row: string }> = [];
    for (const table of await ownTables(api.db, DATABASE)) {
      const all = (await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(api.db)).rows;
      for (const row of all) rows.push({ table: table.name, row: JSON.stringify(row).toLowerCase() });
    }
    return rows;
  }

  async function readArchive(res: Response) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "student-data-"));
    const file = path.join(dir, "archive.tar.gz");
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const names = await extractTar(file, path.join(dir, "out"));
    const read = (name: string) => fs.readFileSync(path.join(dir, "out", name));
    return { names, read, done: () => fs.rmSync(dir, { recursive: true, force: true }) };
  }

  it("exports everything about a student as one .tar.gz: the JSON, the photo, the documents, the receipts", async () => {
    const s = await fullStudent("Adaeze Okafor");
    const res = await call("GET", `/students/${s.uniqueId}/data-export`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="student-data-${s.uniqueId}.tar.gz"`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const archive = await readArchive(res);
    try {
      expect(archive.names.sort()).toEqual(
        [
          `${s.uniqueId}/student-data.json`,
          `${s.uniqueId}/photo.png`,
          `${s.uniqueId}/admission/ADM-${s.id}/birthCertificate.pdf`,
          `${s.uniqueId}/receipts/receipt-${s.id}.pdf`,
        ].sort(),
      );
      expect(archive.read(`${s.uniqueId}/photo.png`).equals(PNG_BYTES)).toBe(true);
      expect(archive.read(`${s.uniqueId}/admission/ADM-${s.id}/birthCertificate.pdf`).equals(PDF_BYTES)).toBe(true);
      expect(archive.read(`${s.uniqueId}/receipts/receipt-${s.id}.pdf`).subarray(0, 5).toString()).toBe("%PDF-");
      const data = JSON.parse(archive.read(`${s.uniqueId}/student-data.json`).toString("utf8"));
      expect(data.student).toMatchObject({
        unique_id: s.uniqueId,
        name: "Adaeze Okafor",
        email: "ada@home.ng",
        class: "JSS1",
      });
      expect(data.guardians).toEqual([
        expect.objectContaining({ unique_id: s.parentId, name: "Parent of Adaeze Okafor" }),
      ]);
      expect(data.class_history).toEqual([expect.objectContaining({ class_name: "JSS1" })]);
      expect(data.results).toEqual([expect.objectContaining({ subject: "Mathematics", scores: { CA: 18, Exam: 55 } })]);
      expect(data.payments).toEqual([
        expect.objectContaining({ receipt_no: s.id, amount: 25000, receipt: `receipts/receipt-${s.id}.pdf` }),
      ]);
      expect(data.purchases).toEqual([expect.objectContaining({ item_name: "Sweater", total: 5000 })]);
      expect(data.attendance).toEqual([
        {
          date: s.day,
          class: "JSS1",
          term: "1st Term",
          session: "2026/2027",
          status: "absent",
          note: "Adaeze Okafor was unwell",
          taken_by: "Main admin",
        },
      ]);
      expect(data.report_extras).toEqual([
        expect.objectContaining({
          session: "2025/2026",
          term: "1st Term",
          days_present: 58,
          ratings: { Punctuality: 4 },
          extra_inputs: { Club: "Debate" },
          teacher_remark: "Adaeze Okafor is a careful reader.",
        }),
      ]);
      expect(data.online_payments).toEqual([
        expect.objectContaining({
          reference: s.onlineReference,
          payer_name: "Payer for Adaeze Okafor",
          amount: 30000,
          credit: 5000,
          status: "paid",
        }),
      ]);
      expect(data.credits).toEqual([
        expect.objectContaining({ term: "1st Term", amount: -5000, online_payment: s.onlineReference }),
        expect.objectContaining({ term: "2nd Term", amount: 5000, online_payment: s.onlineReference }),
      ]);
      expect(data.cbt_papers).toEqual([
        expect.objectContaining({
          test: "Mid-term test",
          subject: "Mathematics",
          submitted_at: "2026-01-10T09:20:00.000Z",
          answers: [{ n: 1, question: "2 + 2 =", answer: "4", marks: 2, out_of: 2 }],
        }),
      ]);
      expect(data.promotions).toEqual([
        expect.objectContaining({
          ending_session: "2024/2025",
          from_class: "Primary 6",
          to_class: "JSS1",
          graduated: false,
        }),
      ]);
      expect(data.messages).toEqual([
        expect.objectContaining({
          parent_name: "Parent of Adaeze Okafor",
          about: "Adaeze Okafor",
          channel: "email",
          text: "Adaeze Okafor won the spelling bee.",
        }),
      ]);
      expect(data.admission).toEqual([
        expect.objectContaining({
          reference: `ADM-${s.id}`,
          answers: { studentName: "Adaeze Okafor", homeAddress: "12 Allen Avenue, Ikeja" },
          documents: [
            expect.objectContaining({ field: "birthCertificate", file: `admission/ADM-${s.id}/birthCertificate.pdf` }),
          ],
        }),
      ]);
      expect(data.audit.map((e: { summary: string }) => e.summary)).toContain(
        `Recorded payment ${s.id} for Adaeze Okafor`,
      );
    } finally {
      archive.done();
    }
    const audit = await ok("GET", "/audit-log?kind=export");
    expect(JSON.stringify(audit.data)).toContain(`Exported the data of student Adaeze Okafor`);
  });

  it("refuses to erase a current student, and changes nothing", async () => {
    const s = await fullStudent("Current Pupil");
    const res = await call("POST", `/students/${s.uniqueId}/erase`);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(STUDENT_MESSAGES.eraseCurrentRefused);
    expect(await api.db.selectFrom("students").select("id").where("id", "=", s.id).executeTakeFirst()).toBeDefined();
  });

  it("erases a former student: every part removed, payments and purchases kept renamed, a childless parent kept", async () => {
    const s = await fullStudent("Chiamaka Nwosu");
    await ok("POST", `/students/${s.uniqueId}/backlog`, { reason: "Graduated" });
    const res = await call("POST", `/students/${s.uniqueId}/erase`);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe(
      `${STUDENT_MESSAGES.erased} 1 parent now has no child at the school and stays on the parents list.`,
    );
    expect(body.data).toEqual({
      unique_id: s.uniqueId,
      parents_without_children: [{ unique_id: s.parentId, name: "Parent of Chiamaka Nwosu" }],
      payments_kept: 1,
      purchases_kept: 1,
    });

    const db = api.db;
    const none = async (
      table: "students" | "student_classes" | "result_scores" | "parent_students",
      column: "id" | "student_id",
    ) => expect(await db.selectFrom(table).selectAll().where(column, "=", s.id).execute()).toEqual([]);
    await none("students", "id");
    await none("student_classes", "student_id");
    await none("result_scores", "student_id");
    await none("parent_students", "student_id");
    expect(await db.selectFrom("media").selectAll().where("key", "=", s.photoKey).execute()).toEqual([]);
    expect(await storage().get(s.photoKey)).toBeNull();
    expect(await storage().get(s.documentKey)).toBeNull();
    expect(await db.selectFrom("admission_submissions").selectAll().where("id", "=", s.submissionId).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom("admission_documents").selectAll().where("submission_id", "=", s.submissionId).execute(),
    ).toEqual([]);
    // The parent stays, with no child.
    expect((await call("GET", `/stu-parents/${s.parentId}`)).status).toBe(200);

    const payments = await db
      .selectFrom("fee_payments")
      .selectAll()
      .where("receipt_no", "=", s.id)
      .where("school_id", "=", schoolId)
      .execute();
    expect(payments).toEqual([
      expect.objectContaining({ student_id: null, student_name: ERASED_STUDENT_NAME, amount_kobo: expect.anything() }),
    ]);
    const receipt = await call("GET", `/fees/payments/${payments[0].id}/receipt`);
    expect(receipt.status).toBe(200);
    const purchases = await db
      .selectFrom("inventory_purchases")
      .selectAll()
      .where("student_unique_id", "=", s.uniqueId)
      .execute();
    expect(purchases).toEqual([expect.objectContaining({ student_id: null, student_name: ERASED_STUDENT_NAME })]);
    expect(purchases[0].search_text).not.toContain("chiamaka");

    const audit = await db
      .selectFrom("audit_log")
      .select(["kind", "summary"])
      .where("school_id", "=", schoolId)
      .execute();
    expect(JSON.stringify(audit)).not.toContain("Chiamaka");
    expect(audit).toContainEqual({ kind: "erasure", summary: `Erased a former student (${s.uniqueId})` });
    expect(audit).toContainEqual({ kind: "payment", summary: `Recorded payment ${s.id} for ${ERASED_STUDENT_NAME}` });

    for (const table of ["report_extras", "attendance_marks", "cbt_papers", "promotion_moves", "fee_credits"] as const)
      expect(await db.selectFrom(table).selectAll().where("student_id", "=", s.id).execute(), table).toEqual([]);
    const online = await db
      .selectFrom("online_payments")
      .selectAll()
      .where("reference", "=", s.onlineReference)
      .executeTakeFirstOrThrow();
    expect(online).toMatchObject({ student_id: null, payer_name: `Payer for ${ERASED_STUDENT_NAME}` });
    expect(Number(online.amount_kobo)).toBe(3_000_000);
    const lines = await db
      .selectFrom("message_recipients")
      .select(["students", "text"])
      .where("school_id", "=", schoolId)
      .where("parent_name", "=", "Parent of Chiamaka Nwosu")
      .execute();
    expect(lines).toEqual([{ students: ERASED_STUDENT_NAME, text: `${ERASED_STUDENT_NAME} won the spelling bee.` }]);

    // The name is in no table: only the parent, who stays, still has their own name (here made from the child's).
    const holding = (await everyRow())
      .filter(({ row }) => /chiamaka|nwosu/.test(row.replaceAll("parent of chiamaka nwosu", "")))
      .map(({ table }) => table);
    expect(holding).toEqual([]);

    expect((await call("POST", `/students/${s.uniqueId}/erase`)).status).toBe(404);
    expect((await call("GET", `/students/${s.uniqueId}/data-export`)).status).toBe(404);
  });

  it("refuses a sub-admin, even one holding the students key", async () => {
    const s = await fullStudent("Sub Refused");
    await ok("POST", `/students/${s.uniqueId}/backlog`, { reason: "Expelled" });
    const { data } = await ok("POST", "/sub-admins", {
      name: "Students Clerk",
      email: "clerk@school.ng",
      phone: "0803 000 0000",
      features: ["students"],
    });
    const login = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: school.uniqueId, email: "clerk@school.ng", password: data.password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const sub = { uniqueId: school.uniqueId, auth: bearer(token) };
    for (const [method, p] of [
      ["GET", `/students/${s.uniqueId}/data-export`],
      ["POST", `/students/${s.uniqueId}/erase`],
    ] as const) {
      const res = await call(method, p, undefined, sub);
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe(ACCESS_MESSAGES.forbidden);
    }
    expect(await api.db.selectFrom("students").select("id").where("id", "=", s.id).executeTakeFirst()).toBeDefined();
  });

  it("answers 404 for another school's student, and leaves it be", async () => {
    const s = await fullStudent("Walled Student");
    await ok("POST", `/students/${s.uniqueId}/backlog`, { reason: "Expelled" });
    expect((await call("GET", `/students/${s.uniqueId}/data-export`, undefined, other)).status).toBe(404);
    expect((await call("POST", `/students/${s.uniqueId}/erase`, undefined, other)).status).toBe(404);
    expect(await api.db.selectFrom("students").select("id").where("id", "=", s.id).executeTakeFirst()).toBeDefined();
  });
});
