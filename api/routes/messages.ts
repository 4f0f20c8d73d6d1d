import { Hono } from "hono";
import { z } from "zod";
import { MESSAGE_MESSAGES as M } from "../../contract/parent-messages";
import { messageFields, messageSettingsFields } from "../../contract/parent-messages.schema";
import type { ApiDeps } from "../context";
import { contentDisposition, downloadResponse, readJson } from "../lib/http";
import { documented } from "../lib/route-docs";
import type { TenantEnv } from "../middleware/tenant";
import {
  audienceOptions,
  createMessage,
  getMessage,
  getMessageSettings,
  listMessages,
  messageId,
  messagesQuery,
  reportCardOfLink,
  saveMessageSettings,
} from "../services/messages";

const audienceQuery = z.object({ class: z.string().max(60).optional().catch(undefined) });

/** Messages to parents, under /api/admin/{uniqueId} (calls in contract/parent-messages.ts). */
export function messageRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/messages", documented({ query: messagesQuery }), async (c) =>
      c.json({ data: await listMessages(deps, c.get("tenant"), messagesQuery.parse(c.req.query())) }),
    )
    .get("/messages/audience", documented({ query: audienceQuery }), async (c) =>
      c.json({ data: await audienceOptions(deps, c.get("tenant"), audienceQuery.parse(c.req.query()).class) }),
    )
    .post("/messages", documented({ body: messageFields }), async (c) => {
      const { detail, replayed } = await createMessage(
        deps,
        c.get("tenant"),
        await readJson(c),
        c.req.header("idempotency-key"),
      );
      const message = detail.status === "no-channel" ? M.noChannel : M.queued;
      return c.json({ message, data: detail }, replayed ? 200 : 201);
    })
    .get("/messages/:id", async (c) =>
      c.json({ data: await getMessage(deps, c.get("tenant"), messageId(c.req.param("id"))) }),
    )
    .get("/message-settings", async (c) => c.json({ data: await getMessageSettings(deps, c.get("tenant")) }))
    .put("/message-settings", documented({ body: messageSettingsFields }), async (c) => {
      const data = await saveMessageSettings(deps, c.get("tenant"), await readJson(c));
      return c.json({ message: M.capSaved, data });
    });
}

/** A message's report card link, without a sign-in: its signed, expiring token is the only key (inline PDF). */
export function publicReportCardLinkRoutes(deps: ApiDeps) {
  return new Hono().get("/:token", documented({ file: "application/pdf" }), async (c) => {
    const card = await reportCardOfLink(deps, c.req.param("token"));
    return downloadResponse(card.bytes, "application/pdf", contentDisposition("inline", card.filename));
  });
}
