import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  fileFor,
  firstField,
  isMultipart,
  MultipartError,
  readMultipart,
  claimUploadFolder,
  sweepStaleUploads,
  withMultipartOnDisk,
  type DiskMultipartLimits,
  type MultipartLimits,
} from "../../server-lib/multipart";

const LIMITS: MultipartLimits = { maxFileBytes: 10, maxFiles: 2 };

function formRequest(build: (form: FormData) => void): Request {
  const form = new FormData();
  build(form);
  return new Request("http://app.test/upload", { method: "POST", body: form });
}

const file = (size: number, name = "f.bin", type = "application/octet-stream") =>
  new File([new Uint8Array(size).fill(7)], name, { type });

describe("readMultipart", () => {
  it("reads text fields, repeated fields and files", async () => {
    const result = await readMultipart(
      formRequest((f) => {
        f.append("name", "Ada Obi");
        f.append("subject", "Maths");
        f.append("subject", "English");
        f.append("note", "ẹ ṣé, Ọlọ́run");
        f.append("logo", file(4, "logo.png", "image/png"));
      }),
      LIMITS,
    );
    expect(result.fields).toEqual({ name: ["Ada Obi"], subject: ["Maths", "English"], note: ["ẹ ṣé, Ọlọ́run"] });
    expect(firstField(result, "subject")).toBe("Maths");
    expect(firstField(result, "missing")).toBeUndefined();
    expect(result.tooManyFiles).toBe(false);
    const logo = fileFor(result, "logo")!;
    expect(logo).toMatchObject({
      field: "logo",
      filename: "logo.png",
      declaredType: "image/png",
      size: 4,
      truncated: false,
    });
    expect([...logo.bytes]).toEqual([7, 7, 7, 7]);
    expect(fileFor(result, "signature")).toBeUndefined();
  });

  it("a file of exactly the limit is whole", async () => {
    const result = await readMultipart(
      formRequest((f) => f.append("logo", file(10))),
      LIMITS,
    );
    expect(fileFor(result, "logo")).toMatchObject({ size: 10, truncated: false });
  });

  it("a file over the limit is cut off, flagged truncated and reported larger than the limit", async () => {
    const result = await readMultipart(
      formRequest((f) => f.append("logo", file(5000))),
      LIMITS,
    );
    const logo = fileFor(result, "logo")!;
    expect(logo.truncated).toBe(true);
    expect(logo.bytes.length).toBeLessThanOrEqual(LIMITS.maxFileBytes + 1);
    expect(logo.size).toBeGreaterThan(LIMITS.maxFileBytes);
  });

  it("an empty file input (no name, no bytes) is no file", async () => {
    const result = await readMultipart(
      formRequest((f) => {
        f.append("name", "Ada");
        f.append("logo", new File([], "", { type: "application/octet-stream" }));
      }),
      LIMITS,
    );
    expect(result.files).toEqual([]);
    expect(fileFor(result, "logo")).toBeUndefined();
    expect(result.fields.name).toEqual(["Ada"]);
  });

  it("a named but empty file is kept, so it can be refused as not an image", async () => {
    const result = await readMultipart(
      formRequest((f) => f.append("logo", new File([], "empty.png"))),
      LIMITS,
    );
    expect(fileFor(result, "logo")).toMatchObject({ filename: "empty.png", size: 0 });
  });

  it("more files than allowed: the extra ones are dropped and the result says so", async () => {
    const result = await readMultipart(
      formRequest((f) => {
        f.append("a", file(1, "a.bin"));
        f.append("b", file(1, "b.bin"));
        f.append("c", file(1, "c.bin"));
        f.append("after", "still read");
      }),
      LIMITS,
    );
    expect(result.tooManyFiles).toBe(true);
    expect(result.files.map((f) => f.field)).toEqual(["a", "b"]);
    expect(result.fields.after).toEqual(["still read"]);
  });

  /** The form as a body that arrives in small chunks, as it does over a slow or busy connection. */
  async function trickled(build: (form: FormData) => void): Promise<Request> {
    const form = new FormData();
    build(form);
    const whole = new Request("http://app.test/upload", { method: "POST", body: form });
    const bytes = new Uint8Array(await whole.arrayBuffer());
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + 4096));
        offset += 4096;
      },
    });
    return new Request("http://app.test/upload", {
      method: "POST",
      body,
      duplex: "half",
      headers: { "Content-Type": whole.headers.get("content-type")! },
    } as RequestInit);
  }

  it("the fields after a file up to twice its limit are still read, however the body's chunks fall", async () => {
    const limits = { maxFileBytes: 2_097_152, maxFiles: 1 };
    const result = await readMultipart(
      await trickled((f) => {
        f.append("name", "Chioma");
        f.append("photo", file(2 * limits.maxFileBytes, "big.png"));
        f.append("form_teacher", "JSS1");
      }),
      limits,
    );
    expect(fileFor(result, "photo")?.truncated).toBe(true);
    expect(result.stoppedAt).toBeUndefined();
    expect(result.fields).toEqual({ name: ["Chioma"], form_teacher: ["JSS1"] });
  });

  it("a body going on far past a file's limit stops being read, naming the file; what came before is kept", async () => {
    const limits = { maxFileBytes: 100_000, maxFiles: 1 };
    const result = await readMultipart(
      await trickled((f) => {
        f.append("name", "Chioma");
        f.append("photo", file(5_000_000, "huge.png"));
        f.append("form_teacher", "JSS1");
      }),
      limits,
    );
    expect(result.stoppedAt).toBe("photo");
    expect(fileFor(result, "photo")?.truncated).toBe(true);
    expect(result.fields).toEqual({ name: ["Chioma"] });
  });

  it("refuses a body that is not multipart with 415", async () => {
    const request = new Request("http://app.test/upload", {
      method: "POST",
      body: "a=1",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(isMultipart(request)).toBe(false);
    await expect(readMultipart(request, LIMITS)).rejects.toMatchObject({ status: 415 });
  });

  it("refuses multipart without a body with 400", async () => {
    const request = new Request("http://app.test/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    await expect(readMultipart(request, LIMITS)).rejects.toMatchObject({ status: 400 });
  });

  it("refuses multipart without a boundary with 400", async () => {
    const request = new Request("http://app.test/upload", {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "multipart/form-data" },
    });
    const error = await readMultipart(request, LIMITS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MultipartError);
    expect(error).toMatchObject({ status: 400, message: "Malformed multipart body." });
  });

  it("refuses a body cut off in the middle of a part with 400", async () => {
    const body = '--xyz\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\nhalf a fi';
    const request = new Request("http://app.test/upload", {
      method: "POST",
      body,
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    });
    await expect(readMultipart(request, LIMITS)).rejects.toMatchObject({ status: 400 });
  });
});

