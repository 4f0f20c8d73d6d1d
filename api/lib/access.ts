import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import { ACCESS_MESSAGES, type FeatureKey } from "../../contract/access";
import { readTextWithin } from "../../contract/body";
import { MESSAGE_MESSAGES } from "../../contract/parent-messages";
import { PROMOTION_MESSAGES } from "../../contract/promotion";
import { RESULTS_MESSAGES } from "../../contract/results";
import { SESSION_MESSAGES } from "../../contract/sessions";
import type { Tenant } from "../context";
import { ApiError } from "./errors";

/**
 * Who may call each tenant route: a feature key (a sub-admin holding it, or any of a list), "main" (the
 * school's main admin only) or "signed-in" (anyone signed in to the school). The main admin may call
 * every route. A route missing here is refused to every sub-admin, and tests/api/access.test.ts fails
 * until it is added: a new route is one line below, keyed "METHOD path" exactly as Hono lists it.
 */
export type RouteAccess = FeatureKey | readonly FeatureKey[] | "main" | "signed-in" | MainOnly;

/** The main admin only, and every sub-admin is told so in these words (the product's, where it gives them). */
export interface MainOnly {
  mainOnly: string;
}

const SUBMISSION_REVIEW: MainOnly = { mainOnly: ACCESS_MESSAGES.submissionReviewMainOnly };
const PUBLISHING: MainOnly = { mainOnly: RESULTS_MESSAGES.publishMainOnly };
const CORRECTING: MainOnly = { mainOnly: RESULTS_MESSAGES.correctMainOnly };
const PROMOTING: MainOnly = { mainOnly: PROMOTION_MESSAGES.mainOnly };
const OWN_SESSIONS: MainOnly = { mainOnly: SESSION_MESSAGES.mainOnly };

