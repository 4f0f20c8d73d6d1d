import { Hono } from "hono";
import { NOTIFICATION_MESSAGES as M } from "../../contract/notifications";
import type { ApiDeps } from "../context";
import { documented } from "../lib/route-docs";
import { pageParams } from "../lib/pagination";
import type { TenantEnv } from "../middleware/tenant";
import { listNotifications, markAllRead, markRead, unreadCount } from "../services/notifications";

/** The notification centre, under /api/admin/{uniqueId} (contract/notifications.ts): each reader's own. */
export function notificationRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/notifications", documented({ query: pageParams }), async (c) =>
      c.json({ data: await listNotifications(deps, c.get("tenant"), pageParams.parse(c.req.query())) }),
    )
    .get("/notifications/unread", async (c) => c.json({ data: { unread: await unreadCount(deps, c.get("tenant")) } }))
    .post("/notifications/read-all", async (c) => {
      await markAllRead(deps, c.get("tenant"));
      return c.json({ message: M.allMarkedRead });
    })
    .post("/notifications/:id/read", async (c) => {
      await markRead(deps, c.get("tenant"), c.req.param("id"));
      return c.json({ message: M.markedRead });
    });
}
