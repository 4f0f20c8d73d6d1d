import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG_BYTES } from "../api/harness";
import { logLines } from "./support/logs";
import {
  DATABASE,
  runCleanups,
  startEnvironment,
  startServer,
  type Cleanups,
  type RunningServer,
} from "./support/server";

/**
 * Uploads from outside: one over its limit is answered as soon as the limit is passed, not after the whole body;
 * a client that gives up mid-upload is logged as such, never as a fault of the database; and what a killed
 * process left in DATA_DIR/tmp is gone at the next start, while a live process's folder stays.
 */

const BOUNDARY = "----hardening-boundary";
const part = (name: string, filename: string, type: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
const field = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);

/** About a second (1.0–1.3 s measured on a busy two-core machine), with room for a slower one. */
const ANSWER_WITHIN_MS = 2000;

/** An image of `size` bytes that starts as a PNG. */
const image = (size: number) => Buffer.concat([PNG_BYTES, Buffer.alloc(size - PNG_BYTES.length, 7)]);

/**
 * A 30 MB multipart body whose first file is an image of 2 MB + 1 byte: the head, then the rest sent slowly
 * (about 5 MB a second, six seconds in all), as a phone on a slow network would. Resolves with the answer and
 * how long it took, and how many bytes had been sent by then.
 */
function slowUpload(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; ms: number; sentBytes: number; text: string }> {
  const head = Buffer.concat([
    field("school_name", "Upload School"),
    part("logo", "logo.png", "image/png"),
    image(2_097_152 + 1),
    Buffer.from("\r\n"),
    part("padding", "padding.bin", "application/octet-stream"),
  ]);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const padding = 30 * 1024 * 1024 - head.length - tail.length;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    let answered = false;
    const request = http.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
          "Content-Length": String(head.length + padding + tail.length),
          ...headers,
        },
      },
      (res) => {
        answered = true;
        const ms = performance.now() - started;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, ms, sentBytes: sent, text: Buffer.concat(chunks).toString("utf8") });
          request.destroy();
        });
      },
    );
    request.on("error", (error) => (answered || request.destroyed ? undefined : reject(error)));
    request.write(head);
    sent += head.length;
    const chunk = Buffer.alloc(256 * 1024, 1);
    let left = padding;
    const tick = setInterval(() => {
      if (answered || request.destroyed) return clearInterval(tick);
      const n = Math.min(left, chunk.length);
      request.write(chunk.subarray(0, n));
      sent += n;
      left -= n;
      if (left === 0) {
        clearInterval(tick);
        request.end(tail);
      }
    }, 50);
  });
}

/** An upload that stops after its first megabyte: the client closes the connection and never comes back. */
function abandonedUpload(url: string, headers: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length": String(5 * 1024 * 1024),
        ...headers,
      },
    });
    request.on("error", () => {});
    request.on("close", () => resolve());
    request.write(Buffer.concat([field("school_name", "Gone School"), part("logo", "logo.png", "image/png")]));
    request.write(image(1024 * 1024), () => setTimeout(() => request.destroy(), 200));
  });
}

describe(`uploads from outside on ${DATABASE}`, () => {
  const cleanups: Cleanups = [];
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    const environment = await startEnvironment(cleanups, "uploads");
    server = environment.server;
    dataDir = environment.dataDir;
  });
  afterAll(() => runCleanups(cleanups));

  it("an image of 2 MB + 1 byte inside a 30 MB body is refused as soon as the limit is passed, by the API", async () => {
    const answer = await slowUpload(`${server.base}/api/admin/register`);
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.text)).toMatchObject({ errors: { logo: ["File size must be less than 2MB."] } });
    // The whole body would take six seconds to send: the answer comes before a third of it is.
    expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(answer.sentBytes).toBeLessThan(10 * 1024 * 1024);
  });

  it("and by the web app's registration page", async () => {
    const answer = await slowUpload(`${server.base}/register`, { Origin: server.base });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("File size must be less than 2MB.");
    expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(answer.sentBytes).toBeLessThan(10 * 1024 * 1024);
  });

  it("a client that aborts an upload is logged as an aborted request, not as the database failing", async () => {
    const before = server.logLines.length;
    await abandonedUpload(`${server.base}/api/admin/register`);
    await abandonedUpload(`${server.base}/register`, { Origin: server.base });
    const seen = async () => logLines(server).slice(before);
    for (let i = 0; i < 40 && (await seen()).filter((l) => l.msg === "request aborted").length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const lines = await seen();
    const aborted = lines.filter((l) => l.msg === "request aborted");
    expect(aborted.map((l) => l.path).sort()).toEqual(["/api/admin/register", "/register"]);
    expect(aborted.every((l) => l.level === "warn")).toBe(true);
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    expect(lines.some((l) => /database unavailable/.test(l.msg))).toBe(false);
    // Nothing of either upload stays behind.
    const uploads = fs.readdirSync(path.join(dataDir, "tmp")).filter((n) => n.startsWith("upload-"));
    expect(uploads).toHaveLength(1);
    expect(fs.readdirSync(path.join(dataDir, "tmp", uploads[0]))).toEqual(["owner.json"]);
  });
});

describe("the start-up sweep of uploads left behind", () => {
  const cleanups: Cleanups = [];
  afterAll(() => runCleanups(cleanups));

  /** An upload folder as a process leaves it: its owner, a fresh heartbeat, half a file. */
  function leftBy(tmp: string, name: string, owner: { host: string; pid: number }) {
    const folder = path.join(tmp, name);
    fs.mkdirSync(path.join(folder, "upload-request"), { recursive: true });
    fs.writeFileSync(path.join(folder, "upload-request", "0"), "half an upload");
    fs.writeFileSync(path.join(folder, "owner.json"), JSON.stringify(owner));
    return folder;
  }

  it("removes a dead process's folder at once, keeps a live process's, and the server writes under its own", async () => {
    const environment = await startEnvironment(cleanups, "sweep");
    const tmp = path.join(environment.dataDir, "tmp");
    await environment.server.stop("SIGKILL");
    const deadPid = spawnSync(process.execPath, ["-e", "0"]).pid!;
    const dead = leftBy(tmp, `upload-${deadPid}-dead`, { host: os.hostname(), pid: deadPid });
    const live = leftBy(tmp, `upload-${process.pid}-live`, { host: os.hostname(), pid: process.pid });
    const otherReplica = leftBy(tmp, "upload-1-replica", { host: "another-replica", pid: 1 });

    const restarted = await startServer({
      dataDir: environment.dataDir,
      env: { DATABASE_URL: environment.database.url },
    });
    cleanups.push(() => restarted.stop("SIGKILL"));
    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    expect(fs.existsSync(otherReplica)).toBe(true);
    // The killed first server's folder went too; the new one's names it.
    const owners = fs
      .readdirSync(tmp)
      .filter((n) => n.startsWith("upload-"))
      .map((n) => JSON.parse(fs.readFileSync(path.join(tmp, n, "owner.json"), "utf8")) as { pid: number });
    expect(owners.map((o) => o.pid).sort()).toEqual([1, process.pid, restarted.process.pid].sort());
  });
});
