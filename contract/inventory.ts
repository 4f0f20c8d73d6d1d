import type { Paginated } from "./http";

/**
 * Inventory: groups, items with their stock, sales to students, and the stats.
 * Money travels as naira decimal numbers and is stored as integer kobo (contract/money.ts).
 *
 * Calls, under /api/admin/{uniqueId} like every area's, so they pass the same tenant check:
 * - GET    /inventory/groups?q=&page=&per_page=  → {data: Paginated<InventoryGroupSummary>}: groups whose
 *          name, or one of whose items' names, holds `q`; each with its item count and, under a search, the
 *          names of its items that match (at most INVENTORY_LIMITS.matchingItemsShown)
 * - GET    /inventory/groups/{id}                 → {data: InventoryGroupDetail}: with its items' recorded sales
 * - POST   /inventory/groups {name}               → 201 {message, data: InventoryGroup}; an `Idempotency-Key`
 *          header makes a re-sent request answer 200 with the group it already made
 * - POST   /inventory/groups {id, name}           → 200 {message, data: InventoryGroup} (rename)
 * - DELETE /inventory/groups/{id}[?with_items=true] → 200 {message}; a group that still has items answers
 *          409 {message, errors: {items: [..]}} unless `with_items=true` deletes them with it
 * - GET    /inventory/items?group_id=&q=&page=&per_page= → {data: Paginated<InventoryItem>}
 * - GET    /inventory/items/{id}                  → {data: InventoryItem}
 * - POST   /inventory/items {name, class, price, group_id, quantity, withdrawn?} → 201 {message, data} (with
 *          `Idempotency-Key` as for groups); with an `id` field it updates that item → 200. The stock status is
 *          worked out from the quantity, never stored: a `status` sent is read only by a client that sends no
 *          `withdrawn` (see `InventoryItemPayload`)
 * - DELETE /inventory/items/{id}                  → 200 {message}; purchases keep what they recorded
 * - GET    /inventory/stats                       → {data: InventoryStats}
 * - GET    /inventory/purchases?q=&student_id=&page=&per_page= → {data: Paginated<Purchase>}, newest first
 * - POST   /inventory/purchases {item_id, student_id, quantity, confirm_other_class?} → 201 {message, data:
 *          Purchase}: sells to a student (student_id is the student's unique_id), lowers the stock in the same
 *          transaction; with `Idempotency-Key` a re-sent sale answers 200 with the purchase it already made. An
 *          item for one class sold to a student of another answers 409 {message, errors: {confirm_other_class:
 *          [..]}} unless `confirm_other_class: true`; an item withdrawn from sale answers 409 beside the quantity
 * Failures: 422 {message, errors: {field: [..]}}, 409 (a duplicate name, not enough stock, withdrawn, another
 * class), 404 {message}.
 */

const countOf = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

export const PRODUCT_STATUSES = ["In Stock", "Out of Stock"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** The stock status says only whether units are left; taking an item off sale is `withdrawn`, apart. */
export const stockStatus = (quantity: number): ProductStatus => (quantity > 0 ? "In Stock" : "Out of Stock");

/** The label of the flag on the product form, and what lists show of an item taken off sale. */
export const WITHDRAWN_FROM_SALE = "Withdrawn from sale";

/** The class of an item every class can buy (a PE kit, say), offered beside the school's classes. */
export const ALL_CLASSES = "All Classes";

export const INVENTORY_LIMITS = {
  nameMax: 100,
  classMax: 60,
  /** ₦10,000,000: a school item priced above this is a typing mistake. */
  priceMaxKobo: 1_000_000_000,
  quantityMax: 1_000_000,
  saleQuantityMax: 1_000,
  /** Names of matching items shown under a group in the home search. */
  matchingItemsShown: 3,
} as const;

/** Texts docs/product.md does not give for this area; each is recorded in docs/decisions.md. */
export const INVENTORY_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Use at most ${INVENTORY_LIMITS.nameMax} characters`,
  groupRequired: "Group is required",
  groupUnknown: "Choose one of the school's groups",
  classRequired: "Class is required",
  classUnknown: "Choose one of the school's classes",
  priceRequired: "Price is required",
  priceInvalid: "Enter a price in naira, like 12,500.50",
  priceTooLow: "The price must be more than ₦0",
  priceTooHigh: "The price cannot be more than ₦10,000,000",
  statusRequired: "Status must be In Stock or Out of Stock",
  quantityRequired: "Enter the quantity in stock, a whole number",
  quantityInvalid: "Enter a whole number from 0 to 1,000,000",
  inStockNeedsQuantity: "An item In Stock needs a quantity above 0",
  groupExists: "A group with this name already exists.",
  itemExists: "This group already has an item with this name for this class.",
  groupNotFound: "Group not found.",
  itemNotFound: "Item not found.",
  groupHasItems: (count: number) =>
    `This group still has ${count === 1 ? "1 item" : `${count} items`}. Confirm to delete ${count === 1 ? "it" : "them"} with the group.`,
  studentRequired: "Choose the student buying the item",
  studentNotFound: "Choose a current student of the school",
  saleQuantityInvalid: `Enter a quantity from 1 to ${INVENTORY_LIMITS.saleQuantityMax}`,
  outOfStock: "This item is out of stock.",
  notEnoughStock: (left: number) => `Only ${left} left in stock.`,
  withdrawnInvalid: "Withdrawn must be true or false",
  confirmInvalid: "confirm_other_class must be true or false",
  withdrawnHint: "Kept in the list, but never sold, whatever the quantity in stock",
  withdrawn: "This item is withdrawn from sale.",
  otherClass: (item: { name: string; class: string }, student: { name: string; class: string | null }) =>
    `${item.name} is for ${item.class}, but ${student.name} ${student.class ? `is in ${student.class}` : "has no class"}. Confirm to sell it anyway.`,
  confirmOtherClass: "Confirm sale",
  sold: "Sale recorded successfully!",
  deleteGroup: (name: string) => `Delete ${name}? This cannot be undone.`,
  /** The second confirmation of deleting a group with items: what goes (the items) and what stays (their sales). */
  deleteGroupWithItems: (name: string, items: number, sales: number) => {
    const one = items === 1;
    const sold =
      sales === 0
        ? one
          ? "It has never been sold."
          : "None of them has ever been sold."
        : `${one ? "Its" : "Their"} ${countOf(sales, "recorded sale")} ${sales === 1 ? "stays" : "stay"} on the students' bills, with the names and prices sold at.`;
    return `${name} still has ${countOf(items, "item")}. ${one ? "It" : "They"} will be deleted with the group. ${sold} This cannot be undone.`;
  },
} as const;