export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  "POST /api/admin/:uniqueId/logout": "signed-in",
  // The school's name and logo, shown wherever the school is named; changing them is the profile's.
  "GET /api/admin/:uniqueId/adminData": "signed-in",
  "POST /api/admin/:uniqueId/update/adminData": "profile",
  // A sub-admin changes their own password; only the main admin's token changes the school's.
  "POST /api/admin/:uniqueId/change-password": "signed-in",
  "GET /api/admin/:uniqueId/dashboard": "dashboard",
  // The main admin's own sessions (/super-admin/profile).
  "GET /api/admin/:uniqueId/sessions": OWN_SESSIONS,
  "POST /api/admin/:uniqueId/sessions/end-others": OWN_SESSIONS,
  "DELETE /api/admin/:uniqueId/sessions/:id": OWN_SESSIONS,

  "GET /api/admin/:uniqueId/timetables": "time-table",
  "POST /api/admin/:uniqueId/timetables": "time-table",
  "GET /api/admin/:uniqueId/timetables/:id": "time-table",
  "PUT /api/admin/:uniqueId/timetables/:id": "time-table",
  "DELETE /api/admin/:uniqueId/timetables/:id": "time-table",
  "POST /api/admin/:uniqueId/timetables/:id/schedules": "time-table",
  "PUT /api/admin/:uniqueId/timetables/:id/schedules/:scheduleId": "time-table",
  "DELETE /api/admin/:uniqueId/timetables/:id/schedules/:scheduleId": "time-table",
  "GET /api/admin/:uniqueId/timetable/:id/download-pdf": "time-table",

  // The parents form picks children and the inventory sells to students: both read the list.
  "GET /api/admin/:uniqueId/students": ["students", "parents", "inventory"],
  "GET /api/admin/:uniqueId/students/backlog": "students",
  "POST /api/admin/:uniqueId/students": "students",
  "POST /api/admin/:uniqueId/students/:id": "students",
  "DELETE /api/admin/:uniqueId/students/:id": "students",
  "POST /api/admin/:uniqueId/students/:id/backlog": "students",
  "POST /api/admin/:uniqueId/students/:id/restore": "students",
  "GET /api/admin/:uniqueId/students/:id/classes": "students",
  // A child's data on request: only the main admin exports it or erases a former student.
  "GET /api/admin/:uniqueId/students/:id/data-export": "main",
  "POST /api/admin/:uniqueId/students/:id/erase": "main",
  "GET /api/students/:uniqueId/studentInfo/:id": "students",

  // Classes, subjects, sessions and terms fill the forms of every area.
  "GET /api/admin/:uniqueId/school-settings": "signed-in",
  "POST /api/admin/:uniqueId/school-settings": "settings",
  "GET /api/admin/:uniqueId/calendar": "settings",
  "PUT /api/admin/:uniqueId/calendar": "settings",
  "GET /api/admin/:uniqueId/getAdminSettingsData": "signed-in",

  "GET /api/admin/:uniqueId/inventory/groups": "inventory",
  "GET /api/admin/:uniqueId/inventory/groups/:id": "inventory",
  "POST /api/admin/:uniqueId/inventory/groups": "inventory",
  "DELETE /api/admin/:uniqueId/inventory/groups/:id": "inventory",
  "GET /api/admin/:uniqueId/inventory/items": "inventory",
  "GET /api/admin/:uniqueId/inventory/items/:id": "inventory",
  "POST /api/admin/:uniqueId/inventory/items": "inventory",
  "DELETE /api/admin/:uniqueId/inventory/items/:id": "inventory",
  "GET /api/admin/:uniqueId/inventory/stats": "inventory",
  "GET /api/admin/:uniqueId/inventory/purchases": "inventory",
  "POST /api/admin/:uniqueId/inventory/purchases": "inventory",

  // Where the school is paid: the inventory screen shows the account, only the main admin sets it.
  "GET /api/admin/:uniqueId/banks": "main",
  "GET /api/admin/:uniqueId/verify-account/:accountNumber/:bank": "main",
  "GET /api/admin/:uniqueId/payment-account": "inventory",
  "POST /api/admin/:uniqueId/payment-account": "main",

  "GET /api/admin/:uniqueId/files/folders": "files",
  "GET /api/admin/:uniqueId/files/folderStats": "files",
  "GET /api/admin/:uniqueId/files/storage-quota": "files",
  "GET /api/admin/:uniqueId/files/folder/:folder": "files",
  "DELETE /api/admin/:uniqueId/files/folder/:folder": "files",
  "POST /api/admin/:uniqueId/files": "files",
  "GET /api/admin/:uniqueId/files/:id": "files",
  "DELETE /api/admin/:uniqueId/files/:id": "files",
  "POST /api/admin/:uniqueId/files/:id/share": "files",
  "DELETE /api/admin/:uniqueId/files/:id/share": "files",

  "GET /api/admin/:uniqueId/stu-parents": "parents",
  "POST /api/admin/:uniqueId/stu-parents": "parents",
  "GET /api/admin/:uniqueId/stu-parents/:id": "parents",
  "PUT /api/admin/:uniqueId/stu-parents/:id": "parents",
  "DELETE /api/admin/:uniqueId/stu-parents/:id": "parents",

  "GET /api/admin/:uniqueId/staffs": ["staff", "time-table"],
  "POST /api/admin/:uniqueId/staffs": "staff",
  "GET /api/admin/:uniqueId/staffs/:id": "staff",
  "PUT /api/admin/:uniqueId/staffs/:id": "staff",
  "DELETE /api/admin/:uniqueId/staffs/:id": "staff",
  // A teacher's sign-in to the staff area: the main admin's, as sub-admins' own are.
  "POST /api/admin/:uniqueId/staffs/:id/sign-in": "main",
  "DELETE /api/admin/:uniqueId/staffs/:id/sign-in": "main",

  "GET /api/admin/:uniqueId/sub-admins": "main",
  "POST /api/admin/:uniqueId/sub-admins": "main",
  "GET /api/admin/:uniqueId/sub-admins/:id": "main",
  "PUT /api/admin/:uniqueId/sub-admins/:id": "main",
  "PUT /api/admin/:uniqueId/sub-admins/:id/status": "main",
  "POST /api/admin/:uniqueId/sub-admins/:id/reset-password": "main",
  "DELETE /api/admin/:uniqueId/sub-admins/:id": "main",
  "GET /api/admin/:uniqueId/access": "signed-in",
  "GET /api/admin/:uniqueId/audit-log": "main",

  // Forms and the list of submissions; reviewing and deciding a submission is the main admin's alone.
  "GET /api/admin/:uniqueId/admission-forms": "admission",
  "POST /api/admin/:uniqueId/create-admission-form": "admission",
  "GET /api/admin/:uniqueId/admission-forms/:id": "admission",
  "PUT /api/admin/:uniqueId/admission-forms/:id/toggle-status": "admission",
  "PUT /api/admin/:uniqueId/admission-forms/:id/cbt-test": "admission",
  "DELETE /api/admin/:uniqueId/admission-forms/:id": "admission",
  "GET /api/admin/:uniqueId/submissions": "admission",
  "GET /api/admin/:uniqueId/submissions/:id/details": SUBMISSION_REVIEW,
  "GET /api/admin/:uniqueId/submissions/:id/documents/:field": SUBMISSION_REVIEW,
  "PUT /api/admin/:uniqueId/submissions/:id/approve": SUBMISSION_REVIEW,
  "PUT /api/admin/:uniqueId/submissions/:id/reject": SUBMISSION_REVIEW,
  "POST /api/admin/:uniqueId/submissions/decisions": SUBMISSION_REVIEW,

  "GET /api/admin/:uniqueId/fees/fee-settings": "school_fees",
  "POST /api/admin/:uniqueId/fees/fee-settings": "school_fees",
  "GET /api/admin/:uniqueId/fees/fee-settings/:id": "school_fees",
  "PUT /api/admin/:uniqueId/fees/fee-settings/:id": "school_fees",
  "POST /api/admin/:uniqueId/fees/fee-settings/:id/retire": "school_fees",
  "DELETE /api/admin/:uniqueId/fees/fee-settings/:id": "school_fees",
  "POST /api/admin/:uniqueId/fees/fee-settings/:id/students": "school_fees",
  // The student's page and the parent's page show the balance.
  "GET /api/admin/:uniqueId/fees/students/:id/bill": ["school_fees", "students"],
  "GET /api/admin/:uniqueId/fees/parents/:id": ["school_fees", "parents"],
  "POST /api/admin/:uniqueId/fees/discounts": "school_fees",
  "DELETE /api/admin/:uniqueId/fees/discounts/:id": "school_fees",
  "POST /api/admin/:uniqueId/fees/payments": "school_fees",
  "GET /api/admin/:uniqueId/fees/payments/:id": "school_fees",
  "POST /api/admin/:uniqueId/fees/payments/:id/reverse": "school_fees",
  "GET /api/admin/:uniqueId/fees/payments/:id/receipt": "school_fees",
  "GET /api/admin/:uniqueId/fees/overview": "school_fees",
  // Online payments: the reconciliation page, and checking pending ones with Paystack again.
  "GET /api/admin/:uniqueId/online-payments": "school_fees",
  "POST /api/admin/:uniqueId/online-payments/check": "school_fees",
  // A student's fee page: payment links and the credits of the bill.
  "GET /api/admin/:uniqueId/fees/students/:id/online": "school_fees",
  "POST /api/admin/:uniqueId/fees/students/:id/pay-links": "school_fees",

  "POST /api/admin/:uniqueId/students/bulkRegister": "students",
  "POST /api/admin/:uniqueId/stu-parents/bulkRegister": "parents",
  "POST /api/admin/:uniqueId/staffs/bulkRegister": "staff",
  // The kind in the path names the key: the import route checks it (requireFeature).
  "GET /api/admin/:uniqueId/imports/:kind/template": ["students", "parents", "staff", "assessments"],
  "POST /api/admin/:uniqueId/imports/:kind": ["students", "parents", "staff", "assessments"],
  "GET /api/admin/:uniqueId/imports/:kind/:token": ["students", "parents", "staff", "assessments"],
  "GET /api/admin/:uniqueId/imports/:kind/:token/problems": ["students", "parents", "staff", "assessments"],
  "POST /api/admin/:uniqueId/imports/:kind/:token/mapping": ["students", "parents", "staff", "assessments"],
  "POST /api/admin/:uniqueId/imports/:kind/:token/commit": ["students", "parents", "staff", "assessments"],

  "GET /api/admin/:uniqueId/jobs": "main",

  // Sub-admins with the results key enter scores; publishing and reopening published results are the main admin's.
  "GET /api/admin/:uniqueId/results/sheet": "results",
  "PUT /api/admin/:uniqueId/results/sheet": "results",
  "GET /api/admin/:uniqueId/results/sheet/template": "results",
  "POST /api/admin/:uniqueId/results/sheet/upload": "results",
  "GET /api/admin/:uniqueId/results/completeness": "results",
  "GET /api/admin/:uniqueId/results/report-card/:studentId": "results",
  "GET /api/admin/:uniqueId/results/report-cards": "results",
  "GET /api/admin/:uniqueId/results/broadsheet": "results",
  "GET /api/admin/:uniqueId/results/broadsheet.xlsx": "results",
  "POST /api/admin/:uniqueId/results/publication": PUBLISHING,
  "POST /api/admin/:uniqueId/results/corrections": CORRECTING,
  "GET /api/admin/:uniqueId/results/extras": "results",
  "PUT /api/admin/:uniqueId/results/extras": "results",
  "GET /api/admin/:uniqueId/results/comments": "results",
  "POST /api/admin/:uniqueId/results/comments": "results",
  "DELETE /api/admin/:uniqueId/results/comments/:id": "results",

  // Ending a session moves every student and the school itself: the main admin's alone.
  "GET /api/admin/:uniqueId/promotion/preview": PROMOTING,
  "POST /api/admin/:uniqueId/promotion/rules": PROMOTING,
  "POST /api/admin/:uniqueId/promotion": PROMOTING,
  "POST /api/admin/:uniqueId/promotion/undo": PROMOTING,
  "POST /api/admin/:uniqueId/term-rollover": { mainOnly: PROMOTION_MESSAGES.termMainOnly },

  // The staff area: a teacher's own dashboard and week's timetable (an admin's are empty), and the attendance
  // register, which the class's form teacher, the main admin and sub-admins with the students key take
  // (api/services/attendance.ts).
  "GET /api/admin/:uniqueId/staff-area/dashboard": "signed-in",
  "GET /api/admin/:uniqueId/staff-area/timetable": "signed-in",
  "GET /api/admin/:uniqueId/staff-area/timetable/download-pdf": "signed-in",
  "GET /api/admin/:uniqueId/attendance": "students",
  "PUT /api/admin/:uniqueId/attendance": "students",

  // Messages to parents: the Parents key's; a teacher writes to their own classes only (api/services/messages.ts).
  "GET /api/admin/:uniqueId/messages": "parents",
  "GET /api/admin/:uniqueId/messages/audience": "parents",
  "POST /api/admin/:uniqueId/messages": "parents",
  "GET /api/admin/:uniqueId/messages/:id": "parents",
  // The daily SMS limit: shown beside the messages, changed by the main admin alone.
  "GET /api/admin/:uniqueId/message-settings": "parents",
  "PUT /api/admin/:uniqueId/message-settings": { mainOnly: MESSAGE_MESSAGES.capMainOnly },
  // Assessments: a teacher reaches the tests of the classes and subjects they teach (api/services/cbt.ts).
  "POST /api/admin/:uniqueId/cbt/questions": "assessments",
  "GET /api/admin/:uniqueId/cbt/questions": "assessments",
  "GET /api/admin/:uniqueId/cbt/tests": "assessments",
  "POST /api/admin/:uniqueId/cbt/tests": "assessments",
  "GET /api/admin/:uniqueId/cbt/tests/:id": "assessments",
  "POST /api/admin/:uniqueId/cbt/tests/:id/pins": "assessments",
  "GET /api/admin/:uniqueId/cbt/tests/:id/pins": "assessments",
  "GET /api/admin/:uniqueId/cbt/tests/:id/slips": "assessments",
  "GET /api/admin/:uniqueId/cbt/tests/:id/scores": "assessments",
  "GET /api/admin/:uniqueId/cbt/tests/:id/theory": "assessments",
  "PUT /api/admin/:uniqueId/cbt/tests/:id/theory": "assessments",
  "POST /api/admin/:uniqueId/cbt/tests/:id/send-to-results": "assessments",
  // A teacher's lesson notes and assignments: their own (api/services/notes.ts, assignments.ts); the admins with
  // the staff key read every teacher's, and review notes. Writes other than a review answer an admin 403.
  "GET /api/admin/:uniqueId/notes": "staff",
  "POST /api/admin/:uniqueId/notes": "staff",
  "GET /api/admin/:uniqueId/notes/:id": "staff",
  "GET /api/admin/:uniqueId/notes/:id/download": "staff",
  "DELETE /api/admin/:uniqueId/notes/:id": "staff",
  "POST /api/admin/:uniqueId/notes/:id/review": "staff",
  "GET /api/admin/:uniqueId/assignments": "staff",
  "POST /api/admin/:uniqueId/assignments": "staff",
  "GET /api/admin/:uniqueId/assignments/:id": "staff",
  "PUT /api/admin/:uniqueId/assignments/:id": "staff",
  "DELETE /api/admin/:uniqueId/assignments/:id": "staff",
  "GET /api/admin/:uniqueId/assignments/:id/attachments/:attachmentId": "staff",

  // The notification centre: each reader's own, filtered by the keys they hold (api/services/notifications.ts).
  "GET /api/admin/:uniqueId/notifications": "notifications",
  "GET /api/admin/:uniqueId/notifications/unread": "notifications",
  "POST /api/admin/:uniqueId/notifications/read-all": "notifications",
  "POST /api/admin/:uniqueId/notifications/:id/read": "notifications",
};

