import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config/env";

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "school-env-"));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const SECRET = "x".repeat(32);

/** The variables of one start, as untyped as the real environment. */
const load = (vars: Record<string, string>) => loadConfig(vars as NodeJS.ProcessEnv);

function configError(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("loadConfig accepted an invalid configuration");
}

describe("loadConfig", () => {
  it("has defaults for everything but the data folder's contents", () => {
    const config = load({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      host: "0.0.0.0",
      dataDir,
      databaseUrl: path.join(dataDir, "school.sqlite"),
      schoolApiUrl: null,
      uploadsDir: path.join(dataDir, "uploads"),
    });
  });

  it("DATA_DIR defaults to ./data, resolved and created", () => {
    const cwd = process.cwd();
    process.chdir(dataDir);
    try {
      const config = load({});
      expect(config.dataDir).toBe(path.join(fs.realpathSync(dataDir), "data"));
      expect(fs.statSync(config.dataDir).isDirectory()).toBe(true);
    } finally {
      process.chdir(cwd);
    }
  });

  it("empty variables count as unset", () => {
    expect(load({ DATA_DIR: dataDir, PORT: "", HOST: "", DATABASE_URL: "", SCHOOL_API_URL: "" })).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      schoolApiUrl: null,
    });
  });

  it("reads the values it is given", () => {
    const config = load({
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      SESSION_SECRET: SECRET,
      SCHOOL_API_URL: "https://api.example.ng",
      PUBLIC_URL: "https://School.Example.ng/",
    });
    expect(config).toMatchObject({
      nodeEnv: "production",
      port: 8080,
      host: "127.0.0.1",
      sessionSecret: SECRET,
      schoolApiUrl: "https://api.example.ng",
      publicUrl: "https://school.example.ng",
    });
  });

  it.each(["abc", "0", "65536", "80.5", "-1"])("refuses PORT=%s, naming the variable", (port) => {
    const message = configError({ DATA_DIR: dataDir, PORT: port });
    expect(message).toMatch(/^Invalid configuration:\n {2}PORT: /);
  });

  it("says what PORT must be, and reports a missing production secret beside other mistakes", () => {
    const message = configError({ DATA_DIR: dataDir, NODE_ENV: "production", PORT: "abc" });
    expect(message).toContain("PORT: must be a whole number from 1 to 65535");
    expect(message).toContain("SESSION_SECRET: is required when NODE_ENV=production");
  });

  it("requires SESSION_SECRET in production", () => {
    expect(configError({ DATA_DIR: dataDir, NODE_ENV: "production" })).toContain(
      "SESSION_SECRET: is required when NODE_ENV=production",
    );
  });

  it("requires PUBLIC_URL in production, saying what to set", () => {
    const message = configError({ DATA_DIR: dataDir, NODE_ENV: "production", SESSION_SECRET: SECRET });
    expect(message).toBe(
      "Invalid configuration:\n  PUBLIC_URL: is required when NODE_ENV=production: set it to the address schools and parents open the app at, such as https://school.example.ng (http or https, no path)",
    );
  });

  it("outside production, PUBLIC_URL defaults to the local address the server listens on", () => {
    expect(load({ DATA_DIR: dataDir }).publicUrl).toBe("http://localhost:3000");
    expect(load({ DATA_DIR: dataDir, NODE_ENV: "test", HOST: "127.0.0.1", PORT: "3210" }).publicUrl).toBe(
      "http://127.0.0.1:3210",
    );
    expect(load({ DATA_DIR: dataDir, HOST: "::1", PORT: "8080" }).publicUrl).toBe("http://[::1]:8080");
    expect(load({ DATA_DIR: dataDir, PUBLIC_URL: "http://192.168.1.20:3000" }).publicUrl).toBe(
      "http://192.168.1.20:3000",
    );
  });

  it.each([
    "school.example.ng",
    "ftp://school.example.ng",
    "https://school.example.ng/school",
    "https://school.example.ng/?a=1",
    "https://school.example.ng/#top",
    "https://admin:pw@school.example.ng",
    "https://",
  ])("refuses PUBLIC_URL=%s", (url) => {
    expect(configError({ DATA_DIR: dataDir, PUBLIC_URL: url })).toContain(
      "PUBLIC_URL: set it to the address schools and parents open the app at",
    );
  });

  it("refuses a short SESSION_SECRET", () => {
    expect(configError({ DATA_DIR: dataDir, SESSION_SECRET: "short" })).toContain(
      "SESSION_SECRET: must be at least 32 characters",
    );
  });

  it("lists every malformed variable at once", () => {
    const message = configError({ DATA_DIR: dataDir, PORT: "nope", SCHOOL_API_URL: "api.example.ng" });
    expect(message).toContain("PORT:");
    expect(message).toContain("SCHOOL_API_URL: must be an http(s) URL such as https://api.example.ng");
  });

  it("takes a Paystack secret key, and refuses anything else without repeating it", () => {
    expect(load({ DATA_DIR: dataDir }).paystackSecretKey).toBeNull();
    expect(load({ DATA_DIR: dataDir, PAYSTACK_SECRET_KEY: "sk_live_abc123" }).paystackSecretKey).toBe("sk_live_abc123");
    const message = configError({ DATA_DIR: dataDir, PAYSTACK_SECRET_KEY: "pk_live_leaked0123" });
    expect(message).toContain("PAYSTACK_SECRET_KEY: must be a Paystack secret key (sk_test_… or sk_live_…)");
    expect(message).not.toContain("leaked0123");
  });

  it("reads outgoing email from SMTP_URL and MAIL_FROM, and refuses a malformed URL without repeating it", () => {
    expect(load({ DATA_DIR: dataDir }).mail).toBeNull();
    const url = "smtps://mailer:pa55word@smtp.example.ng:465";
    expect(load({ DATA_DIR: dataDir, SMTP_URL: url, MAIL_FROM: "School <no-reply@example.ng>" }).mail).toEqual({
      url,
      from: "School <no-reply@example.ng>",
    });
    const malformed = configError({ DATA_DIR: dataDir, SMTP_URL: "https://mailer:leaked-pass@smtp.example.ng" });
    expect(malformed).toContain("SMTP_URL: must be an smtp:// or smtps:// URL");
    expect(malformed).not.toContain("leaked-pass");
    expect(configError({ DATA_DIR: dataDir, SMTP_URL: url })).toContain("MAIL_FROM: is required when SMTP_URL is set");
  });

  it("reads Paystack's address, the platform charge and the payments sandbox, and refuses the sandbox with a live key", () => {
    const plain = load({ DATA_DIR: dataDir });
    expect([plain.paystackApiUrl, plain.platformChargePercent, plain.paymentsSandbox]).toEqual([
      "https://api.paystack.co",
      0,
      false,
    ]);
    const set = load({
      DATA_DIR: dataDir,
      PAYSTACK_API_URL: "http://127.0.0.1:4010/",
      PAYSTACK_PLATFORM_CHARGE: "1.5",
      PAYMENTS_SANDBOX: "1",
      PAYSTACK_SECRET_KEY: "sk_test_abc123",
    });
    expect([set.paystackApiUrl, set.platformChargePercent, set.paymentsSandbox]).toEqual([
      "http://127.0.0.1:4010",
      1.5,
      true,
    ]);
    expect(configError({ DATA_DIR: dataDir, PAYSTACK_PLATFORM_CHARGE: "101" })).toContain(
      "PAYSTACK_PLATFORM_CHARGE: must be a percentage from 0 to 100",
    );
    const live = configError({ DATA_DIR: dataDir, PAYMENTS_SANDBOX: "1", PAYSTACK_SECRET_KEY: "sk_live_secret99" });
    expect(live).toContain("PAYMENTS_SANDBOX: the test checkout cannot run with a live Paystack key");
    expect(live).not.toContain("secret99");
  });

  it("refuses an unknown NODE_ENV", () => {
    expect(configError({ DATA_DIR: dataDir, NODE_ENV: "staging" })).toContain("NODE_ENV:");
  });

  it.each([
    "postgres://school:pw@db.internal:5432/school",
    "postgresql://localhost/school",
    "/var/lib/school/db.sqlite",
    "./school.sqlite",
    ":memory:",
    "sqlite:school.sqlite",
  ])("accepts DATABASE_URL=%s", (url) => {
    expect(load({ DATA_DIR: dataDir, DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it("refuses a DATABASE_URL of another kind", () => {
    expect(configError({ DATA_DIR: dataDir, DATABASE_URL: "mysql://localhost/school" })).toContain(
      "DATABASE_URL: must be a postgres:// URL or a SQLite file path",
    );
  });

  it("outside production, generates the session secret once, keeps it in DATA_DIR and reuses it", () => {
    const first = load({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, "session-secret");
    expect(fs.readFileSync(file, "utf8")).toBe(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(load({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
    expect(load({ DATA_DIR: dataDir, NODE_ENV: "test" }).sessionSecret).toBe(first);
  });

  it("keeps files on the local disk under DATA_DIR/uploads, with a 1 GB quota, unless told otherwise", () => {
    expect(load({ DATA_DIR: dataDir })).toMatchObject({
      storage: { kind: "local", root: path.join(dataDir, "uploads") },
      storageQuotaBytes: 1024 * 1024 * 1024,
      tempDir: path.join(dataDir, "tmp"),
    });
    expect(load({ DATA_DIR: dataDir, STORAGE_QUOTA_MB: "250" }).storageQuotaBytes).toBe(250 * 1024 * 1024);
    expect(load({ DATA_DIR: dataDir, STORAGE_QUOTA_MB: "0" }).storageQuotaBytes).toBe(0);
  });

  it("uses an S3-compatible bucket when S3_BUCKET is set", () => {
    const config = load({
      DATA_DIR: dataDir,
      S3_BUCKET: "school-files",
      S3_ENDPOINT: "https://s3.example.ng",
      S3_REGION: "af-south-1",
      S3_ACCESS_KEY_ID: "key-id",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.storage).toEqual({
      kind: "s3",
      bucket: "school-files",
      endpoint: "https://s3.example.ng",
      region: "af-south-1",
      accessKeyId: "key-id",
      secretAccessKey: "secret",
    });
    expect(load({ DATA_DIR: dataDir, S3_BUCKET: "school-files" }).storage).toEqual({
      kind: "s3",
      bucket: "school-files",
      endpoint: null,
      region: "us-east-1",
      accessKeyId: null,
      secretAccessKey: null,
    });
  });

  it.each<[Record<string, string>, string]>([
    [{ S3_ENDPOINT: "https://s3.example.ng" }, "S3_BUCKET: is required when S3_ENDPOINT or S3 keys are set"],
    [
      { S3_BUCKET: "school-files", S3_ACCESS_KEY_ID: "key-id" },
      "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither",
    ],
    [{ S3_BUCKET: "B" }, "S3_BUCKET: must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens"],
    [{ S3_BUCKET: "school-files", S3_ENDPOINT: "s3.example.ng" }, "S3_ENDPOINT: must be an http(s) URL"],
    [{ STORAGE_QUOTA_MB: "-5" }, "STORAGE_QUOTA_MB: must be a whole number of megabytes (0 for unlimited)"],
    [{ STORAGE_QUOTA_MB: "1.5" }, "STORAGE_QUOTA_MB: must be a whole number of megabytes (0 for unlimited)"],
  ])("refuses the storage settings %j", (vars, message) => {
    expect(configError({ DATA_DIR: dataDir, ...vars })).toContain(message);
  });

  it("a given SESSION_SECRET wins and writes no file", () => {
    expect(load({ DATA_DIR: dataDir, SESSION_SECRET: SECRET }).sessionSecret).toBe(SECRET);
    expect(fs.existsSync(path.join(dataDir, "session-secret"))).toBe(false);
  });
});
