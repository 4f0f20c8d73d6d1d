import type { Bank, BankProviderName } from "../../contract/banks";
import { CBN_BANKS, isValidNuban } from "../lib/nuban";
import { logger } from "../../observability/log";

/**
 * Who tells us the name on a bank account: Paystack's resolve-account API when the
 * server has PAYSTACK_SECRET_KEY, otherwise a sandbox that checks only the CBN check digit.
 */
export type Resolution =
  | { kind: "found"; accountName: string }
  /** The number cannot be an account at that bank (the check digit is wrong). */
  | { kind: "invalid" }
  /** The provider looked and found no such account. */
  | { kind: "not-found" }
  /** The provider could not answer (down, slow, refused our key); the reason was logged. */
  | { kind: "unavailable" };

export interface BankProvider {
  readonly name: BankProviderName;
  /** The banks to choose from, or null when they cannot be had right now. */
  listBanks(): Promise<Bank[] | null>;
  resolveAccount(accountNumber: string, bank: Bank): Promise<Resolution>;
}

/**
 * The sandbox: the CBN's banks with their codes, a number is refused unless its NUBAN check digit is right
 * for the chosen bank, and the name it gives is plainly not a real one (the screen says so too).
 */
export function sandboxBankProvider(): BankProvider {
  return {
    name: "sandbox",
    listBanks: async () => CBN_BANKS.map((bank) => ({ ...bank })),
    resolveAccount: async (accountNumber, bank) =>
      isValidNuban(accountNumber, bank.code)
        ? { kind: "found", accountName: `SANDBOX ACCOUNT ${accountNumber.slice(-4)}` }
        : { kind: "invalid" },
  };
}

export interface PaystackOptions {
  secretKey: string;
  /** Paystack's API; tests point it at a local server that answers as Paystack does. */
  baseUrl?: string;
  timeoutMs?: number;
  /** Where failures are reported: never with the key, the account number or the name. */
  log?: (line: string) => void;
}

const BANK_LIST_TTL_MS = 24 * 60 * 60 * 1000;
const BANK_LIST_MAX_PAGES = 10;

interface PaystackBank {
  name?: unknown;
  code?: unknown;
  active?: unknown;
  is_deleted?: unknown;
}

/**
 * Paystack's documented API: `GET /bank?country=nigeria` (cursor pages of 100) for the banks and their
 * Paystack codes, and `GET /bank/resolve?account_number=&bank_code=` for the name on an account. The secret
 * key stays in this closure: it is sent only in the Authorization header to Paystack, never logged or
 * returned. The bank list is kept for a day; a failed refresh keeps serving the list it had.
 */
export function paystackBankProvider({
  secretKey,
  baseUrl = "https://api.paystack.co",
  timeoutMs = 6_000,
  log = (line: string) => logger.warn(line),
}: PaystackOptions): BankProvider {
  const base = baseUrl.replace(/\/$/, "");
  let cached: { banks: Bank[]; at: number } | null = null;
  let loading: Promise<Bank[] | null> | null = null;

  async function get(
    path: string,
    query: Record<string, string>,
  ): Promise<{ status: number; body: Record<string, unknown> | null } | null> {
    const url = `${base}${path}?${new URLSearchParams(query)}`;
    try {
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${secretKey}`, Accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (response.status === 401 || response.status === 403)
        log(`bank verification: Paystack refused the secret key (${response.status})`);
      else if (response.status >= 500 || response.status === 429)
        log(`bank verification: Paystack answered ${response.status} to ${path}`);
      return { status: response.status, body };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      log(
        `bank verification: Paystack ${timedOut ? `did not answer ${path} within ${timeoutMs} ms` : `could not be reached for ${path}`}`,
      );
      return null;
    }
  }

  async function fetchBanks(): Promise<Bank[] | null> {
    const banks = new Map<string, Bank>();
    let cursor: string | null = null;
    for (let page = 0; page < BANK_LIST_MAX_PAGES; page++) {
      const answer = await get("/bank", {
        country: "nigeria",
        use_cursor: "true",
        perPage: "100",
        ...(cursor ? { next: cursor } : {}),
      });
      if (!answer || answer.status !== 200 || !Array.isArray(answer.body?.data)) {
        if (answer && answer.status < 500 && ![401, 403, 429].includes(answer.status)) {
          log(
            `bank verification: Paystack's bank list answered ${answer.status}${answer.status === 200 ? " without a list" : ""}`,
          );
        }
        return null;
      }
      for (const bank of answer.body.data as PaystackBank[]) {
        if (
          typeof bank.name !== "string" ||
          typeof bank.code !== "string" ||
          bank.active === false ||
          bank.is_deleted === true
        )
          continue;
        if (!banks.has(bank.code)) banks.set(bank.code, { name: bank.name.trim(), code: bank.code });
      }
      const next = (answer.body.meta as { next?: unknown } | undefined)?.next;
      if (typeof next !== "string" || !next) break;
      cursor = next;
    }
    return [...banks.values()].sort((a, b) => a.name.localeCompare(b.name, "en"));
  }

  return {
    name: "paystack",
    async listBanks() {
      if (cached && Date.now() - cached.at < BANK_LIST_TTL_MS) return cached.banks;
      loading ??= fetchBanks().finally(() => {
        loading = null;
      });
      const banks = await loading;
      if (banks?.length) cached = { banks, at: Date.now() };
      return cached?.banks ?? null;
    },
    async resolveAccount(accountNumber, bank) {
      const answer = await get("/bank/resolve", { account_number: accountNumber, bank_code: bank.code });
      if (!answer) return { kind: "unavailable" };
      if (answer.status === 400 || answer.status === 404 || answer.status === 422) return { kind: "not-found" };
      const name = (answer.body?.data as { account_name?: unknown } | undefined)?.account_name;
      if (answer.status === 200 && answer.body?.status === true && typeof name === "string" && name.trim()) {
        return { kind: "found", accountName: name.trim() };
      }
      if (answer.status === 200) log("bank verification: Paystack's answer had no account name");
      return { kind: "unavailable" };
    },
  };
}

/** The provider the server runs with: Paystack when it has a secret key, else the sandbox. */
export function bankProviderFor(paystackSecretKey: string | null): BankProvider {
  return paystackSecretKey ? paystackBankProvider({ secretKey: paystackSecretKey }) : sandboxBankProvider();
}
