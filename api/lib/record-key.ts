import { sql, type RawBuilder, type SqlBool } from "kysely";

const MAX_ID = 2_147_483_647;

/**
 * "This row is the record named in the path". A path names a record by its numeric `id` or its
 * `unique_id`, and every path takes either, so links built from either work:
 * digits are an `id` (one beyond the integer column's range names nothing), anything else a `unique_id`.
 * For a query on one table that already starts with the school.
 */
export function isRecordKey(key: string): RawBuilder<SqlBool> {
  if (!/^\d+$/.test(key)) return sql<SqlBool>`unique_id = ${key}`;
  const id = Number(key);
  return id <= MAX_ID ? sql<SqlBool>`id = ${id}` : sql<SqlBool>`1 = 0`;
}
