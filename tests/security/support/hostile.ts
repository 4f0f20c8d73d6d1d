import { sql } from "kysely";
import type { Db } from "../../../api/db";
import { ownTables } from "../../api/harness";

/**
 * Hostile text as an attacker would type it into any name: markup that runs script if a page ever
 * writes it unescaped, a script-closing sequence aimed at data embedded in a <script>, and a
 * spreadsheet formula aimed at exports opened in Excel.
 */
export const MARKUP = "<img src=x onerror=alert(1)>";
export const SCRIPT_BREAK = "</script><script>alert(1)</script>";
export const FORMULA = '=HYPERLINK("http://evil.example")';
export const HOSTILE = `${FORMULA} ${MARKUP}${SCRIPT_BREAK}`;

/** What a page must never contain: the markup as live HTML. */
export const LIVE_MARKUP = [/<img src=x onerror/i, /<script>alert\(1\)/i];
/** How the markup looks when a page shows it as text. */
export const ESCAPED_MARKUP = "&lt;img src=x onerror=alert(1)&gt;";

/** Columns that hold what people name things, in any table, now or added later. */
const NAME_COLUMN = /^(name|[a-z_]+_name|title|venue|subject|address|description|position)$/;
/** Names that are keys as well (matched against settings), left alone so screens still find their records. */
const KEY_COLUMN = /^(class_name|section_name)$/;

/**
 * Puts HOSTILE in front of every name-like text column of every table of the database, so that every
 * screen, PDF and export, including those of areas built later, shows it: what the suite then proves is
 * that it shows as text everywhere. Returns the columns it changed.
 */
export async function poisonNames(db: Db, dialect: "sqlite" | "postgres"): Promise<string[]> {
  const tables = await ownTables(db, dialect);
  const changed: string[] = [];
  for (const table of tables) {
    for (const column of table.columns) {
      if (!NAME_COLUMN.test(column.name) || KEY_COLUMN.test(column.name)) continue;
      if (!/char|text|clob/i.test(column.dataType)) continue;
      await sql`update ${sql.table(table.name)} set ${sql.ref(column.name)} = ${`${HOSTILE} `} || ${sql.ref(column.name)} where ${sql.ref(column.name)} is not null`.execute(
        db,
      );
      changed.push(`${table.name}.${column.name}`);
    }
  }
  return changed;
}
