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
    SCHOOL_API_TIMEOUT_MS: z.coerce
      .number({ invalid_type_error: "must be a whole number of milliseconds from 100 to 120000" })
      .int("must be a whole number of milliseconds from 100 to 120000")
      .min(100, "must be a whole number of milliseconds from 100 to 120000")
      .max(120_000, "must be a whole number of milliseconds from 100 to 120000")
      .default(10_000),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
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
  /** A call to the school API that has not answered by then fails with the screen's own message. */
  apiTimeoutMs: number;
  sessionSecret: string;
  uploadsDir: string;
  /** Worker processes sharing the port; 1 serves from the main process. */
  workers: number;
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
    apiTimeoutMs: e.SCHOOL_API_TIMEOUT_MS,
    sessionSecret: e.SESSION_SECRET ?? localSecret(dataDir),
    uploadsDir: path.join(dataDir, "uploads"),
    workers: e.WEB_CONCURRENCY,
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
