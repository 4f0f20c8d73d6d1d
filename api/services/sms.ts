/**
 * Text messages: a provider interface and its one real provider, Termii (its documented `POST /api/sms/send`).
 * The API key travels in the request body only, never in a log line or an error.
 */

/** One call's answer: every number sent, refused for good (with the provider's reason), or worth trying again. */
export type SmsResult = { ok: true } | { ok: false; temporary: boolean; reason: string };

export interface SmsProvider {
  /** The most numbers one `send` takes. */
  readonly batchSize: number;
  /** Sends one text to these numbers (E.164, +234…). */
  send(numbers: string[], text: string): Promise<SmsResult>;
}

export interface TermiiConfig {
  apiKey: string;
  /** The sender ID the school registered with Termii: 3 to 11 characters. */
  senderId: string;
  /** TERMII_BASE_URL, without a trailing slash. */
  baseUrl: string;
}

const TERMII_TIMEOUT_MS = 15_000;
/** A reason kept in the delivery log is cut to this length: it is the provider's text, shown to the school. */
const REASON_MAX = 200;

/**
 * Termii on its transactional `dnd` route, so that parents who turned Do-Not-Disturb on still receive the school's
 * messages. Numbers go in Termii's international format (2348012345678, no +); up to 100 a call. A 4xx answer is
 * final (a wrong key, an unregistered sender ID, no balance) with Termii's message as the reason; a 5xx, a 429,
 * a timeout or a broken connection is temporary and tried again later.
 */
export function termiiProvider(config: TermiiConfig): SmsProvider {
  return {
    batchSize: 100,
    async send(numbers, text) {
      let response: Response;
      try {
        response = await fetch(`${config.baseUrl}/api/sms/send`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({
            api_key: config.apiKey,
            to: numbers.map((n) => n.replace(/^\+/, "")),
            from: config.senderId,
            sms: text,
            type: "plain",
            channel: "dnd",
          }),
          signal: AbortSignal.timeout(TERMII_TIMEOUT_MS),
        });
      } catch {
        return { ok: false, temporary: true, reason: "SMS provider unreachable" };
      }
      const answer = (await response.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
      const said = typeof answer?.message === "string" ? answer.message.slice(0, REASON_MAX) : "";
      if (response.ok && answer && answer.code !== undefined && answer.code !== "ok") {
        return { ok: false, temporary: false, reason: said || `SMS provider answered ${String(answer.code)}` };
      }
      if (response.ok) return { ok: true };
      const temporary = response.status >= 500 || response.status === 429;
      return { ok: false, temporary, reason: said || `SMS provider answered ${response.status}` };
    },
  };
}

/** Termii when TERMII_API_KEY and TERMII_SENDER_ID are set, else no SMS. */
export function smsProviderFor(config: TermiiConfig | null): SmsProvider | undefined {
  return config ? termiiProvider(config) : undefined;
}
