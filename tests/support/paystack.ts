import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { paystackSignature } from "../../api/services/paystack";

/**
 * A local server that answers as Paystack's documented API does for money coming in: Initialize Transaction,
 * Verify Transaction, Create and Update Subaccount, each behind the secret key. A test settles a transaction (as a
 * payer finishing, declining or leaving the checkout would), makes Paystack go down, and sends webhooks signed as
 * Paystack signs them (or forged).
 */

export interface FakeTransaction {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  email: string;
  callback_url: string;
  subaccount: string | null;
  bearer: string | null;
  status: "ongoing" | "success" | "failed" | "abandoned";
  fees: number;
  paid_at: string | null;
  created_at: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  authorization?: string;
}

export function fakePaystack(secret: string) {
  const requests: FakeRequest[] = [];
  const transactions = new Map<string, FakeTransaction>();
  const subaccounts = new Map<string, Record<string, unknown>>();
  const state = { down: false, base: "" };
  let nextId = 1000;

  const subaccountData = (code: string, id: number, body: Record<string, unknown>) => ({
    business_name: body.business_name,
    account_number: body.account_number,
    percentage_charge: body.percentage_charge,
    settlement_bank: body.settlement_bank,
    currency: "NGN",
    integration: 428626,
    domain: "test",
    subaccount_code: code,
    is_verified: false,
    settlement_schedule: "AUTO",
    active: true,
    migrate: false,
    id,
    createdAt: "2026-01-10T09:00:00.000Z",
    updatedAt: "2026-01-10T09:00:00.000Z",
  });

  /** A transaction as Verify answers it and a charge.success webhook carries it. */
  const transactionData = (t: FakeTransaction) => ({
    id: t.id,
    domain: "test",
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    message: null,
    gateway_response:
      t.status === "success" ? "Successful" : t.status === "failed" ? "Declined" : "The transaction was not completed",
    paid_at: t.paid_at,
    created_at: t.created_at,
    channel: "card",
    currency: t.currency,
    ip_address: "127.0.0.1",
    metadata: "",
    fees: t.status === "success" ? t.fees : null,
    customer: {
      id: 84312,
      first_name: null,
      last_name: null,
      email: t.email,
      customer_code: "CUS_xnxdt6s1zg1f4nx",
      phone: null,
    },
    authorization: {
      authorization_code: "AUTH_8dfhjjdt",
      bin: "408408",
      last4: "4081",
      channel: "card",
      reusable: true,
    },
    plan: null,
    split: {},
    subaccount: t.subaccount
      ? { subaccount_code: t.subaccount, business_name: subaccounts.get(t.subaccount)?.business_name ?? "" }
      : {},
    requested_amount: t.amount,
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const text = Buffer.concat(chunks).toString("utf8");
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      requests.push({ method: req.method ?? "", path: url.pathname, body, authorization: req.headers.authorization });
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(answer));
      };
      if (state.down) return send(503, { status: false, message: "Service unavailable" });
      if (req.headers.authorization !== `Bearer ${secret}`) return send(401, { status: false, message: "Invalid key" });

      if (req.method === "POST" && url.pathname === "/transaction/initialize") {
        const reference = String(body?.reference ?? `T${nextId}`);
        const amount = Number(body?.amount);
        if (!body?.email || !Number.isInteger(amount) || amount <= 0)
          return send(400, { status: false, message: "Invalid Amount Sent" });
        if (transactions.has(reference))
          return send(400, { status: false, message: "Duplicate Transaction Reference" });
        const accessCode = randomBytes(8).toString("hex");
        transactions.set(reference, {
          id: nextId++,
          reference,
          amount,
          currency: String(body.currency ?? "NGN"),
          email: String(body.email),
          callback_url: String(body.callback_url ?? ""),
          subaccount: typeof body.subaccount === "string" ? body.subaccount : null,
          bearer: typeof body.bearer === "string" ? body.bearer : null,
          status: "ongoing",
          fees: Math.min(200_000, Math.round(amount * 0.015) + (amount >= 250_000 ? 10_000 : 0)),
          paid_at: null,
          created_at: new Date().toISOString(),
        });
        return send(200, {
          status: true,
          message: "Authorization URL created",
          data: { authorization_url: `${state.base}/checkout/${accessCode}`, access_code: accessCode, reference },
        });
      }
      const verify = url.pathname.match(/^\/transaction\/verify\/(.+)$/);
      if (req.method === "GET" && verify) {
        const t = transactions.get(decodeURIComponent(verify[1]));
        if (!t) return send(400, { status: false, message: "Transaction reference not found" });
        return send(200, { status: true, message: "Verification successful", data: transactionData(t) });
      }
      if (req.method === "POST" && url.pathname === "/subaccount") {
        const code = `ACCT_${randomBytes(7).toString("hex")}`;
        const id = nextId++;
        subaccounts.set(code, { ...body, id });
        return send(201, { status: true, message: "Subaccount created", data: subaccountData(code, id, body ?? {}) });
      }
      const update = url.pathname.match(/^\/subaccount\/(.+)$/);
      if (req.method === "PUT" && update) {
        const code = decodeURIComponent(update[1]);
        const existing = subaccounts.get(code);
        if (!existing) return send(404, { status: false, message: "Subaccount not found" });
        const merged = { ...existing, ...body };
        subaccounts.set(code, merged);
        return send(200, {
          status: true,
          message: "Subaccount updated",
          data: subaccountData(code, Number(existing.id), merged),
        });
      }
      send(404, { status: false, message: "Not found" });
    });
  });

  return {
    requests,
    transactions,
    subaccounts,
    state,
    /** The payer finishes (success), is declined (failed) or leaves (abandoned) the checkout. */
    settle(reference: string, status: FakeTransaction["status"], change: Partial<FakeTransaction> = {}) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`no transaction ${reference}`);
      Object.assign(t, { status, paid_at: status === "success" ? new Date().toISOString() : null }, change);
      return t;
    },
    /** A charge.success event's body for a transaction, as Paystack sends it. */
    chargeSuccess(reference: string, change: Partial<FakeTransaction> = {}) {
      const t = {
        ...transactions.get(reference)!,
        status: "success" as const,
        paid_at: new Date().toISOString(),
        ...change,
      };
      return JSON.stringify({ event: "charge.success", data: transactionData(t) });
    },
    sign: (body: string) => paystackSignature(secret, body),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () => {
          state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
          resolve(state.base);
        }),
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