/**
 * The routes called without a school's token, each kept open on purpose: "public" needs no token at all
 * (its unguessable id or signature is the key, or it tells nothing of any school), "public-or-token" is
 * public for some records and needs the token for the rest. Every other route is a tenant route with its
 * line in ROUTE_ACCESS; tests/unit/openapi.test.ts checks that the two together cover the whole route table.
 */
export const PUBLIC_ROUTES: Record<string, "public" | "public-or-token"> = {
  "POST /api/admin/register": "public",
  "POST /api/admin/login": "public",
  // Password recovery: the same answer for every account; the emailed link's token is the key.
  "GET /api/admin/password-reset": "public",
  "POST /api/admin/password-reset": "public",
  "POST /api/admin/password-reset/confirm": "public",
  "GET /api/admin/password-reset/:token": "public",
  "GET /api/files/shared/:token": "public",
  "GET /api/public/report-cards/:token": "public",
  // A message's report card link: its signed, 30-day token is the key, and it opens one student's card.
  "GET /api/public/report-card-links/:token": "public",
  "GET /api/public/admission-forms/:publicId": "public",
  "POST /api/public/admission-forms/:publicId/submissions": "public",
  "GET /api/public/admission-forms/:publicId/submissions/:reference": "public",
  "POST /api/public/admission-forms/:publicId/submissions/:reference/pay": "public",
  "POST /api/public/payments/:reference/verify": "public",
  // A school fee's payment link: its signed, expiring token is the key, and it shows one balance.
  "GET /api/public/pay-links/:token": "public",
  "POST /api/public/pay-links/:token/pay": "public",
  "GET /api/public/payments/:reference/sandbox": "public",
  "POST /api/public/payments/:reference/sandbox": "public",
  // Paystack's events: the body's signature is the key.
  "POST /api/paystack/webhook": "public",
  // A school's logo is public (the application page shows it); every other image needs its school's token.
  "GET /api/media/:key": "public-or-token",
  // Taking a test: the code and PIN start an attempt (wrong PINs throttled), whose unguessable key then names it.
  "POST /api/public/cbt/attempts": "public",
  "GET /api/public/cbt/attempts/:attempt/questions/:n": "public",
  "GET /api/public/cbt/attempts/:attempt/questions/:n/image": "public",
  "PUT /api/public/cbt/attempts/:attempt/answers/:n": "public",
  "POST /api/public/cbt/attempts/:attempt/submit": "public",
  // The description of this API, for integrators.
  "GET /api/openapi.json": "public",
};

