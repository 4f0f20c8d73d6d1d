import { createMiddleware } from "hono/factory";
import { APP_MESSAGES } from "../../contract/messages";
import type { ApiDeps, Tenant } from "../context";
import { checkAccess } from "../lib/access";
import { ApiError } from "../lib/errors";
import { authenticate } from "../services/auth";

export type TenantEnv = { Variables: { tenant: Tenant; token: string } };

/**
 * Every /api/admin/{uniqueId}/… call: the bearer token names the school, and the {uniqueId} in the
 * path must be that school's, else 404 (another school's paths do not exist for this token). A
 * sub-admin's token then passes the route's access check (api/lib/access.ts) or gets 403.
 */
export function requireTenant(deps: ApiDeps) {
  return createMiddleware<TenantEnv>(async (c, next) => {
    const { tenant, token } = await bearerTenant(deps, c.req.header("authorization"));
    if (c.req.param("uniqueId")?.toUpperCase() !== tenant.uniqueId) throw new ApiError(404, APP_MESSAGES.notFound);
    c.set("tenant", tenant);
    c.set("token", token);
    await checkAccess(c, tenant);
    await next();
  });
}

/** The school (and sub-admin) a request's bearer token is signed in as; none, or not valid: 401. */
export async function bearerTenant(
  deps: ApiDeps,
  header: string | undefined,
): Promise<{ tenant: Tenant; token: string }> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  if (!match) throw new ApiError(401, APP_MESSAGES.unauthenticated);
  const tenant = await authenticate(deps, match[1]);
  if (!tenant) throw new ApiError(401, APP_MESSAGES.unauthenticated);
  return { tenant, token: match[1] };
}
