import { randomBytes } from "node:crypto";
import type { Config } from "../../config/env";
import { receiptNumber } from "../../contract/fees";
import { koboToNaira } from "../../contract/money";
import {
  PAYMENT_MESSAGES as M,
  type OnlinePaymentRow,
  type PaymentOutcome,
  type SandboxCheckout,
  type SubaccountStatus,
} from "../../contract/payments";
import { logger } from "../../observability/log";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import type { OnlinePaymentTable } from "../db/schema";
import { ApiError } from "../lib/errors";
import { recordAudit } from "./audit";
import { schoolTermIn } from "./calendar";
import { onlineFeeRecorder } from "./fees";
import { paystackClient, readTransaction, type PaymentGateway, type PaystackTransaction } from "./paystack";

/**
 * Money in: the school's Paystack subaccount, payments started by our own reference, and the one place a verified
 * payment is recorded (the callback, the webhook and the periodic check all end in `recordVerified`, which records
 * a reference once whatever their order). docs/decisions.md, Online payments, says who bears what.
 */

/** What payments need of the API's deps (the periodic job has no more than these). */
export type PaymentDeps = Pick<ApiDeps, "db" | "now" | "publicUrl" | "payments"> & {
  /**
   * Sends the parents the receipt of a fee payment just recorded from a verified online payment (the message
   * service's, where the caller has the message channels); left out, nothing is sent.
   */
  sendReceipt?: (schoolId: number, feePaymentId: number) => Promise<void>;
  /**
   * What an application's fee being paid starts: the applicant's entrance test paper and PIN, when their form has a
   * test (api/services/cbt-admissions.ts); left out, the confirmation page draws it when read.
   */
  paidApplication?: (schoolId: number, submissionId: number) => Promise<void>;
};

/** The payments the server runs with: Paystack with a key, the test checkout with PAYMENTS_SANDBOX=1, else none. */
export function paymentsFor(
  config: Pick<Config, "paystackSecretKey" | "paystackApiUrl" | "platformChargePercent" | "paymentsSandbox">,
): ApiDeps["payments"] {
  if (config.paymentsSandbox) return { gateway: "sandbox", platformChargePercent: config.platformChargePercent };
  if (!config.paystackSecretKey) return undefined;
  return {
    gateway: paystackClient({ secretKey: config.paystackSecretKey, baseUrl: config.paystackApiUrl }),
    platformChargePercent: config.platformChargePercent,
  };
}

/**
 * The test checkout: the page of our own at /pay/test/{reference} stores the tester's choice, and verifying reads
 * it back, so everything after the redirect runs the same code as with Paystack. Webhooks are never believed.
 */
function sandboxGateway(deps: PaymentDeps): PaymentGateway {
  return {
    name: "sandbox",
    initialize: async (input) => ({
      ok: true,
      authorizationUrl: `${deps.publicUrl}/pay/test/${encodeURIComponent(input.reference)}`,
      accessCode: "",
      reference: input.reference,
    }),
    async verify(reference) {
      const row = await deps.db
        .selectFrom("online_payments")
        .select(["amount_kobo", "subaccount_code", "sandbox_outcome", "payer_email"])
        .where("reference", "=", reference)
        .executeTakeFirst();
      if (!row) return { ok: false, reason: "not-found" };
      return {
        ok: true,
        transaction: {
          reference,
          status: row.sandbox_outcome ?? "ongoing",
          amountKobo: Number(row.amount_kobo),
          currency: "NGN",
          feesKobo: 0,
          paidAt: row.sandbox_outcome === "success" ? deps.now().toISOString() : null,
          channel: "sandbox",
          email: row.payer_email,
          subaccountCode: row.subaccount_code,
          gatewayResponse: "Test checkout",
        },
      };
    },
    createSubaccount: async (input) => ({
      ok: true,
      code: `ACCT_test${input.accountNumber}`,
      active: true,
      verified: true,
    }),
    updateSubaccount: async (code) => ({ ok: true, code, active: true, verified: true }),
    checkSignature: () => false,
  };
}

export function gatewayOf(deps: PaymentDeps): PaymentGateway | null {
  const gateway = deps.payments?.gateway;
  if (!gateway) return null;
  return gateway === "sandbox" ? sandboxGateway(deps) : gateway;
}

