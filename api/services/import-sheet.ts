import { headerKey, headerScore, type ImportKind, type SavedMapping, type SkipReason } from "../../contract/imports";
import type { CsvFormat } from "../lib/spreadsheet";

/**
 * How a sheet as schools keep it is laid out: which row holds the headers (a title, blank rows or notes
 * may sit above it), which rows under it are not records (blank rows, a totals line, the headers again),
 * and whether a text file is a CSV and how to decode it.
 */

/** The headers are looked for among the sheet's first rows that are not blank. */
export const HEADER_SEARCH_ROWS = 20;

/**
 * The index of the header row among `rows` (blank rows are empty): the row among the first that has the
 * most headers the kind knows, at least two; `known` is false when none has, and the first row holding
 * as many cells as the widest of them is taken (a title above it has fewer).
 */
export function findHeaderRow(
  kind: ImportKind,
  rows: readonly (readonly string[])[],
  saved: SavedMapping,
): { index: number; known: boolean } {
  return findHeaderRowBy(rows, (row) => headerScore(kind, row, saved));
}

/** `findHeaderRow` for any sheet: `score` says how many of a row's cells are headers the sheet's reader knows. */
export function findHeaderRowBy(
  rows: readonly (readonly string[])[],
  score: (row: readonly string[]) => number,
): { index: number; known: boolean } {
  const candidates = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.some((cell) => cell !== ""))
    .slice(0, HEADER_SEARCH_ROWS);
  let best = { index: -1, score: 1 };
  for (const { row, index } of candidates) {
    const found = score(row);
    if (found > best.score) best = { index, score: found };
  }
  if (best.index >= 0) return { index: best.index, known: true };
  const filled = (row: readonly string[]) => row.filter((cell) => cell !== "").length;
  const widest = Math.max(0, ...candidates.map(({ row }) => filled(row)));
  return { index: candidates.find(({ row }) => filled(row) === widest)?.index ?? 0, known: false };
}

/** A cell that starts a totals or summary line: 'TOTAL', 'Grand total', 'Total boys: 20', 'Summary'. */
const TOTAL_WORD = /^(?:grand\s+)?(?:sub-?\s*)?totals?\b|^summary\b|^sum\b|^number of\b|^no\.? of\b/i;
const NUMBER = /^[\d\s.,:]+$/;

/**
 * Why a row under the headers is not a record, or null when it is one: blank; a totals line (a cell
 * starting with a totals word, every other cell a number or empty); or the headers again, as a sheet
 * printed page by page repeats them (at least two of the known columns' headers, and no other value).
 */
export function skipReason(
  row: readonly string[],
  headers: readonly string[],
  fields: (string | null)[],
): SkipReason | null {
  // One pass that stops at the first cell of a record: most rows cost a test or two.
  let filled = false;
  let total = false;
  let record = false;
  for (const cell of row) {
    if (cell === "") continue;
    filled = true;
    if (NUMBER.test(cell)) continue;
    if (TOTAL_WORD.test(cell)) total = true;
    else {
      record = true;
      break;
    }
  }
  if (!filled) return "blank";
  if (total && !record) return "total";
  let same = 0;
  for (let j = 0; j < row.length; j++) {
    if (!row[j]) continue;
    if (headerKey(row[j]) !== headerKey(headers[j] ?? "")) return null;
    if (fields[j]) same++;
  }
  return same >= 2 ? "header" : null;
}

const CSV_NAMES = /\.(?:csv|tsv|txt)$/i;
const DELIMITERS = [",", ";", "\t", "|"];
/** The records looked at to tell the delimiter: enough for a title and the headers, and a few rows. */
const SAMPLE_RECORDS = 50;

/**
 * Whether an upload is a CSV, and how to read it: a file named .csv (.tsv, .txt) whose bytes are text
 * (UTF-8 with or without its byte-order mark, UTF-16 with one, else Windows-1252), with a delimiter
 * that gives most of its first records the same number of fields, two or more. Anything else: null.
 * That the bytes are no markup nor a program is told before (`detectFileType`).
 */
export function csvFormat(bytes: Uint8Array, filename: string): CsvFormat | null {
  if (!CSV_NAMES.test(filename)) return null;
  const encoding = textEncoding(bytes);
  const text = new TextDecoder(encoding).decode(bytes.subarray(0, 256 * 1024));
  const delimiter = DELIMITERS.find((d) => consistent(fieldCounts(text, d)));
  return delimiter ? { encoding, delimiter } : null;
}

function textEncoding(bytes: Uint8Array): CsvFormat["encoding"] {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}

/** The number of fields of each of the first records that are not blank, quotes respected. */
function fieldCounts(text: string, delimiter: string): number[] {
  const counts: number[] = [];
  let fields = 1;
  let quoted = false;
  let blank = true;
  for (let i = 0; i < text.length && counts.length < SAMPLE_RECORDS; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') i++;
        else quoted = false;
      }
    } else if (ch === '"') {
      quoted = true;
      blank = false;
    } else if (ch === delimiter) {
      fields++;
      blank = false;
    } else if (ch === "\n" || ch === "\r") {
      if (!blank) counts.push(fields);
      fields = 1;
      blank = true;
    } else if (ch.trim()) blank = false;
  }
  if (!blank && counts.length < SAMPLE_RECORDS) counts.push(fields);
  return counts;
}

/**
 * Most records (four in five, a title line aside) have the same number of fields, at least two; records with
 * fewer are allowed (spreadsheets leave trailing empty fields out), more are not.
 */
function consistent(counts: number[]): boolean {
  if (!counts.length) return false;
  const tally = new Map<number, number>();
  for (const c of counts) tally.set(c, (tally.get(c) ?? 0) + 1);
  const [mode, times] = [...tally.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
  if (mode < 2) return false;
  const over = counts.filter((c) => c > mode).length;
  return over === 0 && times >= Math.max(1, Math.floor((counts.length - 1) * 0.8));
}
