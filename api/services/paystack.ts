import { createHmac, timingSafeEqual } from "node:crypto";
import { logger } from "../../observability/log";

/**
 * Paystack's documented API for money coming in: Initialize Transaction (`POST /transaction/initialize`),
 * Verify Transaction (`GET /transaction/verify/{reference}`), Create and Update Subaccount (`POST /subaccount`,
 * `PUT /subaccount/{code}`), and the `x-paystack-signature` of a webhook (the hex HMAC SHA-512 of the raw body,
 * keyed with the secret key). The secret key stays in this closure: it is sent only in the Authorization header
 * to Paystack and used for the signature, never logged or returned.
 */

/** Why a call to Paystack gave nothing: it could not be reached or answered badly ("unavailable"), or it refused. */
export type PaystackFailure = { ok: false; reason: "unavailable" | "refused"; detail: string };

export interface InitializeInput {
  email: string;
  amountKobo: number;
  /** Ours: Paystack keeps it as the transaction's reference. */
  reference: string;
  callbackUrl: string;
  /** The school's subaccount: the money settles into the school's own bank account. */
  subaccount: string | null;
  metadata?: Record<string, string | number>;
}

export interface Initialized {
  ok: true;
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

/** A transaction as Paystack's Verify answers it (and as a charge.success webhook carries it). */
export interface PaystackTransaction {
  reference: string;
  /** success, failed, abandoned, ongoing, pending, reversed, … as Paystack says. */
  status: string;
  amountKobo: number;
  currency: string;
  /** Paystack's fee on it, in kobo; null when not told. */
  feesKobo: number | null;
  paidAt: string | null;
  channel: string | null;
  email: string | null;
  /** The subaccount the money went to, or null. */
  subaccountCode: string | null;
  gatewayResponse: string | null;
}

export type Verified =
  | { ok: true; transaction: PaystackTransaction }
  | { ok: false; reason: "not-found" }
  | PaystackFailure;

export interface SubaccountInput {
  businessName: string;
  bankCode: string;
  accountNumber: string;
  /** The percentage of each payment the platform keeps. */
  percentageCharge: number;
}

export type Subaccount = { ok: true; code: string; active: boolean; verified: boolean } | PaystackFailure;

export interface PaymentGateway {
  /** "paystack", or "sandbox" for the app's own test checkout. */
  readonly name: "paystack" | "sandbox";
  initialize(input: InitializeInput): Promise<Initialized | PaystackFailure>;
  verify(reference: string): Promise<Verified>;
  createSubaccount(input: SubaccountInput): Promise<Subaccount>;
  updateSubaccount(code: string, input: SubaccountInput): Promise<Subaccount>;
  /** Whether `signature` is the webhook signature of `rawBody`; compared in constant time. */
  checkSignature(rawBody: string | Uint8Array, signature: string | null | undefined): boolean;
}

export interface PaystackClientOptions {
  secretKey: string;
  /** PAYSTACK_API_URL: Paystack's API, or a server that answers as it does. */
  baseUrl?: string;
  timeoutMs?: number;
  /** Where failures are reported: never with the key. */
  log?: (line: string) => void;
}

/** The hex HMAC SHA-512 of a body under a key: what Paystack sends as `x-paystack-signature`. */
export function paystackSignature(secretKey: string, rawBody: string | Uint8Array): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

/** Constant-time check of a webhook signature: a missing, malformed or wrong one is false. */
export function signatureMatches(secretKey: string, rawBody: string | Uint8Array, signature?: string | null) {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(paystackSignature(secretKey, rawBody), "hex");
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), "hex"));
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);

/** A transaction from Paystack's `data` (Verify's answer or a webhook's), or null when it is not one. */
export function readTransaction(data: unknown): PaystackTransaction | null {
  if (!data || typeof data !== "object") return null;
  const d = data as Record<string, unknown>;
  const reference = str(d.reference);
  const status = str(d.status);
  const amountKobo = num(d.amount);
  if (!reference || !status || amountKobo === null) return null;
  const sub = d.subaccount as Record<string, unknown> | null | undefined;
  return {
    reference,
    status,
    amountKobo,
    currency: str(d.currency) ?? "",
    feesKobo: num(d.fees),
    paidAt: str(d.paid_at) ?? str(d.paidAt),
    channel: str(d.channel),
    email: str((d.customer as Record<string, unknown> | undefined)?.email),
    subaccountCode: sub && typeof sub === "object" ? str(sub.subaccount_code) : null,
    gatewayResponse: str(d.gateway_response),
  };
}

