import { Hono } from "hono";
import { CLIENT_ADDRESS_HEADER, DEVICE_TOKEN_HEADER } from "../../contract/http";
import { fileFor } from "../../server-lib/multipart";
import type { ApiDeps } from "../context";
import { IMAGE_UPLOAD_LIMITS, readForm, readJson, textFields } from "../lib/http";
import { login, registerSchool } from "../services/auth";

const REGISTER_FIELDS = ["school_name", "principal_name", "school_email", "phone_number"] as const;

/** Registration and login: the two calls made without a token. */
export function authRoutes(deps: ApiDeps) {
  return new Hono()
    .post("/register", async (c) => {
      const form = await readForm(c, { ...IMAGE_UPLOAD_LIMITS, maxFiles: 1 });
      const data = await registerSchool(
        deps,
        textFields(form, REGISTER_FIELDS),
        fileFor(form, "logo"),
        c.req.header("idempotency-key") ?? form.fields.idempotency_key?.[0],
      );
      return c.json({ message: "Registration successful", data }, 201);
    })
    .post("/login", async (c) => {
      const data = await login(deps, await readJson(c), {
        address: c.req.header(CLIENT_ADDRESS_HEADER)?.trim() || "unknown",
        deviceToken: c.req.header(DEVICE_TOKEN_HEADER)?.trim() || undefined,
      });
      return c.json({ message: "Login successful", data });
    });
}
