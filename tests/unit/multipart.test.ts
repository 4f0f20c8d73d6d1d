import { describe, expect, it } from "vitest";
import { fileFor, firstField, isMultipart, MultipartError, readMultipart, type MultipartLimits } from "../../contract/multipart";

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
    expect(logo).toMatchObject({ field: "logo", filename: "logo.png", declaredType: "image/png", size: 4, truncated: false });
    expect([...logo.bytes]).toEqual([7, 7, 7, 7]);
    expect(fileFor(result, "signature")).toBeUndefined();
  });

  it("a file of exactly the limit is whole", async () => {
    const result = await readMultipart(formRequest((f) => f.append("logo", file(10))), LIMITS);
    expect(fileFor(result, "logo")).toMatchObject({ size: 10, truncated: false });
  });

  it("a file over the limit is cut off, flagged truncated and reported larger than the limit", async () => {
    const result = await readMultipart(formRequest((f) => f.append("logo", file(5000))), LIMITS);
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
    const result = await readMultipart(formRequest((f) => f.append("logo", new File([], "empty.png"))), LIMITS);
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

  it("refuses a body that is not multipart with 415", async () => {
    const request = new Request("http://app.test/upload", { method: "POST", body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(isMultipart(request)).toBe(false);
    await expect(readMultipart(request, LIMITS)).rejects.toMatchObject({ status: 415 });
  });

  it("refuses multipart without a body with 400", async () => {
    const request = new Request("http://app.test/upload", { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    await expect(readMultipart(request, LIMITS)).rejects.toMatchObject({ status: 400 });
  });

  it("refuses multipart without a boundary with 400", async () => {
    const request = new Request("http://app.test/upload", { method: "POST", body: "x", headers: { "Content-Type": "multipart/form-data" } });
    const error = await readMultipart(request, LIMITS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MultipartError);
    expect(error).toMatchObject({ status: 400, message: "Malformed multipart body." });
  });

  it("refuses a body cut off in the middle of a part with 400", async () => {
    const body = '--xyz\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\nhalf a fi';
    const request = new Request("http://app.test/upload", { method: "POST", body, headers: { "Content-Type": "multipart/form-data; boundary=xyz" } });
    await expect(readMultipart(request, LIMITS)).rejects.toMatchObject({ status: 400 });
  });
});
