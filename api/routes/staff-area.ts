import { Hono } from "hono";
import { ATTENDANCE_MESSAGES } from "../../contract/attendance";
import type { ApiDeps } from "../context";
import { downloadResponse, readJson } from "../lib/http";
import type { TenantEnv } from "../middleware/tenant";
import { getRegister, saveRegister } from "../services/attendance";
import { getStaffDashboard, getStaffTimetable } from "../services/staff-dashboard";
import { staffTimetablePdf } from "../services/timetable-pdf";

const registerQuery = (q: Record<string, string>) => ({ class: q.class?.slice(0, 60), date: q.date?.slice(0, 20) });

/** The staff area's calls (contract/staff-area.ts), under /api/admin/{uniqueId}. */
export function staffAreaRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/staff-area/dashboard", async (c) => c.json({ data: await getStaffDashboard(deps, c.get("tenant")) }))
    .get("/staff-area/timetable", async (c) => c.json({ data: await getStaffTimetable(deps, c.get("tenant")) }))
    .get("/staff-area/timetable/download-pdf", async (c) => {
      const pdf = await staffTimetablePdf(deps, c.get("tenant"));
      return downloadResponse(pdf.bytes, "application/pdf", `attachment; filename="${pdf.filename}"`);
    })
    .get("/attendance", async (c) =>
      c.json({ data: await getRegister(deps, c.get("tenant"), registerQuery(c.req.query())) }),
    )
    .put("/attendance", async (c) => {
      const data = await saveRegister(deps, c.get("tenant"), registerQuery(c.req.query()), await readJson(c));
      return c.json({ message: ATTENDANCE_MESSAGES.saved, data });
    });
}
