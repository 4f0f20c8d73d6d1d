import { groupPayload, itemPayload, salePayload } from "../../contract/inventory.schema";
import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { z } from "zod";
import { INVENTORY_MESSAGES } from "../../contract/inventory";
import { DEFAULT_SUCCESS, INVENTORY_SPEC_MESSAGES } from "../../contract/messages";
import type { ApiDeps } from "../context";
import { ApiError } from "../lib/errors";
import { readJson } from "../lib/http";
import { pageParams } from "../lib/pagination";
import type { TenantEnv } from "../middleware/tenant";
import {
  deleteGroup,
  deleteItem,
  getGroupDetail,
  getItem,
  inventoryStats,
  listGroups,
  listItems,
  listPurchases,
  saveGroup,
  saveItem,
  sellItem,
} from "../services/inventory";

const search = z.string().max(100).optional().catch(undefined);
const groupsQuery = pageParams.extend({ q: search });
const itemsQuery = pageParams.extend({ q: search, group_id: z.string().optional() });
const purchasesQuery = pageParams.extend({ q: search, student_id: z.string().max(60).optional().catch(undefined) });

/** A record id from the path or query: anything but a positive whole number names nothing (404). */
function recordId(value: string | undefined, notFound: string): number {
  const id = Number(value);
  if (!value || !/^\d{1,15}$/.test(value) || !Number.isSafeInteger(id) || id < 1) throw new ApiError(404, notFound);
  return id;
}

/**
 * Inventory, under /api/admin/{uniqueId}/inventory (behind the same tenant check as every area):
 * groups, items, stats and purchases. See contract/inventory.ts for the calls and their answers.
 */
export function inventoryRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/inventory/groups", documented({ query: groupsQuery }), async (c) =>
      c.json({ data: await listGroups(deps, c.get("tenant"), groupsQuery.parse(c.req.query())) }),
    )
    .get("/inventory/groups/:id", async (c) =>
      c.json({
        data: await getGroupDetail(
          deps,
          c.get("tenant"),
          recordId(c.req.param("id"), INVENTORY_MESSAGES.groupNotFound),
        ),
      }),
    )
    .post("/inventory/groups", documented({ body: groupPayload }), async (c) => {
      const { group, created, replayed } = await saveGroup(
        deps,
        c.get("tenant"),
        await readJson(c),
        c.req.header("idempotency-key"),
      );
      const message = created ? INVENTORY_SPEC_MESSAGES.groupAdded : INVENTORY_SPEC_MESSAGES.groupUpdated;
      return c.json({ message, data: group }, created && !replayed ? 201 : 200);
    })
    .delete("/inventory/groups/:id", async (c) => {
      const id = recordId(c.req.param("id"), INVENTORY_MESSAGES.groupNotFound);
      await deleteGroup(deps, c.get("tenant"), id, c.req.query("with_items") === "true");
      return c.json({ message: DEFAULT_SUCCESS.deleted });
    })
    .get("/inventory/items", documented({ query: itemsQuery }), async (c) => {
      const { group_id, ...query } = itemsQuery.parse(c.req.query());
      const groupId =
        group_id === undefined || group_id === "" ? undefined : recordId(group_id, INVENTORY_MESSAGES.groupNotFound);
      return c.json({ data: await listItems(deps, c.get("tenant"), { ...query, groupId }) });
    })
    .get("/inventory/items/:id", async (c) =>
      c.json({
        data: await getItem(deps, c.get("tenant"), recordId(c.req.param("id"), INVENTORY_MESSAGES.itemNotFound)),
      }),
    )
    .post("/inventory/items", documented({ body: itemPayload }), async (c) => {
      const { item, created, replayed } = await saveItem(
        deps,
        c.get("tenant"),
        await readJson(c),
        c.req.header("idempotency-key"),
      );
      const message = created ? INVENTORY_SPEC_MESSAGES.productAdded : INVENTORY_SPEC_MESSAGES.productUpdated;
      return c.json({ message, data: item }, created && !replayed ? 201 : 200);
    })
    .delete("/inventory/items/:id", async (c) => {
      await deleteItem(deps, c.get("tenant"), recordId(c.req.param("id"), INVENTORY_MESSAGES.itemNotFound));
      return c.json({ message: DEFAULT_SUCCESS.deleted });
    })
    .get("/inventory/stats", async (c) => c.json({ data: await inventoryStats(deps, c.get("tenant")) }))
    .get("/inventory/purchases", documented({ query: purchasesQuery }), async (c) => {
      const { student_id, ...query } = purchasesQuery.parse(c.req.query());
      return c.json({
        data: await listPurchases(deps, c.get("tenant"), { ...query, studentId: student_id || undefined }),
      });
    })
    .post("/inventory/purchases", documented({ body: salePayload }), async (c) => {
      const { purchase, replayed } = await sellItem(
        deps,
        c.get("tenant"),
        await readJson(c),
        c.req.header("idempotency-key"),
      );
      return c.json({ message: INVENTORY_MESSAGES.sold, data: purchase }, replayed ? 200 : 201);
    });
}
