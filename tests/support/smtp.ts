import { simpleParser } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the SMTP server received it: the envelope, the parsed headers and bodies, and the raw bytes. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
  /** The credentials the client signed in with, when it did. */
  auth: { username: string; password: string } | null;
}

export interface TestSmtp {
  /** The SMTP_URL of this server, with its user and password: smtp://user:password@127.0.0.1:port. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The first message (already here or arriving within `timeoutMs`) that `match` accepts. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Every message sent to `address` so far. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process (the `smtp-server` package) on a free port of 127.0.0.1, taking any
 * message after AUTH with `user` and `password` (plain, no TLS: the client upgrades only when offered).
 * `refuse` makes it answer every message with that SMTP error instead (a full mailbox, a relay refused).
 */
export async function startSmtp(
  options: { user?: string; password?: string; refuse?: { code: number; message: string } } = {},
): Promise<TestSmtp> {
  const user = options.user ?? "mailer";
  const password = options.password ?? "s3cret-smtp-pass";
  const received: ReceivedMail[] = [];
  const waiters: Array<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user: auth.username });
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (options.refuse) {
          const error = new Error(options.refuse.message) as Error & { responseCode: number };
          error.responseCode = options.refuse.code;
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then(
          (parsed) => {
            const mail: ReceivedMail = {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              raw,
              auth: session.user ? { username: String(session.user), password } : null,
            };
            received.push(mail);
            for (const waiter of [...waiters]) {
              if (waiter.match(mail)) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve(mail);
              }
            }
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    port,
    received,
    to: (address) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    waitFor(match, timeoutMs = 10_000) {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const at = waiters.indexOf(waiter);
          if (at === -1) return;
          waiters.splice(at, 1);
          reject(new Error(`no matching email within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = new RegExp(`${escaped}\\S+`).exec(mail.text);
  if (!found) throw new Error(`no link starting ${prefix} in: ${mail.text}`);
  return found[0];
}
