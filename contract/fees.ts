/**
 * School fees: fee items, each student's bill for a term, discounts, payments with numbered receipts,
 * and the overview. Money is integer kobo in storage and naira decimal numbers on
 * the wire (contract/money.ts).
 *
 * Calls, under /api/admin/{uniqueId}:
 * - GET    /fees/fee-settings?term=&year=      → {data: FeeItem[]}: the school's fees, newest session first
 * - POST   /fees/fee-settings FeeItemPayload       → 201 {message, data: FeeItem} (`Idempotency-Key`: a re-sent
 *          form answers 200 with the fee it made)
 * - GET    /fees/fee-settings/{id}                 → {data: FeeItem}
 * - PUT    /fees/fee-settings/{id} FeeItemPayload  → 200 {message, data}
 * - POST   /fees/fee-settings/{id}/retire {retired} → 200 {message, data}: a retired fee bills nobody
 * - DELETE /fees/fee-settings/{id}                 → 200 {message}; 409 when payments stand against it
 * - POST   /fees/fee-settings/{id}/students {student_id, assigned} → 200 {message, data: StudentBill}: puts an
 *          optional fee on (or off) a student's bill
 * - GET    /fees/students/{id}/bill?term=&year= → {data: StudentBill}
 * - POST   /fees/discounts {student_id, term, session, amount, reason} → 201 {message, data: StudentBill}
 *          (`Idempotency-Key`); DELETE /fees/discounts/{id} → 200 {message}
 * - GET    /fees/parents/{id}?term=&year=       → {data: ChildBalance[]}, one per child
 * - POST   /fees/payments PaymentPayload           → 201 {message, data: FeePayment} (`Idempotency-Key`: a
 *          re-sent payment answers 200 with the one it recorded); more than the balance is refused (422)
 * - GET    /fees/payments/{id}                     → {data: FeePayment}
 * - POST   /fees/payments/{id}/reverse {reason}    → 200 {message, data: FeePayment}; payments are never deleted
 * - GET    /fees/payments/{id}/receipt             → application/pdf
 * - GET    /fees/overview?term=&year=&class=    → {data: FeeOverview}
 * A bill's totals carry the arrears of earlier terms (`BillTotals.arrears`), worked out from the ledger at read
 * time; a payment pays the oldest balance first.
 * `year` is the session (2025/2026): the address never carries a parameter named `session`.
 * Failures: 422 {message, errors: {field: [..]}}, 409, 404 {message}.
 */

export const FEE_SCOPES = ["all", "section", "class"] as const;
export type FeeScope = (typeof FEE_SCOPES)[number];

