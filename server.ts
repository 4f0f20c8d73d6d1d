import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import cluster from "node:cluster";
import { compressWhole } from "./server/compression";
import path from "node:path";
import { getHeapStatistics } from "node:v8";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createApi } from "./api/app";
import type { ApiDeps } from "./api/context";
import { openAndMigrate, ping, type DbHandle } from "./api/db";
import { openJobQueue, productJobs, type JobQueue } from "./api/jobs";
import { keepSpreadsheetWorkerReady } from "./api/lib/spreadsheet";
import { bankProviderFor } from "./api/services/bank-providers";
import { mailerFor } from "./api/services/mail";
import { withPaymentFollowUps } from "./api/services/payment-follow-ups";
import { paymentsFor } from "./api/services/payments";
import { smsProviderFor } from "./api/services/sms";
import { configuredStorage } from "./api/storage/configured";
import type { SchoolApiFetch } from "./app/.server/context";
import { isCrossOriginWrite } from "./app/.server/same-origin";
import { CLIENT_ADDRESS_HEADER, CLIENT_AGENT_HEADER } from "./contract/http";
import { APP_MESSAGES, DEFAULT_ERRORS } from "./contract/messages";
import { claimUploadFolder, sweepStaleUploads } from "./server-lib/multipart";
import { ConfigError, loadConfig, type Config } from "./config/env";
import { blankValues, errorFields, loggedPath, logger, REQUEST_ID_HEADER } from "./observability/log";
import { requestContext, type RequestIdEnv } from "./observability/request-context";
import { checkHealth, gracefulShutdown, listen } from "./server/lifecycle";
import { clientAddress } from "./server/proxy";
import { securityHeaders, type NonceEnv } from "./server/security-headers";

