import { Hono } from "hono";
import { APP_MESSAGES, DEFAULT_ERRORS } from "../contract/messages";
import { errorFields, loggedPath, logger } from "../observability/log";
import type { ApiDeps } from "./context";
import { dbFailure } from "./lib/db-errors";
import { ApiError } from "./lib/errors";
import { documented, inArea } from "./lib/route-docs";
import { refuseCredentialsInQuery, requestId, type RequestEnv } from "./middleware/request";
import { bearerTenant, requireTenant } from "./middleware/tenant";
import { adminRoutes } from "./routes/admin";
import { authRoutes } from "./routes/auth";
import { timetableRoutes } from "./routes/timetables";
import { studentInfoRoutes, studentRoutes } from "./routes/students";
import { settingsRoutes } from "./routes/settings";
import { calendarRoutes } from "./routes/calendar";
import { inventoryRoutes } from "./routes/inventory";
import { bankRoutes } from "./routes/banks";
import { fileRoutes, sharedFileRoutes } from "./routes/files";
import { publicReportCardRoutes, reportCardRoutes } from "./routes/report-cards";
import { parentRoutes } from "./routes/parents";
import { staffRoutes } from "./routes/staff";
import { feeRoutes } from "./routes/fees";
import { subAdminRoutes } from "./routes/sub-admins";
import { isSchoolLogo, readMedia, readSchoolMedia } from "./services/media";
import { admissionRoutes, publicAdmissionRoutes } from "./routes/admissions";
import { importRoutes } from "./routes/imports";
import { jobRoutes } from "./routes/jobs";
import { resultRoutes } from "./routes/results";
import { reportExtrasRoutes } from "./routes/report-extras";
import {
  onlinePaymentRoutes,
  paystackWebhookRoutes,
  publicPaymentRoutes,
  publicPayLinkRoutes,
} from "./routes/payments";
import { promotionRoutes } from "./routes/promotion";
import { staffAreaRoutes } from "./routes/staff-area";
import { messageRoutes, publicReportCardLinkRoutes } from "./routes/messages";
import { cbtRoutes, publicCbtRoutes } from "./routes/cbt";
import { noteRoutes } from "./routes/notes";
import { assignmentRoutes } from "./routes/assignments";
import { notificationRoutes } from "./routes/notifications";

export type { ApiDeps } from "./context";

/** Seconds a client is asked to wait before trying again while the database is unreachable. */
const RETRY_AFTER_SECONDS = "5";

/**
 * The school API. Fetch-native: the web app calls `api.fetch(request)` in-process when embedded,
 * or over HTTP when deployed alone. Errors always answer `{message, errors?}`, never a stack, SQL, a
 * path or anyone's data; an answer the client cannot fix (5xx) also carries `request_id`, the id of
 * its log line.
 */
export function createApi(deps: ApiDeps) {
  const api = new Hono<RequestEnv>().basePath("/api");

  api.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) }, error.status);
    }
    const request_id = c.get("requestId");
    const failure = dbFailure(error);
    const where = { request_id, method: c.req.method, path: loggedPath(c.req.path), ...errorFields(error) };
    if (failure === "conflict" || failure === "invalid") {
      logger.warn("database refused a write", where);
      return c.json(
        { message: failure === "conflict" ? APP_MESSAGES.conflict : APP_MESSAGES.invalidData },
        failure === "conflict" ? 409 : 422,
      );
    }
    if (failure === "unavailable") {
      logger.error("database unavailable", where);
      c.header("Retry-After", RETRY_AFTER_SECONDS);
      return c.json({ message: APP_MESSAGES.unavailable, request_id }, 503);
    }
    logger.error("school API error", where);
    return c.json({ message: DEFAULT_ERRORS.unexpected, request_id }, 500);
  });
  api.notFound((c) => c.json({ message: APP_MESSAGES.notFound }, 404));

  api.use("*", requestId());
  api.use("*", refuseCredentialsInQuery());

  api.route("/admin", inArea("Sign-in", authRoutes(deps)));
  api.use("/admin/:uniqueId/*", requireTenant(deps));
  api.route("/admin/:uniqueId", inArea("Imports", importRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Account", adminRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Timetables", timetableRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Students", studentRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Settings", settingsRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Calendar", calendarRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Inventory", inventoryRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Bank account", bankRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Files", fileRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Parents", parentRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Staff", staffRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Admissions", admissionRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Fees", feeRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Sub-admins", subAdminRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Jobs", jobRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Results", resultRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Results", reportExtrasRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Report cards", reportCardRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Online payments", onlinePaymentRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Promotion", promotionRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Staff area", staffAreaRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Messages to parents", messageRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Assessments", cbtRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Lesson notes", noteRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Assignments", assignmentRoutes(deps)));
  api.route("/admin/:uniqueId", inArea("Notifications", notificationRoutes(deps)));

  // studentInfo is the one student call without the admin prefix; it gets the same tenant check.
  api.use("/students/:uniqueId/*", requireTenant(deps));
  api.route("/students/:uniqueId", inArea("Students", studentInfoRoutes(deps)));

  // Share links open a file without a token: the link itself is the signed, short-lived permission.
  api.route("/files/shared", inArea("Files", sharedFileRoutes(deps)));

  // A printed report card's QR code: its unguessable token is the only key, and it opens that card's summary only.
  api.route("/public/report-cards", inArea("Report cards", publicReportCardRoutes(deps)));

  // A message's report card link: its signed, expiring token is the only key, and it opens that one card.
  api.route("/public/report-card-links", inArea("Messages to parents", publicReportCardLinkRoutes(deps)));

  // The public application page: the form's unguessable id is the only key, and it opens nothing else.
  api.route("/public/admission-forms", inArea("Admissions", publicAdmissionRoutes(deps)));

  // Taking a computer-based test: the test's code and a student's PIN are the key, then the attempt's own.
  api.route("/public/cbt", inArea("Assessments", publicCbtRoutes(deps)));

  // Payments: the callback's check and the test checkout by our unguessable reference; Paystack's signed webhooks.
  api.route("/public/payments", inArea("Online payments", publicPaymentRoutes(deps)));
  api.route("/public/pay-links", inArea("Online payments", publicPayLinkRoutes(deps)));
  api.route("/paystack", inArea("Online payments", paystackWebhookRoutes(deps)));

  // A school's logo is public: the application page shows it. Every other image (a signature, a person's
  // photo) is served only to a signed-in user of its school and never kept by a cache, so that one deleted
  // is gone; another school's, like one that is gone, is not found.
  api.get("/media/:key", documented({ area: "Media", file: "image/*" }), async (c) => {
    const key = c.req.param("key");
    if (!/^[a-f0-9]{32}$/.test(key)) throw new ApiError(404, APP_MESSAGES.notFound);
    const isPublic = await isSchoolLogo(deps, key);
    const media = isPublic
      ? await readMedia(deps, key)
      : await readSchoolMedia(deps, (await bearerTenant(deps, c.req.header("authorization"))).tenant, key);
    if (!media) throw new ApiError(404, APP_MESSAGES.notFound);
    return c.body(media.bytes, 200, {
      "Content-Type": media.mime,
      "Cache-Control": isPublic ? "public, max-age=31536000, immutable" : "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });

  // The description of this API (OpenAPI 3), built from this route table on the first call.
  api.get("/openapi.json", documented({ area: "API description" }), async (c) => {
    const { openApiJson } = await import("./openapi");
    return c.body(openApiJson(api.routes), 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    });
  });

  return api;
}

export type SchoolApi = ReturnType<typeof createApi>;
