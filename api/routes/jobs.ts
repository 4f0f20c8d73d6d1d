import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import type { ApiDeps } from "../context";
import type { TenantEnv } from "../middleware/tenant";
import { jobsQuery, listJobs } from "../services/jobs";

/** The school's background jobs, under /api/admin/{uniqueId} (calls in contract/jobs.ts). */
export function jobRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>().get("/jobs", documented({ query: jobsQuery }), async (c) =>
    c.json({ data: await listJobs(deps, c.get("tenant"), jobsQuery.parse(c.req.query())) }),
  );
}
