import sharp from "sharp";

/**
 * Images for the tests, made in code: real pictures of a given size (sharp), a pixel bomb (a PNG whose
 * header declares a size it does not hold) and a polyglot (a real PNG with another file after it).
 */

/**
 * A real picture of `width` × `height` pixels, a gradient so that it does not compress to nothing;
 * `transparent`: with an alpha channel, which a PDF library must decode to draw (it cannot pass it on).
 */
export async function picture(
  width: number,
  height: number,
  format: "png" | "jpeg" = "png",
  transparent = false,
): Promise<Uint8Array<ArrayBuffer>> {
  const channels = transparent ? 4 : 3;
  const row = Buffer.alloc(width * channels);
  for (let x = 0; x < width; x++) {
    const shade = Math.round((x * 255) / width);
    row.set(transparent ? [shade, 120, 255 - shade, 255 - shade / 2] : [shade, 120, 255 - shade], x * channels);
  }
  const raw = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) row.copy(raw, y * width * channels);
  const image = sharp(raw, { raw: { width, height, channels } });
  const encoded = format === "png" ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 80 });
  return new Uint8Array(await encoded.toBuffer());
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG signature and IHDR declaring `width` × `height` (8-bit RGB), an empty IDAT and IEND: 57
 * bytes whose decoding would cost width × height × 3 bytes (20000 × 20000: 1.2 GB).
 */
export function headerOnlyPng(width: number, height: number): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", header),
      pngChunk("IDAT", Buffer.alloc(0)),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** What a polyglot carries after its picture: markup a browser would run if it ever sniffed the file as HTML. */
export const POLYGLOT_PAYLOAD = "<html><script>alert(document.cookie)</script></html>";

/** A real PNG with a page of script after its IEND: a picture by its first bytes, a web page by its last. */
export async function polyglotPng(): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(Buffer.concat([await picture(40, 40), Buffer.from(POLYGLOT_PAYLOAD, "latin1")]));
}
