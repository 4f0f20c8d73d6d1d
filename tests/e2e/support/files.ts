import { deflateSync } from "node:zlib";

/** Files that Playwright's setInputFiles() takes: a name, a declared type and the bytes. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real RGB PNG of the given size. `noise` fills it with pseudo-random pixels stored uncompressed, so
 * the file is about width × height × 3 bytes; otherwise it is one flat colour and tiny.
 */
export function pngBytes(width: number, height: number, { rgb = [23, 76, 168], noise = false } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    const start = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      for (let channel = 0; channel < 3; channel++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        rows[start + 1 + x * 3 + channel] = noise ? seed >> 16 : rgb[channel];
      }
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: noise ? 0 : 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A small valid logo. Different colours give different files, so an upload visibly changes the image. */
export function logoPng(name = "logo.png", rgb: [number, number, number] = [23, 76, 168]): UploadFile {
  return { name, mimeType: "image/png", buffer: pngBytes(64, 64, { rgb }) };
}

/** A valid PNG of more than 2 MB (the limit is "less than 2MB", 2,097,152 bytes). */
export function tooLargePng(): UploadFile {
  const buffer = pngBytes(900, 900, { noise: true });
  if (buffer.length < 2_097_152) throw new Error(`test image is only ${buffer.length} bytes`);
  return { name: "huge-logo.png", mimeType: "image/png", buffer };
}

/** A plain-text file offered as a logo. */
export function textFile(): UploadFile {
  return { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("This is not a picture.\n") };
}
