import { createHash } from "node:crypto";
import {
  ADMISSION_LIMITS,
  ADMISSION_MESSAGES as M,
  ADMISSION_SPEC_MESSAGES as SPEC,
  ADMISSION_FIELDS,
  DOCUMENT_FIELDS,
  HONEYPOT_FIELD,
  applicationPath,
  reviewPath,
  type AdmissionForm,
  type FormDataEntry,
  type FormStatus,
  type PublicAdmissionForm,
  type PublicSubmission,
  type SubmissionDetail,
  type SubmissionRow,
  type SubmissionStatus,
} from "../../contract/admissions";
import {
  admissionFormFields,
  applicationFields,
  bulkDecisionPayload,
  toggleStatusPayload,
} from "../../contract/admissions.schema";
import { ACCESS_MESSAGES } from "../../contract/access";
import { CBT_ADMISSION_MESSAGES } from "../../contract/cbt";
import { formTestPayload } from "../../contract/cbt.schema";
import { applicantAccess, applicantScore, issueApplicantPaper } from "./cbt-admissions";
import { BULK_DECISION_MESSAGES as BULK, type BulkDecision } from "../../contract/admission-decisions";
import { requireMainAdmin } from "../lib/access";
import type { FieldErrors, Paginated } from "../../contract/http";
import { koboToNaira } from "../../contract/money";
import { APP_MESSAGES } from "../../contract/messages";
import { firstField, type DiskFile, type DiskMultipartResult } from "../../server-lib/multipart";
import { toE164 } from "../../contract/phone";
import { errorFields, logger } from "../../observability/log";
import type { ApiDeps, Tenant } from "../context";
import { recordAudit } from "./audit";
import { notify } from "./notifications";
import type { Db } from "../db";
import { readableId, randomKey } from "../lib/crypto";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, fromZod, validationError } from "../lib/errors";
import { detectFileType } from "../lib/file-types";
import { boundImage, checkImageHeader } from "../lib/images";
import { idempotencyKey } from "../lib/idempotency";
import { paginate, type PageParams } from "../lib/pagination";
import { cleanFileName, diskBytes } from "./files";
import { mediaUrl, storeImage, removeMedia } from "./media";
import { sendApplicantDecision } from "./messages";
import { linkApplicantParent } from "./parents";
import { getSchoolSettings } from "./settings";
import { gatewayOf, startPayment } from "./payments";
import { PAYMENT_MESSAGES } from "../../contract/payments";
import { insertStudent, studentColumns } from "./students";

const HOUR_MS = 60 * 60 * 1000;
const DOCUMENT_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"]);

type FormRow = {
  id: number;
  public_id: string;
  title: string;
  amount_kobo: number | string;
  cbt_enabled: number;
  cbt_test_id: number | null;
  status: FormStatus;
  created_at: string;
};

function toForm(row: FormRow, submissionCount: number): AdmissionForm {
  return {
    id: row.id,
    title: row.title,
    amount: koboToNaira(Number(row.amount_kobo)),
    cbt_enabled: row.cbt_enabled === 1,
    cbt_test_id: row.cbt_test_id,
    status: row.status,
    public_id: row.public_id,
    public_link: applicationPath(row.public_id),
    created_at: row.created_at,
    submission_count: submissionCount,
  };
}

/** A record id from a path: a whole number that fits the id column, else nothing at all. */
function recordId(raw: string, missing: string): number {
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > 2_147_483_647) throw new ApiError(404, missing);
  return id;
}

// ---- Forms (admin) ----

const liveForms = (db: Db, tenant: Tenant) =>
  db.selectFrom("admission_forms").where("school_id", "=", tenant.schoolId).where("deleted_at", "is", null);

async function submissionCounts(db: Db, formIds: number[]): Promise<Map<number, number>> {
  if (!formIds.length) return new Map();
  const rows = await db
    .selectFrom("admission_submissions")
    .select(["form_id", (eb) => eb.fn.countAll().as("n")])
    .where("form_id", "in", formIds)
    .groupBy("form_id")
    .execute();
  return new Map(rows.map((r) => [r.form_id, Number(r.n)]));
}

