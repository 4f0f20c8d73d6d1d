import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import { ACCESS_MESSAGES, type FeatureKey } from "../../contract/access";
import { readTextWithin } from "../../contract/body";
import { RESULTS_MESSAGES } from "../../contract/results";
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

export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  "POST /api/admin/:uniqueId/logout": "signed-in",
  // The school's name and logo, shown wherever the school is named; changing them is the profile's.
  "GET /api/admin/:uniqueId/adminData": "signed-in",
  "POST /api/admin/:uniqueId/update/adminData": "profile",
  // A sub-admin changes their own password; only the main admin's token changes the school's.
  "POST /api/admin/:uniqueId/change-password": "signed-in",
  "GET /api/admin/:uniqueId/dashboard": "dashboard",

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
  "PUT /api/admin/:uniqueId/admission-forms/:id/toggle-status": "admission",
  "DELETE /api/admin/:uniqueId/admission-forms/:id": "admission",
  "GET /api/admin/:uniqueId/submissions": "admission",
  "GET /api/admin/:uniqueId/submissions/:id/details": SUBMISSION_REVIEW,
  "GET /api/admin/:uniqueId/submissions/:id/documents/:field": SUBMISSION_REVIEW,
  "PUT /api/admin/:uniqueId/submissions/:id/approve": SUBMISSION_REVIEW,
  "PUT /api/admin/:uniqueId/submissions/:id/reject": SUBMISSION_REVIEW,

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

  "POST /api/admin/:uniqueId/students/bulkRegister": "students",
  "POST /api/admin/:uniqueId/stu-parents/bulkRegister": "parents",
  "POST /api/admin/:uniqueId/staffs/bulkRegister": "staff",
  // The kind in the path names the key: the import route checks it (requireFeature).
  "GET /api/admin/:uniqueId/imports/:kind/template": ["students", "parents", "staff"],
  "POST /api/admin/:uniqueId/imports/:kind": ["students", "parents", "staff"],
  "GET /api/admin/:uniqueId/imports/:kind/:token": ["students", "parents", "staff"],
  "GET /api/admin/:uniqueId/imports/:kind/:token/problems": ["students", "parents", "staff"],
  "POST /api/admin/:uniqueId/imports/:kind/:token/mapping": ["students", "parents", "staff"],
  "POST /api/admin/:uniqueId/imports/:kind/:token/commit": ["students", "parents", "staff"],

  "GET /api/admin/:uniqueId/jobs": "main",

  // Sub-admins with the results key enter scores; publishing and reopening published results are the main admin's.
  "GET /api/admin/:uniqueId/results/sheet": "results",
  "PUT /api/admin/:uniqueId/results/sheet": "results",
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
};

export const isMainOnly = (access: RouteAccess | undefined): access is MainOnly =>
  typeof access === "object" && "mainOnly" in access;

/** Whether the tenant (main admin or sub-admin) may do what `access` asks. */
export function allows(tenant: Tenant, access: RouteAccess | undefined): boolean {
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
  if (tenant.subAdmin) throw new ApiError(403, message);
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
