import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ping } from "../../api/db";
import { openJobQueue } from "../../api/jobs";
import { checkHealth, gracefulShutdown } from "../../server/lifecycle";
import { DATABASE, startApi, sql, type TestApi } from "./harness";

describe(`server health and shutdown on ${DATABASE}`, () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it("is healthy while the database answers", async () => {
    expect(await checkHealth(() => ping(api.db))).toEqual({ status: 200, body: { status: "ok" } });
  });

  it("answers 503 once the database is closed", async () => {
    const other = await startApi();
    await other.close();
    expect(await checkHealth(() => ping(other.db))).toEqual({ status: 503, body: { status: "unavailable" } });
  });

  it("answers 503 when the database does not answer in time", async () => {
    const hung = () => new Promise<boolean>(() => {});
    expect((await checkHealth(hung, 50)).status).toBe(503);
  });

  it("on SIGTERM finishes the request in flight, refuses new connections, then closes the database and exits 0", async () => {
    const db = await startApi();
    const app = new Hono();
    const events: string[] = [];
    let started!: () => void;
    const requestStarted = new Promise<void>((resolve) => (started = resolve));
    app.get("/slow", async (c) => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The database is still open while the request finishes.
      const row = await sql<{ answer: number }>`select 42 as answer`.execute(db.db);
      events.push("request answered");
      return c.json({ answer: Number(row.rows[0].answer) });
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const exited = new Promise<number>((resolve) => {
      const stop = gracefulShutdown({
        server,
        closeDatabase: async () => {
          events.push("database closed");
          await db.close();
        },
        exit: (code) => resolve(code),
        log: () => {},
      });
      void requestStarted.then(() => stop("SIGTERM"));
    });

    const slow = fetch(`${base}/slow`).then(async (res) => ({ status: res.status, body: await res.json() }));
    await requestStarted;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(fetch(`${base}/slow`)).rejects.toThrow();

    expect(await slow).toEqual({ status: 200, body: { answer: 42 } });
    expect(await exited).toBe(0);
    expect(events).toEqual(["request answered", "database closed"]);
    expect(await ping(db.db)).toBe(false);
  });

  it("on SIGTERM stops taking jobs, lets the one running finish, then closes the database and exits 0", async () => {
    const db = await startApi();
    const events: string[] = [];
    let started!: () => void;
    const jobStarted = new Promise<void>((resolve) => (started = resolve));
    const queue = await openJobQueue(
      db.database,
      [
        {
          name: "slow",
          retryLimit: 0,
          retryDelaySeconds: 1,
          run: async () => {
            started();
            await new Promise((resolve) => setTimeout(resolve, 300));
            events.push("job finished");
          },
        },
      ],
      { pollIntervalMs: 100 },
    );
    await queue.enqueue("slow", {});
    await queue.enqueue("slow", {});
    await queue.start();
    const server = serve({ fetch: new Hono().fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));

    const exited = new Promise<number>((resolve) => {
      const stop = gracefulShutdown({
        server,
        stopJobs: () => queue.stop(),
        closeDatabase: async () => {
          events.push("database closed");
          await db.close();
        },
        exit: (code) => resolve(code),
        log: () => {},
      });
      void jobStarted.then(() => stop("SIGTERM"));
    });

    expect(await exited).toBe(0);
    // The second job was not taken: it waits in the database for the next start.
    expect(events).toEqual(["job finished", "database closed"]);
  });
});
