import { Hono } from "hono";
import { RESULTS_MESSAGES as M } from "../../contract/results";
import type { ApiDeps } from "../context";
import { contentDisposition, downloadResponse, readJson } from "../lib/http";
import { XLSX_MIME } from "../lib/spreadsheet";
import { broadsheetFile, getBroadsheet } from "../services/broadsheet";
import type { TenantEnv } from "../middleware/tenant";
import { getSheet, openCorrection, resultCompleteness, saveSheet, setPublication } from "../services/results";

/**
 * Results, under /api/admin/{uniqueId} (calls in contract/results.ts). The session travels as `year` in the
 * address: a query parameter named `session` is refused as a credential there.
 */
export function resultRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/results/sheet", async (c) => c.json({ data: await getSheet(deps, c.get("tenant"), c.req.query()) }))
    .put("/results/sheet", async (c) => {
      const data = await saveSheet(deps, c.get("tenant"), c.req.query(), await readJson(c));
      return c.json({ message: M.saved, data });
    })
    .get("/results/completeness", async (c) =>
      c.json({ data: await resultCompleteness(deps, c.get("tenant"), c.req.query()) }),
    )
    .get("/results/broadsheet", async (c) =>
      c.json({ data: await getBroadsheet(deps, c.get("tenant"), c.req.query()) }),
    )
    .get("/results/broadsheet.xlsx", async (c) => {
      const file = await broadsheetFile(deps, c.get("tenant"), c.req.query());
      return downloadResponse(file.bytes, XLSX_MIME, contentDisposition("attachment", file.name));
    })
    .post("/results/publication", async (c) => {
      const { publication, message } = await setPublication(deps, c.get("tenant"), await readJson(c));
      return c.json({ message, data: publication });
    })
    .post("/results/corrections", async (c) => {
      const { correction, created } = await openCorrection(deps, c.get("tenant"), await readJson(c));
      return c.json({ message: M.reopened(correction.subject), data: correction }, created ? 201 : 200);
    });
}
