import { sql } from "kysely";

/** A search box's text as a LIKE pattern that finds it anywhere: trimmed, lower-cased, `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column LIKE '%text%'` over a lower-cased column, the same on SQLite and PostgreSQL. */
export function columnContains(column: string, text: string) {
  return sql<boolean>`${sql.ref(column)} like ${containsPattern(text)} escape '\\'`;
}