/**
 * No request body is read past this, whatever the route: the largest the product takes is an upload of
 * 5 files of 5 MB (spec section 9). Routes set their own, tighter limits.
 */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * One process: the school API at /api (unless SCHOOL_API_URL points elsewhere), the web app at /,
 * static assets, /healthz and the background jobs. SIGTERM stops taking connections and jobs, drains
 * the ones in flight and closes the database.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // Plainly, for whoever starts the server by hand or reads a container's output; and as a log line.
      process.stderr.write(`${error.message}\n`);
      logger.error("invalid configuration", {
        problems: error.message
          .split("\n")
          .slice(1)
          .map((line) => line.trim()),
      });
      process.exit(1);
    }
    throw error;
  }

  if (config.workers > 1 && cluster.isPrimary) return supervise(config);
  // Uploads a stopped process left half-read (its temporary files are removed as each request ends); then this
  // process's own folder, which the next start's sweep leaves alone while this process lives.
  await sweepStaleUploads(config.tempDir);
  const uploadDir = await claimUploadFolder(config.tempDir);
  watchForStrayErrors();

  // The bundle sits beside the Remix build it serves.
  const buildDir = path.dirname(fileURLToPath(import.meta.url));
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;

  let database: DbHandle | null = null;
  let jobs: JobQueue | null = null;
  let schoolApi: SchoolApiFetch;
  let healthy: () => Promise<boolean>;

  if (config.schoolApiUrl) {
    const base = config.schoolApiUrl.replace(/\/$/, "");
    schoolApi = (request, signal) => {
      const url = new URL(request.url);
      return fetch(new Request(base + url.pathname + url.search, request), { signal });
    };
    healthy = async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok ?? false;
  } else {
    database = await openAndMigrate(config.databaseUrl);
    const deps: ApiDeps = {
      db: database.db,
      dialect: database.dialect,
      storage: configuredStorage(config.storage),
      now: () => new Date(),
      publicUrl: config.publicUrl,
      bankProvider: bankProviderFor(config.paystackSecretKey),
      payments: paymentsFor(config),
      tempDir: uploadDir,
      storageQuotaBytes: config.storageQuotaBytes,
      mailer: mailerFor(config.mail),
      sms: smsProviderFor(config.sms),
    };
    // Every process runs jobs; the database hands each job to one of them. What a job enqueues (the receipt of a
    // payment the periodic check recorded) goes to the queue it runs in.
    const jobDeps: ApiDeps = { ...deps, jobs: { enqueue: (...job) => queue.enqueue(...job) } };
    const queue: JobQueue = await openJobQueue(database, productJobs(withPaymentFollowUps(jobDeps)));
    jobs = queue;
    await jobs.start();
    const api = createApi({ ...deps, jobs });
    schoolApi = async (request) => api.fetch(request);
    healthy = () => ping(database!.db);
    keepSpreadsheetWorkerReady();
  }

  // Always the production mode: this serves a production build, and development mode would show stack
  // traces in the browser.
  const handleRemix = createRequestHandler(build, "production");
  const app = new Hono<{ Variables: RequestIdEnv["Variables"] & NonceEnv["Variables"] }>();
  app.onError((error, c) => {
    logger.error("unhandled error", {
      request_id: c.get("requestId"),
      method: c.req.method,
      path: loggedPath(c.req.path),
      ...errorFields(error),
    });
    return c.text(DEFAULT_ERRORS.unexpected, 500);
  });
  app.use("*", requestContext());
  app.use("*", async (c, next) => {
    const connection = getConnInfo(c).remote.address ?? "unknown";
    c.req.raw.headers.set(CLIENT_ADDRESS_HEADER, clientAddress(c.req.raw.headers, connection, config.trustProxy));
    c.req.raw.headers.set(CLIENT_AGENT_HEADER, c.req.header("user-agent") ?? "");
    await next();
  });
  app.use(
    "*",
    securityHeaders({
      publicUrl: config.publicUrl,
      imageOrigins: config.schoolApiUrl ? [config.schoolApiUrl] : [],
    }),
  );
  app.use("*", bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.text(APP_MESSAGES.payloadTooLarge, 413) }));
  // Pages and API answers are compressed once rendered; assets were compressed at build time.
  app.use("*", compressWhole());

  app.get("/healthz", async (c) => {
    const health = await checkHealth(healthy);
    return c.json(health.body, health.status);
  });
  if (!config.schoolApiUrl) app.all("/api/*", (c) => schoolApi(c.req.raw));
  app.use(
    "/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), path.join(buildDir, "client")),
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  app.use(
    "/favicon.ico",
    serveStatic({
      root: path.relative(process.cwd(), path.join(buildDir, "client")),
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=86400"),
    }),
  );
  app.all("*", (c) => {
    if (isCrossOriginWrite(c.req.raw, config.publicUrl)) return c.text(APP_MESSAGES.crossOrigin, 403);
    const requestId = c.get("requestId");
    return handleRemix(c.req.raw, {
      // The page's calls to the school API go under the page's request id.
      schoolApi: (request, signal) => {
        request.headers.set(REQUEST_ID_HEADER, requestId);
        request.headers.set(CLIENT_ADDRESS_HEADER, c.req.header(CLIENT_ADDRESS_HEADER) ?? "unknown");
        request.headers.set(CLIENT_AGENT_HEADER, c.req.header(CLIENT_AGENT_HEADER) ?? "");
        return schoolApi(request, signal);
      },
      apiPublicBase: config.schoolApiUrl ? config.schoolApiUrl.replace(/\/$/, "") : "",
      publicUrl: config.publicUrl,
      apiTimeoutMs: config.apiTimeoutMs,
      sessionSecret: config.sessionSecret,
      uploadTempDir: uploadDir,
      cspNonce: c.get("cspNonce"),
      requestId,
    });
  });

  const server = listen({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info("listening", {
      url: `http://${info.address === "0.0.0.0" ? "localhost" : info.address}:${info.port}`,
      pid: process.pid,
      // The JavaScript heap's cap: `npm start` and the image set it (--max-old-space-size), or Node's default.
      heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20),
    });
  });

  const stop = gracefulShutdown({
    server,
    closeDatabase: async () => database?.close(),
    stopJobs: async () => jobs?.stop(),
    log: (message) => logger.info(message, { pid: process.pid }),
  });
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * WEB_CONCURRENCY > 1: this process migrates the database once, then runs that many workers on the
 * same port (one Node process uses one core), restarts a worker that dies, and passes SIGTERM on so
 * each drains its own requests.
 */
async function supervise(config: Config) {
  if (!config.schoolApiUrl) await (await openAndMigrate(config.databaseUrl)).close();
  let stopping = false;
  for (let i = 0; i < config.workers; i++) cluster.fork();
  cluster.on("exit", (worker, code) => {
    if (!stopping) {
      logger.error("worker stopped; starting another", { pid: worker.process.pid, code });
      cluster.fork();
    } else if (Object.keys(cluster.workers ?? {}).length === 0) {
      process.exit(0);
    }
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * A promise nobody awaited that failed is logged; an exception nothing caught leaves the process in an
 * unknown state, so it is logged and the process ends (the supervisor or the container starts another).
 */
function watchForStrayErrors() {
  // Libraries write to the console too (the HTTP adapter on an aborted request): their lines become JSON
  // lines like the rest, an Error among their arguments reduced to what errorFields keeps.
  const viaLogger =
    (level: "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      const error = args.find((a): a is Error => a instanceof Error);
      const text = args.filter((a) => typeof a === "string").join(" ");
      logger[level](text ? blankValues(text) : "console", error ? errorFields(error) : undefined);
    };
  console.log = console.info = viaLogger("info");
  console.warn = viaLogger("warn");
  console.error = viaLogger("error");
  process.on("unhandledRejection", (error) => logger.error("unhandled rejection", errorFields(error)));
  process.on("uncaughtException", (error) => {
    logger.error("uncaught exception", errorFields(error));
    process.exit(1);
  });
}

main().catch((error) => {
  logger.error("failed to start", errorFields(error));
  process.exit(1);
});
