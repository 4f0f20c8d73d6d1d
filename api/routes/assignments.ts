import { Hono } from "hono";
import { ASSIGNMENT_MAX_FILES, ASSIGNMENT_MESSAGES } from "../../contract/assignments";
import { assignmentFields, assignmentsQuery } from "../../contract/assignments.schema";
import type { ApiDeps } from "../context";
import { idempotencyKey } from "../lib/idempotency";
import { pageParams } from "../lib/pagination";
import { documented } from "../lib/route-docs";
import type { TenantEnv } from "../middleware/tenant";
import {
  createAssignment,
  deleteAssignment,
  downloadAttachment,
  getAssignment,
  listAssignments,
  updateAssignment,
} from "../services/assignments";
import { pathId, withSentForm } from "../services/teaching-files";

const assignmentId = (raw: string) => pathId(raw, ASSIGNMENT_MESSAGES.notFound);

/** A teacher's assignments (contract/assignments.ts), under /api/admin/{uniqueId}. */
export function assignmentRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/assignments", documented({ query: assignmentsQuery.merge(pageParams) }), async (c) => {
      const query = c.req.query();
      const { when } = assignmentsQuery.parse(query);
      return c.json({ data: await listAssignments(deps, c.get("tenant"), when, pageParams.parse(query)) });
    })
    .post("/assignments", documented({ form: assignmentFields }), async (c) => {
      const { assignment, replayed } = await withSentForm(c, deps, ASSIGNMENT_MAX_FILES, (form) =>
        createAssignment(deps, c.get("tenant"), form, idempotencyKey(c.req.header("idempotency-key"))),
      );
      return c.json({ message: ASSIGNMENT_MESSAGES.created, data: assignment }, replayed ? 200 : 201);
    })
    .get("/assignments/:id", async (c) =>
      c.json({ data: await getAssignment(deps, c.get("tenant"), assignmentId(c.req.param("id"))) }),
    )
    .put("/assignments/:id", documented({ form: assignmentFields }), async (c) => {
      const id = assignmentId(c.req.param("id"));
      const data = await withSentForm(c, deps, ASSIGNMENT_MAX_FILES, (form) =>
        updateAssignment(deps, c.get("tenant"), id, form),
      );
      return c.json({ message: ASSIGNMENT_MESSAGES.updated, data });
    })
    .delete("/assignments/:id", async (c) => {
      await deleteAssignment(deps, c.get("tenant"), assignmentId(c.req.param("id")));
      return c.json({ message: ASSIGNMENT_MESSAGES.deleted });
    })
    .get("/assignments/:id/attachments/:attachmentId", documented({ file: "application/octet-stream" }), async (c) =>
      downloadAttachment(
        deps,
        c.get("tenant"),
        assignmentId(c.req.param("id")),
        pathId(c.req.param("attachmentId"), ASSIGNMENT_MESSAGES.attachmentNotFound),
      ),
    );
}