export async function listForms(deps: ApiDeps, tenant: Tenant, page: PageParams): Promise<Paginated<AdmissionForm>> {
  const base = liveForms(deps.db, tenant);
  return paginate(
    page,
    async () => (await base.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()).total as number,
    async (limit, offset) => {
      const rows = await base.selectAll().orderBy("id", "desc").limit(limit).offset(offset).execute();
      const counts = await submissionCounts(
        deps.db,
        rows.map((r) => r.id),
      );
      return rows.map((row) => toForm(row, counts.get(row.id) ?? 0));
    },
  );
}

async function findForm(deps: ApiDeps, tenant: Tenant, rawId: string) {
  const row = await liveForms(deps.db, tenant)
    .selectAll()
    .where("id", "=", recordId(rawId, M.formNotFound))
    .executeTakeFirst();
  if (!row) throw new ApiError(404, M.formNotFound);
  return row;
}

/** One of the school's forms, with its submission count. */
export async function getForm(deps: ApiDeps, tenant: Tenant, rawId: string): Promise<AdmissionForm> {
  const row = await findForm(deps, tenant, rawId);
  return toForm(row, (await submissionCounts(deps.db, [row.id])).get(row.id) ?? 0);
}

/** Adds a form; a re-sent idempotency key answers the form made then (`replayed`). */
export async function createForm(
  deps: ApiDeps,
  tenant: Tenant,
  raw: unknown,
  idempotencyHeader?: string,
): Promise<{ form: AdmissionForm; replayed: boolean }> {
  const key = idempotencyKey(idempotencyHeader);
  const earlier = async () =>
    key
      ? await deps.db
          .selectFrom("admission_forms")
          .selectAll()
          .where("school_id", "=", tenant.schoolId)
          .where("idempotency_key", "=", key)
          .executeTakeFirst()
      : undefined;
  const found = await earlier();
  if (found)
    return { form: toForm(found, (await submissionCounts(deps.db, [found.id])).get(found.id) ?? 0), replayed: true };

  const parsed = admissionFormFields.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const now = deps.now().toISOString();
  try {
    const row = await deps.db
      .insertInto("admission_forms")
      .values({
        school_id: tenant.schoolId,
        public_id: randomKey() + randomKey(),
        title: parsed.data.title,
        amount_kobo: parsed.data.amount,
        cbt_enabled: parsed.data.cbt_enabled ? 1 : 0,
        status: parsed.data.status,
        idempotency_key: key,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { form: toForm(row, 0), replayed: false };
  } catch (error) {
    const raced = isUniqueViolation(error) ? await earlier() : undefined;
    if (raced) return { form: toForm(raced, 0), replayed: true };
    throw error;
  }
}

/** Sets the status sent (setting it again changes nothing more, so a double tap is harmless). */
export async function setFormStatus(
  deps: ApiDeps,
  tenant: Tenant,
  rawId: string,
  raw: unknown,
): Promise<AdmissionForm> {
  const form = await findForm(deps, tenant, rawId);
  const parsed = toggleStatusPayload.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const row = await deps.db
    .updateTable("admission_forms")
    .set({ status: parsed.data.status, updated_at: deps.now().toISOString() })
    .where("id", "=", form.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toForm(row, (await submissionCounts(deps.db, [row.id])).get(row.id) ?? 0);
}

/**
 * `PUT /admission-forms/{id}/cbt-test`: the test a form with `cbt_enabled` gives its applicants (one of the school's
 * tests; null removes it). Applicants who have a paper keep it.
 */
export async function setFormTest(deps: ApiDeps, tenant: Tenant, rawId: string, raw: unknown): Promise<AdmissionForm> {
  const form = await findForm(deps, tenant, rawId);
  const parsed = formTestPayload.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const testId = parsed.data.test_id;
  if (testId !== null) {
    if (form.cbt_enabled !== 1) throw validationError({ test_id: [CBT_ADMISSION_MESSAGES.formNotCbt] });
    const test = await deps.db
      .selectFrom("cbt_tests")
      .select("id")
      .where("school_id", "=", tenant.schoolId)
      .where("id", "=", testId)
      .executeTakeFirst();
    if (!test) throw validationError({ test_id: [CBT_ADMISSION_MESSAGES.testUnknown] });
  }
  const row = await deps.db
    .updateTable("admission_forms")
    .set({ cbt_test_id: testId, updated_at: deps.now().toISOString() })
    .where("id", "=", form.id)
    .where("school_id", "=", tenant.schoolId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toForm(row, (await submissionCounts(deps.db, [row.id])).get(row.id) ?? 0);
}

/**
 * Deletes a form: it leaves the list and its public link closes; its submissions stay reviewable. A form
 * deleted already (a second tap) is reported deleted again.
 */
export async function deleteForm(deps: ApiDeps, tenant: Tenant, rawId: string): Promise<void> {
  const id = recordId(rawId, M.formNotFound);
  const row = await deps.db
    .selectFrom("admission_forms")
    .select(["id", "deleted_at"])
    .where("school_id", "=", tenant.schoolId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, M.formNotFound);
  if (row.deleted_at) return;
  await deps.db
    .updateTable("admission_forms")
    .set({ deleted_at: deps.now().toISOString(), status: "inactive" })
    .where("id", "=", id)
    .execute();
}

// ---- The public application page ----

async function publicForm(deps: ApiDeps, publicId: string) {
  if (!/^[a-f0-9]{64}$/.test(publicId)) throw new ApiError(404, M.formNotFound);
  const row = await deps.db
    .selectFrom("admission_forms")
    .selectAll()
    .where("public_id", "=", publicId)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, M.formNotFound);
  const school = await deps.db
    .selectFrom("schools")
    .select(["id", "unique_id", "school_name", "logo_key"])
    .where("id", "=", row.school_id)
    .executeTakeFirstOrThrow();
  return {
    row,
    school,
    tenant: { schoolId: school.id, uniqueId: school.unique_id } satisfies Tenant,
    open: row.status === "active" && !row.deleted_at,
  };
}

const classNames = async (deps: ApiDeps, tenant: Tenant) =>
  (await getSchoolSettings(deps, tenant)).classes.map((c) => c.class_name);

/** What the public page shows: the form, the school's name and logo, and (while open) its classes. Nothing else. */
export async function readPublicForm(deps: ApiDeps, publicId: string): Promise<PublicAdmissionForm> {
  const { row, school, tenant, open } = await publicForm(deps, publicId);
  return {
    title: row.title,
    amount: koboToNaira(Number(row.amount_kobo)),
    cbt_enabled: row.cbt_enabled === 1,
    open,
    school: { school_name: school.school_name, logo_url: mediaUrl(school.logo_key) },
    classes: open ? await classNames(deps, tenant) : [],
  };
}

/**
 * The confirmation page's check: this reference belongs to this form; with its fee, whether it is paid, and the
 * applicant's test (its PIN on the first read only).
 */
export async function readPublicSubmission(
  deps: ApiDeps,
  publicId: string,
  reference: string,
): Promise<PublicSubmission> {
  const { row } = await publicForm(deps, publicId);
  const found = await deps.db
    .selectFrom("admission_submissions")
    .select(["id", "school_id", "reference", "payment_status"])
    .where("form_id", "=", row.id)
    .where("reference", "=", reference.slice(0, 40))
    .executeTakeFirst();
  if (!found) throw new ApiError(404, M.submissionNotFound);
  return {
    reference: found.reference,
    title: row.title,
    amount: koboToNaira(Number(row.amount_kobo)),
    payment_status: found.payment_status,
    cbt: row.cbt_enabled === 1 ? await applicantAccess(deps, found.school_id, found.id) : null,
  };
}

/**
 * Starts paying an application's fee (from the form just sent, or from the done page after an abandoned payment):
 * Paystack's checkout address to send the applicant to. Refused when there is nothing to pay online.
 */
export async function payApplication(deps: ApiDeps, publicId: string, reference: string) {
  const { row } = await publicForm(deps, publicId);
  const found = await deps.db
    .selectFrom("admission_submissions")
    .select(["id", "school_id", "payment_status", "form_data", "student_name"])
    .where("form_id", "=", row.id)
    .where("reference", "=", reference.slice(0, 40))
    .executeTakeFirst();
  if (!found) throw new ApiError(404, M.submissionNotFound);
  if (found.payment_status === "paid") throw new ApiError(409, PAYMENT_MESSAGES.alreadyPaid);
  if (found.payment_status !== "unpaid") throw new ApiError(409, PAYMENT_MESSAGES.notOwed);
  const answers = JSON.parse(found.form_data) as Record<string, string>;
  const started = await startPayment(deps, found.school_id, {
    purpose: "application",
    submissionId: found.id,
    payerName: answers.parentName || found.student_name,
    payerEmail: answers.emailAddress,
    amountKobo: Number(row.amount_kobo),
  });
  return { authorization_url: started.authorizationUrl, payment_reference: started.reference };
}

/** Only a hash of the address is kept: enough to count, not to know who. */
export const addressHash = (address: string) => createHash("sha256").update(`admission:${address}`).digest("hex");

async function countSince(deps: ApiDeps, where: { form_id: number } | { school_id: number; address_hash: string }) {
  const since = new Date(deps.now().getTime() - HOUR_MS).toISOString();
  let query = deps.db
    .selectFrom("admission_submissions")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("created_at", ">", since);
  if ("form_id" in where) query = query.where("form_id", "=", where.form_id);
  else query = query.where("address_hash", "=", where.address_hash).where("school_id", "=", where.school_id);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * The abuse limits: so many submissions an hour from one address to one school (over its forms: another school's
 * form is not closed by them), and to one form.
 */
async function assertWithinLimits(deps: ApiDeps, form: { id: number; school_id: number }, address: string) {
  const retry = { "Retry-After": String(HOUR_MS / 1000) };
  if (
    (await countSince(deps, { school_id: form.school_id, address_hash: address })) >= ADMISSION_LIMITS.perAddressPerHour
  ) {
    throw new ApiError(429, M.tooManyFromAddress, undefined, retry);
  }
  if ((await countSince(deps, { form_id: form.id })) >= ADMISSION_LIMITS.perFormPerHour) {
    throw new ApiError(429, M.tooManyForForm, undefined, retry);
  }
}

/** Each document sent, checked by its bytes: an image or a PDF, not empty, within the cap. */
async function checkDocuments(files: DiskFile[], errors: FieldErrors) {
  const accepted: Array<{ field: string; file: DiskFile; mime: string }> = [];
  for (const field of DOCUMENT_FIELDS) {
    const file = files.find((f) => f.field === field);
    if (!file) continue;
    if (file.truncated || file.size > ADMISSION_LIMITS.documentMaxBytes) {
      errors[field] = [M.documentTooLarge];
      continue;
    }
    const detected = await detectFileType(diskBytes(file), file.filename);
    const header = detected.ok && detected.type.mime.startsWith("image/") ? await checkImageHeader(file.path) : null;
    if (!detected.ok) errors[field] = [detected.reason === "empty" ? M.documentEmpty : M.documentRefused];
    else if (!DOCUMENT_TYPES.has(detected.type.mime)) errors[field] = [M.documentRefused];
    else if (header && !header.ok)
      errors[field] = [header.reason === "pixels" ? APP_MESSAGES.imageTooManyPixels : M.documentRefused];
    else accepted.push({ field, file, mime: detected.type.mime });
  }
  return accepted;
}

/** The text answers, checked against the form's rules, the school's classes, the phone metadata and today. */
async function checkAnswers(deps: ApiDeps, tenant: Tenant, form: DiskMultipartResult, errors: FieldErrors) {
  const input = Object.fromEntries(
    ADMISSION_FIELDS.filter((f) => f.kind !== "file").map((f) => [f.name, firstField(form, f.name) ?? ""]),
  );
  const parsed = applicationFields.safeParse(input);
  if (!parsed.success) Object.assign(errors, fromZod(parsed.error).errors);
  const answers = (parsed.success ? parsed.data : {}) as Record<string, string | undefined>;
  if (!errors.phoneNumber) {
    const phone = toE164(input.phoneNumber);
    if (!phone) errors.phoneNumber = ["Enter a valid phone number."];
    else answers.phoneNumber = phone;
  }
  if (!errors.classApplyingInto && !(await classNames(deps, tenant)).includes(input.classApplyingInto.trim())) {
    errors.classApplyingInto = [M.classUnknown];
  }
  if (!errors.dateOfBirth && answers.dateOfBirth && answers.dateOfBirth > deps.now().toISOString().slice(0, 10)) {
    errors.dateOfBirth = [M.dateInFuture];
  }
  // Empty optional answers are not kept.
  return Object.fromEntries(Object.entries(answers).filter(([, v]) => v)) as Record<string, string>;
}

const studentNameOf = (answers: Record<string, string>) =>
  [answers.firstName, answers.middleName, answers.surname].filter(Boolean).join(" ");

/**
 * An application sent from the public page. Order matters: a re-sent form (same key) answers what it
 * made; the honeypot and the limits refuse before anything is read further; every answer and document
 * is then checked, and one problem anywhere writes nothing. Documents are stored first, the rows
 * written in one transaction after; a failure removes the stored bytes.
 */
export async function submitApplication(
  deps: ApiDeps,
  publicId: string,
  form: DiskMultipartResult,
  address: string,
  idempotencyHeader?: string,
): Promise<{ reference: string; replayed: boolean }> {
  const { row, tenant, open } = await publicForm(deps, publicId);
  if (!open) throw new ApiError(409, M.closed);
  const key = idempotencyKey(idempotencyHeader ?? firstField(form, "idempotency_key"));
  const earlier = async () =>
    key
      ? await deps.db
          .selectFrom("admission_submissions")
          .select(["id", "reference"])
          .where("form_id", "=", row.id)
          .where("idempotency_key", "=", key)
          .executeTakeFirst()
      : undefined;
  const found = await earlier();
  if (found) return { reference: found.reference, replayed: true };

  if ((firstField(form, HONEYPOT_FIELD) ?? "").trim()) throw new ApiError(422, M.honeypot);
  const hashed = addressHash(address);
  await assertWithinLimits(deps, row, hashed);
  if (form.tooManyFiles) throw new ApiError(413, `At most ${DOCUMENT_FIELDS.length} documents can be sent.`);

  const errors: FieldErrors = {};
  const answers = await checkAnswers(deps, tenant, form, errors);
  const documents = await checkDocuments(form.files, errors);
  if (Object.keys(errors).length) throw validationError(errors);

  const stored: string[] = [];
  try {
    for (const doc of documents) {
      const storageKey = randomKey();
      await deps.storage.putFile(storageKey, doc.file.path, doc.file.size);
      stored.push(storageKey);
    }
    const now = deps.now().toISOString();
    const reference = readableId("ADM", 8);
    const submissionId = await deps.db.transaction().execute(async (trx) => {
      const submission = await trx
        .insertInto("admission_submissions")
        .values({
          school_id: tenant.schoolId,
          form_id: row.id,
          reference,
          student_name: studentNameOf(answers),
          class_applying_into: answers.classApplyingInto,
          status: "pending",
          form_data: JSON.stringify(answers),
          address_hash: hashed,
          idempotency_key: key,
          student_id: null,
          reviewed_at: null,
          created_at: now,
          updated_at: now,
          payment_status: Number(row.amount_kobo) <= 0 ? "not_required" : gatewayOf(deps) ? "unpaid" : "at_school",
          payment_reference: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (documents.length) {
        await trx
          .insertInto("admission_documents")
          .values(
            documents.map((doc, i) => ({
              school_id: tenant.schoolId,
              submission_id: submission.id,
              field: doc.field,
              storage_key: stored[i],
              original_name: cleanFileName(doc.file.filename),
              mime_type: doc.mime,
              size: doc.file.size,
              created_at: now,
            })),
          )
          .execute();
      }
      await notify(
        trx,
        tenant.schoolId,
        {
          kind: "admission_submitted",
          feature: "admission",
          summary: `New application from ${studentNameOf(answers)} for ${answers.classApplyingInto} (${row.title})`,
          link: reviewPath(tenant.uniqueId, submission.id),
        },
        deps.now(),
      );
      return submission.id;
    });
    // The entrance test's paper and PIN, when the form has a test and no fee is waiting to be paid online.
    if (row.cbt_enabled === 1) await issueApplicantPaper(deps, tenant.schoolId, submissionId);
    return { reference, replayed: false };
  } catch (error) {
    for (const storageKey of stored)
      await deps.storage
        .remove(storageKey)
        .catch((e: unknown) => logger.warn("admission document not removed", errorFields(e)));
    const raced = isUniqueViolation(error) ? await earlier() : undefined;
    if (raced) return { reference: raced.reference, replayed: true };
    throw error;
  }
}

// ---- Submissions (admin) ----

export interface SubmissionListQuery extends PageParams {
  status?: SubmissionStatus;
  formId?: number;
  className?: string;
}

function submissionsOf(db: Db, tenant: Tenant) {
  return db
    .selectFrom("admission_submissions")
    .innerJoin("admission_forms", "admission_forms.id", "admission_submissions.form_id")
    .where("admission_submissions.school_id", "=", tenant.schoolId);
}

const rowColumns = [
  "admission_submissions.id",
  "admission_submissions.reference",
  "admission_submissions.student_name",
  "admission_submissions.form_id",
  "admission_forms.title as form_title",
  "admission_submissions.class_applying_into",
  "admission_submissions.status",
  "admission_submissions.created_at",
  "admission_submissions.payment_status",
  "admission_submissions.payment_reference",
] as const;

export async function listSubmissions(
  deps: ApiDeps,
  tenant: Tenant,
  query: SubmissionListQuery,
): Promise<Paginated<SubmissionRow>> {
  let base = submissionsOf(deps.db, tenant);
  if (query.status) base = base.where("admission_submissions.status", "=", query.status);
  if (query.formId) base = base.where("admission_submissions.form_id", "=", query.formId);
  if (query.className) base = base.where("admission_submissions.class_applying_into", "=", query.className);
  return paginate(
    query,
    async () => (await base.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()).total as number,
    async (limit, offset) =>
      base.select(rowColumns).orderBy("admission_submissions.id", "desc").limit(limit).offset(offset).execute(),
  );
}

async function findSubmission(db: Db, tenant: Tenant, rawId: string) {
  const row = await submissionsOf(db, tenant)
    .select([...rowColumns, "admission_submissions.form_data", "admission_submissions.student_id"])
    .where("admission_submissions.id", "=", recordId(rawId, M.submissionNotFound))
    .executeTakeFirst();
  if (!row) throw new ApiError(404, M.submissionNotFound);
  return row;
}

export const documentPath = (uniqueId: string, submissionId: number, field: string) =>
  `/api/admin/${uniqueId}/submissions/${submissionId}/documents/${field}`;

export async function getSubmission(deps: ApiDeps, tenant: Tenant, rawId: string): Promise<SubmissionDetail> {
  const row = await findSubmission(deps.db, tenant, rawId);
  const answers = JSON.parse(row.form_data) as Record<string, string>;
  const documents = await deps.db
    .selectFrom("admission_documents")
    .select(["field", "original_name", "mime_type"])
    .where("school_id", "=", tenant.schoolId)
    .where("submission_id", "=", row.id)
    .execute();
  const form_data: Record<string, FormDataEntry> = {};
  for (const field of ADMISSION_FIELDS) {
    if (field.kind !== "file" && answers[field.name])
      form_data[field.name] = { type: "text", value: answers[field.name] };
    const doc = field.kind === "file" && documents.find((d) => d.field === field.name);
    if (doc)
      form_data[field.name] = {
        type: "file",
        value: documentPath(tenant.uniqueId, row.id, field.name),
        name: doc.original_name,
        mime_type: doc.mime_type,
      };
  }
  const student = row.student_id
    ? await deps.db
        .selectFrom("students")
        .select("unique_id")
        .where("id", "=", row.student_id)
        .where("school_id", "=", tenant.schoolId)
        .executeTakeFirst()
    : undefined;
  const { form_data: _text, student_id: _id, ...rest } = row;
  return {
    ...rest,
    title: row.form_title,
    form_data,
    student_id: student?.unique_id ?? null,
    cbt: await applicantScore(deps, tenant, row.id),
  };
}

/** A document of a submission, to be sent as an attachment. */
export async function openDocument(deps: ApiDeps, tenant: Tenant, rawId: string, field: string) {
  const submission = await findSubmission(deps.db, tenant, rawId);
  const doc = await deps.db
    .selectFrom("admission_documents")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where("submission_id", "=", submission.id)
    .where("field", "=", field)
    .executeTakeFirst();
  const stored = doc ? await deps.storage.open(doc.storage_key) : null;
  if (!doc || !stored) throw new ApiError(404, M.documentNotFound);
  return { body: stored.body, name: doc.original_name, mime: doc.mime_type, size: stored.size };
}

function notPending(status: string, failure: string) {
  const message = M.notPending.replace("{status}", status);
  return new ApiError(409, failure, { status: [message] });
}

/**
 * Approves a pending submission: in one transaction the student is made from its answers (name, class,
 * gender, phone, email, address, the passport photograph as photo), the parent or guardian linked or
 * made, and the submission marked approved with its student. The status moves only from pending, by a
 * conditional write, so two approvals at once make one student.
 */
export async function approveSubmission(
  deps: ApiDeps,
  tenant: Tenant,
  rawId: string,
  options: { confirmUnpaid?: boolean } = {},
): Promise<SubmissionDetail> {
  const submission = await findSubmission(deps.db, tenant, rawId);
  if (submission.status !== "pending") throw notPending(submission.status, SPEC.failedApprove);
  // An applicant who has not paid the fee is approved only when the admin says so.
  if (submission.payment_status === "unpaid" && !options.confirmUnpaid)
    throw new ApiError(409, PAYMENT_MESSAGES.approveUnpaid, { confirm_unpaid: [PAYMENT_MESSAGES.approveUnpaid] });
  const prepared = await prepareApproval(deps, tenant, submission);
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await applyApproval(deps, trx, tenant, submission, prepared)))
        throw notPending("reviewed", SPEC.failedApprove);
      await recordAudit(
        deps,
        tenant,
        {
          kind: "approval",
          summary: `Approved the application of ${submission.student_name} (${submission.reference})`,
          recordIds: [submission.id, prepared.studentId!],
        },
        trx,
      );
    });
  } catch (error) {
    await removeMedia(deps, prepared.photo);
    throw error;
  }
  await sendApplicantDecision(deps, tenant, submission, "approve");
  return getSubmission(deps, tenant, String(submission.id));
}

type FoundSubmission = Awaited<ReturnType<typeof findSubmission>>;

/** What an approval needs before its transaction: the student's checked columns and the passport photograph copied. */
async function prepareApproval(deps: ApiDeps, tenant: Tenant, submission: FoundSubmission) {
  const answers = JSON.parse(submission.form_data) as Record<string, string>;
  const columns = studentColumns(
    {
      name: studentNameOf(answers),
      selectedClass: answers.classApplyingInto,
      gender: answers.gender,
      phone_number: answers.phoneNumber,
      email: answers.emailAddress,
      address: answers.homeAddress,
    },
    "create",
    (await getSchoolSettings(deps, tenant)).classes,
  );
  const photo = await passportPhoto(deps, tenant, submission.id);
  return { answers, columns, photo, studentId: undefined as number | undefined };
}

/**
 * The approval's writes, in the caller's transaction: the status moves from pending first (a second approval waits
 * on this row, then finds it no longer pending: false, nothing written), then the student is made from its answers
 * and the parent or guardian linked or made.
 */
async function applyApproval(
  deps: ApiDeps,
  trx: Db,
  tenant: Tenant,
  submission: FoundSubmission,
  prepared: Awaited<ReturnType<typeof prepareApproval>>,
): Promise<boolean> {
  const now = deps.now().toISOString();
  const moved = await trx
    .updateTable("admission_submissions")
    .set({ status: "approved", reviewed_at: now, updated_at: now })
    .where("id", "=", submission.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  const { answers } = prepared;
  const student = await insertStudent(trx, tenant, prepared.columns, {
    profileImgKey: prepared.photo,
    idempotencyKey: null,
    now,
  });
  await linkApplicantParent(
    trx,
    tenant,
    {
      name: answers.parentName,
      email: answers.emailAddress,
      phone: answers.phoneNumber,
      address: answers.homeAddress ?? null,
    },
    student.id,
    now,
  );
  await trx
    .updateTable("admission_submissions")
    .set({ student_id: student.id })
    .where("id", "=", submission.id)
    .execute();
  prepared.studentId = student.id;
  return true;
}

/** The passport photograph, when it is a picture, copied to the student's photos; its media key. */
async function passportPhoto(deps: ApiDeps, tenant: Tenant, submissionId: number): Promise<string | null> {
  const doc = await deps.db
    .selectFrom("admission_documents")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where("submission_id", "=", submissionId)
    .where("field", "=", "passportPhotograph")
    .executeTakeFirst();
  if (!doc || !doc.mime_type.startsWith("image/")) return null;
  const bytes = await deps.storage.get(doc.storage_key);
  if (!bytes) return null;
  // Its header was checked when it was sent (or, sent before the pixel cap, is checked now by the re-encoding).
  const photo = await boundImage(bytes, "photo").catch((error: unknown) => {
    logger.warn("passport photograph not copied to the student", errorFields(error));
    return null;
  });
  return photo ? storeImage(deps, tenant.schoolId, photo) : null;
}

/** Rejects a pending submission; it stays, marked rejected. */
export async function rejectSubmission(deps: ApiDeps, tenant: Tenant, rawId: string): Promise<SubmissionDetail> {
  const submission = await findSubmission(deps.db, tenant, rawId);
  if (submission.status !== "pending") throw notPending(submission.status, SPEC.failedReject);
  if (!(await applyRejection(deps, deps.db, submission.id))) throw notPending("reviewed", SPEC.failedReject);
  await recordAudit(deps, tenant, {
    kind: "rejection",
    summary: `Rejected the application of ${submission.student_name} (${submission.reference})`,
    recordIds: [submission.id],
  });
  await sendApplicantDecision(deps, tenant, submission, "reject");
  return getSubmission(deps, tenant, String(submission.id));
}

/** Moves a submission from pending to rejected; false when it was not pending any more. */
async function applyRejection(deps: ApiDeps, db: Db, id: number): Promise<boolean> {
  const now = deps.now().toISOString();
  const moved = await db
    .updateTable("admission_submissions")
    .set({ status: "rejected", reviewed_at: now, updated_at: now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/**
 * `POST /submissions/decisions`: approves or rejects the chosen submissions (the main admin's alone) in one
 * transaction, with one audit entry naming them. One already reviewed (a double submit, another admin) or, for an
 * approval, with its fee unpaid is left as it was and named in `skipped`; an id not the school's refuses the lot.
 */
export async function decideSubmissions(deps: ApiDeps, tenant: Tenant, raw: unknown): Promise<BulkDecision> {
  requireMainAdmin(tenant, ACCESS_MESSAGES.submissionReviewMainOnly);
  const parsed = bulkDecisionPayload.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const { decision } = parsed.data;
  const ids = [...new Set(parsed.data.ids)];
  const found = await submissionsOf(deps.db, tenant)
    .select([...rowColumns, "admission_submissions.form_data", "admission_submissions.student_id"])
    .where("admission_submissions.id", "in", ids)
    .orderBy("admission_submissions.id")
    .execute();
  if (found.length !== ids.length) throw validationError({ ids: [BULK.notFound] });
  const skipped: BulkDecision["skipped"] = [];
  const skip = (row: FoundSubmission, reason: string) => skipped.push({ id: row.id, reference: row.reference, reason });
  const chosen = found.filter((row) => {
    if (row.status !== "pending") skip(row, BULK.skippedDecided);
    else if (decision === "approve" && row.payment_status === "unpaid") skip(row, BULK.skippedUnpaid);
    else return true;
    return false;
  });
  const prepared = new Map<number, Awaited<ReturnType<typeof prepareApproval>>>();
  const photos = () => [...prepared.values()].map((p) => p.photo);
  try {
    if (decision === "approve")
      for (const row of chosen) prepared.set(row.id, await prepareApproval(deps, tenant, row));
    const decided = await deps.db.transaction().execute(async (trx) => {
      const done: FoundSubmission[] = [];
      for (const row of chosen) {
        const moved =
          decision === "approve"
            ? await applyApproval(deps, trx, tenant, row, prepared.get(row.id)!)
            : await applyRejection(deps, trx, row.id);
        if (moved) done.push(row);
        else skip(row, BULK.skippedDecided);
      }
      if (done.length) {
        const names = done.map((row) => `${row.student_name} (${row.reference})`).join(", ");
        await recordAudit(
          deps,
          tenant,
          {
            kind: decision === "approve" ? "approval" : "rejection",
            summary: `${decision === "approve" ? "Approved" : "Rejected"} ${done.length} applications at once: ${names}`,
            recordIds: done.flatMap((row) => [
              row.id,
              ...(prepared.get(row.id)?.studentId ? [prepared.get(row.id)!.studentId!] : []),
            ]),
          },
          trx,
        );
      }
      return done;
    });
    // Photos copied for submissions another review took first are not any student's.
    for (const [id, p] of prepared) if (!decided.some((row) => row.id === id)) await removeMedia(deps, p.photo);
    for (const row of decided) await sendApplicantDecision(deps, tenant, row, decision);
    return { decision, decided: decided.length, skipped };
  } catch (error) {
    for (const photo of photos()) await removeMedia(deps, photo);
    throw error;
  }
}
