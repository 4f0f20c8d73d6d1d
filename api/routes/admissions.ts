import {
  admissionFormFields,
  applicationFields,
  bulkDecisionPayload,
  toggleStatusPayload,
} from "../../contract/admissions.schema";
import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { z } from "zod";
import {
  ADMISSION_MESSAGES,
  ADMISSION_SPEC_MESSAGES as SPEC,
  APPLICATION_UPLOAD_LIMITS,
  SUBMISSION_STATUSES,
} from "../../contract/admissions";
import { CBT_ADMISSION_MESSAGES as CBT } from "../../contract/cbt";
import { formTestPayload } from "../../contract/cbt.schema";
import { BULK_DECISION_MESSAGES as BULK } from "../../contract/admission-decisions";
import { CLIENT_ADDRESS_HEADER } from "../../contract/http";
import type { ApiDeps } from "../context";

import { contentDisposition, readJson, withFormOnDisk } from "../lib/http";
import { pageParams } from "../lib/pagination";
import type { TenantEnv } from "../middleware/tenant";
import {
  approveSubmission,
  payApplication,
  createForm,
  decideSubmissions,
  deleteForm,
  getForm,
  getSubmission,
  listForms,
  listSubmissions,
  openDocument,
  readPublicForm,
  readPublicSubmission,
  rejectSubmission,
  setFormStatus,
  setFormTest,
  submitApplication,
} from "../services/admissions";

const submissionsQuery = pageParams.extend({
  status: z.enum(SUBMISSION_STATUSES).optional().catch(undefined),
  form_id: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  class: z.string().trim().min(1).max(60).optional().catch(undefined),
  sub_admin_id: z.string().max(100).optional().catch(undefined),
});

/** Admission forms and submissions, under /api/admin/{uniqueId} (contract/admissions.ts). */
export function admissionRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/admission-forms", documented({ query: pageParams }), async (c) =>
      c.json({ data: await listForms(deps, c.get("tenant"), pageParams.parse(c.req.query())) }),
    )
    .post("/create-admission-form", documented({ body: admissionFormFields }), async (c) => {
      const { form, replayed } = await createForm(
        deps,
        c.get("tenant"),
        await readJson(c),
        c.req.header("idempotency-key"),
      );
      return c.json({ message: SPEC.created, data: form }, replayed ? 200 : 201);
    })
    .get("/admission-forms/:id", async (c) => c.json({ data: await getForm(deps, c.get("tenant"), c.req.param("id")) }))
    .put("/admission-forms/:id/toggle-status", documented({ body: toggleStatusPayload }), async (c) => {
      const form = await setFormStatus(deps, c.get("tenant"), c.req.param("id"), await readJson(c));
      return c.json({ message: form.status === "active" ? SPEC.activated : SPEC.deactivated, data: form });
    })
    .put("/admission-forms/:id/cbt-test", documented({ body: formTestPayload }), async (c) => {
      const form = await setFormTest(deps, c.get("tenant"), c.req.param("id"), await readJson(c));
      return c.json({ message: form.cbt_test_id === null ? CBT.unlinked : CBT.linked, data: form });
    })
    .delete("/admission-forms/:id", async (c) => {
      await deleteForm(deps, c.get("tenant"), c.req.param("id"));
      return c.json({ message: SPEC.deleted });
    })
    .get("/submissions", documented({ query: submissionsQuery }), async (c) => {
      const {
        status,
        form_id,
        class: className,
        sub_admin_id: _ignored,
        ...page
      } = submissionsQuery.parse(c.req.query());
      return c.json({
        data: await listSubmissions(deps, c.get("tenant"), { ...page, status, formId: form_id, className }),
      });
    })
    .post("/submissions/decisions", documented({ body: bulkDecisionPayload }), async (c) => {
      const result = await decideSubmissions(deps, c.get("tenant"), await readJson(c));
      const done = result.decision === "approve" ? BULK.approved(result.decided) : BULK.rejected(result.decided);
      const message = result.skipped.length ? `${done} ${BULK.skipped(result.skipped.length)}` : done;
      return c.json({ message, data: result });
    })
    .get("/submissions/:id/details", async (c) => {
      return c.json({ data: await getSubmission(deps, c.get("tenant"), c.req.param("id")) });
    })
    .get("/submissions/:id/documents/:field", documented({ file: "application/octet-stream" }), async (c) => {
      const doc = await openDocument(deps, c.get("tenant"), c.req.param("id"), c.req.param("field"));
      return new Response(doc.body, {
        headers: {
          "Content-Type": doc.mime,
          "Content-Length": String(doc.size),
          "Content-Disposition": contentDisposition("attachment", doc.name),
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "sandbox; default-src 'none'",
          "Cache-Control": "private, no-store, no-transform",
        },
      });
    })
    .put("/submissions/:id/approve", async (c) => {
      return c.json({
        message: SPEC.approved,
        data: await approveSubmission(deps, c.get("tenant"), c.req.param("id"), {
          confirmUnpaid: ((await readJson(c)) as { confirm_unpaid?: unknown } | null)?.confirm_unpaid === true,
        }),
      });
    })
    .put("/submissions/:id/reject", async (c) => {
      return c.json({ message: SPEC.rejected, data: await rejectSubmission(deps, c.get("tenant"), c.req.param("id")) });
    });
}

/**
 * The public application page's calls, under /api/public/admission-forms/{publicId}: no token; the form
 * is found by its unguessable id, and only the form, the school's name and logo and its classes are read.
 */
export function publicAdmissionRoutes(deps: ApiDeps) {
  return new Hono()
    .get("/:publicId", async (c) => c.json({ data: await readPublicForm(deps, c.req.param("publicId")) }))
    .post("/:publicId/submissions", documented({ form: applicationFields }), async (c) => {
      const address = c.req.header(CLIENT_ADDRESS_HEADER)?.trim() || "unknown";
      const { reference, replayed } = await withFormOnDisk(c, deps, APPLICATION_UPLOAD_LIMITS, (form) =>
        submitApplication(deps, c.req.param("publicId"), form, address, c.req.header("idempotency-key")),
      );
      return c.json({ message: ADMISSION_MESSAGES.submitted, data: { reference } }, replayed ? 200 : 201);
    })
    .get("/:publicId/submissions/:reference", async (c) =>
      c.json({ data: await readPublicSubmission(deps, c.req.param("publicId"), c.req.param("reference")) }),
    )
    .post("/:publicId/submissions/:reference/pay", async (c) =>
      c.json({ data: await payApplication(deps, c.req.param("publicId"), c.req.param("reference")) }),
    );
}
