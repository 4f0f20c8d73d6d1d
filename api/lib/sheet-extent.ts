/**
 * Where a sheet's data lies, and the first limit it passes: counted by the spreadsheet worker over the
 * cells SheetJS read, and, before SheetJS reads anything, over the file itself (a CSV's text, an
 * .xlsx sheet's XML, an .ods table's XML as it inflates). SheetJS builds every cell it reads, so a
 * file that packs a million cells into a few megabytes (an .ods row repeated a million times by one
 * attribute, a CSV of a million short lines) would end its thread out of memory and be refused for its
 * time; counted first, it is refused naming the row, column or cell limit it breaks.
 *
 * Imports nothing of the project but `zip-limits.ts`: the spreadsheet worker uses it.
 */

import { streamEntry } from "./zip-limits";

export interface ExtentLimits {
  /** Rows from the first that holds data: the records and the rows above the headers. */
  rows: number;
  columns: number;
  /** Cells holding data. */
  cells: number;
}

export type ExtentRefusal =
  | { ok: false; reason: "tooManyColumns" | "tooManyCells" }
  /** `row`: the first row holding data past the rows a file may have, as the sheet numbers it (from 1). */
  | { ok: false; reason: "rowPastLimit"; row: number };

/** Rows holding data, counted in the sheet's order; the first limit passed is kept. */
export class DataExtent {
  /** Rows and columns from 0; -1 before any data. */
  firstRow = -1;
  lastRow = -1;
  lastColumn = -1;
  private cells = 0;
  refusal: ExtentRefusal | null = null;

  constructor(readonly limits: ExtentLimits) {}

  /**
   * `times` rows alike from `row` (from 0), each holding data in `filled` cells, the last of them in
   * `lastColumn`. In one row the columns are checked first, then the cells, then the row's place. Returns
   * false once a limit is passed (and from then on).
   */
  add(row: number, filled: number, lastColumn: number, times = 1): boolean {
    if (this.refusal) return false;
    if (filled <= 0 || times <= 0) return true;
    if (lastColumn >= this.limits.columns) return this.refuse({ ok: false, reason: "tooManyColumns" });
    if (this.firstRow < 0) this.firstRow = row;
    const lastAllowed = this.firstRow + this.limits.rows;
    const firstPast = Math.max(row, lastAllowed + 1);
    const rowsWithinCells = Math.floor((this.limits.cells - this.cells) / filled);
    if (rowsWithinCells < times && row + rowsWithinCells <= firstPast)
      return this.refuse({ ok: false, reason: "tooManyCells" });
    if (row + times - 1 > lastAllowed) return this.refuse({ ok: false, reason: "rowPastLimit", row: firstPast + 1 });
    this.cells += filled * times;
    this.lastRow = row + times - 1;
    this.lastColumn = Math.max(this.lastColumn, lastColumn);
    return true;
  }

  private refuse(refusal: ExtentRefusal): false {
    this.refusal = refusal;
    return false;
  }
}

const QUOTE = 34;
const CR = 13;
const LF = 10;

/**
 * A CSV's rows holding data, counted as SheetJS reads its records (a line break inside quotes is part
 * of the field), stopped at the first limit passed. A field holds data when it has more than spaces.
 */
export function csvExtent(text: string, delimiter: string, limits: ExtentLimits): DataExtent {
  const extent = new DataExtent(limits);
  const separator = delimiter.charCodeAt(0);
  let row = 0;
  let column = 0;
  let filled = 0;
  let last = -1;
  let quoted = false;
  let data = false;
  const endField = () => {
    if (data) {
      filled++;
      last = column;
    }
    column++;
    data = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (quoted) {
      if (ch === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) i++;
        else quoted = false;
      }
      if (ch > 32) data = true;
    } else if (ch === QUOTE) quoted = true;
    else if (ch === separator) endField();
    else if (ch === LF || ch === CR) {
      if (ch === CR && text.charCodeAt(i + 1) === LF) i++;
      endField();
      if (!extent.add(row, filled, last)) return extent;
      row++;
      column = filled = 0;
      last = -1;
    } else if (ch > 32) data = true;
  }
  endField();
  extent.add(row, filled, last);
  return extent;
}

/** A column's letters (A, XFD) as its index from 0. */
function columnIndex(letters: string): number {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + (letters.charCodeAt(i) - 64);
  return n - 1;
}

