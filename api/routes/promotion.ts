import { Hono } from "hono";
import { PROMOTION_MESSAGES } from "../../contract/promotion";
import type { ApiDeps } from "../context";
import { readJson } from "../lib/http";
import type { TenantEnv } from "../middleware/tenant";
import { promote, promotionPreview, savePromotionRules, undoPromotion } from "../services/promotion";
import { rollTerm } from "../services/term-rollover";

/** The end of a session, under /api/admin/{uniqueId} (contract/promotion.ts). */
export function promotionRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/promotion/preview", async (c) => c.json({ data: await promotionPreview(deps, c.get("tenant")) }))
    .post("/promotion/rules", async (c) => {
      const preview = await savePromotionRules(deps, c.get("tenant"), await readJson(c));
      return c.json({ message: PROMOTION_MESSAGES.rulesSaved, data: preview });
    })
    .post("/promotion", async (c) => {
      const counts = await promote(deps, c.get("tenant"), await readJson(c), c.req.header("idempotency-key"));
      return c.json({ message: PROMOTION_MESSAGES.promoted(counts), data: counts });
    })
    .post("/promotion/undo", async (c) => {
      const counts = await undoPromotion(deps, c.get("tenant"));
      return c.json({ message: PROMOTION_MESSAGES.undone(counts.ending_session), data: counts });
    })
    .post("/term-rollover", async (c) => {
      const rolled = await rollTerm(deps, c.get("tenant"), await readJson(c), c.req.header("idempotency-key"));
      return c.json({ message: PROMOTION_MESSAGES.termRolled(rolled), data: rolled });
    });
}