/**
 * The calls a teacher signed in to the staff area may make; every other call answers them 403. Within these,
 * the service checks what is theirs (their form class's register, their own lessons, their own classes' and
 * subjects' score sheets).
 */
export const TEACHER_ROUTES: ReadonlySet<string> = new Set([
  "POST /api/admin/:uniqueId/logout",
  "GET /api/admin/:uniqueId/adminData",
  "POST /api/admin/:uniqueId/change-password",
  "GET /api/admin/:uniqueId/school-settings",
  "GET /api/admin/:uniqueId/access",
  "GET /api/admin/:uniqueId/staff-area/dashboard",
  "GET /api/admin/:uniqueId/staff-area/timetable",
  "GET /api/admin/:uniqueId/staff-area/timetable/download-pdf",
  "GET /api/admin/:uniqueId/attendance",
  "PUT /api/admin/:uniqueId/attendance",
  // Their own classes' and subjects' score sheets (api/services/results.ts, requireTaught).
  "GET /api/admin/:uniqueId/results/sheet",
  "PUT /api/admin/:uniqueId/results/sheet",
  // Messages to the parents of their own classes, and the ones they wrote (api/services/messages.ts).
  "GET /api/admin/:uniqueId/messages",
  "GET /api/admin/:uniqueId/messages/audience",
  "POST /api/admin/:uniqueId/messages",
  "GET /api/admin/:uniqueId/messages/:id",
  // Their own classes' and subjects' tests (api/services/cbt.ts, requireTaught).
  "POST /api/admin/:uniqueId/cbt/questions",
  "GET /api/admin/:uniqueId/cbt/questions",
  "GET /api/admin/:uniqueId/cbt/tests",
  "POST /api/admin/:uniqueId/cbt/tests",
  "GET /api/admin/:uniqueId/cbt/tests/:id",
  "POST /api/admin/:uniqueId/cbt/tests/:id/pins",
  "GET /api/admin/:uniqueId/cbt/tests/:id/pins",
  "GET /api/admin/:uniqueId/cbt/tests/:id/slips",
  "GET /api/admin/:uniqueId/cbt/tests/:id/scores",
  "GET /api/admin/:uniqueId/cbt/tests/:id/theory",
  "PUT /api/admin/:uniqueId/cbt/tests/:id/theory",
  "POST /api/admin/:uniqueId/cbt/tests/:id/send-to-results",
  // Their own lesson notes and assignments, for their own classes and subjects (api/services/teaching-files.ts).
  "GET /api/admin/:uniqueId/notes",
  "POST /api/admin/:uniqueId/notes",
  "GET /api/admin/:uniqueId/notes/:id",
  "GET /api/admin/:uniqueId/notes/:id/download",
  "DELETE /api/admin/:uniqueId/notes/:id",
  "GET /api/admin/:uniqueId/assignments",
  "POST /api/admin/:uniqueId/assignments",
  "GET /api/admin/:uniqueId/assignments/:id",
  "PUT /api/admin/:uniqueId/assignments/:id",
  "DELETE /api/admin/:uniqueId/assignments/:id",
  "GET /api/admin/:uniqueId/assignments/:id/attachments/:attachmentId",
  // Their own classes' registers and results (api/services/notifications.ts).
  "GET /api/admin/:uniqueId/notifications",
  "GET /api/admin/:uniqueId/notifications/unread",
  "POST /api/admin/:uniqueId/notifications/read-all",
  "POST /api/admin/:uniqueId/notifications/:id/read",
]);

