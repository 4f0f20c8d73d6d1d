import { schoolSettingsSchema } from "../../contract/settings.schema";
import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { MESSAGES } from "../../contract/messages";
import type { ApiDeps } from "../context";
import { readJson } from "../lib/http";
import type { TenantEnv } from "../middleware/tenant";
import { schoolTerm } from "../services/calendar";
import { getSchoolClasses, getSchoolSettings, saveSchoolSettings } from "../services/settings";

/** School settings, under /api/admin/{uniqueId} (calls in contract/settings.ts). */
export function settingsRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/school-settings", async (c) => {
      const settings = await getSchoolSettings(deps, c.get("tenant"));
      return c.json({ data: { ...settings, school_term: await schoolTerm(deps, c.get("tenant")) } });
    })
    .post("/school-settings", documented({ body: schoolSettingsSchema }), async (c) => {
      const settings = await saveSchoolSettings(deps, c.get("tenant"), await readJson(c));
      const data = { ...settings, school_term: await schoolTerm(deps, c.get("tenant")) };
      return c.json({ message: MESSAGES.settingsUpdated, data });
    })
    .get("/getAdminSettingsData", async (c) => {
      return c.json({ data: { classes: await getSchoolClasses(deps, c.get("tenant")) } });
    });
}