// ---- The school's subaccount ----

/**
 * Registers the school's verified bank account with Paystack as its subaccount, or updates the one it has. Paystack
 * being down or refusing does not lose the bank details: the stored status becomes "failed" (a failed update keeps
 * the code, so Paystack still holds the previous details) and saving again retries the same call.
 */
export async function registerSubaccount(deps: ApiDeps, tenant: Tenant, schoolName: string): Promise<void> {
  const gateway = gatewayOf(deps);
  if (!gateway) return;
  const account = await deps.db
    .selectFrom("bank_accounts")
    .select(["bank_code", "account_number", "subaccount_code"])
    .where("school_id", "=", tenant.schoolId)
    .executeTakeFirst();
  if (!account) return;
  const input = {
    businessName: schoolName,
    bankCode: account.bank_code,
    accountNumber: account.account_number,
    percentageCharge: deps.payments?.platformChargePercent ?? 0,
  };
  const result = account.subaccount_code
    ? await gateway.updateSubaccount(account.subaccount_code, input)
    : await gateway.createSubaccount(input);
  if (!result.ok) logger.warn("payments: the school's subaccount was not registered", { reason: result.reason });
  await deps.db
    .updateTable("bank_accounts")
    .set(result.ok ? { subaccount_code: result.code, subaccount_status: "active" } : { subaccount_status: "failed" })
    .where("school_id", "=", tenant.schoolId)
    .execute();
  if (result.ok && !account.subaccount_code) {
    await recordAudit(deps, tenant, {
      kind: "settings",
      summary: "Registered the school's bank account with Paystack",
    });
  }
}

/** What the bank-details screen says: the stored outcome of the last registration, "failed" until one worked. */
export function subaccountStatus(deps: ApiDeps, row: { subaccount_status: string | null }): SubaccountStatus {
  if (!deps.payments) return "off";
  return row.subaccount_status === "active" ? "active" : "failed";
}

// ---- Starting a payment ----

export interface NewPayment {
  purpose: OnlinePaymentTable["purpose"];
  submissionId?: number;
  studentId?: number;
  term?: string;
  session?: string;
  payerName: string;
  payerEmail: string;
  amountKobo: number;
}

const newReference = (purpose: NewPayment["purpose"]) =>
  `${purpose === "application" ? "APP" : "FEE"}-${randomBytes(9).toString("base64url")}`;

/**
 * Starts a payment into the school's subaccount: our row first (pending, by a fresh reference), then Paystack's
 * Initialize. If Paystack cannot start it the row is removed and the caller says so: nothing was charged, and
 * trying again starts afresh.
 */
