import { subAdminFields, subAdminStatus } from "../../contract/access.schema";
import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { z } from "zod";
import { ACCESS_MESSAGES, AUDIT_KINDS, FEATURE_KEYS } from "../../contract/access";
import type { ApiDeps } from "../context";
import { readJson } from "../lib/http";
import { idempotencyKey } from "../lib/idempotency";
import { pageParams } from "../lib/pagination";
import type { TenantEnv } from "../middleware/tenant";
import { listAudit } from "../services/audit";
import {
  createSubAdmin,
  deleteSubAdmin,
  getSubAdmin,
  listSubAdmins,
  resetSubAdminPassword,
  setSubAdminDisabled,
  updateSubAdmin,
} from "../services/sub-admins";

const auditQuery = pageParams.extend({
  kind: z.enum(AUDIT_KINDS).optional().catch(undefined),
  who: z
    .union([z.literal("main"), z.coerce.number().int().positive()])
    .optional()
    .catch(undefined),
});

/**
 * The school's sub-admins and its audit log, under /api/admin/{uniqueId}: the main admin's alone. And
 * `GET /access`: who is signed in and the keys they hold now, for the web app's menu.
 */
export function subAdminRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/sub-admins", async (c) => c.json({ data: await listSubAdmins(deps, c.get("tenant")) }))
    .post("/sub-admins", documented({ body: subAdminFields }), async (c) => {
      const { created, credentials } = await createSubAdmin(
        deps,
        c.get("tenant"),
        await readJson(c),
        idempotencyKey(c.req.header("idempotency-key")),
      );
      return c.json({ message: ACCESS_MESSAGES.subAdminAdded, data: credentials }, created ? 201 : 200);
    })
    .get("/sub-admins/:id", async (c) => c.json({ data: await getSubAdmin(deps, c.get("tenant"), c.req.param("id")) }))
    .put("/sub-admins/:id", documented({ body: subAdminFields }), async (c) =>
      c.json({
        message: ACCESS_MESSAGES.subAdminUpdated,
        data: await updateSubAdmin(deps, c.get("tenant"), c.req.param("id"), await readJson(c)),
      }),
    )
    .put("/sub-admins/:id/status", documented({ body: subAdminStatus }), async (c) => {
      const data = await setSubAdminDisabled(deps, c.get("tenant"), c.req.param("id"), await readJson(c));
      return c.json({
        message: data.disabled ? ACCESS_MESSAGES.subAdminDisabled : ACCESS_MESSAGES.subAdminEnabled,
        data,
      });
    })
    .post("/sub-admins/:id/reset-password", async (c) =>
      c.json({
        message: ACCESS_MESSAGES.passwordReset,
        data: await resetSubAdminPassword(deps, c.get("tenant"), c.req.param("id")),
      }),
    )
    .delete("/sub-admins/:id", async (c) => {
      await deleteSubAdmin(deps, c.get("tenant"), c.req.param("id"));
      return c.json({ message: ACCESS_MESSAGES.subAdminDeleted });
    })
    .get("/access", (c) => {
      const { subAdmin: sub, staff } = c.get("tenant");
      return c.json({
        data: {
          ...(staff ? { staff: { id: staff.id, name: staff.name, form_class: staff.formClass } } : {}),
          sub_admin: sub
            ? { id: sub.id, name: sub.name, features: FEATURE_KEYS.filter((k) => sub.features.has(k)) }
            : null,
        },
      });
    })
    .get("/audit-log", documented({ query: auditQuery }), async (c) =>
      c.json({ data: await listAudit(deps, c.get("tenant"), auditQuery.parse(c.req.query())) }),
    );
}
