import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { boundImage, BOUNDED_SIDE, checkImageHeader, isBounded } from "../../api/lib/images";
import { headerOnlyPng, picture, polyglotPng } from "../support/images";

describe("checkImageHeader", () => {
  it("reads a picture's format and size from its header", async () => {
    expect(await checkImageHeader(await picture(300, 200, "jpeg"))).toEqual({
      ok: true,
      format: "jpeg",
      width: 300,
      height: 200,
    });
  });

  it("refuses a header over 25 megapixels by its pixels, one within them reads", async () => {
    expect(await checkImageHeader(headerOnlyPng(20_000, 20_000))).toEqual({ ok: false, reason: "pixels" });
    expect(await checkImageHeader(headerOnlyPng(5001, 5000))).toEqual({ ok: false, reason: "pixels" });
    expect(await checkImageHeader(headerOnlyPng(5000, 5000))).toMatchObject({ ok: true, width: 5000, height: 5000 });
  });

  it("calls a header it cannot read unreadable", async () => {
    const signatureOnly = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)]);
    expect(await checkImageHeader(signatureOnly)).toEqual({ ok: false, reason: "unreadable" });
  });
});

describe("boundImage", () => {
  it("fits the longest side within the use's bound, never enlarging", async () => {
    const logo = await boundImage(await picture(3000, 1500, "jpeg"), "logo");
    expect(await sharp(logo.bytes).metadata()).toMatchObject({ format: "jpeg", width: 1024, height: 512 });
    const photo = await boundImage(await picture(1500, 3000), "photo");
    expect(await sharp(photo.bytes).metadata()).toMatchObject({ format: "png", width: 256, height: 512 });
    const small = await boundImage(await picture(100, 80), "logo");
    expect(await sharp(small.bytes).metadata()).toMatchObject({ width: 100, height: 80 });
  });

  it("keeps a JPEG a JPEG and a PNG a PNG; an opaque WebP becomes a JPEG, a transparent one a PNG", async () => {
    const webp = (transparent: boolean) =>
      sharp(Buffer.from([200, 40, 40, ...(transparent ? [128] : [])]), {
        raw: { width: 1, height: 1, channels: transparent ? 4 : 3 },
      })
        .resize(20, 20)
        .webp()
        .toBuffer();
    expect((await boundImage(await picture(20, 20, "jpeg"), "photo")).mime).toBe("image/jpeg");
    expect((await boundImage(await picture(20, 20), "photo")).mime).toBe("image/png");
    expect((await boundImage(await webp(false), "photo")).mime).toBe("image/jpeg");
    expect((await boundImage(await webp(true), "photo")).mime).toBe("image/png");
  });

  it("turns a photo upright by its EXIF orientation, then drops its metadata", async () => {
    const sideways = await sharp(await picture(40, 20, "jpeg"))
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "Lagos studio" } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(sideways).metadata()).exif).toBeDefined();
    const upright = await sharp((await boundImage(sideways, "photo")).bytes).metadata();
    expect([upright.width, upright.height, upright.orientation, upright.exif]).toEqual([20, 40, undefined, undefined]);
  });

  it("leaves nothing of what followed a polyglot's picture", async () => {
    const bounded = await boundImage(await polyglotPng(), "signature");
    expect(bounded.bytes.includes(Buffer.from("<script"))).toBe(false);
  });

  it("refuses a header over the cap rather than decoding it", async () => {
    await expect(boundImage(headerOnlyPng(20_000, 20_000), "logo")).rejects.toThrow(/pixel limit/);
  });
});

describe("isBounded", () => {
  it("is a PNG or a JPEG within the use's side", () => {
    const header = (format: string, width: number) => ({ ok: true as const, format, width, height: 10 });
    expect(isBounded(header("png", BOUNDED_SIDE.logo), "logo")).toBe(true);
    expect(isBounded(header("png", BOUNDED_SIDE.logo + 1), "logo")).toBe(false);
    expect(isBounded(header("gif", 10), "logo")).toBe(false);
    expect(isBounded({ ok: false, reason: "pixels" }, "logo")).toBe(false);
  });
});
