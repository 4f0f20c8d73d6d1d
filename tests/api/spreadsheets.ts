import { CFB, read, utils, write } from "@e965/xlsx";

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
