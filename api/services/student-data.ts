import { sql, type ExpressionBuilder, type SqlBool } from "kysely";
import { ERASED_STUDENT_NAME, STUDENT_MESSAGES, erasedMessage, type StudentErasure } from "../../contract/students";
import { IMAGE_EXTENSIONS } from "../../contract/images";
import { errorFields, logger } from "../../observability/log";
import { tarGz } from "../../server-lib/tar";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import type { Database, Student } from "../db/schema";
import { containsPattern, likeLiteral } from "../db/search";
import { requireMainAdmin } from "../lib/access";
import { ApiError } from "../lib/errors";
import { recordAudit } from "./audit";
import { drawnOf, shownOptions, type Drawn } from "./cbt";
import { receiptPdf } from "./fee-receipt-pdf";
import { readMedia } from "./media";
import { findStudent } from "./students";

/**
 * A student's data on request (Nigeria's data-protection law): everything the school holds about one student
 * as one archive, and the erasure of a former student, keeping only the money records the school must keep.
 */

const DOCUMENT_EXTENSIONS: Record<string, string> = { ...IMAGE_EXTENSIONS, "application/pdf": "pdf" };

/**
 * Whether an audit entry names one of `ids` among its comma-separated record ids, matched literally (a Unique ID may
 * hold `_`, which LIKE would take for any character).
 */
const namesAnyOf = (ids: ReadonlyArray<string | number>) => (eb: ExpressionBuilder<Database, "audit_log">) =>
  eb.or(ids.map((id) => sql<SqlBool>`',' || record_ids || ',' like ${`%,${likeLiteral(String(id))},%`} escape '\\'`));

/** Whether a text column may hold `name` (whatever its case): a first sieve, `nameIn` then finds it as a whole name. */
const mayHold = (column: string, name: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(name)} escape '\\'`;

/**
 * The student's name as a whole name in a text, whatever its case: "Ada Obi" is found in "Dear parent of Ada Obi,"
 * and in "Ada Obi, Chidi Eze", not inside "Ada Obiora".
 */
function nameIn(name: string): RegExp {
  const literal = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${literal}(?![\\p{L}\\p{N}])`, "giu");
}

async function submissionsOf(db: Db, tenant: Tenant, studentId: number) {
  return db
    .selectFrom("admission_submissions as s")
    .innerJoin("admission_forms as f", "f.id", "s.form_id")
    .select([
      "s.id",
      "s.reference",
      "s.student_name",
      "s.class_applying_into",
      "s.status",
      "s.form_data",
      "s.created_at",
      "s.reviewed_at",
      "f.title as form_title",
    ])
    .where("s.school_id", "=", tenant.schoolId)
    .where("s.student_id", "=", studentId)
    .orderBy("s.id")
    .execute();
}

async function documentsOf(db: Db, tenant: Tenant, submissionIds: number[]) {
  if (!submissionIds.length) return [];
  return db
    .selectFrom("admission_documents")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where("submission_id", "in", submissionIds)
    .orderBy("id")
    .execute();
}

async function paymentsOf(db: Db, tenant: Tenant, studentId: number) {
  return db
    .selectFrom("fee_payments")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where("student_id", "=", studentId)
    .orderBy("receipt_no")
    .execute();
}

/** Payments made online for the student's fees or their application: money records, kept by an erasure. */
async function onlinePaymentsOf(db: Db, tenant: Tenant, studentId: number, submissionIds: number[]) {
  return db
    .selectFrom("online_payments")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where((eb) =>
      eb.or([
        eb("student_id", "=", studentId),
        ...(submissionIds.length ? [eb("submission_id", "in", submissionIds)] : []),
      ]),
    )
    .orderBy("id")
    .execute();
}

/** An answer as the student saw it: an objective choice is the index of the option as shown to them. */
function answerText(question: Parameters<typeof shownOptions>[0] | undefined, drawn: Drawn, choice: string) {
  const shown = question ? shownOptions(question, drawn) : null;
  return shown?.[Number(choice)] ?? choice;
}

