import type { SubaccountStatus } from "./payments";
/**
 * Bank details: where the school receives payments (screen: docs/product.md, Inventory and bank details).
 *
 * Calls, under /api/admin/{uniqueId}:
 * - GET  /banks → {data: string[], banks: Bank[], provider}: the bank names, with each bank's code
 *        beside it, and which verification provider answers (Paystack, or the sandbox)
 * - GET  /verify-account/{accountNumber}/{bank} → {account_name, account_number, bank_name, bank_code}:
 *        `bank` is a bank's name or code from /banks. 422 {message, errors: {account_number | account_bank}}
 *        when the number is malformed or not an account at that bank, 503 {message} when the provider
 *        cannot answer
 * - GET  /payment-account → {data: BankAccount | null}
 * - POST /payment-account {account_bank, account_number, account_name} → 201 (first time) or 200
 *        {message, data: BankAccount}: verified again with the provider, and refused (422) unless the name
 *        matches the one verified. Only the school's main admin may change it.
 */

export const ACCOUNT_NUMBER_LENGTH = 10;
/** With JavaScript, verification starts this long after a 10-digit number and a bank are both present. */
export const VERIFY_DEBOUNCE_MS = 1_000;

export type BankProviderName = "paystack" | "sandbox";

/** A bank as /banks lists it: `code` is the CBN code in the sandbox, Paystack's bank code with Paystack. */
export interface Bank {
  name: string;
  code: string;
}

export interface BankList {
  data: string[];
  banks: Bank[];
  provider: BankProviderName;
}

export interface AccountVerification {
  account_name: string;
  account_number: string;
  bank_name: string;
  bank_code: string;
}

/** The product's Bank account, with the bank's code and how and when the name was verified. */
export interface BankAccount {
  account_bank: string;
  bank_code: string;
  account_number: string;
  account_name: string;
  verified_by: BankProviderName;
  verified_at: string;
  /** Whether the account is registered with Paystack for online payments ("off" when payments are off). */
  subaccount_status: SubaccountStatus;
}

export interface BankAccountPayload {
  account_bank: string;
  account_number: string;
  account_name: string;
}

/** Texts docs/product.md does not give for this area; each is recorded in docs/decisions.md. */
export const BANK_MESSAGES = {
  bankUnknown: "Choose a bank from the list",
  accountNumberShape: "Enter the 10-digit account number",
  notAnAccount: (bank: string) => `This account number is not valid for ${bank}. Check the number and the bank.`,
  notFoundAtBank: (bank: string) => `No account with this number was found at ${bank}. Check the number and the bank.`,
  nameMismatch: "The account name does not match the bank's. Verify the account number again.",
  unavailable: "Account verification is not available right now. Please try again in a moment.",
  banksUnavailable: "The list of banks could not be loaded. Please try again in a moment.",
  tooManyVerifications: "Too many account verifications. Please wait a few minutes and try again.",
  sandboxNotice:
    "Sandbox verification: the account number is checked with the CBN check digit for the chosen bank, but not with the bank itself, so the name shown is not the account holder's.",
} as const;
