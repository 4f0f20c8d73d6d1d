/**
 * A unique index refused the write: SQLite says SQLITE_CONSTRAINT_UNIQUE, PostgreSQL 23505. Services
 * check for duplicates first; this catches the race where two requests pass that check together.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}
