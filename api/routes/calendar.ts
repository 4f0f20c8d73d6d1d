import { calendarPayload } from "../../contract/calendar.schema";
import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { CALENDAR_MESSAGES as M } from "../../contract/calendar";
import type { ApiDeps } from "../context";
import { readJson } from "../lib/http";
import type { TenantEnv } from "../middleware/tenant";
import { getCalendar, saveCalendar } from "../services/calendar";

/**
 * The term calendar, under /api/admin/{uniqueId} (calls in contract/calendar.ts). The session travels as
 * `year`: a query parameter named `session` is refused as a credential in the address.
 */
export function calendarRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/calendar", async (c) => c.json({ data: await getCalendar(deps, c.get("tenant"), c.req.query("year")) }))
    .put("/calendar", documented({ body: calendarPayload }), async (c) => {
      const data = await saveCalendar(deps, c.get("tenant"), c.req.query("year"), await readJson(c));
      return c.json({ message: M.saved, data });
    });
}