export const PAYMENT_METHODS = ["Cash", "Transfer", "POS", "Online"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Names a bursar usually gives fee items; the name field is free text. */
export const COMMON_FEE_NAMES = [
  "Tuition",
  "Development levy",
  "PTA",
  "Bus",
  "Uniform",
  "Books",
  "Exam fee",
  "Sports",
  "Lesson",
] as const;

export const FEE_LIMITS = {
  nameMax: 80,
  reasonMax: 200,
  referenceMax: 100,
  /** ₦50,000,000: a fee or payment above this is a typing mistake. */
  amountMaxKobo: 5_000_000_000,
  /** Students listed as owing most on the overview. */
  owingShown: 10,
} as const;

/** Texts docs/product.md does not give for this area; each is recorded in docs/decisions.md. */
export const FEE_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Use at most ${FEE_LIMITS.nameMax} characters`,
  amountRequired: "Amount is required",
  amountInvalid: "Enter an amount in naira, like 45,000 or 12,500.50",
  amountTooLow: "The amount must be more than ₦0",
  amountTooHigh: "The amount cannot be more than ₦50,000,000",
  scopeRequired: "Choose who pays this fee",
  sectionRequired: "Choose a section",
  sectionUnknown: "Choose one of the school's sections",
  classRequired: "Choose a class",
  classUnknown: "Choose one of the school's classes",
  termRequired: "Choose a term",
  sessionRequired: "Choose a session",
  sessionInvalid: "Enter a session like 2025/2026",
  /** A fee whose name another fee of the term already has, for a class both would bill. */
  feeClash: (name: string, scope: FeeScope, target: string | null) =>
    `${name} already bills ${scope === "all" ? "all classes" : scope === "section" ? `the ${target} section` : target} this term, so a class would pay it twice. Give this fee another name or choose other classes.`,
  feeNotFound: "Fee not found.",
  feeHasPayments: "This fee has payments against it, so it cannot be deleted. Retire it instead.",
  feeCreated: "Fee created successfully!",
  feeUpdated: "Fee updated successfully!",
  feeRetired: "Fee retired: it no longer bills anyone.",
  feeRestored: "Fee restored: it bills again.",
  notOptional: "Only an optional fee is added to a student's bill.",
  notForClass: "This fee is not for the student's class.",
  assigned: "Fee added to the bill.",
  unassigned: "Fee removed from the bill.",
  studentRequired: "Choose a student",
  studentNotFound: "Student not found.",
  reasonRequired: "Give a reason",
  reasonTooLong: `Use at most ${FEE_LIMITS.reasonMax} characters`,
  discountTooHigh: (balance: string) => `The discount cannot be more than the balance, ${balance}`,
  discountAdded: "Discount added to the bill.",
  discountNotFound: "Discount not found.",
  discountRemoved: "Discount removed.",
  dateRequired: "Enter the date of payment",
  dateInvalid: "Enter a date like 2026-01-15",
  dateInFuture: "The date of payment cannot be in the future",
  methodRequired: "Choose how it was paid: Cash, Transfer, POS or Online",
  referenceRequired: "Enter the transfer, POS or online reference",
  referenceTooLong: `Use at most ${FEE_LIMITS.referenceMax} characters`,
  nothingOwed: "This bill has nothing left to pay.",
  overpayment: (balance: string) => `The payment is more than the balance, ${balance}`,
  paymentRecorded: "Payment recorded successfully!",
  paymentNotFound: "Payment not found.",
  paymentReversed: "Payment reversed.",
} as const;

/** A fee item: what it is called, what it costs, whom it bills, in which term of which session. */
export interface FeeItem {
  id: number;
  name: string;
  /** Naira. */
  amount: number;
  applies_to: FeeScope;
  /** The section or class it bills; null for all classes. */
  target: string | null;
  term: string;
  session: string;
  compulsory: boolean;
  retired: boolean;
  /** Whether payments stand against it (then it can be retired, not deleted). */
  has_payments: boolean;
}

export interface FeeItemPayload {
  name: string;
  amount: number | string;
  applies_to: FeeScope;
  section?: string;
  class?: string;
  term: string;
  session: string;
  compulsory: boolean;
}

export type BillLineKind = "fee" | "sale" | "discount";

export interface BillLine {
  kind: BillLineKind;
  label: string;
  /** Naira; a discount's is negative. */
  amount: number;
  /** The fee item, sale or discount the line comes from. */
  id: number;
  /** A discount's reason. */
  reason?: string;
}

export interface FeePayment {
  id: number;
  receipt_no: string;
  student_id: string;
  student_name: string;
  student_class: string | null;
  /** Naira. */
  amount: number;
  paid_on: string;
  method: PaymentMethod;
  reference: string | null;
  term: string;
  session: string;
  recorded_at: string;
  reversed_at: string | null;
  reversal_reason: string | null;
}

export interface PaymentPayload {
  student_id: string;
  amount: number | string;
  paid_on: string;
  method: PaymentMethod;
  reference?: string;
  term: string;
  session: string;
}

/** An optional fee of the term the student's class may take, and whether it is on their bill. */
export interface OptionalFee {
  id: number;
  name: string;
  amount: number;
  assigned: boolean;
}

export interface BillTotals {
  /** Naira: fees + sales − discounts. */
  billed: number;
  /** Naira: payments not reversed. */
  paid: number;
  /**
   * Naira: the unpaid balance of the terms before this one (any session) brought to this term's bill, worked out
   * from the ledger; the term's payments pay it first. 0 when the earlier terms are paid.
   */
  arrears: number;
  /**
   * Naira: arrears + billed − paid, less what payments of later terms paid of it (the oldest balance is paid
   * first); below 0 only when the bill was lowered after payment (a credit).
   */
  balance: number;
}

export interface StudentBill extends BillTotals {
  student: { unique_id: string; name: string; class: string | null };
  term: string;
  session: string;
  lines: BillLine[];
  optional_fees: OptionalFee[];
  payments: FeePayment[];
}

export interface ChildBalance extends BillTotals {
  unique_id: string;
  name: string;
  class: string | null;
}

export interface ClassCollection {
  class: string;
  students: number;
  expected: number;
  /** Naira: the students' arrears of earlier terms brought to this term. */
  arrears: number;
  collected: number;
  /** Naira: expected + arrears − collected. */
  outstanding: number;
}

export interface FeeOverview {
  term: string;
  session: string;
  expected: number;
  /** Naira: the students' arrears of earlier terms brought to this term (`BillTotals.arrears`). */
  arrears: number;
  collected: number;
  /** Naira: expected + arrears − collected. */
  outstanding: number;
  /** Whole percent of expected collected, 0 when nothing is expected. */
  collection_rate: number;
  by_class: ClassCollection[];
  /** Naira collected per day of payment, in date order. */
  over_time: { date: string; amount: number }[];
  owing_most: (ChildBalance & { billed: number })[];
  /**
   * Money paid online above balances (naira): kept from this term's bills for the next term's, and counted as
   * collected here from the last term's (docs/decisions.md, Online payments).
   */
  credit?: { kept: number; used: number };
}

/** A receipt's number as printed: the school's running number, six digits at least. */
export const receiptNumber = (n: number) => `RCT-${String(n).padStart(6, "0")}`;

/** Whole percent collected of what is expected; rounded down so that 99.6% never shows as 100%. */
export function collectionRate(expectedKobo: number, collectedKobo: number): number {
  if (expectedKobo <= 0) return 0;
  return Math.floor((Math.max(0, collectedKobo) * 100) / expectedKobo);
}
