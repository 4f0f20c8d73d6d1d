import { sql, type ExpressionBuilder, type SqlBool } from "kysely";
import { ERASED_STUDENT_NAME, STUDENT_MESSAGES, erasedMessage, type StudentErasure } from "../../contract/students";
import { IMAGE_EXTENSIONS } from "../../contract/images";
import { errorFields, logger } from "../../observability/log";
import { tarGz } from "../../server-lib/tar";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import type { Database, Student } from "../db/schema";
import { requireMainAdmin } from "../lib/access";
import { ApiError } from "../lib/errors";
import { recordAudit } from "./audit";
import { receiptPdf } from "./fee-receipt-pdf";
import { readMedia } from "./media";
import { findStudent } from "./students";

/**
 * A student's data on request (Nigeria's data-protection law): everything the school holds about one student
 * as one archive, and the erasure of a former student, keeping only the money records the school must keep.
 */

const DOCUMENT_EXTENSIONS: Record<string, string> = { ...IMAGE_EXTENSIONS, "application/pdf": "pdf" };

/**
 * Whether an audit entry names one of `ids` among its comma-separated record ids. The ids are matched literally
 * (a Unique ID may hold `_`, which LIKE would take for any character).
 */
const namesAnyOf = (ids: ReadonlyArray<string | number>) => (eb: ExpressionBuilder<Database, "audit_log">) =>
  eb.or(
    ids.map((id) => {
      const literal = String(id).replace(/[\\%_]/g, (c) => `\\${c}`);
      return sql<SqlBool>`',' || record_ids || ',' like ${`%,${literal},%`} escape '\\'`;
    }),
  );

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
 * guardians, class history, results, optional fees, discounts, payments, purchases, admission answers, and the
 * audit entries about the student), the photo, the admission documents and each payment's receipt as files.
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
  const [guardians, classes, results, optionalFees, discounts, payments, purchases, submissions] = await Promise.all([
    db
      .selectFrom("parent_students as ps")
      .innerJoin("parents as p", "p.id", "ps.parent_id")
      .select(["p.unique_id", "p.name", "p.email", "p.phone", "p.address", "ps.created_at as linked_at"])
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
  const documents = await documentsOf(
    db,
    tenant,
    submissions.map((s) => s.id),
  );
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
    guardians,
    class_history: classes,
    results: results.map(({ scores, ...rest }) => ({ ...rest, scores: JSON.parse(scores) as unknown })),
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
    purchases: purchases.map(({ unit_price_kobo, total_kobo, ...rest }) => ({
      ...rest,
      unit_price: naira(unit_price_kobo),
      total: naira(total_kobo),
    })),
    admission,
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
 * `POST /students/{id}/erase`: removes a former student's record, photo, admission submission and documents,
 * class history, results, optional fees, discounts and guardian links in one transaction. Payments (with their
 * receipts) and purchases are money records the school must keep: they stay, naming ERASED_STUDENT_NAME and
 * no other personal data. Audit entries about the student lose the name too; the erasure's own names only the
 * student's Unique ID. A parent left with no child stays (a parent is the school's contact in their own right).
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
    if (submissionIds.length) {
      await trx.deleteFrom("admission_documents").where("submission_id", "in", submissionIds).execute();
      await trx.deleteFrom("admission_submissions").where("id", "in", submissionIds).execute();
    }
    for (const table of [
      "parent_students",
      "student_classes",
      "result_scores",
      "fee_assignments",
      "fee_discounts",
    ] as const)
      await trx.deleteFrom(table).where("school_id", "=", school).where("student_id", "=", student.id).execute();
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
