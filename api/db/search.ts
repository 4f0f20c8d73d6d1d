import { sql, type RawBuilder, type SqlBool } from "kysely";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Dialect } from "./types";

/**
 * The one search of the lists of people (students, parents, staff). Each of their tables keeps a
 * `search_text` column, written by its service through `searchText()`, and a text index over it that the
 * database keeps in step with every write (migration 0006_people):
 *
 * - SQLite: an FTS5 table `<table>_search` with the trigram tokenizer, filled by triggers. Its rowid is
 *   the record's id within its school's span (`school_id * SCHOOL_SPAN + id`), so a search asks the index
 *   for one school's rows only.
 * - PostgreSQL: a GIN index with pg_trgm's `gin_trgm_ops` on `search_text`, which answers LIKE.
 *
 * A query matches a record when its normalised text appears anywhere in the record's search text, on
 * both databases alike. The trigram index needs three characters: a shorter query is answered from the
 * school's own rows (an index on `(school_id, search_text)`), with the same meaning.
 */
export type SearchableTable = "students" | "parents" | "staff";

/** Record ids stay below 2^32, so each school owns one span of FTS rowids. */
export const SCHOOL_SPAN = 4_294_967_296;

/** Text as the search compares it: lower case, accents and tone marks dropped, spaces collapsed. */
export function normaliseSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A phone number as people type it: E.164 and, for Nigerian numbers, the local 0803… form. */
export function phoneSearchForms(e164: string | null | undefined): string[] {
  if (!e164) return [];
  const phone = parsePhoneNumberFromString(e164);
  return phone?.countryCallingCode === "234" ? [e164, `0${phone.nationalNumber}`] : [e164];
}

/** The `search_text` of a record: its searchable fields, normalised, one space apart. */
export function searchText(parts: ReadonlyArray<string | null | undefined>): string {
  return normaliseSearch(parts.filter(Boolean).join(" "));
}

/** The search box's text, normalised; a typed phone number loses its spaces, brackets and dashes. */
export function searchQuery(q: string | null | undefined): string | null {
  let text = normaliseSearch(q ?? "");
  if (/^\+?[\d\s()-]+$/.test(text)) text = text.replace(/[\s()-]/g, "");
  return text || null;
}

export const TRIGRAM = 3;

/**
 * The condition "this row of `table` matches `query`" (a `searchQuery()`), for a query already limited
 * to `schoolId`'s rows. `%`, `_`, quotes and the like are taken literally on both databases.
 */
export function matchesSearch(
  dialect: Dialect,
  table: SearchableTable,
  schoolId: number,
  query: string,
): RawBuilder<SqlBool> {
  const column = sql.ref(`${table}.search_text`);
  if (dialect === "postgres") {
    return sql<SqlBool>`${column} like ${containsPattern(query)} escape '\\'`;
  }
  if ([...query].length < TRIGRAM) return sql<SqlBool>`instr(${column}, ${query}) > 0`;
  const index = sql.table(`${table}_search`);
  // BigInt, so the driver binds integers: FTS5 ignores a rowid bound that arrives as a floating-point value
  // (as a plain JS number does) and would then walk every school's matches, about ten times the work here.
  const first = BigInt(schoolId) * BigInt(SCHOOL_SPAN);
  const last = first + BigInt(SCHOOL_SPAN) - 1n;
  // One quoted phrase: the trigram tokenizer matches it as a substring; quotes inside are doubled.
  const phrase = `"${query.replace(/"/g, '""')}"`;
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid - ${first} from ${index} where ${index} match ${phrase} and rowid between ${first} and ${last})`;
}

/**
 * The condition "this row of `table` is `schoolId`'s" for a list that `query` (a `searchQuery()`, or null) may
 * search. When SQLite's text index answers the search, the school column is written `+school_id`, which no index
 * answers: the planner then walks the index's matches within the school (a few hundred) and looks each row up by
 * id, rather than walking the school's whole span of its own index (thousands of rows) to test each against them.
 */
export function ofSchool(
  dialect: Dialect,
  table: SearchableTable,
  schoolId: number,
  query: string | null,
): RawBuilder<SqlBool> {
  const column = sql.ref(`${table}.school_id`);
  return dialect === "sqlite" && query !== null && [...query].length >= TRIGRAM
    ? sql<SqlBool>`+${column} = ${schoolId}`
    : sql<SqlBool>`${column} = ${schoolId}`;
}

/** Text taken literally inside a LIKE pattern written with `escape '\\'`: `%`, `_` and `\\` are no wildcards there. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search box's text as a LIKE pattern that finds it anywhere: trimmed, lower-cased, `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${likeLiteral(text.trim().toLowerCase())}%`;
}

/**
 * `column LIKE '%text%'` over a lower-cased column, the same on SQLite and PostgreSQL: the search of short
 * lists (a school's inventory), where a text index would cost more than it saves.
 */
export function columnContains(column: string, text: string) {
  return sql<SqlBool>`${sql.ref(column)} like ${containsPattern(text)} escape '\\'`;
}
