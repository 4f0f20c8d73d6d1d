import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import type { ApiDeps } from "../context";
import { downloadResponse } from "../lib/http";
import type { TenantEnv } from "../middleware/tenant";
import { renderReportCards, reportCardData, reportCardFilename, verifyReportCard } from "../services/report-cards";

const pdf = (bytes: Buffer, filename: string) =>
  downloadResponse(bytes, "application/pdf", `attachment; filename="${filename}"`);

/** Report cards as PDFs, under /api/admin/{uniqueId} (calls in contract/report-cards.ts). */
export function reportCardRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/results/report-card/:studentId", documented({ file: "application/pdf" }), async (c) => {
      const { cards, images, term, session } = await reportCardData(
        deps,
        c.get("tenant"),
        c.req.query(),
        c.req.param("studentId"),
      );
      const bytes = await renderReportCards(cards, images, deps.now());
      return pdf(bytes, reportCardFilename([cards[0].student.name, term, session]));
    })
    .get("/results/report-cards", documented({ file: "application/pdf" }), async (c) => {
      const { cards, images, className, term, session } = await reportCardData(deps, c.get("tenant"), c.req.query());
      const bytes = await renderReportCards(cards, images, deps.now());
      return pdf(bytes, reportCardFilename([className, term, session]));
    });
}

/** The verification page's data, without a sign-in: the link's token is the only key. */
export function publicReportCardRoutes(deps: ApiDeps) {
  return new Hono().get("/:token", async (c) => c.json({ data: await verifyReportCard(deps, c.req.param("token")) }));
}
