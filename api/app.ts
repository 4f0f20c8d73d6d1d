import { Hono } from "hono";
import { APP_MESSAGES, DEFAULT_ERRORS } from "../contract/messages";
import type { ApiDeps } from "./context";
import { ApiError } from "./lib/errors";
import { requireTenant } from "./middleware/tenant";
import { adminRoutes } from "./routes/admin";
import { authRoutes } from "./routes/auth";
import { timetableRoutes } from "./routes/timetables";
import { studentInfoRoutes, studentRoutes } from "./routes/students";
import { settingsRoutes } from "./routes/settings";
import { parentRoutes } from "./routes/parents";
import { staffRoutes } from "./routes/staff";
import { readMedia } from "./services/media";

export type { ApiDeps } from "./context";

/**
 * The school API. Fetch-native: the web app calls `api.fetch(request)` in-process when embedded,
 * or over HTTP when deployed alone. Errors always answer `{message, errors?}`, never a stack or SQL.
 */
export function createApi(deps: ApiDeps) {
  const api = new Hono().basePath("/api");

  api.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) }, error.status);
    }
    console.error("school API error:", error instanceof Error ? error.name + ": " + error.message : "unknown");
    return c.json({ message: DEFAULT_ERRORS.unexpected }, 500);
  });
  api.notFound((c) => c.json({ message: APP_MESSAGES.notFound }, 404));

  api.route("/admin", authRoutes(deps));
  api.use("/admin/:uniqueId/*", requireTenant(deps));
  api.route("/admin/:uniqueId", adminRoutes(deps));
  api.route("/admin/:uniqueId", timetableRoutes(deps));
  api.route("/admin/:uniqueId", studentRoutes(deps));
  api.route("/admin/:uniqueId", settingsRoutes(deps));
  api.route("/admin/:uniqueId", parentRoutes(deps));
  api.route("/admin/:uniqueId", staffRoutes(deps));

  // The one student call without the admin prefix (spec section 7), under the same tenant check.
  api.use("/students/:uniqueId/*", requireTenant(deps));
  api.route("/students/:uniqueId", studentInfoRoutes(deps));

  api.get("/media/:key", async (c) => {
    const key = c.req.param("key");
    const media = /^[a-f0-9]{32}$/.test(key) ? await readMedia(deps, key) : null;
    if (!media) throw new ApiError(404, APP_MESSAGES.notFound);
    return c.body(media.bytes, 200, {
      "Content-Type": media.mime,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    });
  });

  return api;
}

export type SchoolApi = ReturnType<typeof createApi>;