export async function startPayment(
  deps: ApiDeps,
  schoolId: number,
  payment: NewPayment,
): Promise<{ reference: string; authorizationUrl: string }> {
  const gateway = gatewayOf(deps);
  if (!gateway) throw new ApiError(409, M.notOwed);
  const account = await deps.db
    .selectFrom("bank_accounts")
    .select("subaccount_code")
    .where("school_id", "=", schoolId)
    .executeTakeFirst();
  const reference = newReference(payment.purpose);
  const now = deps.now().toISOString();
  // An application's payment belongs to the term it was made in, so that the reconciliation page lists it there.
  const when = payment.term && payment.session ? payment : await schoolTermIn(deps.db, schoolId, deps.now());
  await deps.db
    .insertInto("online_payments")
    .values({
      school_id: schoolId,
      reference,
      purpose: payment.purpose,
      submission_id: payment.submissionId ?? null,
      student_id: payment.studentId ?? null,
      term: when.term ?? null,
      session: when.session ?? null,
      payer_name: payment.payerName,
      payer_email: payment.payerEmail,
      amount_kobo: payment.amountKobo,
      subaccount_code: account?.subaccount_code ?? null,
      gateway: gateway.name,
      status: "pending",
      paystack_fee_kobo: null,
      fee_payment_id: null,
      sandbox_outcome: null,
      paid_at: null,
      checked_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const started = await gateway.initialize({
    email: payment.payerEmail,
    amountKobo: payment.amountKobo,
    reference,
    callbackUrl: `${deps.publicUrl}/pay/return`,
    subaccount: account?.subaccount_code ?? null,
    metadata: { purpose: payment.purpose },
  });
  if (!started.ok) {
    await deps.db.deleteFrom("online_payments").where("reference", "=", reference).execute();
    throw new ApiError(503, started.reason === "unavailable" ? M.unavailable : M.refused);
  }
  return { reference, authorizationUrl: started.authorizationUrl };
}

// ---- Recording a verified payment ----

type PaymentRow = Awaited<ReturnType<typeof paymentByReference>>;

function paymentByReference(db: Db, reference: string) {
  return db
    .selectFrom("online_payments")
    .selectAll()
    .where("reference", "=", reference.slice(0, 60))
    .executeTakeFirst();
}

/** Why Paystack's transaction does not match what we asked for, or null when it does. */
function mismatch(row: NonNullable<PaymentRow>, tx: PaystackTransaction): string | null {
  if (tx.amountKobo !== Number(row.amount_kobo)) return "a wrong amount";
  if (tx.currency !== "NGN") return "a wrong currency";
  if (row.subaccount_code && tx.subaccountCode !== row.subaccount_code) return "another subaccount";
  return null;
}

/**
 * Records what Paystack says of one of our payments. A success is recorded once: the row moves to paid only from
 * another status, in the transaction that marks what it pays; a second caller finds it paid and changes nothing.
 * A failure or an abandoned checkout is kept as such until a success comes.
 */
export async function recordVerified(
  deps: PaymentDeps,
  row: NonNullable<PaymentRow>,
  tx: PaystackTransaction,
  source: string,
) {
  const wrong = mismatch(row, tx);
  if (wrong) {
    logger.warn(`payments: ${source} for ${wrong}; nothing recorded`, { payment_id: row.id });
    return;
  }
  const now = deps.now().toISOString();
  if (tx.status !== "success") {
    const status =
      tx.status === "failed" || tx.status === "reversed" ? "failed" : tx.status === "abandoned" ? "abandoned" : null;
    await deps.db
      .updateTable("online_payments")
      .set({ ...(status ? { status } : {}), checked_at: now, updated_at: now })
      .where("id", "=", row.id)
      .where("status", "!=", "paid")
      .execute();
    return;
  }
  const fees =
    row.purpose === "fees" && row.student_id !== null && row.term && row.session
      ? await onlineFeeRecorder(deps, row.school_id, row.term, row.session)
      : null;
  let feePaymentId: number | null = null;
  let paidSubmission: number | null = null;
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable("online_payments")
      .set({
        status: "paid",
        paystack_fee_kobo: tx.feesKobo,
        paid_at: tx.paidAt ?? now,
        checked_at: now,
        updated_at: now,
      })
      .where("id", "=", row.id)
      .where("status", "!=", "paid")
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return;
    if (row.purpose === "application" && row.submission_id !== null) {
      await trx
        .updateTable("admission_submissions")
        .set({ payment_status: "paid", payment_reference: row.reference, updated_at: now })
        .where("id", "=", row.submission_id)
        .where("school_id", "=", row.school_id)
        .execute();
      paidSubmission = row.submission_id;
    }
    if (fees) {
      // The fees ledger's payment with its receipt, in the transaction that moved the row to paid: once.
      const recorded = await fees(trx, {
        studentId: row.student_id!,
        term: row.term!,
        session: row.session!,
        amountKobo: Number(row.amount_kobo),
        reference: row.reference,
        paidAt: tx.paidAt ? new Date(tx.paidAt) : deps.now(),
        onlinePaymentId: row.id,
      });
      await trx
        .updateTable("online_payments")
        .set({ fee_payment_id: recorded.paymentId, credit_kobo: recorded.creditKobo })
        .where("id", "=", row.id)
        .execute();
      feePaymentId = recorded.paymentId;
    }
  });
  // After the commit, once: only the caller that moved the row to paid recorded a fee payment.
  if (feePaymentId !== null) await deps.sendReceipt?.(row.school_id, feePaymentId);
  if (paidSubmission !== null) await deps.paidApplication?.(row.school_id, paidSubmission);
}