export const isMainOnly = (access: RouteAccess | undefined): access is MainOnly =>
  typeof access === "object" && "mainOnly" in access;

/** Whether the tenant (main admin or sub-admin) may do what `access` asks. */
export function allows(tenant: Tenant, access: RouteAccess | undefined): boolean {
  if (tenant.staff) return false;
  if (!tenant.subAdmin) return true;
  if (access === undefined || access === "main" || isMainOnly(access)) return false;
  if (access === "signed-in") return true;
  const keys: readonly FeatureKey[] = typeof access === "string" ? [access] : (access as readonly FeatureKey[]);
  return keys.some((key) => tenant.subAdmin!.features.has(key));
}

/**
 * The guard other services call for what only the school's main admin may do (manage admins, review
 * admission submissions): any sub-admin gets 403 with `message`.
 */
export function requireMainAdmin(tenant: Tenant, message: string = ACCESS_MESSAGES.mainAdminOnly): void {
  if (tenant.subAdmin || tenant.staff) throw new ApiError(403, message);
}

/** The guard for one feature key, for a check inside a service. */
export function requireFeature(tenant: Tenant, key: FeatureKey): void {
  if (!allows(tenant, key)) throw new ApiError(403, ACCESS_MESSAGES.forbidden);
}

/** "METHOD path" of the route that will answer this request, as ROUTE_ACCESS names it; null when none does (404). */
export function routeKey(c: Context): string | null {
  const method = c.req.method === "HEAD" ? "GET" : c.req.method;
  const route = matchedRoutes(c)
    .filter((r) => r.method === method)
    .pop();
  return route ? `${method} ${route.path}` : null;
}

