import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuredStorage } from "../../api/storage/configured";
import type { FileStorage } from "../../api/storage/storage";
import { startS3, type LocalS3 } from "../support/s3";

/** The same behaviour from both stores: the local disk and an S3-compatible bucket (a local server). */
let s3: LocalS3;
let root: string;
const stores: Record<string, () => FileStorage> = {
  local: () => configuredStorage({ kind: "local", root }),
  s3: () => configuredStorage({ kind: "s3", ...s3.options }),
};

beforeAll(async () => {
  s3 = await startS3();
  root = fs.mkdtempSync(path.join(os.tmpdir(), "school-storage-"));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const key = (n: number) => n.toString(16).padStart(32, "a");
const text = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer()).toString();

describe.each(Object.keys(stores))("%s storage", (name) => {
  it("stores bytes and files, reads them whole or streamed, and removes them", async () => {
    const storage = stores[name]();
    await storage.put(key(1), new TextEncoder().encode("logo bytes"));
    expect(Buffer.from((await storage.get(key(1)))!).toString()).toBe("logo bytes");

    const source = path.join(root, "source.bin");
    fs.writeFileSync(source, "x".repeat(300_000));
    await storage.putFile(key(2), source, 300_000);
    const opened = (await storage.open(key(2)))!;
    expect(opened.size).toBe(300_000);
    expect(await text(opened.body)).toBe("x".repeat(300_000));

    await storage.remove(key(1));
    await storage.remove(key(1));
    expect(await storage.get(key(1))).toBeNull();
    expect(await storage.open(key(1))).toBeNull();
    expect(await storage.get(key(3))).toBeNull();
  });

  it("refuses a key that could name anything but its own object", async () => {
    const storage = stores[name]();
    for (const bad of ["../../etc/passwd", "AB".repeat(16), key(4) + "/x", ""]) {
      await expect(storage.put(bad, new Uint8Array([1]))).rejects.toThrow("Invalid storage key");
      await expect(storage.get(bad)).rejects.toThrow("Invalid storage key");
    }
  });
});

it("the S3 store keeps each object under its key in the bucket", async () => {
  expect(await s3.keys()).toEqual([key(2)]);
});
