import zlib from "node:zlib";

/**
 * What a zip archive (an .xlsx or .ods) unpacks to, checked before SheetJS inflates anything: SheetJS
 * inflates every entry whole into memory, whatever it declares, so a 1.5 MB file whose sheet inflates to
 * 1.5 GB would cost the process that much. The entries are found as SheetJS finds them (the end of the
 * central directory searched from the end, each entry's local header at the offset its directory entry
 * gives), their declared sizes checked, then each is inflated as a stream that is counted and dropped, and
 * stopped as soon as it passes a limit: the declared sizes may lie.
 *
 * Imports nothing of the project: the spreadsheet worker uses it.
 */

export interface ZipLimits {
  /** Bytes all entries may unpack to together. */
  totalBytes: number;
  /** Bytes one entry may unpack to. */
  entryBytes: number;
  /** Unpacked bytes per packed byte an entry over `ratioFromBytes` may reach. */
  ratio: number;
  ratioFromBytes: number;
}

/** `ok`, or why the archive is refused: it unpacks past a limit, or it is no archive SheetJS could read safely. */
export type ZipCheck = "ok" | "tooLarge" | "invalid";

const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_EXTRA = 0x0001;
const STORED = 0;
const DEFLATED = 8;

/** Whether `bytes` open as a zip archive (a local file header first). */
export const isZip = (bytes: Uint8Array) => bytes.length >= 4 && readUint32(bytes, 0) === LOCAL_HEADER;

const readUint16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const readUint32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16)) + b[at + 3] * 2 ** 24;
const readUint64 = (b: Uint8Array, at: number) => readUint32(b, at) + readUint32(b, at + 4) * 2 ** 32;

/** The sizes a ZIP64 extra field gives, where present; as SheetJS reads them. */
function zip64Sizes(bytes: Uint8Array, start: number, length: number): { packed?: number; unpacked?: number } {
  for (let at = start; at + 4 <= start + length; ) {
    const id = readUint16(bytes, at);
    const size = readUint16(bytes, at + 2);
    if (id === ZIP64_EXTRA)
      return {
        unpacked: size >= 8 ? readUint64(bytes, at + 4) : undefined,
        packed: size >= 16 ? readUint64(bytes, at + 12) : undefined,
      };
    at += 4 + size;
  }
  return {};
}

interface Entry {
  name: string;
  method: number;
  /** Where its packed bytes start, and how many there are. */
  start: number;
  packed: number;
  /** The largest size its headers declare. */
  declared: number;
}

/** The archive's entries as SheetJS will read them, or null when its directory points outside the file. */
function entries(bytes: Uint8Array): Entry[] | null {
  let end = bytes.length - 4;
  while (end >= 0 && readUint32(bytes, end) !== END_OF_DIRECTORY) end--;
  if (end < 0 || end + 20 > bytes.length) return null;
  const count = readUint16(bytes, end + 8);
  let at = readUint32(bytes, end + 16);
  const found: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length) return null;
    const nameLength = readUint16(bytes, at + 28);
    const extraLength = readUint16(bytes, at + 30);
    if (at + 46 + nameLength > bytes.length) return null;
    const name = Buffer.from(bytes.buffer, bytes.byteOffset + at + 46, nameLength).toString("utf8");
    const central = {
      packed: readUint32(bytes, at + 20),
      unpacked: readUint32(bytes, at + 24),
      ...zip64Sizes(bytes, at + 46 + nameLength, extraLength),
    };
    const local = readUint32(bytes, at + 42);
    at += 46 + nameLength + extraLength + readUint16(bytes, at + 32);
    if (local + 30 > bytes.length || readUint32(bytes, local) !== LOCAL_HEADER) return null;
    const localNameLength = readUint16(bytes, local + 26);
    const localExtraLength = readUint16(bytes, local + 28);
    const start = local + 30 + localNameLength + localExtraLength;
    const own = {
      packed: readUint32(bytes, local + 18),
      unpacked: readUint32(bytes, local + 22),
      ...zip64Sizes(bytes, local + 30 + localNameLength, localExtraLength),
    };
    // A writer that streams puts the sizes after the data and zeros in the local header: the directory's count then.
    const packed = own.packed || central.packed;
    if (start + packed > bytes.length) return null;
    found.push({
      name,
      method: readUint16(bytes, local + 8),
      start,
      packed,
      declared: Math.max(own.unpacked, central.unpacked),
    });
  }
  return found;
}

const overRatio = (unpacked: number, packed: number, limits: ZipLimits) =>
  unpacked > limits.ratioFromBytes && unpacked > packed * limits.ratio;

/**
 * Checks a zip archive against `limits`: first every entry's declared size, their sum and their ratio,
 * then the same of what each entry really inflates to, counted as it streams and stopped at the first
 * limit passed (a stream that does not end within its entry is refused too). Never holds more than a
 * stream's buffer of unpacked bytes.
 */
export async function checkZip(bytes: Uint8Array, limits: ZipLimits): Promise<ZipCheck> {
  const list = entries(bytes);
  if (!list) return "invalid";
  let declaredTotal = 0;
  for (const entry of list) {
    declaredTotal += entry.declared;
    if (entry.declared > limits.entryBytes || declaredTotal > limits.totalBytes) return "tooLarge";
    if (overRatio(entry.declared, entry.packed, limits)) return "tooLarge";
  }
  let total = 0;
  for (const entry of list) {
    if (entry.method === STORED) total += entry.packed;
    else if (entry.method === DEFLATED) {
      const unpacked = await inflatedSize(bytes.subarray(entry.start, entry.start + entry.packed), limits, total);
      if (typeof unpacked !== "number") return unpacked;
      total += unpacked;
    }
    // Any other method SheetJS refuses by itself, inflating nothing.
    if (total > limits.totalBytes) return "tooLarge";
  }
  return "ok";
}

/**
 * Inflates the entry called `name` chunk by chunk into `onChunk`, which returns false to stop it; false
 * when the archive holds no such entry (or cannot be read). Run after `checkZip`: it counts nothing.
 */
export async function streamEntry(
  bytes: Uint8Array,
  name: string,
  onChunk: (chunk: Uint8Array) => boolean,
): Promise<boolean> {
  const entry = entries(bytes)?.find((e) => e.name === name);
  if (!entry) return false;
  const packed = bytes.subarray(entry.start, entry.start + entry.packed);
  if (entry.method === STORED) {
    onChunk(packed);
    return true;
  }
  if (entry.method !== DEFLATED) return false;
  return new Promise((resolve) => {
    const inflate = zlib.createInflateRaw();
    inflate.on("data", (chunk: Buffer) => {
      if (!onChunk(chunk)) {
        inflate.destroy();
        resolve(true);
      }
    });
    inflate.on("error", () => resolve(true));
    inflate.on("end", () => resolve(true));
    inflate.end(packed);
  });
}

/** What `packed` inflates to, counted and dropped chunk by chunk; stopped once past a limit. */
function inflatedSize(packed: Uint8Array, limits: ZipLimits, before: number): Promise<number | ZipCheck> {
  return new Promise((resolve) => {
    const inflate = zlib.createInflateRaw();
    let size = 0;
    let settled = false;
    const settle = (answer: number | ZipCheck) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(answer);
    };
    inflate.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.entryBytes || before + size > limits.totalBytes || overRatio(size, packed.length, limits))
        settle("tooLarge");
    });
    inflate.on("error", () => settle("invalid"));
    inflate.on("end", () => settle(size));
    inflate.end(packed);
  });
}
