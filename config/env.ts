import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_STORAGE_QUOTA_MB } from "../contract/files";

/** Every environment variable the server reads; the README lists the same ones. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ invalid_type_error: "must be a whole number from 1 to 65535" })
    .int("must be a whole number from 1 to 65535")
    .min(1, "must be a whole number from 1 to 65535")
    .max(65535, "must be a whole number from 1 to 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .min(1)
    .refine((v) => /^(postgres(ql)?:\/\/|sqlite:|\.|\/|:memory:)/i.test(v) || !v.includes("://"), {
      message: "must be a postgres:// URL or a SQLite file path",
    })
    .optional(),
  PUBLIC_URL: z.string().optional(),
  SCHOOL_API_URL: z.string().url("must be an http(s) URL such as https://api.example.ng").optional(),
  SCHOOL_API_TIMEOUT_MS: z.coerce
    .number({ invalid_type_error: "must be a whole number of milliseconds from 100 to 120000" })
    .int("must be a whole number of milliseconds from 100 to 120000")
    .min(100, "must be a whole number of milliseconds from 100 to 120000")
    .max(120_000, "must be a whole number of milliseconds from 100 to 120000")
    .default(10_000),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, "must be a Paystack secret key (sk_test_… or sk_live_…)")
    .optional(),
  PAYSTACK_API_URL: z.string().url("must be an http(s) URL such as https://api.paystack.co").optional(),
  PAYSTACK_PLATFORM_CHARGE: z.coerce
    .number({ invalid_type_error: "must be a percentage from 0 to 100" })
    .min(0, "must be a percentage from 0 to 100")
    .max(100, "must be a percentage from 0 to 100")
    .default(0),
  PAYMENTS_SANDBOX: z.enum(["0", "1"], { message: "must be 1 (the test checkout) or 0" }).default("0"),
  WEB_CONCURRENCY: z.coerce
    .number({ invalid_type_error: "must be a whole number from 1 to 64" })
    .int("must be a whole number from 1 to 64")
    .min(1, "must be a whole number from 1 to 64")
    .max(64, "must be a whole number from 1 to 64")
    .default(1),
  STORAGE_QUOTA_MB: z.coerce
    .number({ invalid_type_error: "must be a whole number of megabytes (0 for unlimited)" })
    .int("must be a whole number of megabytes (0 for unlimited)")
    .min(0, "must be a whole number of megabytes (0 for unlimited)")
    .default(DEFAULT_STORAGE_QUOTA_MB),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[0-9])$/i, "must be false, true (one proxy) or how many proxies are in front (0 to 9)")
    .default("false"),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens",
    )
    .optional(),
  S3_ENDPOINT: z.string().url("must be an http(s) URL such as https://s3.example.ng").optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/[^/?#\s]+/i.test(v) && URL.canParse(v), {
      message: "must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.ng:465",
    })
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  TERMII_API_KEY: z.string().min(10, "must be the API key from the Termii dashboard").optional(),
  TERMII_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9 ]{3,11}$/, "must be the sender ID registered with Termii: 3 to 11 letters or digits")
    .optional(),
  TERMII_BASE_URL: z.string().url("must be an http(s) URL such as https://api.ng.termii.com").optional(),
});

/** Outgoing email (SMTP_URL, MAIL_FROM): the transport's address with its credentials, and the sender. */
export interface MailConfig {
  /** smtp://user:password@host:port (STARTTLS when offered) or smtps:// (TLS from the start). Never logged. */
  url: string;
  from: string;
}

/** Where uploaded bytes are kept: under DATA_DIR/uploads, or in an S3-compatible bucket when S3_BUCKET is set. */
export type StorageConfig =
  | { kind: "local"; root: string }
  | {
      kind: "s3";
      bucket: string;
      endpoint: string | null;
      region: string;
      accessKeyId: string | null;
      secretAccessKey: string | null;
    };

