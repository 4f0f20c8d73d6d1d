import { describe, expect, it } from "vitest";
import { imageProblem, IMAGE_EXTENSIONS, sniffImageType } from "../../contract/images";
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from "../../contract/limits";

const bytes = (...b: number[]) => new Uint8Array([...b, 0, 0, 0, 0, 0, 0, 0, 0]);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0);
const GIF = bytes(...Buffer.from("GIF89a"));
const WEBP = bytes(...Buffer.from("RIFF"), 0x10, 0, 0, 0, ...Buffer.from("WEBPVP8 "));
const TEXT = new TextEncoder().encode("this is not an image, whatever its name says");

describe("sniffImageType", () => {
  it.each([
    ["PNG", PNG, "image/png"],
    ["JPEG", JPEG, "image/jpeg"],
    ["GIF", GIF, "image/gif"],
    ["WebP", WEBP, "image/webp"],
  ])("recognises %s by its first bytes", (_name, data, mime) => {
    expect(sniffImageType(data)).toBe(mime);
  });

  it.each([
    ["text", TEXT],
    ["nothing", new Uint8Array()],
    ["a RIFF that is not WebP (WAV)", bytes(...Buffer.from("RIFF"), 0x10, 0, 0, 0, ...Buffer.from("WAVEfmt "))],
    ["a truncated PNG signature", new Uint8Array([0x89, 0x50, 0x4e, 0x47])],
    ["a PDF", new TextEncoder().encode("%PDF-1.7\n...")],
  ])("does not take %s for an image", (_name, data) => {
    expect(sniffImageType(data)).toBeNull();
  });

  it("every accepted type has a file extension", () => {
    for (const mime of IMAGE_MIME_TYPES) expect(IMAGE_EXTENSIONS[mime]).toMatch(/^[a-z]+$/);
  });
});

describe("imageProblem: the product's two rules in its words", () => {
  const withSize = (data: Uint8Array, size: number, truncated = false) => ({ bytes: data, size, truncated });

  it("an image under 2 MB is fine", () => {
    expect(imageProblem(withSize(PNG, PNG.length))).toBeNull();
    expect(imageProblem(withSize(JPEG, IMAGE_MAX_BYTES - 1))).toBeNull();
  });

  it("text bytes are refused whatever the file is called", () => {
    expect(imageProblem(withSize(TEXT, TEXT.length))).toBe("Only image files are allowed.");
  });

  it("2 MB (2097152 bytes) or more is too large", () => {
    expect(IMAGE_MAX_BYTES).toBe(2_097_152);
    expect(imageProblem(withSize(PNG, IMAGE_MAX_BYTES))).toBe("File size must be less than 2MB.");
    expect(imageProblem(withSize(PNG, IMAGE_MAX_BYTES + 1))).toBe("File size must be less than 2MB.");
  });

  it("a file cut off by the upload limit is too large, even if its size looks small", () => {
    expect(imageProblem(withSize(PNG, 10, true))).toBe("File size must be less than 2MB.");
  });

  it("size is checked before type: a huge text file is too large", () => {
    expect(imageProblem(withSize(TEXT, IMAGE_MAX_BYTES))).toBe("File size must be less than 2MB.");
  });
});
