import { CFB, read, utils, write } from "@e965/xlsx";
import zlib from "node:zlib";

/** Spreadsheets made by the tests themselves with SheetJS, and files that only pretend to be one. */

export function xlsxBytes(
  rows: (string | number)[][],
  bookType: "xlsx" | "xls" = "xlsx",
  sheets: (string | number)[][][] = [],
): Uint8Array<ArrayBuffer> {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), "Sheet1");
  sheets.forEach((extra, i) => utils.book_append_sheet(book, utils.aoa_to_sheet(extra), `Extra${i + 1}`));
  return new Uint8Array(write(book, { type: "array", bookType }) as ArrayBuffer);
}

export const xlsxFile = (rows: (string | number)[][], name = "students.xlsx", bookType: "xlsx" | "xls" = "xlsx") =>
  new File([xlsxBytes(rows, bookType)], name, {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });

/** An OLE2 container holding what Excel writes for a workbook saved with a password. */
export function passwordProtectedBytes(): Uint8Array<ArrayBuffer> {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(
    container,
    "/EncryptionInfo",
    new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0, ...new Array(64).fill(0)]),
  );
  CFB.utils.cfb_add(container, "/EncryptedPackage", new Uint8Array(512).fill(7));
  return new Uint8Array(CFB.write(container, { type: "array" }) as ArrayBuffer);
}

/** The rows of the first sheet of an .xlsx answer, as text. */
export function sheetRows(bytes: ArrayBuffer, sheet = 0): string[][] {
  const book = read(new Uint8Array(bytes), { type: "array" });
  return utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[sheet]], { header: 1, raw: false, defval: "" });
}

export function sheetNames(bytes: ArrayBuffer): string[] {
  return read(new Uint8Array(bytes), { type: "array" }).SheetNames;
}

/**
 * A small .xlsx that unpacks to far more: its sheet holds `rows` rows of eight numbers, written as XML
 * that compresses to almost nothing, so reading it costs memory out of all proportion to its size.
 */