/** The callback's check: asks Paystack about the reference and records what it says. */
export async function verifyPayment(deps: ApiDeps & PaymentDeps, reference: string): Promise<PaymentOutcome> {
  const row = await paymentByReference(deps.db, reference);
  const gateway = gatewayOf(deps);
  if (!row || !gateway) throw new ApiError(404, M.paymentNotFound);
  if (row.status !== "paid") {
    const answer = await gateway.verify(row.reference);
    if (answer.ok) await recordVerified(deps, row, answer.transaction, "verification");
    else if (answer.reason !== "not-found") throw new ApiError(503, M.unavailable);
  }
  return outcomeOf(deps, row.reference);
}

async function outcomeOf(deps: ApiDeps, reference: string): Promise<PaymentOutcome> {
  const row = await deps.db
    .selectFrom("online_payments")
    .leftJoin("admission_submissions", "admission_submissions.id", "online_payments.submission_id")
    .leftJoin("admission_forms", "admission_forms.id", "admission_submissions.form_id")
    .leftJoin("fee_payments", "fee_payments.id", "online_payments.fee_payment_id")
    .select([
      "online_payments.reference",
      "online_payments.status",
      "online_payments.purpose",
      "admission_forms.public_id",
      "admission_submissions.reference as submission_reference",
      "fee_payments.receipt_no",
    ])
    .where("online_payments.reference", "=", reference)
    .executeTakeFirstOrThrow();
  return {
    reference: row.reference,
    status: row.status,
    purpose: row.purpose,
    ...(row.public_id ? { public_id: row.public_id } : {}),
    ...(row.submission_reference ? { submission_reference: row.submission_reference } : {}),
    ...(row.receipt_no ? { receipt_no: receiptNumber(row.receipt_no) } : {}),
  };
}

// ---- Webhooks ----

const inFlight = new Set<Promise<void>>();

/** Resolves once every webhook taken so far has been handled (tests wait on it). */
export async function webhooksSettled(): Promise<void> {
  await Promise.all([...inFlight]);
}

/**
 * `POST /api/paystack/webhook`: the signature is checked first (false → the caller answers 401); a good one is
 * answered at once and the event handled after. Only charge.success records anything, and only for one of our
 * references whose amount, currency and subaccount match.
 */
export function takeWebhook(deps: ApiDeps & PaymentDeps, rawBody: string, signature: string | undefined): boolean {
  const gateway = gatewayOf(deps);
  if (!gateway || !gateway.checkSignature(rawBody, signature)) return false;
  const work = handleEvent(deps, rawBody)
    .catch((error: unknown) =>
      logger.error("payments: a webhook could not be handled", { error: error instanceof Error ? error.message : "" }),
    )
    .finally(() => inFlight.delete(work));
  inFlight.add(work);
  return true;
}

async function handleEvent(deps: ApiDeps & PaymentDeps, rawBody: string) {
  let event: { event?: unknown; data?: unknown };
  try {
    event = JSON.parse(rawBody) as typeof event;
  } catch {
    logger.warn("payments: a signed webhook was not JSON");
    return;
  }
  if (event.event !== "charge.success") return;
  const tx = readTransaction(event.data);
  const row = tx ? await paymentByReference(deps.db, tx.reference) : undefined;
  if (!tx || !row) {
    logger.warn("payments: webhook for an unknown reference; nothing recorded");
    return;
  }
  await recordVerified(deps, row, tx, "webhook");
}

// ---- The test checkout ----

export async function readSandboxCheckout(deps: ApiDeps, reference: string): Promise<SandboxCheckout> {
  if (deps.payments?.gateway !== "sandbox") throw new ApiError(404, M.sandboxOff);
  const row = await deps.db
    .selectFrom("online_payments")
    .innerJoin("schools", "schools.id", "online_payments.school_id")
    .select([
      "online_payments.reference",
      "online_payments.amount_kobo",
      "online_payments.status",
      "schools.school_name",
    ])
    .where("online_payments.reference", "=", reference.slice(0, 60))
    .executeTakeFirst();
  if (!row) throw new ApiError(404, M.paymentNotFound);
  return {
    reference: row.reference,
    amount: koboToNaira(Number(row.amount_kobo)),
    school_name: row.school_name,
    status: row.status,
  };
}

