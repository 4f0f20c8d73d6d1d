import { staffFields } from "../../contract/staff.schema";
import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { z } from "zod";
import { DEFAULT_SUCCESS } from "../../contract/messages";
import { STAFF_TYPES, type StaffType } from "../../contract/staff";
import type { ApiDeps } from "../context";
import { readRecordWithPhoto } from "../lib/http";
import { pageParams } from "../lib/pagination";
import type { TenantEnv } from "../middleware/tenant";
import { createStaff, deleteStaff, getStaff, listStaff, updateStaff } from "../services/staff";
import { turnOffSignIn, turnOnSignIn } from "../services/staff-sign-in";
import { STAFF_AREA_MESSAGES } from "../../contract/staff-area";

const listQuery = pageParams.extend({
  q: z.string().max(100).optional().catch(undefined),
  type: z
    .string()
    .optional()
    .transform((t) => (t && t in STAFF_TYPES ? (t as StaffType) : undefined))
    .catch(undefined),
  class: z.string().max(60).optional().catch(undefined),
});

/** `{staff_data: {...}}` in JSON, or the same as multipart text with the photo `profile_img` (readRecordWithPhoto). */
const staffBody = z.object({ staff_data: staffFields });

/** Staff, under /api/admin/{uniqueId}/staffs (contract/staff.ts). */
export function staffRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/staffs", documented({ query: listQuery }), async (c) => {
      const query = listQuery.parse(c.req.query());
      return c.json({ data: await listStaff(deps, c.get("tenant"), { ...query, className: query.class }) });
    })
    .post("/staffs", documented({ body: staffBody }), async (c) => {
      const body = await readRecordWithPhoto(c, "staff_data");
      const { staff, replayed } = await createStaff(deps, c.get("tenant"), body, c.req.header("idempotency-key"));
      return c.json({ message: DEFAULT_SUCCESS.created, data: staff }, replayed ? 200 : 201);
    })
    .get("/staffs/:id", async (c) => c.json({ data: await getStaff(deps, c.get("tenant"), c.req.param("id")) }))
    .put("/staffs/:id", documented({ body: staffBody }), async (c) => {
      const staff = await updateStaff(
        deps,
        c.get("tenant"),
        c.req.param("id"),
        await readRecordWithPhoto(c, "staff_data"),
      );
      return c.json({ message: DEFAULT_SUCCESS.updated, data: staff });
    })
    .post("/staffs/:id/sign-in", async (c) =>
      c.json(
        {
          message: STAFF_AREA_MESSAGES.signInOn,
          data: await turnOnSignIn(deps, c.get("tenant"), c.req.param("id")),
        },
        201,
      ),
    )
    .delete("/staffs/:id/sign-in", async (c) => {
      await turnOffSignIn(deps, c.get("tenant"), c.req.param("id"));
      return c.json({ message: STAFF_AREA_MESSAGES.signInOff });
    })
    .delete("/staffs/:id", async (c) => {
      await deleteStaff(deps, c.get("tenant"), c.req.param("id"));
      return c.json({ message: DEFAULT_SUCCESS.deleted });
    });
}