export function zipBombBytes(rows: number): Uint8Array<ArrayBuffer> {
  const zip = CFB.read(xlsxBytes([["Name"], ["Ada"]]), { type: "array" });
  const sheet = CFB.find(zip, zip.FullPaths.find((name: string) => name.endsWith("sheet1.xml"))!)!;
  const row = `<row>${[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `<c><v>${n}</v></c>`).join("")}</row>`;
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${row.repeat(rows)}</sheetData></worksheet>`;
  sheet.content = new TextEncoder().encode(xml);
  sheet.size = sheet.content.length;
  return new Uint8Array(CFB.write(zip, { type: "array", fileType: "zip", compression: true }) as ArrayBuffer);
}

/** The formats a school's file comes in: Excel, OpenDocument, and CSV as Google Sheets (UTF-8, with or without BOM) or Excel on Windows (Windows-1252) saves it. */
export type SheetFormat = "xlsx" | "xls" | "ods" | "csv-utf8" | "csv-utf8-bom" | "csv-windows-1252";
export const SHEET_FORMATS: SheetFormat[] = ["xlsx", "xls", "ods", "csv-utf8-bom", "csv-windows-1252"];

/** Rows as CSV text: cells holding the delimiter, quotes or line ends are quoted. */
export function csvText(rows: (string | number)[][], delimiter = ","): string {
  const cell = (value: string | number) => {
    const text = String(value);
    return /["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(cell).join(delimiter)).join("\r\n") + "\r\n";
}

/** Windows-1252 bytes of text: Latin-1, save the typographic quotes Windows puts in 0x80–0x9F. */
function windows1252(text: string): Uint8Array<ArrayBuffer> {
  const upper: Record<string, number> = { "€": 0x80, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "–": 0x96, "—": 0x97 };
  return new Uint8Array([...text].map((ch) => upper[ch] ?? ch.charCodeAt(0)));
}

/**
 * An OpenDocument spreadsheet as LibreOffice and Google Sheets write it: its `mimetype` entry first and
 * stored, which is how its bytes tell it (SheetJS writes the manifest first). `edit` may change an
 * entry's content, by name, before it is stored.
 */
export function odsBytes(
  rows: (string | number)[][],
  edit = (_name: string, content: Uint8Array) => content,
): Uint8Array<ArrayBuffer> {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), "Sheet1");
  const written = CFB.read(new Uint8Array(write(book, { type: "array", bookType: "ods" }) as ArrayBuffer), {
    type: "array",
  });
  const entries: { name: string; content: Uint8Array }[] = written.FileIndex.flatMap((entry: CfbEntry, i: number) => {
    if (entry.type !== 2 || entry.name === "\u0001Sh33tJ5") return [];
    const name = written.FullPaths[i].replace(/^[^/]*\//, "");
    return [{ name, content: edit(name, entry.content as Uint8Array) }];
  });
  entries.sort((a, b) => Number(b.name === "mimetype") - Number(a.name === "mimetype"));
  return storedZip(entries);
}

interface CfbEntry {
  name: string;
  type: number;
  content: unknown;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zip of `entries` in their order, each stored (not compressed). */
function storedZip(entries: { name: string; content: Uint8Array }[]): Uint8Array<ArrayBuffer> {
  return zipBytes(entries.map(({ name, content }) => ({ name, data: content, deflated: false, size: content.length })));
}

/** An entry as it sits in a zip: its bytes (`deflated` or stored), the size it declares and its CRC-32. */
interface ZipEntry {
  name: string;
  data: Uint8Array;
  deflated: boolean;
  size: number;
  crc?: number;
}

/** A zip of `entries` in their order, as written, declaring what each says. */
function zipBytes(entries: ZipEntry[]): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const { name, data, deflated, size, crc = crc32(data) } of entries) {
    const nameBytes = new TextEncoder().encode(name);
    const method = deflated ? 8 : 0;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, method, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, size, true);
    local.setUint16(26, nameBytes.length, true);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(10, method, true);
    central.setUint32(16, crc, true);
    central.setUint32(20, data.length, true);
    central.setUint32(24, size, true);
    central.setUint16(28, nameBytes.length, true);
    central.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), nameBytes, data);
    directory.push(new Uint8Array(central.buffer), nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const size = directory.reduce((sum, d) => sum + d.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...directory, new Uint8Array(end.buffer)];
  const bytes = new Uint8Array(all.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of all) {
    bytes.set(p, at);
    at += p.length;
  }
  return bytes;
}

const SHEET_XML_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_XML_END = "</sheetData></worksheet>";

/**
 * An .xlsx whose first sheet's XML is `start`, then `repeat` repeated `times`, then `end`, deflated
 * without ever being held whole: `repeat` is deflated once as a block of its own (a full flush, so that it
 * refers to nothing before it) and that block written `times` times. A sheet of 1.5 GB packs into about
 * 1.5 MB. Its entry declares `declaredSize` (by default the truth; a bomb may lie) and its CRC-32 is not
 * computed (a reader that checks it refuses the file, which is no less a refusal).
 */
export function inflatingXlsxBytes(
  repeat: string,
  times: number,
  options: { start?: string; end?: string; declaredSize?: number } = {},
): Uint8Array<ArrayBuffer> {
  const { start = SHEET_XML_START, end = SHEET_XML_END } = options;
  const flushed = (text: string) =>
    zlib.deflateRawSync(Buffer.from(text), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const block = flushed(repeat);
  const head = flushed(start);
  const tail = zlib.deflateRawSync(Buffer.from(end), { level: 9 });
  const sheet = Buffer.alloc(head.length + block.length * times + tail.length);
  head.copy(sheet, 0);
  for (let i = 0; i < times; i++) block.copy(sheet, head.length + i * block.length);
  tail.copy(sheet, head.length + block.length * times);
  const unpacked = start.length + repeat.length * times + end.length;
  const template = CFB.read(xlsxBytes([["Name"], ["Ada"]]), { type: "array" });
  const entries: ZipEntry[] = template.FileIndex.flatMap((entry: CfbEntry, i: number) => {
    if (entry.type !== 2 || entry.name === "\u0001Sh33tJ5") return [];
    const name = template.FullPaths[i].replace(/^[^/]*\//, "");
    if (name.endsWith("sheet1.xml"))
      return [{ name, data: sheet, deflated: true, size: options.declaredSize ?? unpacked % 2 ** 32, crc: 0 }];
    const content = entry.content as Uint8Array;
    return [{ name, data: content, deflated: false, size: content.length }];
  });
  return zipBytes(entries);
}

/** An .xlsx whose sheet XML is `rows` (`<row>` elements) as given, e.g. declaring a range of its own. */
export function sheetXmlBytes(rows: string, dimension?: string): Uint8Array<ArrayBuffer> {
  const start = SHEET_XML_START.replace(
    "<sheetData>",
    dimension ? `<dimension ref="${dimension}"/><sheetData>` : "<sheetData>",
  );
  return inflatingXlsxBytes(rows, 1, { start });
}

/** An OpenDocument spreadsheet whose first row is repeated `times` times (`table:number-rows-repeated`), as one row in its file. */
export const odsRepeatingBytes = (rows: (string | number)[][], times: number) =>
  odsBytes(rows, (name, content) =>
    name === "content.xml"
      ? new TextEncoder().encode(
          new TextDecoder()
            .decode(content)
            .replace("<table:table-row>", `<table:table-row table:number-rows-repeated="${times}">`),
        )
      : content,
  );

/** A file of `rows` in `format`, named `base` with the format's extension. */
export function sheetFile(format: SheetFormat, rows: (string | number)[][], base = "register", delimiter = ","): File {
  if (format === "xlsx" || format === "xls") return xlsxFile(rows, `${base}.${format}`, format);
  if (format === "ods") return new File([odsBytes(rows)], `${base}.ods`);
  const text = csvText(rows, delimiter);
  const bytes =
    format === "csv-windows-1252"
      ? windows1252(text)
      : new TextEncoder().encode(format === "csv-utf8-bom" ? `\ufeff${text}` : text);
  return new File([bytes], `${base}.csv`, { type: "text/csv" });
}
