import { randomBytes } from "node:crypto";

/**
 * The process's one logger: one JSON object per line on stdout, for the container's log collector.
 * Every line has `time`, `level` and `msg`; a line about a request carries its `request_id`, which the
 * answer repeats in its X-Request-Id header (and in the body of a 5xx), so a report from a school
 * leads to its line. Lines never carry passwords, tokens, cookies or personal data: callers pass ids
 * and counts, never bodies or query strings, and these helpers blank what could still slip through
 * (secret-named fields, quoted values in error messages, long random path segments).
 *
 * It lives in observability/, a floor below api/, app/ and server/ that all three import, so that the
 * school API can be deployed and run without the web server's host process: api/ never reaches up
 * into server/ for its logger. It imports nothing of the project.
 */

export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

export const REQUEST_ID_HEADER = "X-Request-Id";

type Sink = (line: string) => void;
let sink: Sink = (line) => process.stdout.write(`${line}\n`);

/** Routes the lines elsewhere (unit tests); returns the previous sink. */
export function setLogSink(next: Sink): Sink {
  const previous = sink;
  sink = next;
  return previous;
}

const SECRET_KEY = /pass(word)?|token|secret|cookie|authori[sz]ation|api[-_]?key/i;

function scrubbed(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object" || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      SECRET_KEY.test(key) ? "[redacted]" : scrubbed(item, depth + 1),
    ]),
  );
}

export function log(level: LogLevel, msg: string, fields: LogFields = {}): void {
  let line: string;
  try {
    line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...(scrubbed(fields) as LogFields) });
  } catch {
    line = JSON.stringify({ time: new Date().toISOString(), level, msg, note: "fields could not be serialised" });
  }
  sink(line);
}

export const logger = {
  info: (msg: string, fields?: LogFields) => log("info", msg, fields),
  warn: (msg: string, fields?: LogFields) => log("warn", msg, fields),
  error: (msg: string, fields?: LogFields) => log("error", msg, fields),
};

/**
 * An error as log fields: its class, its code (SQLITE_BUSY, 23505, ECONNREFUSED) and its message with
 * quoted and bracketed values blanked (database messages quote the offending input), plus the stack's
 * frames without its message line. Enough to find the fault; never the data that caused it.
 */
export function errorFields(error: unknown): LogFields {
  if (!(error instanceof Error)) return { error: { name: typeof error } };
  const code = (error as { code?: unknown }).code;
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8)
    .map((line) => line.trim());
  return {
    error: {
      name: error.name,
      ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
      message: blankValues(error.message),
      ...(frames.length ? { stack: frames } : {}),
    },
  };
}

/** `invalid input syntax for type integer: "Ada"` → `invalid input syntax for type integer: "…"`. */
export function blankValues(message: string): string {
  return message
    .replace(/"[^"]*"/g, '"…"')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\(([^()]*)\)=\(([^()]*)\)/g, "(…)=(…)")
    .slice(0, 300);
}

/** A fresh id for a request: 16 hex characters, unique enough to find one line among millions. */
export function newRequestId(): string {
  return randomBytes(8).toString("hex");
}

/**
 * An id a caller sent (a proxy, the web app calling the API) when it is safe to echo and log: short,
 * and letters, digits, dots, dashes and underscores only, so it cannot forge a log line or a header.
 */
export function acceptedRequestId(sent: string | null | undefined): string | null {
  return sent && /^[A-Za-z0-9._-]{8,64}$/.test(sent) ? sent : null;
}

/**
 * A path fit for a log line: no query string (searches carry names), and long random segments (media
 * keys, share links) replaced, since such a segment is itself a way in.
 */
export function loggedPath(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => (/^[A-Za-z0-9_-]{24,}$/.test(segment) ? ":key" : segment))
    .join("/")
    .slice(0, 200);
}
