import { serve, type ServerType } from "@hono/node-server";
import { logger } from "../observability/log";

/**
 * The process's HTTP server, health answer and graceful stop, kept apart from server.ts so that tests
 * can drive them against a real database and a real HTTP server without a build.
 */

/**
 * How long a connection may stay idle between requests before the server closes it. Node's default
 * (5 s, closed at 6) is shorter than clients keep connections for reuse: Playwright's request client
 * and many proxies ignore the `Keep-Alive: timeout=` hint, and a request they send just as the server
 * closes the connection fails with "socket hang up". Longer than the minute a proxy in front usually
 * keeps an idle connection, so the client is the one that closes it. An idle connection costs a
 * socket, as one opened and left silent does until the headers timeout (60 s); a graceful stop closes
 * idle connections at once.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The HTTP server of the process, listening. */
export function listen(
  options: { fetch: (request: Request) => Response | Promise<Response>; port: number; hostname: string },
  onListening?: (info: { address: string; port: number }) => void,
): ServerType {
  return serve({ ...options, serverOptions: { keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS } }, onListening);
}

export interface HealthAnswer {
  status: 200 | 503;
  body: { status: "ok" | "unavailable" };
}

/** Healthy means the check (a database round trip) answered yes in time; a hung connection counts as down. */
export async function checkHealth(check: () => Promise<boolean>, timeoutMs = 3000): Promise<HealthAnswer> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const ok = await Promise.race([check().catch(() => false), late]).finally(() => clearTimeout(timer));
  return ok ? { status: 200, body: { status: "ok" } } : { status: 503, body: { status: "unavailable" } };
}

export interface Closable {
  close(callback?: (error?: Error) => void): unknown;
  closeIdleConnections?(): void;
}

export interface ShutdownOptions {
  server: Closable;
  /** Runs once every request in flight has been answered. */
  closeDatabase: () => Promise<void>;
  /** Stops the background jobs at the signal, beside the draining requests; awaited before the database closes. */
  stopJobs?: () => Promise<void>;
  /** Requests still running after this long are cut off and the process exits 1. */
  graceMs?: number;
  exit?: (code: number) => void;
  log?: (message: string) => void;
}

/**
 * Returns the signal handler: stop accepting connections and taking jobs, let requests and the job in
 * flight finish, close the database, exit 0. The grace period stays under Docker's default 10 s before SIGKILL.
 */
export function gracefulShutdown({
  server,
  closeDatabase,
  stopJobs = async () => {},
  graceMs = 8000,
  exit = (code) => process.exit(code),
  log = (message) => logger.info(message),
}: ShutdownOptions): (signal: string) => void {
  let stopping = false;
  return (signal) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing requests in flight`);
    const force = setTimeout(() => {
      log(`${signal}: requests still running after ${graceMs} ms; stopping anyway`);
      exit(1);
    }, graceMs);
    force.unref();
    // A keep-alive connection becomes idle only once its last response is sent, and would then hold
    // the server open until the client drops it: close such connections as they go idle.
    const sweep = setInterval(() => server.closeIdleConnections?.(), 100);
    sweep.unref();
    const jobsStopped = stopJobs().catch((error: unknown) =>
      log(`Stopping the jobs failed: ${error instanceof Error ? error.message : String(error)}`),
    );
    server.close(async () => {
      clearInterval(sweep);
      try {
        await jobsStopped;
        await closeDatabase();
        clearTimeout(force);
        exit(0);
      } catch (error) {
        log(`Closing the database failed: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      }
    });
    server.closeIdleConnections?.();
  };
}
