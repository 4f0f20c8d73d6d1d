import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Hono } from "hono";
import cluster from "node:cluster";
import { compressWhole } from "./server/compression";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createApi } from "./api/app";
import { openAndMigrate, ping, type DbHandle } from "./api/db";
import { bankProviderFor } from "./api/services/bank-providers";
import { configuredStorage } from "./api/storage/configured";
import { isCrossOriginWrite } from "./app/.server/same-origin";
import { APP_MESSAGES } from "./contract/messages";
import { sweepStaleUploads } from "./contract/multipart";
import { ConfigError, loadConfig, type Config } from "./config/env";
import { checkHealth, gracefulShutdown } from "./server/lifecycle";

/**
 * One process: the school API at /api (unless SCHOOL_API_URL points elsewhere), the web app at /,
 * static assets, and /healthz. SIGTERM stops taking connections, drains the ones in flight and closes
 * the database.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (config.workers > 1 && cluster.isPrimary) return supervise(config);
  // Uploads a stopped process left half-read (its temporary files are removed as each request ends).
  await sweepStaleUploads(config.tempDir);

  // The bundle sits beside the Remix build it serves.
  const buildDir = path.dirname(fileURLToPath(import.meta.url));
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;

  let database: DbHandle | null = null;
  let schoolApi: (request: Request) => Promise<Response>;
  let healthy: () => Promise<boolean>;

  if (config.schoolApiUrl) {
    const base = config.schoolApiUrl.replace(/\/$/, "");
    schoolApi = (request) => {
      const url = new URL(request.url);
      return fetch(new Request(base + url.pathname + url.search, request));
    };
    healthy = async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok ?? false;
  } else {
    database = await openAndMigrate(config.databaseUrl);
    const api = createApi({
      db: database.db,
      dialect: database.dialect,
      storage: configuredStorage(config.storage),
      now: () => new Date(),
      bankProvider: bankProviderFor(config.paystackSecretKey),
      tempDir: config.tempDir,
      storageQuotaBytes: config.storageQuotaBytes,
    });
    schoolApi = async (request) => api.fetch(request);
    healthy = () => ping(database!.db);
  }

  // Always the production mode: this serves a production build, and development mode would show stack
  // traces in the browser.
  const handleRemix = createRequestHandler(build, "production");
  const app = new Hono();
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
    if (isCrossOriginWrite(c.req.raw)) return c.text(APP_MESSAGES.crossOrigin, 403);
    return handleRemix(c.req.raw, {
      schoolApi,
      apiPublicBase: config.schoolApiUrl ? config.schoolApiUrl.replace(/\/$/, "") : "",
      sessionSecret: config.sessionSecret,
      uploadTempDir: config.tempDir,
    });
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(`School admin listening on http://${info.address === "0.0.0.0" ? "localhost" : info.address}:${info.port}`);
  });

  const stop = gracefulShutdown({
    server,
    closeDatabase: async () => database?.close(),
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
      console.error(`worker ${worker.process.pid} stopped (${code}); starting another`);
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

main().catch((error) => {
  console.error("Failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