const SUB_ADMIN_BODY_BYTES = 256 * 1024;

/**
 * The sub_admin_id the request carries: in a JSON body on POST and PUT, else in the
 * query (GET, DELETE, and writes whose body is a streamed upload or empty). The JSON body is read from a
 * copy, so the route still reads it whole.
 */
async function sentSubAdminId(c: Context): Promise<string | undefined> {
  const isJson = (c.req.header("content-type") ?? "").includes("json");
  if ((c.req.method === "POST" || c.req.method === "PUT") && isJson) {
    try {
      const body = JSON.parse(await readTextWithin(c.req.raw.clone(), SUB_ADMIN_BODY_BYTES)) as unknown;
      const value =
        body && typeof body === "object" && !Array.isArray(body)
          ? (body as Record<string, unknown>).sub_admin_id
          : undefined;
      return value === undefined || value === null ? undefined : String(value);
    } catch {
      return undefined;
    }
  }
  return c.req.query("sub_admin_id");
}

/**
 * Checks the route's access for the signed-in tenant before anything runs: a sub-admin without the
 * route's key, or whose sub_admin_id is missing or not theirs, gets 403 and nothing changes.
 */
export async function checkAccess(c: Context, tenant: Tenant): Promise<void> {
  const key = routeKey(c);
  if (!key) return;
  if (tenant.staff) {
    if (!TEACHER_ROUTES.has(key) || c.req.query("sub_admin_id") !== undefined)
      throw new ApiError(403, ACCESS_MESSAGES.forbidden);
    return;
  }
  if (!tenant.subAdmin) {
    if (c.req.query("sub_admin_id") !== undefined) throw new ApiError(403, ACCESS_MESSAGES.subAdminMismatch);
    return;
  }
  const access = ROUTE_ACCESS[key];
  if (!allows(tenant, access))
    throw new ApiError(403, isMainOnly(access) ? access.mainOnly : ACCESS_MESSAGES.forbidden);
  if ((await sentSubAdminId(c)) !== String(tenant.subAdmin.id))
    throw new ApiError(403, ACCESS_MESSAGES.subAdminMismatch);
}