const attribute = (attributes: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`).exec(attributes)?.[1];

/** An XML element's start or end, as the scanners below need it. */
interface Tag {
  name: string;
  end: boolean;
  empty: boolean;
  attributes: string;
}

/**
 * Feeds the tags of XML that arrives in chunks (bytes read as Latin-1: the names and attributes looked at
 * are ASCII) to `onTag`, which returns false to stop. Text between tags is skipped.
 */
export class TagStream {
  private carry = "";
  private stopped = false;
  constructor(private readonly onTag: (tag: Tag) => boolean) {}

  /** False once `onTag` has stopped it. */
  write(chunk: Uint8Array): boolean {
    if (this.stopped) return false;
    const text = this.carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1");
    const pattern = /<(\/?)([A-Za-z_][\w:.-]*)([^<>]*?)(\/?)>/g;
    let consumed = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      consumed = pattern.lastIndex;
      if (m[2].startsWith("?")) continue;
      if (!this.onTag({ name: m[2], end: m[1] === "/", empty: m[4] === "/", attributes: m[3] })) {
        this.stopped = true;
        return false;
      }
    }
    // An unfinished tag waits for the next chunk; a run of text without one is dropped (bounded memory).
    const open = text.lastIndexOf("<");
    this.carry = open >= consumed ? text.slice(open, open + 64 * 1024) : "";
    return true;
  }
}

/** A name without its namespace prefix: strict Office Open XML writes `x:row`. */
const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/**
 * The data of an .xlsx worksheet's XML (`<row r="…">` holding `<c r="…">` cells with a value), for a
 * `TagStream`. A cell with a value (`<v>`, an inline string) holds data; a row or cell without `r`
 * follows the one before.
 */
export function xlsxSheetCounter(extent: DataExtent): (tag: Tag) => boolean {
  let row = -1;
  let column = -1;
  let filled = 0;
  let last = -1;
  let valued = false;
  return ({ name: qualified, ...tag }) => {
    const name = localName(qualified);
    if (name === "row") {
      if (tag.end) return extent.add(row, filled, last);
      const r = Number(attribute(tag.attributes, "r"));
      row = Number.isInteger(r) && r > 0 ? r - 1 : row + 1;
      column = -1;
      filled = 0;
      last = -1;
      return true;
    }
    if (name === "c") {
      if (tag.end) {
        if (valued) {
          filled++;
          last = column;
        }
        return true;
      }
      const ref = /^([A-Z]{1,3})\d*$/.exec(attribute(tag.attributes, "r") ?? "");
      column = ref ? columnIndex(ref[1]) : column + 1;
      valued = false;
      return true;
    }
    if (!tag.end && !tag.empty && (name === "v" || name === "is")) valued = true;
    return true;
  };
}

/**
 * The data of the first table of an .ods's `content.xml`, for a `TagStream`: rows and cells repeated by
 * `table:number-rows-repeated` and `table:number-columns-repeated` count as many times as they repeat
 * (as SheetJS builds them), without being built. A cell holds data when it says its value's type or holds
 * a paragraph.
 */
export function odsTableCounter(extent: DataExtent): (tag: Tag) => boolean {
  let inTable = false;
  let row = 0;
  let rowTimes = 1;
  let column = 0;
  let cellTimes = 1;
  let filled = 0;
  let last = -1;
  let valued = false;
  const repeat = (tag: Tag, name: string) => {
    const n = Number(attribute(tag.attributes, name));
    return Number.isInteger(n) && n > 0 ? n : 1;
  };
  const endCell = () => {
    if (valued) {
      filled += cellTimes;
      last = column + cellTimes - 1;
    }
    column += cellTimes;
  };
  return (tag) => {
    if (tag.name === "table:table") {
      if (tag.end) return false; // the first table only
      inTable = true;
      return true;
    }
    if (!inTable) return true;
    if (tag.name === "table:table-row") {
      if (tag.end) {
        const going = extent.add(row, filled, last, rowTimes);
        row += rowTimes;
        return going;
      }
      rowTimes = repeat(tag, "table:number-rows-repeated");
      column = filled = 0;
      last = -1;
      if (tag.empty) row += rowTimes;
      return true;
    }
    if (tag.name === "table:table-cell" || tag.name === "table:covered-table-cell") {
      if (tag.end) {
        endCell();
        return true;
      }
      cellTimes = repeat(tag, "table:number-columns-repeated");
      valued = /\boffice:value-type\s*=/.test(tag.attributes);
      if (tag.empty) endCell();
      return true;
    }
    if (tag.name === "text:p" && !tag.end && !tag.empty) valued = true;
    return true;
  };
}

/** The first value of `attribute` on the first tag of entry `name` that `pick` takes, read as it inflates. */
async function firstAttribute(
  bytes: Uint8Array,
  name: string,
  pick: (tag: Tag) => boolean,
  wanted: string,
): Promise<string | undefined> {
  let found: string | undefined;
  const tags = new TagStream((tag) => {
    if (tag.end || !pick(tag)) return true;
    found = attribute(tag.attributes, wanted);
    return false;
  });
  await streamEntry(bytes, name, (chunk) => tags.write(chunk));
  return found;
}

/** The path in the archive of an .xlsx's first sheet, as the workbook orders its sheets; undefined when it names none. */
async function firstXlsxSheet(bytes: Uint8Array): Promise<string | undefined> {
  const id = await firstAttribute(bytes, "xl/workbook.xml", (t) => localName(t.name) === "sheet", "r:id");
  if (!id) return undefined;
  const target = await firstAttribute(
    bytes,
    "xl/_rels/workbook.xml.rels",
    (t) => localName(t.name) === "Relationship" && attribute(t.attributes, "Id") === id,
    "Target",
  );
  if (!target) return undefined;
  return target.startsWith("/") ? target.slice(1) : `xl/${target}`;
}

/**
 * The data of the first sheet of a spreadsheet archive (an .xlsx or an .ods), counted as it inflates,
 * before SheetJS builds any of it; null for an archive whose first sheet is not found (SheetJS decides).
 * Run after `checkZip`, which bounds what the entries unpack to.
 */
export async function archiveExtent(bytes: Uint8Array, limits: ExtentLimits): Promise<DataExtent | null> {
  const extent = new DataExtent(limits);
  const ods = new TagStream(odsTableCounter(extent));
  if (await streamEntry(bytes, "content.xml", (chunk) => ods.write(chunk))) return extent;
  const sheet = await firstXlsxSheet(bytes);
  if (!sheet) return null;
  const xlsx = new TagStream(xlsxSheetCounter(extent));
  return (await streamEntry(bytes, sheet, (chunk) => xlsx.write(chunk))) ? extent : null;
}
