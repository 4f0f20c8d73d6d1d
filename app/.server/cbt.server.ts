import { createCookie, redirect, type AppLoadContext } from "@remix-run/node";
import { SCHOOL_TIME_ZONE } from "../../contract/calendar";
import { CBT_MESSAGES as M } from "../../contract/cbt";
import type { SchoolSettings } from "../../contract/settings";
import type { ApiResult, SchoolApiClient } from "./api.server";
import { isHttps } from "./session.server";

/** An attempt lasts at most the longest test and its grace; the cookie goes long after. */
const ATTEMPT_COOKIE_MAX_AGE_S = 12 * 60 * 60;

/**
 * The attempt this browser is taking at /cbt: its key kept in a signed, httpOnly cookie of the /cbt pages, never
 * in the address, so that a shared lab computer's history shows no key.
 */
function attemptCookie(request: Request, context: AppLoadContext) {
  return createCookie("__cbt", {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(request),
    path: "/cbt",
    secrets: [context.sessionSecret],
    maxAge: ATTEMPT_COOKIE_MAX_AGE_S,
  });
}

export async function attemptOf(request: Request, context: AppLoadContext): Promise<string | null> {
  const value: unknown = await attemptCookie(request, context).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

export function keepAttempt(request: Request, context: AppLoadContext, attempt: string): Promise<string> {
  return attemptCookie(request, context).serialize(attempt);
}

export function forgetAttempt(request: Request, context: AppLoadContext): Promise<string> {
  return attemptCookie(request, context).serialize("", { maxAge: 0 });
}

export const attemptPath = (attempt: string, rest: string) =>
  `/api/public/cbt/attempts/${encodeURIComponent(attempt)}/${rest}`;

/** "About 12 minutes left", as the server counts it. */
export function timeLeft(seconds: number): string {
  if (seconds <= 0) return M.timeUp;
  if (seconds < 60) return "Less than a minute left";
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"} left`;
}

/** Why the /cbt pages ended an attempt, as /cbt/closed?reason= says it. */
export const ENDED: Record<string, string> = {
  submitted: M.submitted,
  closed: M.closed,
  done: M.alreadySubmitted,
  lab: M.labOnly,
  gone: M.attemptNotFound,
};

/**
 * The answer to a refused call on an attempt: the closed page (the attempt forgotten) when the attempt is over,
 * gone or outside the lab; 503 when the school API could not answer.
 */
export async function endedOr503(
  request: Request,
  context: AppLoadContext,
  failure: Extract<ApiResult<unknown>, { ok: false }>,
): Promise<Response> {
  if (failure.status === 0 || failure.status >= 500) return new Response(failure.message, { status: 503 });
  const reason =
    failure.status === 403
      ? "lab"
      : failure.status === 404
        ? "gone"
        : failure.reason === M.alreadySubmitted
          ? "done"
          : "closed";
  return redirect(`/cbt/closed?reason=${reason}`, {
    headers: { "Set-Cookie": await forgetAttempt(request, context) },
  });
}

/** Where the assessments screens live: the admins' /admin/assessments, or a teacher's /staff/cbt-exams. */
export function cbtBase(request: Request): string {
  return new URL(request.url).pathname.startsWith("/staff/") ? "/staff/cbt-exams" : "/admin/assessments";
}

/** The terminal result's columns of the report sheet, for the test's "results column" choice. */
export async function resultColumns(api: SchoolApiClient): Promise<string[]> {
  const settings = await api.get<SchoolSettings>("/school-settings");
  return settings.ok ? (settings.data.report_sheet?.exam_columns ?? []) : [];
}

const lagos = new Intl.DateTimeFormat("en-GB", {
  timeZone: SCHOOL_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "25 Nov 2026, 09:00": a moment as a clock in Lagos shows it. */
export const lagosTime = (iso: string) => lagos.format(new Date(iso));
