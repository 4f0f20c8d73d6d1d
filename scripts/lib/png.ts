import { deflateSync } from "node:zlib";

/** A minimal PNG encoder (8-bit RGB, no interlace): enough to draw a demo logo in code. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE(crc32(typed), 8 + data.length);
  return out;
}

export type Rgb = readonly [number, number, number];

/**
 * Encodes a width x height image whose colour at (x, y) is `pixel(x, y)`. `level` 0 stores the pixels
 * uncompressed, for a file of a chosen size.
 */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => Rgb,
  { level = 9 } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const start = y * (1 + width * 3); // each row starts with filter type 0
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), start + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level })),
    chunk("IEND", new Uint8Array()),
  ]);
}

/** The demo school's crest: a green disc with a white ring and a gold five-pointed star. */
export function demoLogo(size = 128): Buffer {
  const GREEN: Rgb = [0, 135, 81];
  const WHITE: Rgb = [255, 255, 255];
  const GOLD: Rgb = [244, 180, 0];
  const c = (size - 1) / 2;
  const star = starPolygon(c, c, size * 0.3, size * 0.12);
  return encodePng(size, size, (x, y) => {
    const r = Math.hypot(x - c, y - c) / (size / 2);
    if (r > 0.98) return WHITE;
    if (r > 0.86) return GREEN;
    if (r > 0.8) return WHITE;
    return insidePolygon(x, y, star) ? GOLD : GREEN;
  });
}

function starPolygon(cx: number, cy: number, outer: number, inner: number): [number, number][] {
  return Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
  });
}

function insidePolygon(x: number, y: number, points: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