export function paystackClient({
  secretKey,
  baseUrl = "https://api.paystack.co",
  timeoutMs = 8_000,
  log = (line: string) => logger.warn(line),
}: PaystackClientOptions): PaymentGateway {
  const base = baseUrl.replace(/\/$/, "");

  /** One call; null with a log line when Paystack could not be reached or answered with no JSON. */
  async function send(method: "GET" | "POST" | "PUT", path: string, body?: unknown) {
    const what = `${method} ${path.replace(/\/transaction\/verify\/.*/, "/transaction/verify/…")}`;
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${secretKey}`,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (response.status === 401 || response.status === 403)
        log(`payments: Paystack refused the secret key (${response.status}) on ${what}`);
      else if (response.status >= 500 || response.status === 429 || !json)
        log(`payments: Paystack answered ${response.status}${json ? "" : " without JSON"} to ${what}`);
      return { status: response.status, json };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      log(
        `payments: Paystack ${timedOut ? `did not answer ${what} within ${timeoutMs} ms` : `could not be reached for ${what}`}`,
      );
      return null;
    }
  }

  const failure = (answer: { status: number; json: Record<string, unknown> | null } | null): PaystackFailure => {
    if (!answer || answer.status >= 500 || answer.status === 429 || answer.status === 401 || answer.status === 403)
      return { ok: false, reason: "unavailable", detail: answer ? `HTTP ${answer.status}` : "unreachable" };
    return { ok: false, reason: "refused", detail: str(answer.json?.message) ?? `HTTP ${answer.status}` };
  };

  async function subaccount(method: "POST" | "PUT", path: string, input: SubaccountInput): Promise<Subaccount> {
    const answer = await send(method, path, {
      business_name: input.businessName,
      settlement_bank: input.bankCode,
      account_number: input.accountNumber,
      percentage_charge: input.percentageCharge,
    });
    const data = answer?.json?.data as Record<string, unknown> | undefined;
    const code = str(data?.subaccount_code);
    if (answer && answer.status < 300 && answer.json?.status === true && code) {
      return { ok: true, code, active: data?.active !== false, verified: data?.is_verified === true };
    }
    return failure(answer);
  }

  return {
    name: "paystack",
    async initialize(input) {
      const answer = await send("POST", "/transaction/initialize", {
        email: input.email,
        amount: String(input.amountKobo),
        currency: "NGN",
        reference: input.reference,
        callback_url: input.callbackUrl,
        ...(input.subaccount ? { subaccount: input.subaccount, bearer: "subaccount" } : {}),
        ...(input.metadata ? { metadata: JSON.stringify(input.metadata) } : {}),
      });
      const data = answer?.json?.data as Record<string, unknown> | undefined;
      const url = str(data?.authorization_url);
      if (answer && answer.status < 300 && answer.json?.status === true && url) {
        return {
          ok: true,
          authorizationUrl: url,
          accessCode: str(data?.access_code) ?? "",
          reference: input.reference,
        };
      }
      return failure(answer);
    },
    async verify(reference) {
      const answer = await send("GET", `/transaction/verify/${encodeURIComponent(reference)}`);
      if (answer && (answer.status === 400 || answer.status === 404)) return { ok: false, reason: "not-found" };
      const transaction = answer?.status === 200 ? readTransaction(answer.json?.data) : null;
      if (transaction) return { ok: true, transaction };
      if (answer?.status === 200) log("payments: Paystack's verify answer had no transaction");
      return failure(answer);
    },
    createSubaccount: (input) => subaccount("POST", "/subaccount", input),
    updateSubaccount: (code, input) => subaccount("PUT", `/subaccount/${encodeURIComponent(code)}`, input),
    checkSignature: (rawBody, signature) => signatureMatches(secretKey, rawBody, signature),
  };
}
