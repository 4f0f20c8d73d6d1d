import { IMPORT_COLUMNS, IMPORT_MESSAGES, type ImportKind, type RowProblem } from "../../contract/imports";
import type { ImportRow } from "./import-kinds";

/**
 * Values as schools type them, read as the forms take them before any row is checked: M/F and Boy/Girl
 * as Male/Female, phone numbers that lost their leading 0 (stored as numbers) or carry 234 without its
 * +, class names written another way ('jss 1', 'J.S.S. 1', 'Js1') as the school's own class when exactly
 * one matches, runs of spaces in names. Nothing is changed silently: every value read otherwise than
 * written is reported (`changes`), and a class several of the school's match is a problem naming them.
 */

const GENDER_WORDS: Record<string, string> = {
  m: "Male",
  male: "Male",
  boy: "Male",
  f: "Female",
  female: "Female",
  girl: "Female",
};

/** Male or Female from M/F, Boy/Girl, any case; anything else as written (the form's check says why). */
export function readGender(text: string): string {
  return GENDER_WORDS[text.trim().toLowerCase().replace(/\.$/, "")] ?? text;
}

/**
 * A Nigerian number that lost its leading 0 as a spreadsheet number (8031234567) gets it back; 234…
 * without its + gets it. Spaces, dashes and brackets are the phone rules' own business, as written.
 */
export function readPhone(text: string): string {
  const digits = text.replace(/[\s\-().]/g, "");
  if (/^[789][01]\d{8}$/.test(digits)) return `0${digits}`;
  if (/^234[789][01]\d{8}$/.test(digits)) return `+${digits}`;
  return text;
}

/** A name's runs of spaces as one. */
export const readName = (text: string) => text.replace(/\s+/g, " ").trim();

/** A class name as compared: lower case, letters and digits only; then with doubled letters once ('jss1' and 'js1'). */
const classKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
const looseClassKey = (name: string) => classKey(name).replace(/([a-z])\1+/g, "$1");

/** Reads class names against the school's classes: the one class a name matches, or the several it could be. */
export function classReader(classes: readonly string[]) {
  const byKey = new Map<string, string[]>();
  const byLooseKey = new Map<string, string[]>();
  for (const name of classes) {
    byKey.set(classKey(name), [...(byKey.get(classKey(name)) ?? []), name]);
    byLooseKey.set(looseClassKey(name), [...(byLooseKey.get(looseClassKey(name)) ?? []), name]);
  }
  return (text: string): { value: string } | { candidates: string[] } => {
    const written = text.trim();
    if (!written || classes.includes(written)) return { value: written };
    const found = byKey.get(classKey(written)) ?? byLooseKey.get(looseClassKey(written)) ?? [];
    if (found.length === 1) return { value: found[0] };
    if (found.length > 1) return { candidates: found };
    // 'JSS1' where the school has arms (JSS1A, JSS1B): the classes it could be.
    const key = looseClassKey(written);
    const arms = key ? classes.filter((c) => looseClassKey(c).startsWith(key)) : [];
    return arms.length > 1 ? { candidates: arms } : { value: written };
  };
}

type Reading = "name" | "gender" | "phone" | "class" | "teaching";
/** How each field of a kind is read; fields not named are taken as written. */
const READINGS: Record<ImportKind, Record<string, Reading>> = {
  students: { name: "name", selectedClass: "class", gender: "gender", phone_number: "phone" },
  parents: { name: "name", phone: "phone" },
  staff: { name: "name", phone: "phone", form_teacher: "class", teaching: "teaching" },
  questions: { class: "class" },
};

const headerOf = (kind: ImportKind, field: string) =>
  IMPORT_COLUMNS[kind].find((c) => c.field === field)?.header ?? field;

export interface ReadValues {
  /** Every value changed, by column and value, in the order first met. */
  changes: Map<string, { column: string; from: string; to: string; rows: number[] }>;
  /** Classes several of the school's match. */
  problems: RowProblem[];
}

/**
 * Reads the rows' values in place, as the forms take them; answers what was changed and the classes
 * that could be several.
 */
export function readValues(kind: ImportKind, rows: ImportRow[], classes: readonly string[]): ReadValues {
  // In the template's order, so that a row's changes read as its columns do.
  const readings = IMPORT_COLUMNS[kind].flatMap((c) =>
    READINGS[kind][c.field] ? [[c.field, READINGS[kind][c.field]] as const] : [],
  );
  const readClass = classReader(classes);
  const result: ReadValues = { changes: new Map(), problems: [] };
  const change = (line: number, field: string, from: string, to: string) => {
    const column = headerOf(kind, field);
    const key = `${column}\u0000${from}\u0000${to}`;
    const seen = result.changes.get(key);
    if (seen) seen.rows.push(line);
    else result.changes.set(key, { column, from, to, rows: [line] });
  };
  // A change of case alone is reported only where the forms did not take any case already (not a gender).
  const apply = (row: ImportRow, field: string, read: (text: string) => string, anyCase = false) => {
    const from = row.values[field];
    if (!from) return;
    const to = read(from);
    if (to === from) return;
    row.values[field] = to;
    const same = anyCase ? to.toLowerCase() === from.trim().toLowerCase() : to === from.trim();
    if (!same) change(row.line, field, from.trim(), to);
  };
  const readClassOf = (row: ImportRow, field: string) => {
    const from = row.values[field];
    if (!from) return;
    const read = readClass(from);
    if ("candidates" in read)
      result.problems.push({
        row: row.line,
        column: headerOf(kind, field),
        message: IMPORT_MESSAGES.classAmbiguous(from.trim(), read.candidates),
      });
    else if (read.value !== from) {
      row.values[field] = read.value;
      if (read.value !== from.trim()) change(row.line, field, from.trim(), read.value);
    }
  };
  for (const row of rows)
    for (const [field, reading] of readings) {
      if (reading === "name") apply(row, field, readName);
      else if (reading === "gender") apply(row, field, readGender, true);
      else if (reading === "phone") apply(row, field, readPhone);
      else if (reading === "class") readClassOf(row, field);
      else apply(row, field, (text) => readTeachingClasses(text, readClass));
    }
  return result;
}

/** 'jss 1: Mathematics; ss1: Physics' with each class as the school names it, when exactly one matches. */
function readTeachingClasses(text: string, readClass: ReturnType<typeof classReader>): string {
  return text
    .split(";")
    .map((pair) => {
      const colon = pair.indexOf(":");
      if (colon < 0) return pair;
      const written = pair.slice(0, colon);
      const read = readClass(written);
      if (!("value" in read) || !read.value || read.value === written.trim()) return pair;
      return `${/^\s*/.exec(written)![0]}${read.value}:${pair.slice(colon + 1)}`;
    })
    .join(";");
}
