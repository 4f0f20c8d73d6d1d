import { loginPayload, registerFields } from "../../contract/admin";
import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { CLIENT_ADDRESS_HEADER, CLIENT_AGENT_HEADER, DEVICE_TOKEN_HEADER } from "../../contract/http";
import { fileFor } from "../../server-lib/multipart";
import type { ApiDeps } from "../context";
import { IMAGE_UPLOAD_LIMITS, readForm, readJson, textFields } from "../lib/http";
import { login, registerSchool, type SignInClient } from "../services/auth";
import { canSendLinks, confirmReset, readLink, requestReset } from "../services/password-reset";
import { PASSWORD_RESET_MESSAGES } from "../../contract/password-reset";
import type { Context } from "hono";

/** Who is asking, for throttling: the address the web app passed on, and its device token. */
const clientOf = (c: Context): SignInClient => ({
  address: c.req.header(CLIENT_ADDRESS_HEADER)?.trim() || "unknown",
  deviceToken: c.req.header(DEVICE_TOKEN_HEADER)?.trim() || undefined,
  userAgent: c.req.header(CLIENT_AGENT_HEADER)?.trim() || c.req.header("user-agent")?.trim() || undefined,
});

const REGISTER_FIELDS = ["school_name", "principal_name", "school_email", "phone_number"] as const;

/** Registration, login and password recovery: the calls made without a token. */
export function authRoutes(deps: ApiDeps) {
  return new Hono()
    .post("/register", documented({ form: registerFields }), async (c) => {
      const form = await readForm(c, { ...IMAGE_UPLOAD_LIMITS, maxFiles: 1 });
      const data = await registerSchool(
        deps,
        textFields(form, REGISTER_FIELDS),
        fileFor(form, "logo"),
        c.req.header("idempotency-key") ?? form.fields.idempotency_key?.[0],
      );
      return c.json({ message: "Registration successful", data }, 201);
    })
    .post("/login", documented({ body: loginPayload }), async (c) => {
      const data = await login(deps, await readJson(c), clientOf(c));
      return c.json({ message: "Login successful", data });
    })
    .get("/password-reset", (c) => c.json({ data: { email: canSendLinks(deps) } }))
    .post("/password-reset", async (c) => {
      await requestReset(deps, await readJson(c), clientOf(c));
      return c.json({ message: PASSWORD_RESET_MESSAGES.requestSent });
    })
    .post("/password-reset/confirm", async (c) => {
      await confirmReset(deps, await readJson(c));
      return c.json({ message: PASSWORD_RESET_MESSAGES.passwordReset });
    })
    .get("/password-reset/:token", async (c) => c.json({ data: await readLink(deps, c.req.param("token")) }));
}
