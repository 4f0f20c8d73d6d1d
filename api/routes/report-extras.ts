import { commentPayload, extrasPayload } from "../../contract/report-extras.schema";
import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { EXTRAS_MESSAGES as M } from "../../contract/report-extras";
import type { ApiDeps } from "../context";
import { readJson } from "../lib/http";
import type { TenantEnv } from "../middleware/tenant";
import { addComment, deleteComment, getComments, getExtras, saveExtras } from "../services/report-extras";

/** The report sheet's other parts and the comment bank, under /api/admin/{uniqueId} (contract/report-extras.ts). */
export function reportExtrasRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/results/extras", async (c) => c.json({ data: await getExtras(deps, c.get("tenant"), c.req.query()) }))
    .put("/results/extras", documented({ body: extrasPayload }), async (c) => {
      const data = await saveExtras(deps, c.get("tenant"), c.req.query(), await readJson(c));
      return c.json({ message: M.saved, data });
    })
    .get("/results/comments", async (c) => c.json({ data: await getComments(deps, c.get("tenant")) }))
    .post("/results/comments", documented({ body: commentPayload }), async (c) => {
      const { comment, created } = await addComment(deps, c.get("tenant"), await readJson(c));
      return c.json({ message: M.commentAdded, data: comment }, created ? 201 : 200);
    })
    .delete("/results/comments/:id", async (c) => {
      await deleteComment(deps, c.get("tenant"), c.req.param("id"));
      return c.json({ message: M.commentRemoved });
    });
}
