import { parentFields } from "../../contract/parents.schema";
import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { z } from "zod";
import { DEFAULT_SUCCESS } from "../../contract/messages";
import type { ApiDeps } from "../context";
import { readRecordWithPhoto } from "../lib/http";
import { pageParams } from "../lib/pagination";
import type { TenantEnv } from "../middleware/tenant";
import { createParent, deleteParent, getParent, listParents, updateParent } from "../services/parents";

const listQuery = pageParams.extend({
  q: z.string().max(100).optional().catch(undefined),
  class: z.string().max(60).optional().catch(undefined),
});

/** `{parent_data: {...}}` in JSON, or the same as multipart text with the photo `profile_img` (readRecordWithPhoto). */
const parentBody = z.object({ parent_data: parentFields });

/** Parents, under /api/admin/{uniqueId}/stu-parents (contract/parents.ts). */
export function parentRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/stu-parents", documented({ query: listQuery }), async (c) => {
      const query = listQuery.parse(c.req.query());
      return c.json({ data: await listParents(deps, c.get("tenant"), { ...query, className: query.class }) });
    })
    .post("/stu-parents", documented({ body: parentBody }), async (c) => {
      const body = await readRecordWithPhoto(c, "parent_data");
      const { parent, replayed } = await createParent(deps, c.get("tenant"), body, c.req.header("idempotency-key"));
      return c.json({ message: DEFAULT_SUCCESS.created, data: parent }, replayed ? 200 : 201);
    })
    .get("/stu-parents/:id", async (c) => c.json({ data: await getParent(deps, c.get("tenant"), c.req.param("id")) }))
    .put("/stu-parents/:id", documented({ body: parentBody }), async (c) => {
      const parent = await updateParent(
        deps,
        c.get("tenant"),
        c.req.param("id"),
        await readRecordWithPhoto(c, "parent_data"),
      );
      return c.json({ message: DEFAULT_SUCCESS.updated, data: parent });
    })
    .delete("/stu-parents/:id", async (c) => {
      await deleteParent(deps, c.get("tenant"), c.req.param("id"));
      return c.json({ message: DEFAULT_SUCCESS.deleted });
    });
}
