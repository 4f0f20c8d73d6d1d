import nodemailer from "nodemailer";
import type { MailConfig } from "../../config/env";
import { logger } from "../../observability/log";

/** A file an email carries (an admission letter PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** One email: plain text, with an HTML version when the message has links worth pressing, and its attachments. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/** Sends email; the product's one way out to an inbox (password reset links, later messages to parents). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** How long a connection, a greeting or a silent socket may take before the send fails. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * The SMTP mailer of MAIL_FROM through SMTP_URL (smtp:// upgrades with STARTTLS when the server offers it,
 * smtps:// is TLS from the start; credentials in the URL). A failure throws an error that carries the
 * SMTP code and the server's reply at most: never the URL, which holds the password.
 */
export function smtpMailer(config: MailConfig): Mailer {
  const transport = nodemailer.createTransport({
    url: config.url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    // nodemailer's own logger stays off: it would write the conversation, AUTH included.
    logger: false,
    debug: false,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({ from: config.from, ...message });
      } catch (error) {
        throw new MailError(error);
      }
    },
  };
}

/** The mailer of the configuration, or none when SMTP_URL is unset. */
export function mailerFor(config: MailConfig | null): Mailer | undefined {
  return config ? smtpMailer(config) : undefined;
}

/** A failed send, reduced to what may be logged: nodemailer's code (EAUTH, ECONNECTION…) and the SMTP status. */
export class MailError extends Error {
  readonly code: string;
  /** The SMTP reply's status when the server answered one (4xx: try later; 5xx: refused for good). */
  readonly responseCode: number | null;
  constructor(cause: unknown) {
    const code = typeof (cause as { code?: unknown })?.code === "string" ? (cause as { code: string }).code : "EMAIL";
    const status = (cause as { responseCode?: unknown })?.responseCode;
    super(`email not sent (${code}${typeof status === "number" ? `, SMTP ${status}` : ""})`);
    this.name = "MailError";
    this.code = code;
    this.responseCode = typeof status === "number" ? status : null;
  }
}

/**
 * Sends without holding up the request that asked (an answer that took as long as the mail would tell who has
 * an account); a failure is logged with its code only, never the address or the message.
 */
export function sendInBackground(mailer: Mailer, message: MailMessage, what: string): void {
  mailer.send(message).then(
    () => logger.info("email sent", { what }),
    (error: unknown) =>
      logger.warn("email not sent", { what, code: error instanceof MailError ? error.code : "EMAIL" }),
  );
}
