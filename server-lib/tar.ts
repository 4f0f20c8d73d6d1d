/**
 * The POSIX (ustar) tar format the product writes: the backup (scripts/lib/tar.ts) streams it from disk, and a
 * student's data export builds a small one in memory. Any system's `tar` lists or unpacks either.
 */
import zlib from "node:zlib";

export const TAR_BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

/** The 512-byte header of a regular file; a name over 100 bytes is split into the ustar prefix. */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(TAR_BLOCK);
  let prefix = "";
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", 155);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(base) > 100 || Buffer.byteLength(prefix) > 155)
      throw new Error(`path too long for the archive: ${name}`);
  }
  block.write(base, 0, 100, "utf8");
  block.write(octal(0o644, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write("0", 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  block.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

/** One gzipped tar of small files already in memory (a student's data export: a JSON file, a photo, documents). */
export function tarGz(entries: ReadonlyArray<{ name: string; bytes: Uint8Array }>, mtime: Date): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(tarHeader(entry.name, entry.bytes.length, mtime), Buffer.from(entry.bytes));
    const padding = (TAR_BLOCK - (entry.bytes.length % TAR_BLOCK)) % TAR_BLOCK;
    if (padding) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(TAR_BLOCK * 2));
  return zlib.gzipSync(Buffer.concat(parts), { level: 6 });
}