export interface Config {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  schoolApiUrl: string | null;
  /**
   * The address schools and parents reach this server at (PUBLIC_URL), without a trailing slash: the base
   * of every absolute link the product makes. Outside production, the local address it listens on.
   */
  publicUrl: string;
  /** A call to the school API that has not answered by then fails with the screen's own message. */
  apiTimeoutMs: number;
  sessionSecret: string;
  /** The local file storage's folder (DATA_DIR/uploads); empty when files go to an S3 bucket. */
  uploadsDir: string;
  /** Worker processes sharing the port; 1 serves from the main process. */
  workers: number;
  /** Paystack verifies bank accounts when set; otherwise the sandbox does (the CBN check digit only). */
  paystackSecretKey: string | null;
  /** Paystack's API (PAYSTACK_API_URL), without a trailing slash; another Paystack-speaking server in tests. */
  paystackApiUrl: string;
  /** The percentage of each online payment the platform keeps (PAYSTACK_PLATFORM_CHARGE), sent as the subaccount's charge. */
  platformChargePercent: number;
  /** PAYMENTS_SANDBOX=1: payments go through the app's own test checkout instead of Paystack. */
  paymentsSandbox: boolean;
  storage: StorageConfig;
  /** A school's storage quota unless it has its own; 0 is unlimited. */
  storageQuotaBytes: number;
  /** Where uploads wait while they are streamed in and checked (DATA_DIR/tmp). */
  tempDir: string;
  /**
   * How many proxies in front are trusted (TRUST_PROXY): their X-Forwarded-For names the client (the entry
   * this many from its end) and their X-Forwarded-Proto/-Host the address reached. 0: those headers are dropped.
   */
  trustProxy: number;
  /** Outgoing email; null when SMTP_URL is unset (password reset links cannot be sent). */
  mail: MailConfig | null;
  /** Text messages through Termii; null when TERMII_API_KEY is unset (messages to parents go by email only). */
  sms: { apiKey: string; senderId: string; baseUrl: string } | null;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blank = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === "" ? undefined : v]));
  const parsed = schema.safeParse(blank);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  // Checked apart from the schema so that it is reported together with any other mistake.
  if (blank.NODE_ENV === "production" && !blank.SESSION_SECRET)
    lines.push("  SESSION_SECRET: is required when NODE_ENV=production");
  const publicUrl = blank.PUBLIC_URL ? publicOrigin(blank.PUBLIC_URL) : null;
  if (blank.PUBLIC_URL && !publicUrl) lines.push(`  PUBLIC_URL: ${PUBLIC_URL_RULE}`);
  if (blank.NODE_ENV === "production" && !blank.PUBLIC_URL) {
    lines.push(`  PUBLIC_URL: is required when NODE_ENV=production: ${PUBLIC_URL_RULE}`);
  }
  if (!blank.S3_BUCKET && (blank.S3_ENDPOINT || blank.S3_ACCESS_KEY_ID || blank.S3_SECRET_ACCESS_KEY)) {
    lines.push("  S3_BUCKET: is required when S3_ENDPOINT or S3 keys are set");
  }
  if (Boolean(blank.S3_ACCESS_KEY_ID) !== Boolean(blank.S3_SECRET_ACCESS_KEY)) {
    lines.push(
      "  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (neither uses the machine's own AWS credentials)",
    );
  }
  if (blank.PAYMENTS_SANDBOX === "1" && blank.PAYSTACK_SECRET_KEY?.startsWith("sk_live_")) {
    lines.push("  PAYMENTS_SANDBOX: the test checkout cannot run with a live Paystack key (sk_live_…)");
  }
  if (blank.SMTP_URL && !blank.MAIL_FROM) {
    lines.push(
      '  MAIL_FROM: is required when SMTP_URL is set: the sender, such as "Greenfield School <no-reply@example.ng>"',
    );
  }
  if (Boolean(blank.TERMII_API_KEY) !== Boolean(blank.TERMII_SENDER_ID)) {
    lines.push("  TERMII_API_KEY, TERMII_SENDER_ID: set both (the key and the school's sender ID) or neither");
  }
  if (!parsed.success || lines.length) throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const uploadsDir = path.join(dataDir, "uploads");
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? path.join(dataDir, "school.sqlite"),
    schoolApiUrl: e.SCHOOL_API_URL ?? null,
    publicUrl: publicUrl ?? localAddress(e.HOST, e.PORT),
    apiTimeoutMs: e.SCHOOL_API_TIMEOUT_MS,
    sessionSecret: e.SESSION_SECRET ?? localSecret(dataDir),
    uploadsDir,
    workers: e.WEB_CONCURRENCY,
    paystackSecretKey: e.PAYSTACK_SECRET_KEY ?? null,
    paystackApiUrl: (e.PAYSTACK_API_URL ?? "https://api.paystack.co").replace(/\/$/, ""),
    platformChargePercent: e.PAYSTACK_PLATFORM_CHARGE,
    paymentsSandbox: e.PAYMENTS_SANDBOX === "1",
    storage: e.S3_BUCKET
      ? {
          kind: "s3",
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT ?? null,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
        }
      : { kind: "local", root: uploadsDir },
    storageQuotaBytes: e.STORAGE_QUOTA_MB * 1024 * 1024,
    tempDir: path.join(dataDir, "tmp"),
    trustProxy: proxiesTrusted(e.TRUST_PROXY),
    mail: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : null,
    sms:
      e.TERMII_API_KEY && e.TERMII_SENDER_ID
        ? {
            apiKey: e.TERMII_API_KEY,
            senderId: e.TERMII_SENDER_ID,
            baseUrl: (e.TERMII_BASE_URL ?? "https://api.ng.termii.com").replace(/\/$/, ""),
          }
        : null,
  };
}

function proxiesTrusted(value: string): number {
  const word = value.toLowerCase();
  return word === "true" ? 1 : word === "false" ? 0 : Number(word);
}

const PUBLIC_URL_RULE =
  "set it to the address schools and parents open the app at, such as https://school.example.ng (http or https, no path)";

/** PUBLIC_URL as an origin (scheme, host, port), or null when it is anything more or less than one. */
function publicOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const plain =
    (url.protocol === "https:" || url.protocol === "http:") &&
    url.hostname !== "" &&
    !url.username &&
    !url.password &&
    url.pathname === "/" &&
    !url.search &&
    !url.hash &&
    !value.includes("?") &&
    !value.includes("#");
  return plain ? url.origin : null;
}

/** Where the server answers on this machine: the default PUBLIC_URL in development and tests. */
function localAddress(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Outside production the cookie secret is generated once and kept beside the data, readable only by us. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
