import { sql, type Kysely } from "kysely";
import type { DialectMigration } from "../types";

/**
 * An item's stock status is worked out from its quantity (In Stock while units are left); taking an item off
 * sale while units remain is its own flag, `withdrawn` (0/1). Items stored Out of Stock with units left were
 * withdrawn in the old meaning and become so here; the stored status then goes, so nothing can disagree with
 * the quantity again. The index serves the count of units on sale (an index-only sum) and any list that
 * filters on stock (`quantity > 0`) or on the flag.
 */
export const withdrawnFromSale: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("inventory_items")
      .addColumn("withdrawn", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update inventory_items set withdrawn = 1 where status = 'Out of Stock' and quantity > 0`.execute(db);
    await db.schema.alterTable("inventory_items").dropColumn("status").execute();
    await db.schema
      .createIndex("inventory_items_school_stock")
      .on("inventory_items")
      .columns(["school_id", "withdrawn", "quantity"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("inventory_items_school_stock").ifExists().execute();
    await db.schema
      .alterTable("inventory_items")
      .addColumn("status", "text", (c) => c.notNull().defaultTo("In Stock"))
      .execute();
    await sql`update inventory_items set status = 'Out of Stock' where quantity = 0 or withdrawn = 1`.execute(db);
    await db.schema.alterTable("inventory_items").dropColumn("withdrawn").execute();
  },
});
