import {
  ACCOUNT_NUMBER_LENGTH,
  BANK_MESSAGES,
  type AccountVerification,
  type Bank,
  type BankAccount,
  type BankList,
} from "../../contract/banks";
import type { FieldErrors } from "../../contract/http";
import { INVENTORY_SPEC_MESSAGES } from "../../contract/messages";
import type { ApiDeps, Tenant } from "../context";
import { ApiError, validationError } from "../lib/errors";
import { sandboxBankProvider, type BankProvider } from "./bank-providers";
import { recordAudit } from "./audit";
import { registerSubaccount, subaccountStatus } from "./payments";

/** The bank list, account verification and the school's bank account (calls in contract/banks.ts). */

const sandbox = sandboxBankProvider();
const providerOf = (deps: ApiDeps): BankProvider => deps.bankProvider ?? sandbox;

export async function listBanks(deps: ApiDeps): Promise<BankList> {
  const provider = providerOf(deps);
  const banks = await provider.listBanks();
  if (!banks) throw new ApiError(503, BANK_MESSAGES.banksUnavailable);
  return { data: banks.map((b) => b.name), banks, provider: provider.name };
}

/** A bank of the list by its code, or by its name whatever the case. */
async function findBank(deps: ApiDeps, nameOrCode: string): Promise<Bank | undefined> {
  const wanted = nameOrCode.trim();
  if (!wanted) return undefined;
  const { banks } = await listBanks(deps);
  return banks.find((b) => b.code === wanted) ?? banks.find((b) => b.name.toLowerCase() === wanted.toLowerCase());
}

/**
 * Each verification may reach Paystack with the server's one key, whose rate limit every school shares: a
 * school gets VERIFY_LIMIT of them in VERIFY_WINDOW_MS (per server process), far more than setting up an
 * account needs, so no school can use the key up or look up strangers' accounts in bulk.
 */
const VERIFY_LIMIT = 30;
const VERIFY_WINDOW_MS = 15 * 60 * 1000;
const recentVerifications = new Map<number, number[]>();

function takeVerification(deps: ApiDeps, tenant: Tenant) {
  const now = deps.now().getTime();
  const recent = (recentVerifications.get(tenant.schoolId) ?? []).filter((t) => now - t < VERIFY_WINDOW_MS);
  if (recent.length >= VERIFY_LIMIT) {
    const retryAfter = Math.ceil((recent[0] + VERIFY_WINDOW_MS - now) / 1000);
    throw new ApiError(429, BANK_MESSAGES.tooManyVerifications, undefined, { "Retry-After": String(retryAfter) });
  }
  recent.push(now);
  recentVerifications.set(tenant.schoolId, recent);
}

/**
 * The name on account `accountNumber` at `bankRef` (a bank's name or code), from the provider. A malformed
 * number or an unknown bank is a 422 beside its field, as is a number that is not an account there; a
 * provider that cannot answer is a 503.
 */
export async function verifyAccount(
  deps: ApiDeps,
  tenant: Tenant,
  accountNumber: string,
  bankRef: string,
): Promise<AccountVerification> {
  const errors: FieldErrors = {};
  if (!new RegExp(`^\\d{${ACCOUNT_NUMBER_LENGTH}}$`).test(accountNumber))
    errors.account_number = [BANK_MESSAGES.accountNumberShape];
  const bank = await findBank(deps, bankRef);
  if (!bank) errors.account_bank = [BANK_MESSAGES.bankUnknown];
  if (Object.keys(errors).length || !bank) throw validationError(errors);

  takeVerification(deps, tenant);
  const result = await providerOf(deps).resolveAccount(accountNumber, bank);
  switch (result.kind) {
    case "found":
      return {
        account_name: result.accountName,
        account_number: accountNumber,
        bank_name: bank.name,
        bank_code: bank.code,
      };
    case "invalid":
      throw validationError({ account_number: [BANK_MESSAGES.notAnAccount(bank.name)] });
    case "not-found":
      throw validationError({ account_number: [BANK_MESSAGES.notFoundAtBank(bank.name)] });
    default:
      throw new ApiError(503, BANK_MESSAGES.unavailable);
  }
}

export async function getBankAccount(deps: ApiDeps, tenant: Tenant): Promise<BankAccount | null> {
  const row = await deps.db
    .selectFrom("bank_accounts")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    account_bank: row.bank_name,
    bank_code: row.bank_code,
    account_number: row.account_number,
    account_name: row.account_name,
    verified_by: row.verified_by,
    verified_at: row.verified_at,
    subaccount_status: subaccountStatus(deps, row),
  };
}

/** Names as banks write them vary in case and spacing only. */
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, " ").toUpperCase() === b.trim().replace(/\s+/g, " ").toUpperCase();

/**
 * `POST /payment-account`: the school's bank account. The account is verified again with the provider
 * (what the browser sent is not trusted) and the name sent must be the one verified. Saving again replaces
 * it. Only the school's main admin may call this (sub-admins are refused by their permissions).
 */
export async function saveBankAccount(
  deps: ApiDeps,
  tenant: Tenant,
  raw: unknown,
): Promise<{ account: BankAccount; created: boolean }> {
  const body = (raw ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof body[name] === "string" ? (body[name] as string).trim() : "");
  const [bankRef, accountNumber, accountName] = [text("account_bank"), text("account_number"), text("account_name")];
  const missing: FieldErrors = {};
  for (const [field, value] of [
    ["account_bank", bankRef],
    ["account_number", accountNumber],
    ["account_name", accountName],
  ] as const) {
    if (!value) missing[field] = [INVENTORY_SPEC_MESSAGES.bankDetailsRequired];
  }
  if (Object.keys(missing).length) throw validationError(missing, INVENTORY_SPEC_MESSAGES.bankDetailsRequired);

  const verified = await verifyAccount(deps, tenant, accountNumber, bankRef);
  if (!sameName(verified.account_name, accountName))
    throw validationError({ account_name: [BANK_MESSAGES.nameMismatch] });

  const now = deps.now().toISOString();
  const columns = {
    bank_name: verified.bank_name,
    bank_code: verified.bank_code,
    account_number: verified.account_number,
    account_name: verified.account_name,
    verified_by: providerOf(deps).name,
    verified_at: now,
    updated_at: now,
  };
  const existed = Boolean(
    await deps.db
      .selectFrom("bank_accounts")
      .select("school_id")
      .where("school_id", "=", tenant.schoolId)
      .executeTakeFirst(),
  );
  await deps.db
    .insertInto("bank_accounts")
    .values({ ...columns, school_id: tenant.schoolId, created_at: now })
    .onConflict((oc) => oc.column("school_id").doUpdateSet(columns))
    .execute();
  // The account number is the school's own, not a person's: its last four digits say which one.
  await recordAudit(deps, tenant, {
    kind: "settings",
    summary: `Set the school's bank account (${verified.bank_name}, ending ${verified.account_number.slice(-4)})`,
  });
  const school = await deps.db
    .selectFrom("schools")
    .select("school_name")
    .where("id", "=", tenant.schoolId)
    .executeTakeFirstOrThrow();
  await registerSubaccount(deps, tenant, school.school_name);
  return { account: (await getBankAccount(deps, tenant))!, created: !existed };
}
