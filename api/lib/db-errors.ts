/**
 * A unique index refused the write: SQLite says SQLITE_CONSTRAINT_UNIQUE, PostgreSQL 23505. Services
 * check for duplicates first; this catches the race where two requests pass that check together.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
  "SQLITE_IOERR",
  "SQLITE_CANTOPEN",
  "SQLITE_FULL",
]);

/**
 * What a failed query means to the client, whatever the database:
 * - "unavailable": the database cannot be reached or is overloaded (connection refused or cut, an
 *   administrator shutdown, SQLite still locked after its retries): try again later, 503;
 * - "conflict": a unique index refused a write no service check foresaw, 409;
 * - "invalid": another constraint refused the data (not null, foreign key, check), 422;
 * - null: anything else, a fault of ours, 500.
 */
export function dbFailure(error: unknown): "unavailable" | "conflict" | "invalid" | null {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  if (typeof code === "string") {
    if (UNAVAILABLE_CODES.has(code) || code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_IOERR"))
      return "unavailable";
    // PostgreSQL: 08 connection exceptions, 57P01–57P03 shutdown and start-up, 53 insufficient resources, 57014 a
    // statement cancelled at its deadline.
    if (/^(08|53)/.test(code) || /^57P0[123]$/.test(code) || code === "57014") return "unavailable";
    if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY")
      return "conflict";
    if (code.startsWith("23") || code.startsWith("SQLITE_CONSTRAINT")) return "invalid";
  }
  // node-postgres reports a connection lost or never made without a code.
  if (
    /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|driver has already been destroyed|^Query read timeout/i.test(
      message,
    )
  ) {
    return "unavailable";
  }
  return null;
}
