import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import { KEEP_ALIVE_TIMEOUT_MS, listen } from "../../server/lifecycle";

const run = promisify(execFile);

/**
 * A client that keeps connections open for reuse and ignores the server's `Keep-Alive: timeout=` hint,
 * as Playwright's request client and many proxies do. It makes a request, is then busy (its event loop
 * blocked, as a test worker on a loaded machine is) for `idleMs`, and makes another on the same
 * connection. If the server closed the connection meanwhile, the second request goes out on a closed
 * connection: "socket hang up". Its own process, so that the server's timers run while it is blocked.
 */
const CLIENT = `
import http from "node:http";
const [port, idleMs] = process.argv.slice(1).map(Number);
const agent = new http.Agent({ keepAlive: true });
const get = () => new Promise((resolve) => {
  const req = http.get({ host: "127.0.0.1", port, path: "/ping", agent }, (res) => {
    res.resume();
    res.on("end", () => resolve({ status: res.statusCode, reused: req.reusedSocket, keepAlive: res.headers["keep-alive"] }));
  });
  req.on("error", (error) => resolve({ error: error.code + ": " + error.message, reused: req.reusedSocket }));
});
const first = await get();
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, idleMs);
const second = await get();
agent.destroy();
console.log(JSON.stringify({ first, second }));
`;

let server: ReturnType<typeof listen>;
let port: number;

beforeAll(async () => {
  server = listen({ fetch: new Hono().get("/ping", (c) => c.text("pong")).fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// Node's own default closes an idle connection after 5 s (and a second's grace): past that, the
// second request raced the close and failed now and then in the files end-to-end test.
const PAST_NODE_DEFAULT_MS = 7_000;

it("keeps an idle connection open for a client that reuses it after several seconds", { timeout: 20_000 }, async () => {
  const { stdout } = await run(process.execPath, [
    "--input-type=module",
    "-e",
    CLIENT,
    String(port),
    String(PAST_NODE_DEFAULT_MS),
  ]);
  const { first, second } = JSON.parse(stdout);
  const hint = `timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`;
  expect(first).toEqual({ status: 200, reused: false, keepAlive: hint });
  expect(second).toEqual({ status: 200, reused: true, keepAlive: hint });
});
