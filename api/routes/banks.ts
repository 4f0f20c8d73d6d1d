import { Hono } from "hono";
import { INVENTORY_SPEC_MESSAGES } from "../../contract/messages";
import type { ApiDeps } from "../context";
import { readJson } from "../lib/http";
import type { TenantEnv } from "../middleware/tenant";
import { getBankAccount, listBanks, saveBankAccount, verifyAccount } from "../services/banks";

/**
 * The bank list, account verification and the school's bank account, under /api/admin/{uniqueId}
 * (contract/banks.ts). `POST /payment-account` changes where the school is paid: it is for the main
 * admin only, and the sub-admins' permission table must keep it so.
 */
export function bankRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/banks", async (c) => c.json(await listBanks(deps)))
    .get("/verify-account/:accountNumber/:bank", async (c) =>
      c.json(await verifyAccount(deps, c.get("tenant"), c.req.param("accountNumber"), c.req.param("bank"))),
    )
    .get("/payment-account", async (c) => c.json({ data: await getBankAccount(deps, c.get("tenant")) }))
    .post("/payment-account", async (c) => {
      const { account, created } = await saveBankAccount(deps, c.get("tenant"), await readJson(c));
      return c.json({ message: INVENTORY_SPEC_MESSAGES.bankDetailsAdded, data: account }, created ? 201 : 200);
    });
}
