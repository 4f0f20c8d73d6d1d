import { sql } from "kysely";
import type { FieldErrors, Paginated } from "../../contract/http";
import {
  ALL_CLASSES,
  INVENTORY_LIMITS,
  INVENTORY_MESSAGES as M,
  type InventoryGroup,
  type InventoryGroupDetail,
  type InventoryGroupSummary,
  type InventoryItem,
  type InventoryStats,
  type Purchase,
  stockStatus,
} from "../../contract/inventory";
import { groupPayload, itemPayload, salePayload } from "../../contract/inventory.schema";
import { koboToNaira } from "../../contract/money";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, fromZod, validationError } from "../lib/errors";
import { paginate, type PageParams } from "../lib/pagination";
import { idempotencyKey as acceptedIdempotencyKey } from "../lib/idempotency";
import { columnContains } from "../db/search";
import { schoolTerm } from "./calendar";
import { getSchoolSettings } from "./settings";
import { getStudent } from "./students";
import { recordAudit } from "./audit";
import { notify } from "./notifications";
import { NOTIFICATION_LIMITS } from "../../contract/notifications";

const LOW_STOCK_BELOW = NOTIFICATION_LIMITS.lowStockBelow;

/**
 * Inventory groups, items and sales to students (calls in contract/inventory.ts). Every query starts
 * with the school; another school's group or item is simply not found. Money is integer kobo here and
 * naira on the wire.
 */

/** Names as people mean them: trimmed, inner spaces collapsed; the key is the same, lower-cased. */
const tidy = (name: string) => name.trim().replace(/\s+/g, " ");
const nameKey = (name: string) => tidy(name).toLowerCase();
const count = (value: unknown) => Number(value ?? 0);

// Groups

const groupNotFound = () => new ApiError(404, M.groupNotFound);
const groupExists = () => new ApiError(409, M.groupExists, { name: [M.groupExists] });

function groupsWithCounts(db: Db, schoolId: number) {
  return db
    .selectFrom("inventory_groups as g")
    .where("g.school_id", "=", schoolId)
    .select((eb) => [
      "g.id",
      "g.name",
      eb
        .selectFrom("inventory_items as i")
        .select(eb.fn.countAll().as("n"))
        .where("i.school_id", "=", schoolId)
        .whereRef("i.group_id", "=", "g.id")
        .as("items_count"),
    ]);
}

const toGroup = (row: { id: number; name: string; items_count: unknown }): InventoryGroup => ({
  id: row.id,
  name: row.name,
  items_count: count(row.items_count),
});

export interface GroupListQuery extends PageParams {
  q?: string;
}

/**
 * The school's groups by name, each with its item count. A search finds groups by their name or by the
 * name of one of their items, and names (a few of) the items that matched under each group.
 */
export async function listGroups(
  deps: ApiDeps,
  tenant: Tenant,
  query: GroupListQuery,
): Promise<Paginated<InventoryGroupSummary>> {
  const q = query.q?.trim();
  let base = deps.db.selectFrom("inventory_groups as g").where("g.school_id", "=", tenant.schoolId);
  if (q) {
    base = base.where((eb) =>
      eb.or([
        columnContains("g.name_key", q),
        eb.exists(
          eb
            .selectFrom("inventory_items as i")
            .select("i.id")
            .where("i.school_id", "=", tenant.schoolId)
            .whereRef("i.group_id", "=", "g.id")
            .where(columnContains("i.name_key", q)),
        ),
      ]),
    );
  }
  return paginate(
    query,
    async () => (await base.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()).total as number,
    async (limit, offset) => {
      const ids = (
        await base.select("g.id").orderBy("g.name_key").orderBy("g.id").limit(limit).offset(offset).execute()
      ).map((r) => r.id);
      if (!ids.length) return [];
      const rows = await groupsWithCounts(deps.db, tenant.schoolId).where("g.id", "in", ids).execute();
      const byId = new Map(rows.map((r) => [r.id, toGroup(r)]));
      const matching = new Map<number, string[]>();
      if (q) {
        const items = await deps.db
          .selectFrom("inventory_items")
          .select(["group_id", "name"])
          .where("school_id", "=", tenant.schoolId)
          .where("group_id", "in", ids)
          .where(columnContains("name_key", q))
          .orderBy("name_key")
          .execute();
        for (const item of items) {
          const names = matching.get(item.group_id) ?? [];
          if (names.length < INVENTORY_LIMITS.matchingItemsShown && !names.includes(item.name)) names.push(item.name);
          matching.set(item.group_id, names);
        }
      }
      return ids.map((id) => ({ ...byId.get(id)!, matching_items: matching.get(id) ?? [] }));
    },
  );
}