/** The tester's choice on the test checkout; the callback then verifies it like any other. */
export async function answerSandboxCheckout(deps: ApiDeps, reference: string, outcome: unknown) {
  await readSandboxCheckout(deps, reference);
  const chosen = outcome === "success" ? "success" : "failed";
  await deps.db
    .updateTable("online_payments")
    .set({ sandbox_outcome: chosen })
    .where("reference", "=", reference)
    .where("status", "=", "pending")
    .execute();
}

// ---- Pending payments checked again ----

export const RECHECK_AFTER_MS = 30 * 60 * 1000;

/**
 * Verifies again every pending payment older than 30 minutes (of one school, or all), so that a lost callback and a
 * lost webhook still end recorded. Paystack being down leaves them pending for the next round.
 */
export async function recheckPending(
  deps: PaymentDeps,
  schoolId?: number,
  reference?: string,
): Promise<{ checked: number }> {
  const gateway = gatewayOf(deps);
  if (!gateway) return { checked: 0 };
  const before = new Date(deps.now().getTime() - RECHECK_AFTER_MS).toISOString();
  let query = deps.db
    .selectFrom("online_payments")
    .selectAll()
    .where("status", "=", "pending")
    .where("created_at", "<", before)
    .orderBy("id")
    .limit(200);
  if (schoolId !== undefined) query = query.where("school_id", "=", schoolId);
  if (reference !== undefined) query = query.where("reference", "=", reference.slice(0, 60));
  const rows = await query.execute();
  let checked = 0;
  for (const row of rows) {
    const answer = await gateway.verify(row.reference);
    if (answer.ok) {
      await recordVerified(deps, row, answer.transaction, "check");
      checked++;
    } else if (answer.reason === "not-found") {
      await deps.db
        .updateTable("online_payments")
        .set({ status: "abandoned", checked_at: deps.now().toISOString() })
        .where("id", "=", row.id)
        .where("status", "=", "pending")
        .execute();
      checked++;
    } else break;
  }
  return { checked };
}

// ---- Reconciliation ----

/** The school's online payments, newest first: reference, payer, amount, Paystack's fee, status, what it became. */
export async function listOnlinePayments(
  deps: ApiDeps,
  tenant: Tenant,
  query: { term?: string; session?: string } = {},
): Promise<OnlinePaymentRow[]> {
  let rows = deps.db
    .selectFrom("online_payments")
    .leftJoin("admission_submissions", "admission_submissions.id", "online_payments.submission_id")
    .leftJoin("fee_payments", "fee_payments.id", "online_payments.fee_payment_id")
    .select([
      "online_payments.reference",
      "online_payments.purpose",
      "online_payments.payer_name",
      "online_payments.payer_email",
      "online_payments.amount_kobo",
      "online_payments.paystack_fee_kobo",
      "online_payments.status",
      "online_payments.created_at",
      "online_payments.paid_at",
      "admission_submissions.reference as submission_reference",
      "fee_payments.receipt_no",
      "online_payments.fee_payment_id",
      "online_payments.credit_kobo",
    ])
    .where("online_payments.school_id", "=", tenant.schoolId);
  if (query.term && query.session)
    rows = rows.where("online_payments.term", "=", query.term).where("online_payments.session", "=", query.session);
  const checkBefore = new Date(deps.now().getTime() - RECHECK_AFTER_MS).toISOString();
  return (await rows.orderBy("online_payments.id", "desc").limit(500).execute()).map((r) => ({
    reference: r.reference,
    purpose: r.purpose,
    payer_name: r.payer_name,
    payer_email: r.payer_email,
    amount: koboToNaira(Number(r.amount_kobo)),
    paystack_fee: r.paystack_fee_kobo === null ? null : koboToNaira(Number(r.paystack_fee_kobo)),
    status: r.status,
    created_at: r.created_at,
    paid_at: r.paid_at,
    became:
      r.receipt_no !== null && r.receipt_no !== undefined
        ? `Receipt ${receiptNumber(r.receipt_no)}`
        : r.submission_reference
          ? `Application ${r.submission_reference}`
          : null,
    fee_payment_id: r.fee_payment_id,
    credit: koboToNaira(Number(r.credit_kobo)),
    check_again: r.status === "pending" && r.created_at < checkBefore,
  }));
}
