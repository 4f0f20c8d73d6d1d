import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { DialectMigration } from "../types";
import { autoIncrementId } from "./columns";

/**
 * Inventory groups, items with their stock, purchases (sales to students) and the school's bank account.
 *
 * - Money is integer kobo in `bigint` columns (a sale's total may pass 2^31 kobo); PostgreSQL answers
 *   bigint as text, so services read it with Number().
 * - `name_key` is the lower-cased name: unique group names per school, one item of a name per class in a
 *   group, and the searches' `LIKE` over the school's rows.
 * - `idempotency_key` is a create form's key: a re-sent form finds the row it already made (NULLs never
 *   clash in a unique index, on either database).
 * - A purchase keeps the names, class and prices at the time of sale; its item and student may be deleted
 *   later (the links become NULL, what was sold stays on the student's bill).
 */
export const inventory: DialectMigration = (dialect) => {
  const { type: id, primaryKey: idColumn } = autoIncrementId(dialect);
  const school = (c: ColumnDefinitionBuilder) => c.notNull().references("schools.id").onDelete("cascade");

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("inventory_groups")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_key", "text", (c) => c.notNull())
        .addColumn("idempotency_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("inventory_groups_school_name")
        .on("inventory_groups")
        .columns(["school_id", "name_key"])
        .unique()
        .execute();
      await db.schema
        .createIndex("inventory_groups_school_key")
        .on("inventory_groups")
        .columns(["school_id", "idempotency_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("inventory_items")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("group_id", "integer", (c) => c.notNull().references("inventory_groups.id"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_key", "text", (c) => c.notNull())
        .addColumn("class_name", "text", (c) => c.notNull())
        .addColumn("price_kobo", "bigint", (c) => c.notNull())
        .addColumn("quantity", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("idempotency_key", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("inventory_items_group_name")
        .on("inventory_items")
        .columns(["school_id", "group_id", "name_key", "class_name"])
        .unique()
        .execute();
      await db.schema
        .createIndex("inventory_items_school_name")
        .on("inventory_items")
        .columns(["school_id", "name_key"])
        .execute();
      await db.schema
        .createIndex("inventory_items_school_key")
        .on("inventory_items")
        .columns(["school_id", "idempotency_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("inventory_purchases")
        .addColumn("id", id, idColumn)
        .addColumn("school_id", "integer", school)
        .addColumn("item_id", "integer", (c) => c.references("inventory_items.id").onDelete("set null"))
        .addColumn("student_id", "integer", (c) => c.references("students.id").onDelete("set null"))
        .addColumn("student_unique_id", "text", (c) => c.notNull())
        .addColumn("student_name", "text", (c) => c.notNull())
        .addColumn("student_class", "text")
        .addColumn("item_name", "text", (c) => c.notNull())
        .addColumn("class_name", "text", (c) => c.notNull())
        .addColumn("group_name", "text", (c) => c.notNull())
        .addColumn("status_at_sale", "text", (c) => c.notNull())
        .addColumn("quantity", "integer", (c) => c.notNull())
        .addColumn("unit_price_kobo", "bigint", (c) => c.notNull())
        .addColumn("total_kobo", "bigint", (c) => c.notNull())
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("session", "text", (c) => c.notNull())
        .addColumn("search_text", "text", (c) => c.notNull())
        .addColumn("idempotency_key", "text")
        .addColumn("sold_at", "text", (c) => c.notNull())
        .execute();
      // The list's order; with the quantity in it, the stats' sum of units sold reads this index alone.
      await db.schema
        .createIndex("inventory_purchases_school_sold")
        .on("inventory_purchases")
        .columns(["school_id", "sold_at", "id", "quantity"])
        .execute();
      await db.schema
        .createIndex("inventory_purchases_school_search")
        .on("inventory_purchases")
        .columns(["school_id", "search_text"])
        .execute();
      await db.schema
        .createIndex("inventory_purchases_student")
        .on("inventory_purchases")
        .columns(["school_id", "student_unique_id", "sold_at"])
        .execute();
      // A deleted item or student sets the links of its purchases to NULL: PostgreSQL finds them through these.
      await db.schema.createIndex("inventory_purchases_item").on("inventory_purchases").column("item_id").execute();
      await db.schema
        .createIndex("inventory_purchases_student_link")
        .on("inventory_purchases")
        .column("student_id")
        .execute();
      await db.schema
        .createIndex("inventory_purchases_school_key")
        .on("inventory_purchases")
        .columns(["school_id", "idempotency_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("bank_accounts")
        .addColumn("school_id", "integer", (c) => c.primaryKey().references("schools.id").onDelete("cascade"))
        .addColumn("bank_name", "text", (c) => c.notNull())
        .addColumn("bank_code", "text", (c) => c.notNull())
        .addColumn("account_number", "text", (c) => c.notNull())
        .addColumn("account_name", "text", (c) => c.notNull())
        .addColumn("verified_by", "text", (c) => c.notNull())
        .addColumn("verified_at", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["bank_accounts", "inventory_purchases", "inventory_items", "inventory_groups"]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
};