export async function getGroup(deps: ApiDeps, tenant: Tenant, id: number): Promise<InventoryGroup> {
  const row = await groupsWithCounts(deps.db, tenant.schoolId).where("g.id", "=", id).executeTakeFirst();
  if (!row) throw groupNotFound();
  return toGroup(row);
}

/** A group with the number of sales recorded for its items, which stay when the group and its items go. */
export async function getGroupDetail(deps: ApiDeps, tenant: Tenant, id: number): Promise<InventoryGroupDetail> {
  const group = await getGroup(deps, tenant, id);
  const sales = await deps.db
    .selectFrom("inventory_purchases as p")
    .innerJoin("inventory_items as i", "i.id", "p.item_id")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("p.school_id", "=", tenant.schoolId)
    .where("i.school_id", "=", tenant.schoolId)
    .where("i.group_id", "=", id)
    .executeTakeFirstOrThrow();
  return { ...group, sales_count: count(sales.n) };
}

async function groupByKey(deps: ApiDeps, tenant: Tenant, key: string | null) {
  if (!key) return undefined;
  const row = await deps.db
    .selectFrom("inventory_groups")
    .select("id")
    .where("school_id", "=", tenant.schoolId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row && getGroup(deps, tenant, row.id);
}

async function groupNameTaken(deps: ApiDeps, tenant: Tenant, key: string, exceptId?: number) {
  let query = deps.db
    .selectFrom("inventory_groups")
    .select("id")
    .where("school_id", "=", tenant.schoolId)
    .where("name_key", "=", key);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return Boolean(await query.executeTakeFirst());
}

/**
 * `POST /inventory/groups`: adds a group, or renames group `id`. A create that repeats an earlier
 * idempotency key answers the group it made (`replayed`), so a double-submitted form adds one group.
 */
export async function saveGroup(
  deps: ApiDeps,
  tenant: Tenant,
  raw: unknown,
  idempotencyKey: string | undefined,
): Promise<{ group: InventoryGroup; created: boolean; replayed: boolean }> {
  const parsed = groupPayload.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const name = tidy(parsed.data.name);
  const now = deps.now().toISOString();

  if (parsed.data.id !== undefined) {
    const id = parsed.data.id;
    await getGroup(deps, tenant, id);
    if (await groupNameTaken(deps, tenant, nameKey(name), id)) throw groupExists();
    try {
      await deps.db
        .updateTable("inventory_groups")
        .set({ name, name_key: nameKey(name), updated_at: now })
        .where("school_id", "=", tenant.schoolId)
        .where("id", "=", id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw groupExists();
      throw error;
    }
    return { group: await getGroup(deps, tenant, id), created: false, replayed: false };
  }

  const key = acceptedIdempotencyKey(idempotencyKey);
  // The same form sent again (or twice at once) finds its group, even after the name check below.
  const replay = async () => {
    const earlier = await groupByKey(deps, tenant, key);
    return earlier && { group: earlier, created: true, replayed: true };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  if (await groupNameTaken(deps, tenant, nameKey(name))) {
    const raced = await replay();
    if (raced) return raced;
    throw groupExists();
  }
  try {
    const row = await deps.db
      .insertInto("inventory_groups")
      .values({
        school_id: tenant.schoolId,
        name,
        name_key: nameKey(name),
        idempotency_key: key,
        created_at: now,
        updated_at: now,
      })
      .returning(["id", "name"])
      .executeTakeFirstOrThrow();
    return { group: { id: row.id, name: row.name, items_count: 0 }, created: true, replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await replay();
    if (raced) return raced;
    throw groupExists();
  }
}

/**
 * Deletes a group. One that still has items is refused (409) unless `withItems` confirms deleting them
 * too; their purchases stay, with the names they were sold under.
 */
export async function deleteGroup(deps: ApiDeps, tenant: Tenant, id: number, withItems: boolean): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const group = await trx
      .selectFrom("inventory_groups")
      .select(["id", "name"])
      .where("school_id", "=", tenant.schoolId)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!group) throw groupNotFound();
    const items = count(
      (
        await trx
          .selectFrom("inventory_items")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("school_id", "=", tenant.schoolId)
          .where("group_id", "=", id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    if (items && !withItems) throw new ApiError(409, M.groupHasItems(items), { items: [M.groupHasItems(items)] });
    await trx
      .deleteFrom("inventory_items")
      .where("school_id", "=", tenant.schoolId)
      .where("group_id", "=", id)
      .execute();
    await trx.deleteFrom("inventory_groups").where("school_id", "=", tenant.schoolId).where("id", "=", id).execute();
    const withText = items ? ` with its ${items} item(s)` : "";
    await recordAudit(
      deps,
      tenant,
      { kind: "deletion", summary: `Deleted inventory group ${group.name}${withText}`, recordIds: [id] },
      trx,
    );
  });
}

// Items

const itemNotFound = () => new ApiError(404, M.itemNotFound);
const itemExists = () => new ApiError(409, M.itemExists, { name: [M.itemExists] });

function itemsWithGroup(db: Db, schoolId: number) {
  return db
    .selectFrom("inventory_items as i")
    .innerJoin("inventory_groups as g", "g.id", "i.group_id")
    .where("i.school_id", "=", schoolId)
    .select([
      "i.id",
      "i.name",
      "i.class_name",
      "i.price_kobo",
      "i.withdrawn",
      "i.group_id",
      "i.quantity",
      "g.name as group_name",
    ]);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemsWithGroup>["executeTakeFirstOrThrow"]>>;

const toItem = (row: ItemRow): InventoryItem => ({
  id: row.id,
  name: row.name,
  class: row.class_name,
  price: koboToNaira(Number(row.price_kobo)),
  status: stockStatus(row.quantity),
  withdrawn: Number(row.withdrawn) === 1,
  group_id: row.group_id,
  group_name: row.group_name,
  quantity: row.quantity,
});

export interface ItemListQuery extends PageParams {
  q?: string;
  groupId?: number;
}

/** Items by name and class; a group's when `groupId` is given (an unknown group is a 404). */
export async function listItems(
  deps: ApiDeps,
  tenant: Tenant,
  query: ItemListQuery,
): Promise<Paginated<InventoryItem>> {
  if (query.groupId !== undefined) await getGroup(deps, tenant, query.groupId);
  let base = deps.db.selectFrom("inventory_items as i").where("i.school_id", "=", tenant.schoolId);
  if (query.groupId !== undefined) base = base.where("i.group_id", "=", query.groupId);
  const q = query.q?.trim();
  if (q)
    base = base.where((eb) =>
      eb.or([columnContains("i.name_key", q), sql<boolean>`lower(i.class_name) = ${q.toLowerCase()}`]),
    );
  return paginate(
    query,
    async () => (await base.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()).total as number,
    async (limit, offset) => {
      const ids = (
        await base
          .select("i.id")
          .orderBy("i.name_key")
          .orderBy("i.class_name")
          .orderBy("i.id")
          .limit(limit)
          .offset(offset)
          .execute()
      ).map((r) => r.id);
      if (!ids.length) return [];
      const rows = await itemsWithGroup(deps.db, tenant.schoolId).where("i.id", "in", ids).execute();
      const byId = new Map(rows.map((r) => [r.id, toItem(r)]));
      return ids.map((id) => byId.get(id)!);
    },
  );
}

export async function getItem(deps: ApiDeps, tenant: Tenant, id: number): Promise<InventoryItem> {
  const row = await itemsWithGroup(deps.db, tenant.schoolId).where("i.id", "=", id).executeTakeFirst();
  if (!row) throw itemNotFound();
  return toItem(row);
}

async function itemByKey(deps: ApiDeps, tenant: Tenant, key: string | null) {
  if (!key) return undefined;
  const row = await deps.db
    .selectFrom("inventory_items")
    .select("id")
    .where("school_id", "=", tenant.schoolId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row && getItem(deps, tenant, row.id);
}

/**
 * Whether a payload takes its item off sale: `withdrawn` when sent; else, from a client that sends the
 * old `status`, "Out of Stock" with units left (the meaning it had, and migration 0019's rule); else
 * undefined, which keeps an edited item's flag and puts a new one on sale.
 */
function withdrawnFlag(payload: { withdrawn?: boolean; status?: string; quantity: number }): 0 | 1 | undefined {
  const withdrawn =
    payload.withdrawn ??
    (payload.status === undefined ? undefined : payload.status === "Out of Stock" && payload.quantity > 0);
  return withdrawn === undefined ? undefined : withdrawn ? 1 : 0;
}

/**
 * The columns a valid item payload writes. Every field problem is reported at once: the schema's, a group
 * that is not the school's, and a class that is not one of the school's (or All Classes). An item being
 * edited may keep the class it has, even if the settings no longer list it.
 */
async function itemColumns(deps: ApiDeps, tenant: Tenant, raw: unknown, currentClass?: string) {
  const parsed = itemPayload.safeParse(raw);
  const errors: FieldErrors = parsed.success ? {} : fromZod(parsed.error).errors!;
  const sent = (raw ?? {}) as Record<string, unknown>;
  const groupId = parsed.success
    ? parsed.data.group_id
    : Number.isSafeInteger(sent.group_id)
      ? (sent.group_id as number)
      : undefined;
  if (groupId !== undefined && !errors.group_id) {
    const group = await deps.db
      .selectFrom("inventory_groups")
      .select("id")
      .where("school_id", "=", tenant.schoolId)
      .where("id", "=", groupId)
      .executeTakeFirst();
    if (!group) errors.group_id = [M.groupUnknown];
  }
  const className = typeof sent.class === "string" ? sent.class.trim() : "";
  if (className && !errors.class && className !== ALL_CLASSES && className !== currentClass) {
    const { classes } = await getSchoolSettings(deps, tenant);
    if (!classes.some((c) => c.class_name === className)) errors.class = [M.classUnknown];
  }
  if (Object.keys(errors).length || !parsed.success) throw validationError(errors);
  const { name, price, quantity } = parsed.data;
  const withdrawn = withdrawnFlag(parsed.data);
  return {
    id: parsed.data.id,
    columns: {
      group_id: parsed.data.group_id,
      name: tidy(name),
      name_key: nameKey(name),
      class_name: className,
      price_kobo: price,
      quantity,
      ...(withdrawn === undefined ? {} : { withdrawn }),
    },
  };
}

async function itemTaken(
  deps: ApiDeps,
  tenant: Tenant,
  columns: { group_id: number; name_key: string; class_name: string },
  exceptId?: number,
) {
  let query = deps.db
    .selectFrom("inventory_items")
    .select("id")
    .where("school_id", "=", tenant.schoolId)
    .where("group_id", "=", columns.group_id)
    .where("name_key", "=", columns.name_key)
    .where("class_name", "=", columns.class_name);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return Boolean(await query.executeTakeFirst());
}

/**
 * `POST /inventory/items`: adds an item, or updates item `id` when the body names one. A create that
 * repeats an earlier idempotency key answers the item it made (`replayed`).
 */
export async function saveItem(
  deps: ApiDeps,
  tenant: Tenant,
  raw: unknown,
  idempotencyKey: string | undefined,
): Promise<{ item: InventoryItem; created: boolean; replayed: boolean }> {
  const sentId = (raw as { id?: unknown } | null)?.id;
  const current =
    Number.isSafeInteger(sentId) && (sentId as number) > 0 ? await getItem(deps, tenant, sentId as number) : undefined;
  const key = current ? null : acceptedIdempotencyKey(idempotencyKey);
  // The same form sent again (or twice at once) finds its item, even after the duplicate check below.
  const replay = async () => {
    const earlier = await itemByKey(deps, tenant, key);
    return earlier && { item: earlier, created: true, replayed: true };
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const { id, columns } = await itemColumns(deps, tenant, raw, current?.class);
  const now = deps.now().toISOString();
  if (await itemTaken(deps, tenant, columns, id)) {
    const raced = await replay();
    if (raced) return raced;
    throw itemExists();
  }
  try {
    if (id !== undefined) {
      await deps.db
        .updateTable("inventory_items")
        .set({ ...columns, updated_at: now })
        .where("school_id", "=", tenant.schoolId)
        .where("id", "=", id)
        .execute();
      return { item: await getItem(deps, tenant, id), created: false, replayed: false };
    }
    const row = await deps.db
      .insertInto("inventory_items")
      .values({ ...columns, school_id: tenant.schoolId, idempotency_key: key, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { item: await getItem(deps, tenant, row.id), created: true, replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await replay();
    if (raced) return raced;
    throw itemExists();
  }
}

/** Deletes an item; its purchases stay on the students' bills with the names they were sold under. */
export async function deleteItem(deps: ApiDeps, tenant: Tenant, id: number): Promise<void> {
  const deleted = await deps.db
    .deleteFrom("inventory_items")
    .where("school_id", "=", tenant.schoolId)
    .where("id", "=", id)
    .returning("name")
    .executeTakeFirst();
  if (!deleted) throw itemNotFound();
  await recordAudit(deps, tenant, {
    kind: "deletion",
    summary: `Deleted inventory item ${deleted.name}`,
    recordIds: [id],
  });
}

/** Units in stock of the items on sale (units left, not withdrawn), and units sold. */
export async function inventoryStats(deps: ApiDeps, tenant: Tenant): Promise<InventoryStats> {
  const [stock, sold] = await Promise.all([
    deps.db
      .selectFrom("inventory_items")
      .select((eb) => eb.fn.sum<number | string | null>("quantity").as("n"))
      .where("school_id", "=", tenant.schoolId)
      .where("withdrawn", "=", 0)
      .where("quantity", ">", 0)
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom("inventory_purchases")
      .select((eb) => eb.fn.sum<number | string | null>("quantity").as("n"))
      .where("school_id", "=", tenant.schoolId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items_in_stock: count(stock.n), items_purchased: count(sold.n) };
}

// Purchases

function purchasesWithStatus(db: Db) {
  return db
    .selectFrom("inventory_purchases as p")
    .leftJoin("inventory_items as i", "i.id", "p.item_id")
    .selectAll("p")
    .select(["i.quantity as item_quantity", "i.withdrawn as item_withdrawn"]);
}

type PurchaseRow = Awaited<ReturnType<ReturnType<typeof purchasesWithStatus>["executeTakeFirstOrThrow"]>>;

const toPurchase = (row: PurchaseRow): Purchase => ({
  id: row.id,
  item_id: row.item_id,
  name: row.item_name,
  class: row.class_name,
  group_name: row.group_name,
  status: row.item_quantity === null ? row.status_at_sale : stockStatus(row.item_quantity),
  withdrawn: Number(row.item_withdrawn) === 1,
  price: koboToNaira(Number(row.unit_price_kobo)),
  quantity: row.quantity,
  total: koboToNaira(Number(row.total_kobo)),
  student_id: row.student_id === null ? null : row.student_unique_id,
  student_name: row.student_name,
  student_class: row.student_class,
  term: row.term,
  session: row.session,
  sold_at: row.sold_at,
});

export interface PurchaseListQuery extends PageParams {
  q?: string;
  /** A student's unique_id: that student's purchases only. */
  studentId?: string;
}

/** Purchases, newest first; the search matches the item, its group and class, and the student's name. */
export async function listPurchases(
  deps: ApiDeps,
  tenant: Tenant,
  query: PurchaseListQuery,
): Promise<Paginated<Purchase>> {
  let base = deps.db.selectFrom("inventory_purchases as p").where("p.school_id", "=", tenant.schoolId);
  if (query.studentId) base = base.where("p.student_unique_id", "=", query.studentId);
  if (query.q?.trim()) base = base.where(columnContains("p.search_text", query.q));
  return paginate(
    query,
    async () => (await base.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()).total as number,
    async (limit, offset) => {
      const ids = (
        await base
          .select("p.id")
          .orderBy("p.sold_at", "desc")
          .orderBy("p.id", "desc")
          .limit(limit)
          .offset(offset)
          .execute()
      ).map((r) => r.id);
      if (!ids.length) return [];
      const rows = await purchasesWithStatus(deps.db)
        .where("p.school_id", "=", tenant.schoolId)
        .where("p.id", "in", ids)
        .execute();
      const byId = new Map(rows.map((r) => [r.id, toPurchase(r)]));
      return ids.map((id) => byId.get(id)!);
    },
  );
}

async function purchaseByKey(deps: ApiDeps, tenant: Tenant, key: string | null) {
  if (!key) return undefined;
  const row = await purchasesWithStatus(deps.db)
    .where("p.school_id", "=", tenant.schoolId)
    .where("p.idempotency_key", "=", key)
    .executeTakeFirst();
  return row && toPurchase(row);
}

function saleItem(deps: ApiDeps, tenant: Tenant, itemId: number) {
  return deps.db
    .selectFrom("inventory_items")
    .select(["name", "class_name", "quantity", "withdrawn"])
    .where("school_id", "=", tenant.schoolId)
    .where("id", "=", itemId)
    .executeTakeFirst();
}

/**
 * Why a sale cannot take its stock, or null when it can: the item is gone, withdrawn from sale, out of
 * stock, or has fewer left than asked.
 */
function stockRefusal(item: Awaited<ReturnType<typeof saleItem>>, wanted: number): ApiError | null {
  if (!item) return new ApiError(422, M.itemNotFound, { item_id: [M.itemNotFound] });
  const message =
    Number(item.withdrawn) === 1
      ? M.withdrawn
      : item.quantity === 0
        ? M.outOfStock
        : item.quantity < wanted
          ? M.notEnoughStock(item.quantity)
          : null;
  return message ? new ApiError(409, message, { quantity: [message] }) : null;
}

/** Whether a student may buy an item without the admin confirming: All Classes, or the item's own class. */
const forStudentsClass = (itemClass: string, studentClass: string | null) =>
  itemClass === ALL_CLASSES || itemClass.trim().toLowerCase() === (studentClass ?? "").trim().toLowerCase();

/**
 * Sells an item to a student. Lowering the stock and recording the purchase are one transaction, and the
 * stock is taken by a single conditional UPDATE (`quantity >= wanted`, not withdrawn), so parallel sales can
 * never sell more than there is: each waits for the row, and the one that finds too little is refused. An
 * item for one class is sold to a student of another only with `confirm_other_class` (409 without it, so
 * no client does it by accident). A re-sent sale (same idempotency key) answers the purchase it made.
 */
export async function sellItem(
  deps: ApiDeps,
  tenant: Tenant,
  raw: unknown,
  idempotencyKey: string | undefined,
): Promise<{ purchase: Purchase; replayed: boolean }> {
  const parsed = salePayload.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const { item_id: itemId, student_id: studentUniqueId, quantity, confirm_other_class: confirmed } = parsed.data;
  const key = acceptedIdempotencyKey(idempotencyKey);
  const earlier = await purchaseByKey(deps, tenant, key);
  if (earlier) return { purchase: earlier, replayed: true };

  const student = await getStudent(deps, tenant, studentUniqueId).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  if (!student || "backlog_reason" in student) throw validationError({ student_id: [M.studentNotFound] });
  // A refusal may meet the same sale sent twice at once, the other one already through: that one's purchase is the answer.
  const refuse = async (refusal: ApiError) => {
    const raced = await purchaseByKey(deps, tenant, key);
    if (raced) return { purchase: raced, replayed: true };
    throw refusal;
  };
  const item = await saleItem(deps, tenant, itemId);
  const refusal = stockRefusal(item, quantity);
  if (refusal || !item) return refuse(refusal!);
  const studentClass = student.student_data.class ?? null;
  if (!confirmed && !forStudentsClass(item.class_name, studentClass)) {
    const message = M.otherClass(
      { name: item.name, class: item.class_name },
      { name: student.student_data.name, class: studentClass },
    );
    return refuse(new ApiError(409, message, { confirm_other_class: [message] }));
  }
  const current = await schoolTerm(deps, tenant);
  const now = deps.now();

  try {
    const purchase = await deps.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable("inventory_items")
        .set((eb) => ({ quantity: eb("quantity", "-", quantity), updated_at: now.toISOString() }))
        .where("school_id", "=", tenant.schoolId)
        .where("id", "=", itemId)
        .where("withdrawn", "=", 0)
        .where("quantity", ">=", quantity)
        .returning(["id", "name", "class_name", "price_kobo", "quantity", "withdrawn", "group_id"])
        .executeTakeFirst();
      if (!taken) return null;
      const group = await trx
        .selectFrom("inventory_groups")
        .select("name")
        .where("id", "=", taken.group_id)
        .executeTakeFirstOrThrow();
      // The sale that takes the stock below the threshold says so, once.
      if (taken.quantity < LOW_STOCK_BELOW && taken.quantity + quantity >= LOW_STOCK_BELOW)
        await notify(
          trx,
          tenant.schoolId,
          {
            kind: "stock_low",
            feature: "inventory",
            summary: `${taken.name} (${group.name}) is low: ${taken.quantity} left`,
            link: `/admin/inventory/edit-product?${new URLSearchParams({ itemId: String(taken.id) })}`,
          },
          now,
        );
      const unit = Number(taken.price_kobo);
      const names = {
        item_name: taken.name,
        class_name: taken.class_name,
        group_name: group.name,
        student_name: student.student_data.name,
      };
      const row = await trx
        .insertInto("inventory_purchases")
        .values({
          ...names,
          school_id: tenant.schoolId,
          item_id: taken.id,
          student_id: student.id,
          student_unique_id: student.unique_id,
          student_class: student.student_data.class,
          status_at_sale: stockStatus(taken.quantity),
          quantity,
          unit_price_kobo: unit,
          total_kobo: unit * quantity,
          term: current.term,
          session: current.session,
          search_text: Object.values(names).join(" ").toLowerCase(),
          idempotency_key: key,
          sold_at: now.toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toPurchase({ ...row, item_quantity: taken.quantity, item_withdrawn: taken.withdrawn });
    });
    if (purchase) return { purchase, replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  // Refused by the conditional UPDATE, or raced by the same sale sent twice.
  return refuse(
    stockRefusal(await saleItem(deps, tenant, itemId), quantity) ??
      new ApiError(409, M.outOfStock, { quantity: [M.outOfStock] }),
  );
}
