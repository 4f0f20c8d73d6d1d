import { correctionPayload, publicationPayload, sheetPayload } from "../../contract/results.schema";
import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { RESULTS_MESSAGES as M } from "../../contract/results";
import { SCORE_UPLOAD_WORDS as W } from "../../contract/score-upload";
import type { ApiDeps } from "../context";
import { contentDisposition, downloadResponse, readJson, withFormOnDisk } from "../lib/http";
import { XLSX_MIME } from "../lib/spreadsheet";
import { broadsheetFile, getBroadsheet } from "../services/broadsheet";
import type { TenantEnv } from "../middleware/tenant";
import { scoreTemplate, uploadScores } from "../services/score-upload";
import { orProblems, UPLOAD_LIMITS } from "./imports";
import { getSheet, openCorrection, resultCompleteness, saveSheet, setPublication } from "../services/results";

/**
 * Results, under /api/admin/{uniqueId} (calls in contract/results.ts). The session travels as `year` in the
 * address: a query parameter named `session` is refused as a credential there.
 */
export function resultRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/results/sheet", async (c) => c.json({ data: await getSheet(deps, c.get("tenant"), c.req.query()) }))
    .put("/results/sheet", documented({ body: sheetPayload }), async (c) => {
      const data = await saveSheet(deps, c.get("tenant"), c.req.query(), await readJson(c));
      return c.json({ message: M.saved, data });
    })
    .get("/results/sheet/template", documented({ file: XLSX_MIME }), async (c) => {
      const file = await scoreTemplate(deps, c.get("tenant"), c.req.query());
      return downloadResponse(file.bytes, XLSX_MIME, contentDisposition("attachment", file.name));
    })
    .post("/results/sheet/upload", async (c) =>
      orProblems(c, async () => {
        const tenant = c.get("tenant");
        const { sheet, saved } = await withFormOnDisk(c, deps, UPLOAD_LIMITS, (form) =>
          uploadScores(deps, tenant, c.req.query(), form),
        );
        return c.json({ message: W.uploaded(saved), data: sheet });
      }),
    )
    .get("/results/completeness", async (c) =>
      c.json({ data: await resultCompleteness(deps, c.get("tenant"), c.req.query()) }),
    )
    .get("/results/broadsheet", async (c) =>
      c.json({ data: await getBroadsheet(deps, c.get("tenant"), c.req.query()) }),
    )
    .get("/results/broadsheet.xlsx", documented({ file: XLSX_MIME }), async (c) => {
      const file = await broadsheetFile(deps, c.get("tenant"), c.req.query());
      return downloadResponse(file.bytes, XLSX_MIME, contentDisposition("attachment", file.name));
    })
    .post("/results/publication", documented({ body: publicationPayload }), async (c) => {
      const { publication, message } = await setPublication(deps, c.get("tenant"), await readJson(c));
      return c.json({ message, data: publication });
    })
    .post("/results/corrections", documented({ body: correctionPayload }), async (c) => {
      const { correction, created } = await openCorrection(deps, c.get("tenant"), await readJson(c));
      return c.json({ message: M.reopened(correction.subject), data: correction }, created ? 201 : 200);
    });
}