/** The student's computer-based test papers: each test, and each answer with its question and marks. */
async function cbtPapersOf(db: Db, tenant: Tenant, studentId: number) {
  const school = tenant.schoolId;
  const papers = await db
    .selectFrom("cbt_papers as p")
    .innerJoin("cbt_tests as t", "t.id", "p.test_id")
    .select([
      "p.id",
      "p.questions",
      "p.started_at",
      "p.submitted_at",
      "t.title",
      "t.subject",
      "t.class_name",
      "t.term",
      "t.session",
    ])
    .where("p.school_id", "=", school)
    .where("p.student_id", "=", studentId)
    .orderBy("p.id")
    .execute();
  if (!papers.length) return [];
  const answers = await db
    .selectFrom("cbt_answers")
    .select(["paper_id", "n", "choice", "marks"])
    .where("school_id", "=", school)
    .where(
      "paper_id",
      "in",
      papers.map((p) => p.id),
    )
    .orderBy("paper_id")
    .orderBy("n")
    .execute();
  const drawn = new Map(papers.map((p) => [p.id, drawnOf(p)]));
  const ids = [...new Set([...drawn.values()].flat().map((d) => d.q))];
  const questions = new Map<number, { kind: string; text: string; options: string | null; marks: number }>();
  // In slices, within every database's limit of bound values.
  for (let at = 0; at < ids.length; at += 500)
    for (const q of await db
      .selectFrom("cbt_questions")
      .select(["id", "kind", "text", "options", "marks"])
      .where("school_id", "=", school)
      .where("id", "in", ids.slice(at, at + 500))
      .execute())
      questions.set(q.id, q);
  return papers.map((p) => ({
    test: p.title,
    subject: p.subject,
    class: p.class_name,
    term: p.term,
    session: p.session,
    started_at: p.started_at,
    submitted_at: p.submitted_at,
    answers: answers
      .filter((a) => Number(a.paper_id) === p.id)
      .map((a) => {
        const d = drawn.get(p.id)?.[a.n - 1] ?? { q: 0, o: null };
        const question = questions.get(d.q);
        return {
          n: a.n,
          question: question?.text ?? null,
          answer: answerText(question, d, a.choice),
          marks: a.marks === null ? null : Number(a.marks),
          out_of: question?.marks ?? null,
        };
      }),
  }));
}

/**
 * The lines of the message log about the student: the one kept when no parent reached them, and those to their
 * parents and guardians that name them among the children the line is about.
 */
async function messagesAbout(db: Db, tenant: Tenant, student: Student, parentIds: number[]) {
  const own = `s${student.id}`;
  const rows = await db
    .selectFrom("message_recipients as r")
    .innerJoin("messages as m", "m.id", "r.message_id")
    .select([
      "m.created_at as sent_at",
      "m.sent_by",
      "r.recipient_key",
      "r.parent_name",
      "r.students",
      "r.channel",
      "r.address",
      "r.text",
      "r.status",
    ])
    .where("r.school_id", "=", tenant.schoolId)
    .where((eb) =>
      eb.or([eb("r.recipient_key", "=", own), ...parentIds.map((id) => eb("r.recipient_key", "like", `p${id}:%`))]),
    )
    .orderBy("r.id")
    .execute();
  return rows
    .filter((r) => r.recipient_key === own || r.students.split(", ").includes(student.name))
    .map(({ recipient_key: _key, students, ...rest }) => ({ ...rest, about: students }));
}

