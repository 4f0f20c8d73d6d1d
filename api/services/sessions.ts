import { SESSION_MESSAGES as M, type SessionRecord } from "../../contract/sessions";
import type { ApiDeps, Tenant } from "../context";
import { requireMainAdmin } from "../lib/access";
import { hashToken } from "../lib/crypto";
import { ApiError } from "../lib/errors";

/**
 * The main admin's own sessions: the school's tokens that are neither a sub-admin's nor a teacher's. Listing and
 * ending them is the main admin's alone; the session making the call is marked, and never ended here.
 */
function mainAdminTokens(deps: ApiDeps, tenant: Tenant) {
  requireMainAdmin(tenant, M.mainOnly);
  return deps.db
    .selectFrom("auth_tokens")
    .where("auth_tokens.school_id", "=", tenant.schoolId)
    .where("auth_tokens.sub_admin_id", "is", null)
    .where("auth_tokens.staff_id", "is", null)
    .where("auth_tokens.expires_at", ">", deps.now().toISOString());
}

export async function listSessions(deps: ApiDeps, tenant: Tenant, currentToken: string): Promise<SessionRecord[]> {
  const rows = await mainAdminTokens(deps, tenant)
    .leftJoin("session_activity", "session_activity.token_id", "auth_tokens.id")
    .select([
      "auth_tokens.id",
      "auth_tokens.token_hash",
      "auth_tokens.user_agent",
      "auth_tokens.created_at",
      "session_activity.last_seen_at",
    ])
    .execute();
  const current = hashToken(currentToken);
  return rows
    .map((row) => ({
      id: row.id,
      device: deviceName(row.user_agent),
      signed_in_at: row.created_at,
      last_seen_at: row.last_seen_at ?? row.created_at,
      current: row.token_hash === current,
    }))
    .sort(
      (a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at) || b.id - a.id,
    );
}

export async function endSession(deps: ApiDeps, tenant: Tenant, id: string, currentToken: string): Promise<void> {
  const row = /^\d{1,12}$/.test(id)
    ? await mainAdminTokens(deps, tenant)
        .select(["auth_tokens.id", "auth_tokens.token_hash"])
        .where("auth_tokens.id", "=", Number(id))
        .executeTakeFirst()
    : undefined;
  if (!row) throw new ApiError(404, M.notFound);
  if (row.token_hash === hashToken(currentToken)) throw new ApiError(409, M.isCurrent);
  await deps.db.deleteFrom("auth_tokens").where("id", "=", row.id).where("school_id", "=", tenant.schoolId).execute();
}

/** Ends every session of the main admin but the one making the call; how many ended. */
export async function endOtherSessions(deps: ApiDeps, tenant: Tenant, currentToken: string): Promise<number> {
  requireMainAdmin(tenant, M.mainOnly);
  const ended = await deps.db
    .deleteFrom("auth_tokens")
    .where("school_id", "=", tenant.schoolId)
    .where("sub_admin_id", "is", null)
    .where("staff_id", "is", null)
    .where("token_hash", "!=", hashToken(currentToken))
    .executeTakeFirst();
  return Number(ended.numDeletedRows);
}

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bUCBrowser\//, "UC Browser"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrome\/|\bCriOS\/|\bHeadlessChrome\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** "Chrome on Android" from a User-Agent; what is unknown is said so rather than guessed. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system)!;
  return "Another app or browser";
}
