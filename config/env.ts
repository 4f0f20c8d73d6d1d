import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Every environment variable the server reads; the README lists the same ones. */
const schema = z
  .object({
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
    SCHOOL_API_URL: z.string().url("must be an http(s) URL such as https://api.example.ng").optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    PAYSTACK_SECRET_KEY: z
      .string()
      .regex(/^sk_(test|live)_\w+$/, "must be a Paystack secret key (sk_test_… or sk_live_…)")
      .optional(),
    WEB_CONCURRENCY: z.coerce
      .number({ invalid_type_error: "must be a whole number from 1 to 64" })
      .int("must be a whole number from 1 to 64")
      .min(1, "must be a whole number from 1 to 64")
      .max(64, "must be a whole number from 1 to 64")
      .default(1),
  });

export interface Config {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  schoolApiUrl: string | null;
  sessionSecret: string;
  uploadsDir: string;
  /** Worker processes sharing the port; 1 serves from the main process. */
  workers: number;
  /** Paystack verifies bank accounts when set; otherwise the sandbox does (DESIGN section 7). */
  paystackSecretKey: string | null;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blank = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === "" ? undefined : v]));
  const parsed = schema.safeParse(blank);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  // Checked apart from the schema so that it is reported together with any other mistake.
  if (blank.NODE_ENV === "production" && !blank.SESSION_SECRET) lines.push("  SESSION_SECRET: is required when NODE_ENV=production");
  if (!parsed.success || lines.length) throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? path.join(dataDir, "school.sqlite"),
    schoolApiUrl: e.SCHOOL_API_URL ?? null,
    sessionSecret: e.SESSION_SECRET ?? localSecret(dataDir),
    uploadsDir: path.join(dataDir, "uploads"),
    workers: e.WEB_CONCURRENCY,
    paystackSecretKey: e.PAYSTACK_SECRET_KEY ?? null,
  };
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