describe("withMultipartOnDisk", () => {
  let tempDir: string;
  let limits: DiskMultipartLimits;
  beforeEach(() => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "school-multipart-"));
    limits = { ...LIMITS, maxFileBytes: 10_000, tempDir, maxRequestBytes: 100_000, headBytes: 8 };
  });
  afterEach(() => fs.rmSync(tempDir, { recursive: true, force: true }));
  const leftBehind = () => fs.readdirSync(tempDir);

  /** A multipart body that sends `prefix` and then fails, as a connection dropped by the client does. */
  function cutOffRequest(prefix: string): Request {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(prefix));
        setTimeout(() => controller.error(new Error("connection reset")), 20);
      },
    });
    return new Request("http://app.test/upload", {
      method: "POST",
      body,
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      duplex: "half",
    } as RequestInit);
  }
  const partHeader = (name: string, filename: string) =>
    `--xyz\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`;

  it("streams each file to its own temporary file with its first bytes, and removes them afterwards", async () => {
    const seen = await withMultipartOnDisk(
      formRequest((f) => {
        f.append("folder_name", "Letters");
        f.append("files[]", new File(["%PDF-1.4 first letter"], "a.pdf", { type: "application/pdf" }));
        f.append("files[]", new File([new Uint8Array(5000).fill(65)], "b.txt"));
      }),
      limits,
      async (form) => {
        expect(form.fields).toEqual({ folder_name: ["Letters"] });
        expect(form.files.map((f) => [f.field, f.filename, f.size, f.truncated])).toEqual([
          ["files[]", "a.pdf", 21, false],
          ["files[]", "b.txt", 5000, false],
        ]);
        expect(Buffer.from(form.files[0].head).toString()).toBe("%PDF-1.4");
        expect(fs.readFileSync(form.files[0].path, "utf8")).toBe("%PDF-1.4 first letter");
        expect(fs.statSync(form.files[1].path).size).toBe(5000);
        return form.files.map((f) => f.path);
      },
    );
    expect(seen.every((p) => !fs.existsSync(p))).toBe(true);
    expect(leftBehind()).toEqual([]);
  });

  it("removes the files when the callback fails too", async () => {
    let kept = "";
    const failing = withMultipartOnDisk(
      formRequest((f) => f.append("files[]", file(100))),
      limits,
      async (form) => {
        kept = form.files[0].path;
        throw new Error("refused");
      },
    );
    await expect(failing).rejects.toThrow("refused");
    expect(fs.existsSync(kept)).toBe(false);
    expect(leftBehind()).toEqual([]);
  });

  it("cuts a file off one byte past its limit and keeps no more than that on disk", async () => {
    await withMultipartOnDisk(
      formRequest((f) => f.append("files[]", file(50_000))),
      limits,
      async (form) => {
        expect(form.files[0].truncated).toBe(true);
        expect(form.files[0].size).toBe(limits.maxFileBytes + 1);
        expect(fs.statSync(form.files[0].path).size).toBe(limits.maxFileBytes + 1);
      },
    );
  });

  it("skips an empty file input and flags files past the count", async () => {
    await withMultipartOnDisk(
      formRequest((f) => {
        f.append("files[]", new File([], ""));
        for (const name of ["a", "b", "c"]) f.append("files[]", file(3, `${name}.bin`));
      }),
      { ...limits, maxFiles: 3 },
      async (form) => {
        expect(form.files.map((f) => f.filename)).toEqual(["a.bin", "b.bin"]);
        expect(form.tooManyFiles).toBe(true);
      },
    );
  });

  it("refuses a body longer than the request cap with 413 and leaves nothing", async () => {
    const request = formRequest((f) => {
      for (let i = 0; i < 2; i++) f.append("files[]", file(60_000, `${i}.bin`));
    });
    const refused = await withMultipartOnDisk(request, { ...limits, maxFileBytes: 100_000 }, async () => "used").catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(MultipartError);
    expect(refused).toMatchObject({ status: 413 });
    expect(leftBehind()).toEqual([]);
  });

  it("a body cut off in the middle of a file (the client went away) is refused and leaves nothing", async () => {
    let called = false;
    const refused = await withMultipartOnDisk(
      cutOffRequest(partHeader("files[]", "a.pdf") + "%PDF-1.4 half of it"),
      limits,
      async () => {
        called = true;
      },
    ).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 400 });
    expect(called).toBe(false);
    expect(leftBehind()).toEqual([]);
  });

  it("a body that ends in the middle of a file is refused and leaves nothing", async () => {
    const body = partHeader("files[]", "a.pdf") + "%PDF-1.4 and then nothing";
    const request = new Request("http://app.test/upload", {
      method: "POST",
      body,
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    });
    await expect(withMultipartOnDisk(request, limits, async () => "used")).rejects.toMatchObject({ status: 400 });
    expect(leftBehind()).toEqual([]);
  });

  it("sweeps away upload folders older than an hour, and only those", async () => {
    const old = path.join(tempDir, "upload-old");
    const fresh = path.join(tempDir, "upload-fresh");
    const other = path.join(tempDir, "something-else");
    for (const folder of [old, fresh, other]) fs.mkdirSync(folder);
    fs.writeFileSync(path.join(old, "0"), "left by a stopped process");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    fs.utimesSync(other, twoHoursAgo, twoHoursAgo);
    await sweepStaleUploads(tempDir);
    expect(leftBehind().sort()).toEqual(["something-else", "upload-fresh"]);
  });

  /** A process's upload folder as `claimUploadFolder` leaves it, its heartbeat `ageMs` old. */
  function processFolder(name: string, owner: { host: string; pid: number }, ageMs = 0) {
    const folder = path.join(tempDir, name);
    fs.mkdirSync(path.join(folder, "upload-request"), { recursive: true });
    fs.writeFileSync(path.join(folder, "upload-request", "0"), "half an upload");
    fs.writeFileSync(path.join(folder, "owner.json"), JSON.stringify(owner));
    const beat = new Date(Date.now() - ageMs);
    fs.utimesSync(path.join(folder, "owner.json"), beat, beat);
  }

  /** A pid that ran on this host and has ended. */
  const deadPid = () => {
    const child = spawnSync(process.execPath, ["-e", "0"]);
    return child.pid!;
  };

  it("sweeps a dead process's folder at once, and never a live one's, here or on another host", async () => {
    const here = os.hostname();
    processFolder("upload-dead", { host: here, pid: deadPid() });
    processFolder("upload-live", { host: here, pid: process.ppid });
    processFolder("upload-restarted", { host: here, pid: process.pid });
    processFolder("upload-other-host", { host: "replica-2", pid: 1 });
    processFolder("upload-other-host-gone", { host: "replica-3", pid: 1 }, 61_000);
    processFolder("upload-live-silent", { host: here, pid: process.ppid }, 61_000);
    await sweepStaleUploads(tempDir);
    expect(leftBehind().sort()).toEqual(["upload-live", "upload-other-host"]);
  });

  it("gives each process a folder of its own, named for it, whose heartbeat the sweep respects", async () => {
    const mine = await claimUploadFolder(tempDir, "this-host");
    expect(path.basename(mine)).toMatch(new RegExp(`^upload-${process.pid}-`));
    expect(JSON.parse(fs.readFileSync(path.join(mine, "owner.json"), "utf8"))).toEqual({
      host: "this-host",
      pid: process.pid,
    });
    // Seen from another host, a live heartbeat keeps it.
    await sweepStaleUploads(tempDir, "another-host");
    expect(fs.existsSync(mine)).toBe(true);
  });
});
