import {
  assignmentPayload,
  discountPayload,
  feeItemFields,
  paymentPayload,
  retirePayload,
  reversalFields,
} from "../../contract/fees.schema";
import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { z } from "zod";
import { FEE_MESSAGES as M } from "../../contract/fees";
import { DEFAULT_SUCCESS } from "../../contract/messages";
import type { ApiDeps } from "../context";
import { ApiError } from "../lib/errors";
import { downloadResponse, readJson } from "../lib/http";
import type { TenantEnv } from "../middleware/tenant";
import { sendPaymentReceipt } from "../services/messages";
import { receiptPdf } from "../services/fee-receipt-pdf";
import {
  addDiscount,
  assignFee,
  createFee,
  deleteFee,
  feeOverview,
  getFee,
  getPayment,
  listFees,
  parentBalances,
  recordPayment,
  removeDiscount,
  retireFee,
  reversePayment,
  studentBill,
  termCreditTotals,
  updateFee,
} from "../services/fees";

const label = z.string().max(30).optional().catch(undefined);
/** The session travels as `year`: a query parameter named `session` is refused as a credential in the address. */
const termQuery = z.object({ term: label, year: label }).transform(({ term, year }) => ({ term, session: year }));
const overviewQuery = z
  .object({ term: label, year: label, class: z.string().max(60).optional().catch(undefined) })
  .transform(({ year, ...rest }) => ({ ...rest, session: year }));

/** A record id from the path: anything but a positive whole number names nothing (404). */
function recordId(value: string | undefined, notFound: string): number {
  const id = Number(value);
  if (!value || !/^\d{1,15}$/.test(value) || !Number.isSafeInteger(id) || id < 1) throw new ApiError(404, notFound);
  return id;
}

/** School fees, under /api/admin/{uniqueId}/fees (contract/fees.ts lists the calls and their answers). */
export function feeRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/fees/fee-settings", documented({ query: termQuery }), async (c) =>
      c.json({ data: await listFees(deps, c.get("tenant"), termQuery.parse(c.req.query())) }),
    )
    .post("/fees/fee-settings", documented({ body: feeItemFields }), async (c) => {
      const { fee, replayed } = await createFee(
        deps,
        c.get("tenant"),
        await readJson(c),
        c.req.header("idempotency-key"),
      );
      return c.json({ message: M.feeCreated, data: fee }, replayed ? 200 : 201);
    })
    .get("/fees/fee-settings/:id", async (c) =>
      c.json({ data: await getFee(deps, c.get("tenant"), recordId(c.req.param("id"), M.feeNotFound)) }),
    )
    .put("/fees/fee-settings/:id", documented({ body: feeItemFields }), async (c) => {
      const fee = await updateFee(deps, c.get("tenant"), recordId(c.req.param("id"), M.feeNotFound), await readJson(c));
      return c.json({ message: M.feeUpdated, data: fee });
    })
    .post("/fees/fee-settings/:id/retire", documented({ body: retirePayload }), async (c) => {
      const fee = await retireFee(deps, c.get("tenant"), recordId(c.req.param("id"), M.feeNotFound), await readJson(c));
      return c.json({ message: fee.retired ? M.feeRetired : M.feeRestored, data: fee });
    })
    .delete("/fees/fee-settings/:id", async (c) => {
      await deleteFee(deps, c.get("tenant"), recordId(c.req.param("id"), M.feeNotFound));
      return c.json({ message: DEFAULT_SUCCESS.deleted });
    })
    .post("/fees/fee-settings/:id/students", documented({ body: assignmentPayload }), async (c) => {
      const body = (await readJson(c)) as { assigned?: unknown };
      const bill = await assignFee(deps, c.get("tenant"), recordId(c.req.param("id"), M.feeNotFound), body);
      return c.json({ message: body?.assigned === false ? M.unassigned : M.assigned, data: bill });
    })
    .get("/fees/students/:id/bill", documented({ query: termQuery }), async (c) =>
      c.json({ data: await studentBill(deps, c.get("tenant"), c.req.param("id"), termQuery.parse(c.req.query())) }),
    )
    .post("/fees/discounts", documented({ body: discountPayload }), async (c) => {
      const { bill, replayed } = await addDiscount(
        deps,
        c.get("tenant"),
        await readJson(c),
        c.req.header("idempotency-key"),
      );
      return c.json({ message: M.discountAdded, data: bill }, replayed ? 200 : 201);
    })
    .delete("/fees/discounts/:id", async (c) => {
      await removeDiscount(deps, c.get("tenant"), recordId(c.req.param("id"), M.discountNotFound));
      return c.json({ message: M.discountRemoved });
    })
    .get("/fees/parents/:id", documented({ query: termQuery }), async (c) =>
      c.json({ data: await parentBalances(deps, c.get("tenant"), c.req.param("id"), termQuery.parse(c.req.query())) }),
    )
    .post("/fees/payments", documented({ body: paymentPayload }), async (c) => {
      const { payment, replayed } = await recordPayment(
        deps,
        c.get("tenant"),
        await readJson(c),
        c.req.header("idempotency-key"),
      );
      // The parents' receipt, when the school turned receipts on (api/services/messages.ts).
      if (!replayed) await sendPaymentReceipt(deps, c.get("tenant"), payment);
      return c.json({ message: M.paymentRecorded, data: payment }, replayed ? 200 : 201);
    })
    .get("/fees/payments/:id", async (c) =>
      c.json({ data: await getPayment(deps, c.get("tenant"), recordId(c.req.param("id"), M.paymentNotFound)) }),
    )
    .post("/fees/payments/:id/reverse", documented({ body: reversalFields }), async (c) => {
      const payment = await reversePayment(
        deps,
        c.get("tenant"),
        recordId(c.req.param("id"), M.paymentNotFound),
        await readJson(c),
      );
      return c.json({ message: M.paymentReversed, data: payment });
    })
    .get("/fees/payments/:id/receipt", documented({ file: "application/pdf" }), async (c) => {
      const pdf = await receiptPdf(deps, c.get("tenant"), recordId(c.req.param("id"), M.paymentNotFound));
      return downloadResponse(pdf.bytes, "application/pdf", `attachment; filename="${pdf.filename}"`);
    })
    .get("/fees/overview", documented({ query: overviewQuery }), async (c) => {
      const overview = await feeOverview(deps, c.get("tenant"), overviewQuery.parse(c.req.query()));
      const credit = await termCreditTotals(deps.db, c.get("tenant").schoolId, overview.term, overview.session);
      return c.json({ data: { ...overview, credit } });
    });
}
