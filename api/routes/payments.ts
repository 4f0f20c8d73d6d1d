import { Hono } from "hono";
import type { ApiDeps } from "../context";
import { readTextWithin } from "../../contract/body";
import { readJson } from "../lib/http";
import type { TenantEnv } from "../middleware/tenant";
import { z } from "zod";
import { PAYMENT_MESSAGES as M } from "../../contract/payments";
import { makePayLink, payByLink, readPayLink, studentOnline } from "../services/fee-links";
import { withPaymentFollowUps } from "../services/payment-follow-ups";
import {
  answerSandboxCheckout,
  listOnlinePayments,
  readSandboxCheckout,
  recheckPending,
  takeWebhook,
  verifyPayment,
} from "../services/payments";

const label = z.string().max(30).optional().catch(undefined);
/** The session travels as `year`, as on the fees calls. */
const termQuery = z.object({ term: label, year: label }).transform(({ term, year }) => ({ term, session: year }));

/** The reconciliation page's calls and the fee page's payment links, under /api/admin/{uniqueId}. */
export function onlinePaymentRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/online-payments", async (c) =>
      c.json({ data: await listOnlinePayments(deps, c.get("tenant"), termQuery.parse(c.req.query())) }),
    )
    .post("/online-payments/check", async (c) => {
      const body = (await readJson(c)) as { reference?: unknown } | null;
      const reference = typeof body?.reference === "string" ? body.reference : undefined;
      const checked = await recheckPending(withPaymentFollowUps(deps), c.get("tenant").schoolId, reference);
      return c.json({ message: M.checked(checked.checked), data: checked });
    })
    .get("/fees/students/:id/online", async (c) =>
      c.json({
        data: await studentOnline(deps, c.get("tenant"), c.req.param("id"), termQuery.parse(c.req.query())),
      }),
    )
    .post("/fees/students/:id/pay-links", async (c) => {
      const link = await makePayLink(deps, c.get("tenant"), c.req.param("id"), await readJson(c));
      return c.json({ message: M.linkMade, data: link }, 201);
    });
}

/** A payment link's page and its Pay button, under /api/public/pay-links: the token in the path is the key. */
export function publicPayLinkRoutes(deps: ApiDeps) {
  return new Hono()
    .get("/:token", async (c) => c.json({ data: await readPayLink(deps, c.req.param("token")) }))
    .post("/:token/pay", async (c) => c.json({ data: await payByLink(deps, c.req.param("token")) }));
}

/**
 * The payment calls that need no sign-in, under /api/public/payments (contract/payments.ts): the callback's check
 * and the test checkout. Each is keyed by our own unguessable payment reference and tells nothing but its outcome.
 */
export function publicPaymentRoutes(deps: ApiDeps) {
  return new Hono()
    .post("/:reference/verify", async (c) =>
      c.json({ data: await verifyPayment(withPaymentFollowUps(deps), c.req.param("reference")) }),
    )
    .get("/:reference/sandbox", async (c) =>
      c.json({ data: await readSandboxCheckout(deps, c.req.param("reference")) }),
    )
    .post("/:reference/sandbox", async (c) => {
      const body = (await readJson(c)) as { outcome?: unknown } | null;
      await answerSandboxCheckout(deps, c.req.param("reference"), body?.outcome);
      return c.json({ data: await readSandboxCheckout(deps, c.req.param("reference")) });
    });
}

/** Paystack's events: the raw body's signature decides (401 without a good one); a good one is answered at once. */
export function paystackWebhookRoutes(deps: ApiDeps) {
  return new Hono().post("/webhook", async (c) => {
    const raw = await readTextWithin(c.req.raw, 256 * 1024);
    if (!takeWebhook(withPaymentFollowUps(deps), raw, c.req.header("x-paystack-signature")))
      return c.json({ message: "Invalid signature." }, 401);
    return c.json({ status: "ok" }, 200);
  });
}
