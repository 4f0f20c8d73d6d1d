import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { ACCESS_MESSAGES } from "../../contract/access";
import { APP_MESSAGES } from "../../contract/messages";
import { adminNav, allowsPage, isTeacherPage, pageAccess, STAFF_NAV } from "~/lib/access";
import { SchoolApiClient, UnauthorizedError } from "./api.server";
import { adminPath } from "./return-to";
import { commitSession, getSession, type AppSession } from "./session.server";

export const LOGIN_PATH = "/choose-account";

export interface AdminContext {
  api: SchoolApiClient;
  uniqueId: string;
  session: AppSession;
  /** The signed-in sub-admin's id; undefined for the school's main admin. */
  subAdminId?: number;
  /** The signed-in teacher's staff id (the staff area); undefined for admins. */
  staffId?: number;
}

/** Where a sign-in lands when no other page was asked for (the main admin's start page). */
const DASHBOARD_PATH = "/admin/dashboard";

/**
 * The login page for a signed-out request: a page read under /admin/ goes with it as `?returnTo=` (its path
 * and query, nothing else), so that signing in leads back there. The dashboard, where sign-in lands anyway,
 * and Logout are left out, as is anything posted.
 */
export function loginPathFor(request: Request): string {
  if (request.method !== "GET" && request.method !== "HEAD") return LOGIN_PATH;
  const url = new URL(request.url);
  const asked = adminPath(url.pathname + url.search, DASHBOARD_PATH);
  if (asked === DASHBOARD_PATH || url.pathname === "/admin/logout") return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ returnTo: asked })}`;
}

/** The signed-in admin, or null when no one is signed in. */
export async function signedInAdmin(request: Request, context: AppLoadContext): Promise<AdminContext | null> {
  const session = await getSession(request, context);
  const token = session.get("token");
  const uniqueId = session.get("uniqueId");
  if (!token || !uniqueId) return null;
  const subAdminId = session.get("subAdminId");
  return {
    api: new SchoolApiClient(context.schoolApi, { token, uniqueId, subAdminId }, context.apiTimeoutMs),
    uniqueId,
    session,
    subAdminId,
    staffId: session.get("staffId"),
  };
}

/** The signed-in admin, or a redirect to the login page. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<AdminContext> {
  const admin = await signedInAdmin(request, context);
  if (!admin) throw redirect(loginPathFor(request));
  return admin;
}

export function publicApi(context: AppLoadContext): SchoolApiClient {
  return new SchoolApiClient(context.schoolApi, undefined, context.apiTimeoutMs);
}

/**
 * Runs a loader or action body; when the API says the token is no longer valid (expired, revoked),
 * the session is cleared and the admin is sent to log in again with a toast.
 */
export async function withAdmin<T>(
  request: Request,
  context: AppLoadContext,
  body: (admin: AdminContext) => Promise<T>,
): Promise<T> {
  const admin = await requireAdmin(request, context);
  try {
    if (request.method !== "GET" && request.method !== "HEAD") await refuseClosedPage(admin, request);
    return await body(admin);
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
    signOut(admin.session);
    admin.session.flash("toast", { kind: "error", message: APP_MESSAGES.unauthenticated });
    throw redirect(LOGIN_PATH, { headers: { "Set-Cookie": await commitSession(request, context, admin.session) } });
  }
}

/** Forgets who is signed in, keeping the rest of the session (data saver). */
export function signOut(session: AppSession): void {
  session.unset("token");
  session.unset("uniqueId");
  session.unset("subAdminId");
  session.unset("staffId");
}

/**
 * The 403 page of a page closed to this admin, with their menu, so that the error boundary keeps the shell; a
 * teacher's is the staff menu.
 */
export function closedPage(features: readonly string[] | null, teacher = false) {
  const nav = teacher ? STAFF_NAV : adminNav(features);
  return data({ forbidden: ACCESS_MESSAGES.forbiddenPage, home: nav.home, nav }, { status: 403 });
}

/** Whether the signed-in person is a teacher (the staff area), who opens no admin page but Logout. */
export const isTeacher = (admin: AdminContext) => admin.staffId !== undefined;

/**
 * A sub-admin's post to a page closed to them answers its 403 page before anything is read or sent, as their visit
 * to it does (the API would refuse the call too, but a form's own checks, or its body, could answer first).
 */
async function refuseClosedPage(admin: AdminContext, request: Request) {
  const pathname = new URL(request.url).pathname;
  if (isTeacher(admin)) {
    if (!teacherOpens(pathname)) throw closedPage([], true);
    return;
  }
  if (isStaffPath(pathname)) throw closedPage(await currentFeatures(admin));
  if (admin.subAdminId === undefined) return;
  const features = await currentFeatures(admin);
  if (!allowsPage(features, pageAccess(pathname))) throw closedPage(features);
}

/** Whether a teacher may open a page: the staff area's, their notifications, and the few every signed-in person opens. */
export const teacherOpens = (pathname: string) =>
  isStaffPath(pathname) || isTeacherPage(pathname) || allowsPage([], pageAccess(pathname));

/** A page of the staff area. */
export const isStaffPath = (pathname: string) => /^\/staff(\/|$)/i.test(pathname);

/**
 * The signed-in admin's feature keys as the API holds them now (null for the main admin), so a key
 * taken away hides its menu entry and closes its pages from the next page on.
 */
export async function currentFeatures(admin: AdminContext): Promise<string[] | null> {
  if (isTeacher(admin)) return [];
  if (admin.subAdminId === undefined) return null;
  const result = await admin.api.get<{ sub_admin: { features: string[] } | null }>("/access");
  if (!result.ok) return [];
  return result.data.sub_admin?.features ?? null;
}
