import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";

/** One call to Send Message as the server received it. */
export interface TermiiRequest {
  api_key: unknown;
  to: unknown;
  from: unknown;
  sms: unknown;
  type: unknown;
  channel: unknown;
}

export interface TestTermii {
  /** TERMII_BASE_URL of this server. */
  baseUrl: string;
  apiKey: string;
  requests: TermiiRequest[];
  /** Every number a call that succeeded sent to, in order. */
  delivered(): string[];
  /** The next `times` calls answer 503 (a temporary failure), then calls succeed again. */
  failTemporarily(times: number): void;
  close(): Promise<void>;
}

/**
 * A local server speaking Termii's documented Send Message (`POST /api/sms/send`): the JSON body with `api_key`,
 * `to` (one number or an array of at most 100, international format without +), `from` (a sender ID of 3 to 11
 * characters), `sms`, `type` "plain" and `channel`. It answers 200 `{code: "ok", message_id, message: "Successfully
 * Sent", balance, user}`, a 401 `{message}` for a wrong key, a 400 `{message}` for a malformed request, and 503 while
 * told to fail.
 */
export async function startTermii(options: { apiKey?: string } = {}): Promise<TestTermii> {
  const apiKey = options.apiKey ?? `TL${randomBytes(12).toString("hex")}`;
  const requests: TermiiRequest[] = [];
  const ok: string[][] = [];
  let failures = 0;
  let balance = 5000;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method !== "POST" || req.url !== "/api/sms/send") return answer(404, { message: "Not Found" });
      let body: TermiiRequest;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as TermiiRequest;
      } catch {
        return answer(400, { message: "Invalid JSON" });
      }
      requests.push(body);
      if (failures > 0) {
        failures--;
        return answer(503, { message: "Service temporarily unavailable" });
      }
      if (body.api_key !== apiKey) return answer(401, { message: "Invalid API key" });
      const to = Array.isArray(body.to) ? body.to : [body.to];
      const valid =
        to.length >= 1 &&
        to.length <= 100 &&
        to.every((n) => typeof n === "string" && /^234\d{10}$/.test(n)) &&
        typeof body.from === "string" &&
        body.from.length >= 3 &&
        body.from.length <= 11 &&
        typeof body.sms === "string" &&
        body.sms.length > 0 &&
        body.type === "plain" &&
        (body.channel === "dnd" || body.channel === "generic" || body.channel === "whatsapp");
      if (!valid) return answer(400, { message: "Bad request: check the phone numbers and sender ID" });
      ok.push(to as string[]);
      balance -= to.length;
      return answer(200, {
        code: "ok",
        message_id: String(Date.now()),
        message: "Successfully Sent",
        balance,
        user: "Test School",
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    delivered: () => ok.flat(),
    failTemporarily(times) {
      failures = times;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
