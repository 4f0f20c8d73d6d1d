import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { changePasswordPayload, profileUpdateFields } from "../../contract/admin";
import { APP_MESSAGES, MESSAGES } from "../../contract/messages";
import { fileFor } from "../../server-lib/multipart";
import type { ApiDeps } from "../context";
import { fromZod } from "../lib/errors";
import { IMAGE_UPLOAD_LIMITS, readForm, readJson, textFields } from "../lib/http";
import type { TenantEnv } from "../middleware/tenant";
import { dashboard, getAdminRecord, updateAdminRecord } from "../services/admin";
import { changePassword, logout } from "../services/auth";
import { endOtherSessions, endSession, listSessions } from "../services/sessions";
import { SESSION_MESSAGES } from "../../contract/sessions";

const PROFILE_FIELDS = ["school_name", "principal_name", "school_email", "phone_number", "school_address"] as const;

/** The admin's own account: profile, password, logout and dashboard, under /api/admin/{uniqueId}. */
export function adminRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .post("/logout", async (c) => {
      await logout(deps, c.get("token"));
      return c.json({ message: APP_MESSAGES.loggedOut });
    })
    .get("/adminData", async (c) => c.json({ data: [await getAdminRecord(deps, c.get("tenant"))] }))
    .post("/update/adminData", documented({ form: profileUpdateFields }), async (c) => {
      const form = await readForm(c, IMAGE_UPLOAD_LIMITS);
      const data = await updateAdminRecord(deps, c.get("tenant"), textFields(form, PROFILE_FIELDS), {
        logo: fileFor(form, "logo"),
        signature: fileFor(form, "signature"),
      });
      return c.json({ message: MESSAGES.profileUpdated, data });
    })
    .post("/change-password", documented({ body: changePasswordPayload }), async (c) => {
      const parsed = changePasswordPayload.safeParse(await readJson(c));
      if (!parsed.success) throw fromZod(parsed.error);
      await changePassword(deps, c.get("tenant"), parsed.data, c.get("token"));
      return c.json({ message: APP_MESSAGES.passwordChanged });
    })
    .get("/dashboard", async (c) => c.json({ data: await dashboard(deps, c.get("tenant")) }))
    .get("/sessions", async (c) => c.json({ data: await listSessions(deps, c.get("tenant"), c.get("token")) }))
    .post("/sessions/end-others", async (c) => {
      const ended = await endOtherSessions(deps, c.get("tenant"), c.get("token"));
      return c.json({ message: SESSION_MESSAGES.othersEnded, data: { ended } });
    })
    .delete("/sessions/:id", async (c) => {
      await endSession(deps, c.get("tenant"), c.req.param("id"), c.get("token"));
      return c.json({ message: SESSION_MESSAGES.ended });
    });
}
