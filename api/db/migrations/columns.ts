import type { ColumnDefinitionBuilder } from "kysely";
import type { Dialect } from "../types";

/** An auto-numbered primary key: `serial` on PostgreSQL, `integer … autoincrement` on SQLite. */
export function autoIncrementId(dialect: Dialect) {
  return {
    type: dialect === "postgres" ? ("serial" as const) : ("integer" as const),
    primaryKey: (c: ColumnDefinitionBuilder) =>
      dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
  };
}