/** A group as the list and its page show it; the product's `items` are listed by GET /inventory/items. */
export interface InventoryGroup {
  id: number;
  name: string;
  items_count: number;
}

/** A group on its own (its delete's confirmation): how many sales its items have recorded. */
export interface InventoryGroupDetail extends InventoryGroup {
  sales_count: number;
}

export interface InventoryGroupSummary extends InventoryGroup {
  /** Under a search: names of this group's items that match, at most INVENTORY_LIMITS.matchingItemsShown. */
  matching_items: string[];
}

/** The product's Inventory item, with its group's name and the quantity in stock. */
export interface InventoryItem {
  id: number;
  name: string;
  class: string;
  /** Naira. */
  price: number;
  /** Worked out from the quantity: In Stock while units are left. */
  status: ProductStatus;
  /** Taken off sale by the school, whatever the quantity: never sold, not counted in Items in Stock. */
  withdrawn: boolean;
  group_id: number;
  group_name: string;
  quantity: number;
}

/**
 * An item to add or update. `withdrawn` left out keeps an item's flag (a new item is on sale). `status` is
 * for clients written before the flag: when `withdrawn` is not sent, "Out of Stock" with units left means
 * withdrawn, as it used to, and "In Stock" needs a quantity above 0; when `withdrawn` is sent, `status` is
 * ignored.
 */
export interface InventoryItemPayload {
  id?: number;
  name: string;
  class: string;
  price: number;
  group_id: number;
  quantity: number;
  withdrawn?: boolean;
  status?: ProductStatus;
}

/**
 * The product's Purchased item: what was sold, to whom and when. Names, class and prices are those at the
 * time of sale; `status` is the item's stock status now (as it was at the sale once the item is deleted).
 */
export interface Purchase {
  id: number;
  item_id: number | null;
  name: string;
  class: string;
  group_name: string;
  status: ProductStatus;
  /** The item is withdrawn from sale now (false once it is deleted). */
  withdrawn: boolean;
  /** Naira, each. */
  price: number;
  quantity: number;
  /** Naira, price × quantity. */
  total: number;
  /** The student's unique_id; null once the student record is deleted (their name stays). */
  student_id: string | null;
  student_name: string;
  student_class: string | null;
  /** The school's term and session when it was sold, for the student's bill. */
  term: string;
  session: string;
  sold_at: string;
}

export interface PurchasePayload {
  item_id: number;
  student_id: string;
  quantity: number;
  /** Sells an item for one class to a student of another; without it that sale answers 409. */
  confirm_other_class?: boolean;
}

/** Units in stock (of items with units left and not withdrawn from sale) and units sold. */
export interface InventoryStats {
  items_in_stock: number;
  items_purchased: number;
}

export type InventoryGroupPage = Paginated<InventoryGroupSummary>;
export type InventoryItemPage = Paginated<InventoryItem>;
export type PurchasePage = Paginated<Purchase>;
