/**
 * Money paid online through Paystack (docs/decisions.md, Online payments):
 * - POST /api/public/admission-forms/{publicId}/submissions/{reference}/pay → {data: {authorization_url}}: starts
 *   paying an application's fee (409 when paid or not owed, 503 when Paystack cannot be reached).
 * - POST /api/public/payments/{reference}/verify → {data: PaymentOutcome}: the callback's check with Paystack.
 * - GET  /api/public/payments/{reference}/sandbox, POST …/sandbox {outcome}: the test checkout (PAYMENTS_SANDBOX=1).
 * - POST /api/paystack/webhook: Paystack's signed events (charge.success).
 * - GET  /api/admin/{uniqueId}/online-payments → {data: OnlinePaymentRow[]}: the reconciliation page.
 * - GET  /api/admin/{uniqueId}/online-payments?term=&year= → {data: OnlinePaymentRow[]}: of one term when asked.
 * - POST /api/admin/{uniqueId}/online-payments/check {reference?} → {data: {checked}}: pending ones older than 30
 *   minutes (or that one) are verified again now (a periodic job does the same).
 * School fees by link (a public link of the purpose "payment", PAY_LINK_DAYS days, needing no sign-in):
 * - GET  /api/admin/{uniqueId}/fees/students/{id}/online?term=&year= → {data: StudentOnline}: whether links are
 *   offered, and the credits the term's bill keeps or counts.
 * - POST /api/admin/{uniqueId}/fees/students/{id}/pay-links {term, session, amount} → 201 {message, data: PayLink}:
 *   more than 0 and at most the balance (422 beside amount), 409 when links are not offered.
 * - GET  /api/public/pay-links/{token} → {data: PayLinkPage}; 404 when unknown or expired.
 * - POST /api/public/pay-links/{token}/pay → {data: {authorization_url}}: starts paying the link's amount (409 when
 *   the bill has nothing left to pay, 503 when Paystack cannot be reached).
 */

/** How many days a payment link works (api/lib/public-links.ts, purpose "payment"). */
export const PAY_LINK_DAYS = 7;

/** The address of a payment link's page: the token is in the path, never the query. */
export const payLinkPath = (token: string) => `/pay/link/${token}`;

/**
 * Money paid online above a bill's balance: "kept" on the bill it was paid on, for the next term's bill; "used" on
 * that next bill, counted there as paid. `term` and `session` name the other bill.
 */
export interface StudentCredit {
  kind: "kept" | "used";
  amount: number;
  term: string;
  session: string;
  /** The online payment's reference. */
  reference: string;
}

/** What the student's fee page needs of online payments. */
export interface StudentOnline {
  /** Whether payment links can be made on this server (Paystack's key or the test checkout). */
  offered: boolean;
  credits: StudentCredit[];
}

/** A payment link just made: shown once, since only its hash is kept. */
export interface PayLink {
  url: string;
  expires_at: string;
  amount: number;
}

/** All a payment link's page shows: nothing else of the student or the school. */
export interface PayLinkPage {
  school_name: string;
  first_name: string;
  class: string | null;
  term: string;
  session: string;
  /** The bill's balance now (naira). */
  balance: number;
  /** What the link pays: the balance or the part the school asked for, never more than the balance now. */
  amount: number;
}

/** An application's fee: none asked, asked and not paid yet, paid online, or to be paid at the school. */
export type ApplicationPaymentStatus = "not_required" | "unpaid" | "paid" | "at_school";

export type OnlinePaymentStatus = "pending" | "paid" | "failed" | "abandoned";

/** The school's Paystack subaccount on the bank-details screen. */
export type SubaccountStatus = "active" | "failed" | "off";

/** Where a payment's callback leads back to. */
export interface PaymentOutcome {
  reference: string;
  status: OnlinePaymentStatus;
  purpose: "application" | "fees";
  /** An application: its form's public id and the submission's reference, for the done page. */
  public_id?: string;
  submission_reference?: string;
  /** School fees: the receipt it became, once paid. */
  receipt_no?: string;
}

/** A line of the reconciliation page (GET /api/admin/{uniqueId}/online-payments). */
export interface OnlinePaymentRow {
  reference: string;
  purpose: "application" | "fees";
  payer_name: string;
  payer_email: string;
  amount: number;
  /** Paystack's fee, once verified. */
  paystack_fee: number | null;
  status: OnlinePaymentStatus;
  created_at: string;
  paid_at: string | null;
  /** What it became: "Receipt RCT-000012" or "Application ADM-…", once paid. */
  became: string | null;
  /** The fees ledger's payment it became (its receipt's address), once paid. */
  fee_payment_id: number | null;
  /** Paid above the balance and kept as the student's credit. */
  credit: number;
  /** Pending for more than 30 minutes: the page offers to check it again with Paystack. */
  check_again: boolean;
}

/** What the test checkout shows. */
export interface SandboxCheckout {
  reference: string;
  amount: number;
  school_name: string;
  status: OnlinePaymentStatus;
}

export const PAYMENT_MESSAGES = {
  paymentStatus: {
    not_required: "No fee",
    unpaid: "Not paid",
    paid: "Paid online",
    at_school: "To be paid at the school",
  } satisfies Record<ApplicationPaymentStatus, string>,
  unavailable:
    "Online payment is not available right now: Paystack could not be reached. Nothing was charged; try again.",
  refused: "Online payment could not be started. Nothing was charged; try again later or pay at the school.",
  alreadyPaid: "This fee is already paid.",
  notOwed: "There is no fee to pay online for this application.",
  paymentNotFound: "There is no such payment.",
  sandboxOff: "The test checkout is off on this server.",
  subaccount: {
    active: "Registered with Paystack: online payments settle into this account.",
    failed:
      "These details are not registered with Paystack yet: it could not be reached or refused them. Save the details again to retry.",
    off: "Online payments are off on this server: fees are paid at the school.",
  } satisfies Record<SubaccountStatus, string>,
  approveUnpaid: "This applicant has not paid the application fee. Approve anyway?",
  linksOff:
    "Payment links are not offered: online payments are off on this server (no Paystack key). Fees are paid at the school.",
  linkMade: `Payment link made. It works for ${PAY_LINK_DAYS} days; copy it now, it is shown only once.`,
  linkTooHigh: (balance: string) => `The link cannot ask for more than the balance, ${balance}`,
  linkExpired: "This payment link has expired or does not exist. Ask the school for a new one.",
  feePaid: (receipt: string) => `Payment received, thank you. The school has recorded it as receipt ${receipt}.`,
  feeNotPaid: "The payment did not go through. Nothing was recorded; open the school's link again to retry.",
  checked: (n: number) => (n === 1 ? "1 payment checked with Paystack." : `${n} payments checked with Paystack.`),
  creditKept: (amount: string, term: string, session: string) =>
    `${amount} paid online above the balance is kept as credit for ${term}, ${session}.`,
  overviewCreditUsed: (amount: string) => `Collected includes ${amount} of credit from last term.`,
  overviewCreditKept: (amount: string) => `${amount} paid online above balances is kept as credit for next term.`,
  creditUsed: (amount: string, term: string, session: string) =>
    `Credit of ${amount} paid online in ${term}, ${session} is counted as paid on this bill.`,
} as const;
