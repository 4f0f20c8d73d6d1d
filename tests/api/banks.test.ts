import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { paystackBankProvider } from "../../api/services/bank-providers";
import { CBN_BANKS, isValidNuban, nubanFor } from "../../api/lib/nuban";
import { BANK_MESSAGES, type BankAccount, type BankList } from "../../contract/banks";
import { INVENTORY_SPEC_MESSAGES as SPEC } from "../../contract/messages";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";

/** Bank list, account verification (sandbox and Paystack) and the school's bank account, on the real database. */

type Answer = { status: number; body?: unknown; delayMs?: number };

async function call(api: TestApi, s: RegisteredSchool, method: string, path: string, body?: unknown) {
  const res = await api.fetch(`/api/admin/${s.uniqueId}${path}`, {
    method,
    headers: { ...s.auth, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const GTB = "058";
const goodGtb = nubanFor(GTB, "012345678");
const badGtb = `${goodGtb.slice(0, 9)}${(Number(goodGtb[9]) + 1) % 10}`;

describe(`bank details with the sandbox provider on ${DATABASE}`, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  beforeAll(async () => {
    api = await startApi();
    school = await registerSchool(api);
  });
  afterAll(() => api.close());

  it("lists the CBN's banks by name, with their codes beside them, and says the sandbox answers", async () => {
    const res = await call(api, school, "GET", "/banks");
    expect(res.status).toBe(200);
    const list = res.body as BankList;
    expect(list.provider).toBe("sandbox");
    expect(list.data).toEqual(CBN_BANKS.map((b) => b.name));
    expect(list.banks).toContainEqual({ name: "Guaranty Trust Bank", code: "058" });
    expect(list.banks).toContainEqual({ name: "Kuda Microfinance Bank", code: "50211" });
  });

  it("verifies a number with the right check digit for the bank, named by code or by name", async () => {
    const expected = {
      account_name: `SANDBOX ACCOUNT ${goodGtb.slice(-4)}`,
      account_number: goodGtb,
      bank_name: "Guaranty Trust Bank",
      bank_code: GTB,
    };
    expect(await call(api, school, "GET", `/verify-account/${goodGtb}/${GTB}`)).toMatchObject({
      status: 200,
      body: expected,
    });
    expect(
      (await call(api, school, "GET", `/verify-account/${goodGtb}/${encodeURIComponent("guaranty trust bank")}`)).body,
    ).toEqual(expected);
    const kuda = nubanFor("50211", "200300400");
    expect((await call(api, school, "GET", `/verify-account/${kuda}/50211`)).body.bank_name).toBe(
      "Kuda Microfinance Bank",
    );
  });

  it("refuses a number whose check digit is wrong for the bank, even when it is right for another", async () => {
    const res = await call(api, school, "GET", `/verify-account/${badGtb}/${GTB}`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ account_number: [BANK_MESSAGES.notAnAccount("Guaranty Trust Bank")] });
    const firstBank = nubanFor("011", "012345678");
    if (!isValidNuban(firstBank, GTB))
      expect((await call(api, school, "GET", `/verify-account/${firstBank}/${GTB}`)).status).toBe(422);
  });

  it.each([
    ["a 9-digit number", "012345678", GTB, { account_number: [BANK_MESSAGES.accountNumberShape] }],
    ["letters", "01234567ab", GTB, { account_number: [BANK_MESSAGES.accountNumberShape] }],
    ["an unknown bank", goodGtb, "999", { account_bank: [BANK_MESSAGES.bankUnknown] }],
    [
      "both",
      "123",
      "Bank of Nowhere",
      { account_number: [BANK_MESSAGES.accountNumberShape], account_bank: [BANK_MESSAGES.bankUnknown] },
    ],
  ])("refuses %s beside the field", async (_, number, bank, errors) => {
    const res = await call(api, school, "GET", `/verify-account/${number}/${encodeURIComponent(bank)}`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(errors);
  });

  it("has no bank account until one is saved; saving needs every field, with the product's message", async () => {
    const s = await registerSchool(api);
    expect(await call(api, s, "GET", "/payment-account")).toMatchObject({ status: 200, body: { data: null } });
    const res = await call(api, s, "POST", "/payment-account", { account_bank: GTB, account_number: goodGtb });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: SPEC.bankDetailsRequired,
      errors: { account_name: [SPEC.bankDetailsRequired] },
    });
    const empty = await call(api, s, "POST", "/payment-account", {});
    expect(Object.keys(empty.body.errors)).toEqual(["account_bank", "account_number", "account_name"]);
    expect((await call(api, s, "GET", "/payment-account")).body.data).toBeNull();
  });

  it("verifies again on save: a name other than the verified one, or a bad number, writes nothing", async () => {
    const s = await registerSchool(api);
    const forged = await call(api, s, "POST", "/payment-account", {
      account_bank: GTB,
      account_number: goodGtb,
      account_name: "SOMEONE ELSE",
    });
    expect(forged.status).toBe(422);
    expect(forged.body.errors).toEqual({ account_name: [BANK_MESSAGES.nameMismatch] });
    const bad = await call(api, s, "POST", "/payment-account", {
      account_bank: GTB,
      account_number: badGtb,
      account_name: "SANDBOX ACCOUNT 0000",
    });
    expect(bad.body.errors).toEqual({ account_number: [BANK_MESSAGES.notAnAccount("Guaranty Trust Bank")] });
    expect((await call(api, s, "GET", "/payment-account")).body.data).toBeNull();
  });

  it("saves the verified account (201), replaces it later (200), and keeps each school's its own", async () => {
    api.clock.now = new Date("2026-02-01T10:00:00Z");
    const [s, t] = [await registerSchool(api), await registerSchool(api)];
    const name = `sandbox  account ${goodGtb.slice(-4)}`;
    const first = await call(api, s, "POST", "/payment-account", {
      account_bank: "Guaranty Trust Bank",
      account_number: goodGtb,
      account_name: name,
    });
    expect(first.status).toBe(201);
    const saved: BankAccount = {
      account_bank: "Guaranty Trust Bank",
      bank_code: GTB,
      account_number: goodGtb,
      account_name: `SANDBOX ACCOUNT ${goodGtb.slice(-4)}`,
      verified_by: "sandbox",
      verified_at: "2026-02-01T10:00:00.000Z",
      subaccount_status: "off",
    };
    expect(first.body).toEqual({ message: SPEC.bankDetailsAdded, data: saved });
    expect((await call(api, s, "GET", "/payment-account")).body.data).toEqual(saved);
    expect((await call(api, t, "GET", "/payment-account")).body.data).toBeNull();

    const zenith = nubanFor("057", "987654321");
    const second = await call(api, s, "POST", "/payment-account", {
      account_bank: "057",
      account_number: zenith,
      account_name: `SANDBOX ACCOUNT ${zenith.slice(-4)}`,
    });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ account_bank: "Zenith Bank", bank_code: "057", account_number: zenith });
    const rows = await api.db
      .selectFrom("bank_accounts")
      .selectAll()
      .where("account_number", "in", [goodGtb, zenith])
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("lets a school verify 30 accounts in 15 minutes, then answers 429 with Retry-After until the window moves", async () => {
    api.clock.now = new Date("2026-03-01T08:00:00Z");
    const [s, neighbour] = [await registerSchool(api), await registerSchool(api)];
    for (let i = 0; i < 30; i++)
      expect((await call(api, s, "GET", `/verify-account/${badGtb}/${GTB}`)).status).toBe(422);
    const limited = await call(api, s, "GET", `/verify-account/${goodGtb}/${GTB}`);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(BANK_MESSAGES.tooManyVerifications);
    expect(Number(limited.headers.get("retry-after"))).toBe(900);
    expect((await call(api, neighbour, "GET", `/verify-account/${goodGtb}/${GTB}`)).status).toBe(200);
    api.clock.now = new Date("2026-03-01T08:15:01Z");
    expect((await call(api, s, "GET", `/verify-account/${goodGtb}/${GTB}`)).status).toBe(200);
  });
});

/**
 * A local server that answers as Paystack's documented API does (List Banks with cursor pages, Resolve
 * Account Number): the provider is tested over real HTTP, including a wrong key, errors and a slow answer.
 */
function fakePaystack(secret: string) {
  const requests: { path: string; query: URLSearchParams; authorization?: string }[] = [];
  const accounts = new Map<string, string>([
    [`${GTB}:0123456789`, "ADAEZE OKAFOR"],
    // An OPay account is a phone number: Paystack resolves it though no NUBAN check digit fits it.
    ["999992:8031234567", "TUNDE BAKARE"],
  ]);
  const special = new Map<string, Answer>([
    ["5000000000", { status: 502, body: { status: false, message: "Bad gateway" } }],
    [
      "7777777777",
      {
        status: 200,
        body: {
          status: true,
          message: "Account number resolved",
          data: { account_number: "7777777777", account_name: "LATE ANSWER" },
        },
        delayMs: 1_500,
      },
    ],
    ["6666666666", { status: 200, body: { status: true, message: "Account number resolved", data: {} } }],
  ]);
  const state = { listAnswer: null as Answer | null };
  const bankPage = (n: number) => ({
    status: true,
    message: "Banks retrieved",
    data:
      n === 1
        ? [
            {
              name: "Guaranty Trust Bank",
              slug: "guaranty-trust-bank",
              code: GTB,
              longcode: "058152036",
              active: true,
              is_deleted: false,
              country: "Nigeria",
              currency: "NGN",
              type: "nuban",
              id: 9,
            },
            {
              name: "Access Bank",
              slug: "access-bank",
              code: "044",
              longcode: "044150149",
              active: true,
              is_deleted: false,
              country: "Nigeria",
              currency: "NGN",
              type: "nuban",
              id: 1,
            },
            {
              name: "Closed Bank",
              slug: "closed-bank",
              code: "990",
              longcode: "",
              active: false,
              is_deleted: false,
              country: "Nigeria",
              currency: "NGN",
              type: "nuban",
              id: 70,
            },
          ]
        : [
            {
              name: "OPay Digital Services Limited (OPay)",
              slug: "paycom",
              code: "999992",
              longcode: "",
              active: true,
              is_deleted: false,
              country: "Nigeria",
              currency: "NGN",
              type: "nuban",
              id: 171,
            },
            {
              name: "Deleted Bank",
              slug: "deleted-bank",
              code: "991",
              longcode: "",
              active: true,
              is_deleted: true,
              country: "Nigeria",
              currency: "NGN",
              type: "nuban",
              id: 71,
            },
            {
              name: "Access Bank",
              slug: "access-bank-dup",
              code: "044",
              longcode: "",
              active: true,
              is_deleted: false,
              country: "Nigeria",
              currency: "NGN",
              type: "nuban",
              id: 2,
            },
          ],
    meta: { next: n === 1 ? "YmFuazoxNzE=" : null, previous: null, perPage: 100 },
  });

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push({ path: url.pathname, query: url.searchParams, authorization: req.headers.authorization });
    const send = ({ status, body, delayMs = 0 }: Answer) => {
      const timer = setTimeout(() => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body ?? {}));
      }, delayMs);
      res.on("close", () => clearTimeout(timer));
    };
    if (req.headers.authorization !== `Bearer ${secret}`)
      return send({ status: 401, body: { status: false, message: "Invalid key" } });
    if (url.pathname === "/bank") {
      if (state.listAnswer) return send(state.listAnswer);
      return send({ status: 200, body: bankPage(url.searchParams.get("next") === "YmFuazoxNzE=" ? 2 : 1) });
    }
    if (url.pathname === "/bank/resolve") {
      const number = url.searchParams.get("account_number") ?? "";
      const found = accounts.get(`${url.searchParams.get("bank_code")}:${number}`);
      if (special.has(number)) return send(special.get(number)!);
      if (found)
        return send({
          status: 200,
          body: {
            status: true,
            message: "Account number resolved",
            data: { account_number: number, account_name: found, bank_id: 9 },
          },
        });
      return send({
        status: 422,
        body: {
          status: false,
          message: "Could not resolve account name. Check parameters or try again.",
          meta: { nextStep: "Ensure that you're passing the correct bank code" },
          type: "validation_error",
          code: "invalid_bank_code",
        },
      });
    }
    send({ status: 404, body: { status: false, message: "Not found" } });
  });
  return {
    requests,
    state,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe(`bank details with the Paystack provider on ${DATABASE}`, () => {
  const SECRET = "sk_test_4f1c0ffee0ddba11";
  const paystack = fakePaystack(SECRET);
  const logs: string[] = [];
  const consoleLines: string[] = [];
  const answers: string[] = [];
  let api: TestApi;
  let wrongKeyApi: TestApi;
  let school: RegisteredSchool;
  let wrongKeySchool: RegisteredSchool;

  beforeAll(async () => {
    const baseUrl = await paystack.start();
    for (const method of ["log", "info", "warn", "error"] as const) {
      vi.spyOn(console, method).mockImplementation(
        (...args: unknown[]) => void consoleLines.push(args.map(String).join(" ")),
      );
    }
    api = await startApi({
      bankProvider: paystackBankProvider({
        secretKey: SECRET,
        baseUrl,
        timeoutMs: 400,
        log: (line) => logs.push(line),
      }),
    });
    wrongKeyApi = await startApi({
      bankProvider: paystackBankProvider({
        secretKey: "sk_test_wrongwrongwrong",
        baseUrl,
        timeoutMs: 400,
        log: (line) => logs.push(line),
      }),
    });
    school = await registerSchool(api);
    wrongKeySchool = await registerSchool(wrongKeyApi);
  });
  afterEach(() => {
    paystack.state.listAnswer = null;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await Promise.all([api.close(), wrongKeyApi.close(), paystack.stop()]);
  });

  const ask = async (a: TestApi, s: RegisteredSchool, method: string, path: string, body?: unknown) => {
    const res = await call(a, s, method, path, body);
    answers.push(JSON.stringify(res.body));
    return res;
  };

  it("lists Paystack's banks from every cursor page, active ones only, each once, by name; then from memory", async () => {
    const before = paystack.requests.length;
    const res = await ask(api, school, "GET", "/banks");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      provider: "paystack",
      data: ["Access Bank", "Guaranty Trust Bank", "OPay Digital Services Limited (OPay)"],
      banks: [
        { name: "Access Bank", code: "044" },
        { name: "Guaranty Trust Bank", code: GTB },
        { name: "OPay Digital Services Limited (OPay)", code: "999992" },
      ],
    });
    const listCalls = paystack.requests.slice(before);
    expect(
      listCalls.map((r) => [
        r.path,
        r.query.get("country"),
        r.query.get("use_cursor"),
        r.query.get("perPage"),
        r.query.get("next"),
      ]),
    ).toEqual([
      ["/bank", "nigeria", "true", "100", null],
      ["/bank", "nigeria", "true", "100", "YmFuazoxNzE="],
    ]);
    expect((await ask(api, school, "GET", "/banks")).status).toBe(200);
    expect(paystack.requests.length).toBe(before + 2);
  });

  it("resolves an account with Paystack, sending the secret only in the Authorization header", async () => {
    const res = await ask(api, school, "GET", `/verify-account/0123456789/${GTB}`);
    expect(res).toMatchObject({
      status: 200,
      body: {
        account_name: "ADAEZE OKAFOR",
        account_number: "0123456789",
        bank_name: "Guaranty Trust Bank",
        bank_code: GTB,
      },
    });
    const sent = paystack.requests.at(-1)!;
    expect([sent.path, sent.query.get("account_number"), sent.query.get("bank_code"), sent.authorization]).toEqual([
      "/bank/resolve",
      "0123456789",
      GTB,
      `Bearer ${SECRET}`,
    ]);
  });

  it("leaves the check digit to Paystack: an OPay phone-number account resolves", async () => {
    expect((await ask(api, school, "GET", "/verify-account/8031234567/999992")).body.account_name).toBe("TUNDE BAKARE");
  });

  it("turns Paystack's 422 into 'no such account at this bank' beside the number", async () => {
    const res = await ask(api, school, "GET", `/verify-account/0123456780/${GTB}`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ account_number: [BANK_MESSAGES.notFoundAtBank("Guaranty Trust Bank")] });
  });

  it.each([
    ["a 5xx", "5000000000", /Paystack answered 502 to \/bank\/resolve/],
    ["an answer without a name", "6666666666", /Paystack's answer had no account name/],
  ])("answers 503 'not available' to %s, and logs why", async (_, number, logged) => {
    const res = await ask(api, school, "GET", `/verify-account/${number}/${GTB}`);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: BANK_MESSAGES.unavailable });
    expect(logs.at(-1)).toMatch(logged);
  });

  it("gives up on a slow answer at the timeout instead of keeping the admin waiting", async () => {
    const started = performance.now();
    const res = await ask(api, school, "GET", `/verify-account/7777777777/${GTB}`);
    const elapsed = performance.now() - started;
    expect(res.status).toBe(503);
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(1_400);
    expect(logs.at(-1)).toBe("bank verification: Paystack did not answer /bank/resolve within 400 ms");
  });

  it("with a wrong key: 503 for the list and the verification, and a log line that names the 401, not the key", async () => {
    const list = await ask(wrongKeyApi, wrongKeySchool, "GET", "/banks");
    expect(list.status).toBe(503);
    expect(list.body).toEqual({ message: BANK_MESSAGES.banksUnavailable });
    expect(logs.at(-1)).toBe("bank verification: Paystack refused the secret key (401)");
  });

  it("answers 503 for the bank list when Paystack fails before any list was had", async () => {
    const down = fakePaystack(SECRET);
    const baseUrl = await down.start();
    down.state.listAnswer = { status: 500, body: { status: false, message: "Internal error" } };
    const failing = await startApi({
      bankProvider: paystackBankProvider({
        secretKey: SECRET,
        baseUrl,
        timeoutMs: 400,
        log: (line) => logs.push(line),
      }),
    });
    try {
      const s = await registerSchool(failing);
      const res = await ask(failing, s, "GET", "/banks");
      expect(res.status).toBe(503);
      expect(logs.at(-1)).toBe("bank verification: Paystack answered 500 to /bank");
      const verify = await ask(failing, s, "GET", `/verify-account/0123456789/${GTB}`);
      expect(verify.status).toBe(503);
    } finally {
      await Promise.all([failing.close(), down.stop()]);
    }
  });

  it("keeps serving the list it has when a later fetch would fail", async () => {
    paystack.state.listAnswer = { status: 503, body: { status: false } };
    expect((await ask(api, school, "GET", "/banks")).body.data).toHaveLength(3);
  });

  it("saves bank details verified by Paystack", async () => {
    const res = await ask(api, school, "POST", "/payment-account", {
      account_bank: "Guaranty Trust Bank",
      account_number: "0123456789",
      account_name: "Adaeze Okafor",
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      account_bank: "Guaranty Trust Bank",
      bank_code: GTB,
      account_name: "ADAEZE OKAFOR",
      verified_by: "paystack",
    });
  });

  it("never puts the secret key in an answer, a log line or the console, nor account numbers in logs", () => {
    expect(answers.length).toBeGreaterThan(8);
    expect(logs.length).toBeGreaterThan(3);
    for (const text of [...answers, ...logs, ...consoleLines]) {
      expect(text).not.toContain("4f1c0ffee0ddba11");
      expect(text).not.toContain("wrongwrongwrong");
    }
    for (const text of [...logs, ...consoleLines])
      for (const number of ["0123456789", "5000000000", "7777777777"]) expect(text).not.toContain(number);
  });
});