function studentRecord(row: Student) {
  return {
    unique_id: row.unique_id,
    name: row.name,
    class: row.class_name,
    gender: row.gender,
    phone_number: row.phone_number,
    email: row.email,
    address: row.address,
    admission_number: row.admission_number,
    takes_lesson: row.takes_lesson === 1,
    subjects: row.subjects,
    subject_combo: row.subject_combo,
    status: row.status === "backlog" ? "former student" : "current student",
    backlog_reason: row.backlog_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * `GET /students/{id}/data-export`: a .tar.gz under `<unique_id>/` holding `student-data.json` (the record,
 * guardians, class history, results, report-card extras, attendance marks, computer-based test papers, promotions,
 * optional fees, discounts, payments, online payments, credits, purchases, admission answers, the message log's
 * lines about the student and the audit entries about them), the photo, the admission documents and each
 * payment's receipt as files.
 */
export async function exportStudentData(
  deps: ApiDeps,
  tenant: Tenant,
  key: string,
): Promise<{ bytes: Buffer; filename: string }> {
  requireMainAdmin(tenant);
  const student = await findStudent(deps, tenant, key);
  const school = tenant.schoolId;
  const db = deps.db;
  const [
    guardians,
    classes,
    results,
    reportExtras,
    attendance,
    cbtPapers,
    promotions,
    optionalFees,
    discounts,
    payments,
    credits,
    purchases,
    submissions,
  ] = await Promise.all([
    db
      .selectFrom("parent_students as ps")
      .innerJoin("parents as p", "p.id", "ps.parent_id")
      .select(["p.id", "p.unique_id", "p.name", "p.email", "p.phone", "p.address", "ps.created_at as linked_at"])
      .where("ps.school_id", "=", school)
      .where("ps.student_id", "=", student.id)
      .orderBy("p.id")
      .execute(),
    db
      .selectFrom("student_classes")
      .select(["session", "class_name", "recorded_at"])
      .where("school_id", "=", school)
      .where("student_id", "=", student.id)
      .orderBy("session")
      .execute(),
    db
      .selectFrom("result_scores")
      .select(["session", "term", "result", "class_name", "subject", "scores", "updated_at"])
      .where("school_id", "=", school)
      .where("student_id", "=", student.id)
      .orderBy("session")
      .orderBy("term")
      .orderBy("subject")
      .execute(),
    db
      .selectFrom("report_extras")
      .select([
        "session",
        "term",
        "result",
        "class_name",
        "days_opened",
        "days_present",
        "days_absent",
        "ratings",
        "extra_inputs",
        "teacher_remark",
        "principal_remark",
        "updated_at",
      ])
      .where("school_id", "=", school)
      .where("student_id", "=", student.id)
      .orderBy("session")
      .orderBy("term")
      .orderBy("result")
      .execute(),
    db
      .selectFrom("attendance_marks as m")
      .innerJoin("attendance_registers as r", "r.id", "m.register_id")
      .select(["r.date", "r.class_name", "r.term", "r.session", "m.status", "m.note", "r.taken_by"])
      .where("m.school_id", "=", school)
      .where("m.student_id", "=", student.id)
      .orderBy("r.date")
      .execute(),
    cbtPapersOf(db, tenant, student.id),
    db
      .selectFrom("promotion_moves as m")
      .innerJoin("promotions as p", "p.id", "m.promotion_id")
      .select(["p.ending_session", "p.new_session", "m.from_class", "m.to_class", "m.graduated", "p.created_at"])
      .where("m.school_id", "=", school)
      .where("m.student_id", "=", student.id)
      .orderBy("p.id")
      .execute(),
    db
      .selectFrom("fee_assignments as a")
      .innerJoin("fee_items as i", "i.id", "a.fee_item_id")
      .select(["i.name", "i.term", "i.session", "i.amount_kobo", "a.created_at"])
      .where("a.school_id", "=", school)
      .where("a.student_id", "=", student.id)
      .orderBy("a.created_at")
      .execute(),
    db
      .selectFrom("fee_discounts")
      .select(["term", "session", "amount_kobo", "reason", "created_at"])
      .where("school_id", "=", school)
      .where("student_id", "=", student.id)
      .orderBy("id")
      .execute(),
    paymentsOf(db, tenant, student.id),
    db
      .selectFrom("fee_credits as c")
      .leftJoin("online_payments as o", "o.id", "c.online_payment_id")
      .select(["c.term", "c.session", "c.amount_kobo", "o.reference as online_payment", "c.created_at"])
      .where("c.school_id", "=", school)
      .where("c.student_id", "=", student.id)
      .orderBy("c.id")
      .execute(),
    db
      .selectFrom("inventory_purchases")
      .select([
        "item_name",
        "group_name",
        "class_name",
        "quantity",
        "unit_price_kobo",
        "total_kobo",
        "term",
        "session",
        "sold_at",
      ])
      .where("school_id", "=", school)
      .where("student_id", "=", student.id)
      .orderBy("id")
      .execute(),
    submissionsOf(db, tenant, student.id),
  ]);
  const submissionIds = submissions.map((s) => s.id);
  const [documents, onlinePayments, messages] = await Promise.all([
    documentsOf(db, tenant, submissionIds),
    onlinePaymentsOf(db, tenant, student.id, submissionIds),
    messagesAbout(
      db,
      tenant,
      student,
      guardians.map((g) => g.id),
    ),
  ]);
  const audit = await db
    .selectFrom("audit_log")
    .select(["created_at", "actor_name", "kind", "summary"])
    .where("school_id", "=", school)
    .where(namesAnyOf([student.unique_id, student.id, ...payments.map((p) => p.id)]))
    .orderBy("id")
    .execute();

  const root = student.unique_id;
  const files: { name: string; bytes: Uint8Array }[] = [];
  const photo = student.profile_img_key ? await readMedia(deps, student.profile_img_key) : null;
  if (photo) files.push({ name: `${root}/photo.${photo.extension}`, bytes: photo.bytes });
  const admission = [];
  for (const submission of submissions) {
    const kept = [];
    for (const doc of documents.filter((d) => d.submission_id === submission.id)) {
      const bytes = await deps.storage.get(doc.storage_key);
      if (!bytes) continue;
      const name = `admission/${submission.reference}/${doc.field}.${DOCUMENT_EXTENSIONS[doc.mime_type] ?? "bin"}`;
      files.push({ name: `${root}/${name}`, bytes });
      kept.push({ field: doc.field, file: name, original_name: doc.original_name, mime_type: doc.mime_type });
    }
    const { id: _id, form_data, ...rest } = submission;
    admission.push({ ...rest, answers: JSON.parse(form_data) as Record<string, string>, documents: kept });
  }
  const receipts: string[] = [];
  for (const payment of payments) {
    const pdf = await receiptPdf(deps, tenant, payment.id);
    const name = `receipts/receipt-${payment.receipt_no}.pdf`;
    files.push({ name: `${root}/${name}`, bytes: pdf.bytes });
    receipts.push(name);
  }

  const naira = (kobo: number | string) => Number(kobo) / 100;
  const data = {
    exported_at: deps.now().toISOString(),
    school: tenant.uniqueId,
    student: studentRecord(student),
    photo: photo ? `photo.${photo.extension}` : null,
    guardians: guardians.map(({ id: _id, ...rest }) => rest),
    class_history: classes,
    results: results.map(({ scores, ...rest }) => ({ ...rest, scores: JSON.parse(scores) as unknown })),
    report_extras: reportExtras.map(({ ratings, extra_inputs, ...rest }) => ({
      ...rest,
      ratings: JSON.parse(ratings) as unknown,
      extra_inputs: JSON.parse(extra_inputs) as unknown,
    })),
    attendance: attendance.map(({ class_name, ...rest }) => ({ ...rest, class: class_name })),
    cbt_papers: cbtPapers,
    promotions: promotions.map(({ graduated, created_at, ...rest }) => ({
      ...rest,
      graduated: graduated === 1,
      promoted_at: created_at,
    })),
    optional_fees: optionalFees.map(({ amount_kobo, ...rest }) => ({ ...rest, amount: naira(amount_kobo) })),
    discounts: discounts.map(({ amount_kobo, ...rest }) => ({ ...rest, amount: naira(amount_kobo) })),
    payments: payments.map((p, i) => ({
      receipt_no: p.receipt_no,
      receipt: receipts[i],
      name_on_receipt: p.student_name,
      class: p.student_class,
      term: p.term,
      session: p.session,
      amount: naira(p.amount_kobo),
      paid_on: p.paid_on,
      method: p.method,
      reference: p.reference,
      recorded_at: p.recorded_at,
      reversed_at: p.reversed_at,
      reversal_reason: p.reversal_reason,
    })),
    online_payments: onlinePayments.map((o) => ({
      reference: o.reference,
      purpose: o.purpose,
      term: o.term,
      session: o.session,
      payer_name: o.payer_name,
      payer_email: o.payer_email,
      amount: naira(o.amount_kobo),
      credit: naira(o.credit_kobo),
      status: o.status,
      paid_at: o.paid_at,
      created_at: o.created_at,
    })),
    credits: credits.map(({ amount_kobo, ...rest }) => ({ ...rest, amount: naira(amount_kobo) })),
    purchases: purchases.map(({ unit_price_kobo, total_kobo, ...rest }) => ({
      ...rest,
      unit_price: naira(unit_price_kobo),
      total: naira(total_kobo),
    })),
    admission,
    messages,
    audit,
  };
  const json = { name: `${root}/student-data.json`, bytes: Buffer.from(JSON.stringify(data, null, 2)) };
  const bytes = tarGz([json, ...files], deps.now());
  await recordAudit(deps, tenant, {
    kind: "export",
    summary: `Exported the data of student ${student.name}`,
    recordIds: [student.unique_id],
  });
  return { bytes, filename: `student-data-${student.unique_id}.tar.gz` };
}

/**
 * Replaces the student's name with ERASED_STUDENT_NAME in what the school keeps beyond the student's own rows:
 * online payments (a payer is named after the child when no parent paid), the message log (a message's text, the
 * children a line is about, the report cards it links) and the notifications. The name is found as a whole name;
 * another student of exactly the same name loses it there too, which an erasure prefers to leaving it.
 */
async function forgetName(trx: Db, tenant: Tenant, student: Student, submissionIds: number[]) {
  const school = tenant.schoolId;
  const pattern = nameIn(student.name);
  const without = (text: string) => text.replace(pattern, ERASED_STUDENT_NAME);

  for (const payment of await onlinePaymentsOf(trx, tenant, student.id, submissionIds))
    await trx
      .updateTable("online_payments")
      .set({ student_id: null, submission_id: null, payer_name: without(payment.payer_name) })
      .where("id", "=", payment.id)
      .execute();

  for (const message of await trx
    .selectFrom("messages")
    .select(["id", "body"])
    .where("school_id", "=", school)
    .where(mayHold("body", student.name))
    .execute())
    await trx
      .updateTable("messages")
      .set({ body: without(message.body) })
      .where("id", "=", message.id)
      .execute();

  const own = `s${student.id}`;
  for (const line of await trx
    .selectFrom("message_recipients")
    .select(["id", "recipient_key", "students", "text", "report_cards"])
    .where("school_id", "=", school)
    .where((eb) =>
      eb.or([
        eb("recipient_key", "=", own),
        mayHold("students", student.name),
        mayHold("text", student.name),
        mayHold("report_cards", student.name),
      ]),
    )
    .execute()) {
    // A queued line would otherwise link the erased student's report card when it is sent.
    const cards = line.report_cards
      ? (JSON.parse(line.report_cards) as { id: number }[]).filter((card) => card.id !== student.id)
      : [];
    await trx
      .updateTable("message_recipients")
      .set({
        students: line.recipient_key === own ? ERASED_STUDENT_NAME : without(line.students),
        text: without(line.text),
        report_cards: cards.length ? JSON.stringify(cards) : null,
      })
      .where("id", "=", line.id)
      .execute();
  }

  for (const notification of await trx
    .selectFrom("notifications")
    .select(["id", "summary"])
    .where("school_id", "=", school)
    .where(mayHold("summary", student.name))
    .execute())
    await trx
      .updateTable("notifications")
      .set({ summary: without(notification.summary) })
      .where("id", "=", notification.id)
      .execute();
}

/**
 * `POST /students/{id}/erase`: removes a former student's record, photo, admission submission and documents,
 * class history, results, report-card extras, attendance marks, computer-based test papers and answers, promotion
 * moves, optional fees, discounts, credits, guardian links and the links made for them (pay, report card, report
 * verification) in one transaction. Payments (with their receipts), online payments and purchases are money records
 * the school must keep: they stay, naming ERASED_STUDENT_NAME and no other personal data. Audit entries about the
 * student lose the name too, and so do the message log and the notifications wherever they name the student; the
 * erasure's own entry names only the student's Unique ID. A parent left with no child stays (a parent is the
 * school's contact in their own right).
 */
export async function eraseStudent(
  deps: ApiDeps,
  tenant: Tenant,
  key: string,
): Promise<{ message: string; data: StudentErasure }> {
  requireMainAdmin(tenant);
  const student = await findStudent(deps, tenant, key);
  if (student.status !== "backlog") throw new ApiError(409, STUDENT_MESSAGES.eraseCurrentRefused);
  const school = tenant.schoolId;

  const outcome = await deps.db.transaction().execute(async (trx) => {
    // Takes the row first: a twin request waits here, then finds the student gone (404), so one erasure is recorded.
    const taken = await trx
      .updateTable("students")
      .set({ updated_at: deps.now().toISOString() })
      .where("id", "=", student.id)
      .where("status", "=", "backlog")
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new ApiError(404, STUDENT_MESSAGES.notFound);
    const submissions = await submissionsOf(trx, tenant, student.id);
    const submissionIds = submissions.map((s) => s.id);
    const documents = await documentsOf(trx, tenant, submissionIds);
    const payments = await paymentsOf(trx, tenant, student.id);
    const parents = await trx
      .selectFrom("parent_students as ps")
      .innerJoin("parents as p", "p.id", "ps.parent_id")
      .select(["p.id", "p.unique_id", "p.name"])
      .where("ps.school_id", "=", school)
      .where("ps.student_id", "=", student.id)
      .execute();

    const auditIds = [student.unique_id, student.id, ...payments.map((p) => p.id), ...submissionIds];
    await trx
      .updateTable("audit_log")
      .set((eb) => ({ summary: eb.fn("replace", ["summary", eb.val(student.name), eb.val(ERASED_STUDENT_NAME)]) }))
      .where("school_id", "=", school)
      .where(namesAnyOf(auditIds))
      .execute();
    await trx
      .updateTable("fee_payments")
      .set({ student_id: null, student_name: ERASED_STUDENT_NAME })
      .where("school_id", "=", school)
      .where("student_id", "=", student.id)
      .execute();
    const purchases = await trx
      .updateTable("inventory_purchases")
      .set({
        student_id: null,
        student_name: ERASED_STUDENT_NAME,
        // As a sale writes it (api/services/inventory.ts): the item, class, group and student names.
        search_text: sql<string>`lower(item_name || ' ' || class_name || ' ' || group_name || ' ' || ${ERASED_STUDENT_NAME})`,
      })
      .where("school_id", "=", school)
      .where("student_id", "=", student.id)
      .executeTakeFirst();
    await forgetName(trx, tenant, student, submissionIds);
    if (submissionIds.length) {
      await trx.deleteFrom("admission_documents").where("submission_id", "in", submissionIds).execute();
      await trx.deleteFrom("admission_submissions").where("id", "in", submissionIds).execute();
    }
    const papers = trx
      .selectFrom("cbt_papers")
      .select("id")
      .where("school_id", "=", school)
      .where("student_id", "=", student.id);
    await trx.deleteFrom("cbt_answers").where("school_id", "=", school).where("paper_id", "in", papers).execute();
    for (const table of [
      "parent_students",
      "student_classes",
      "result_scores",
      "report_extras",
      "attendance_marks",
      "cbt_papers",
      "promotion_moves",
      "fee_assignments",
      "fee_discounts",
      "fee_credits",
    ] as const)
      await trx.deleteFrom(table).where("school_id", "=", school).where("student_id", "=", student.id).execute();
    // Links that open the student's pay page, report card or report verification (its scores) without a sign-in.
    await trx
      .deleteFrom("public_links")
      .where("school_id", "=", school)
      .where((eb) =>
        eb.or([
          eb.and([eb("purpose", "in", ["payment", "report-verification"]), eb("subject", "=", String(student.id))]),
          eb.and([eb("purpose", "=", "report-card"), eb("subject", "like", `{"s":${student.id},%`)]),
        ]),
      )
      .execute();
    if (student.profile_img_key) await trx.deleteFrom("media").where("key", "=", student.profile_img_key).execute();
    await trx.deleteFrom("students").where("id", "=", student.id).execute();

    const stillParents = parents.length
      ? await trx
          .selectFrom("parent_students")
          .select("parent_id")
          .where(
            "parent_id",
            "in",
            parents.map((p) => p.id),
          )
          .execute()
      : [];
    await recordAudit(
      deps,
      tenant,
      { kind: "erasure", summary: `Erased a former student (${student.unique_id})`, recordIds: [student.unique_id] },
      trx,
    );
    return {
      storageKeys: documents.map((d) => d.storage_key),
      data: {
        unique_id: student.unique_id,
        parents_without_children: parents
          .filter((p) => !stillParents.some((s) => s.parent_id === p.id))
          .map((p) => ({ unique_id: p.unique_id, name: p.name })),
        payments_kept: payments.length,
        purchases_kept: Number(purchases.numUpdatedRows),
      },
    };
  });

  // The files go once the rows that point at them are gone; one left behind is unreachable, and logged.
  for (const storageKey of [student.profile_img_key, ...outcome.storageKeys]) {
    if (!storageKey) continue;
    await deps.storage.remove(storageKey).catch((error: unknown) => {
      logger.warn("erased student's file not removed", errorFields(error));
    });
  }
  return { message: erasedMessage(outcome.data.parents_without_children.length), data: outcome.data };
}
