import type { AuditEntry, AuditKind } from "../../contract/access";
import { AUDIT_KINDS } from "../../contract/access";
import type { Paginated } from "../../contract/http";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import { paginate, type PageParams } from "../lib/pagination";

/** What the school's main admin is called in the log. */
export const MAIN_ADMIN_NAME = "Main admin";

export interface AuditRecord {
  kind: AuditKind;
  /** A short sentence naming records by name only (no phones, emails, addresses). */
  summary: string;
  /** Ids of the records concerned. */
  recordIds?: ReadonlyArray<string | number>;
}

/**
 * Writes one audit entry for what `tenant` (the main admin or a sub-admin) just did. Pass the
 * transaction as `db` when the change runs in one, so the entry is kept exactly when the change is.
 */
export async function recordAudit(deps: ApiDeps, tenant: Tenant, entry: AuditRecord, db: Db = deps.db): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      school_id: tenant.schoolId,
      sub_admin_id: tenant.subAdmin?.id ?? null,
      actor_name: tenant.subAdmin?.name ?? (tenant.staff ? `${tenant.staff.name} (teacher)` : MAIN_ADMIN_NAME),
      kind: entry.kind,
      summary: entry.summary.slice(0, 300),
      record_ids: (entry.recordIds ?? []).map(String).join(","),
      created_at: deps.now().toISOString(),
    })
    .execute();
}

export interface AuditQuery extends PageParams {
  kind?: AuditKind;
  /** "main" for the main admin, or a sub-admin's id. */
  who?: "main" | number;
}

/** The school's audit log, newest first, filtered by kind and person in SQL. */
export async function listAudit(deps: ApiDeps, tenant: Tenant, query: AuditQuery): Promise<Paginated<AuditEntry>> {
  let base = deps.db.selectFrom("audit_log").where("school_id", "=", tenant.schoolId);
  if (query.kind) base = base.where("kind", "=", query.kind);
  if (query.who === "main") base = base.where("sub_admin_id", "is", null);
  else if (typeof query.who === "number") base = base.where("sub_admin_id", "=", query.who);
  return paginate(
    query,
    async () => (await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n as number,
    async (limit, offset) =>
      (
        await base.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute()
      ).map((row) => ({
        id: row.id,
        kind: (AUDIT_KINDS as readonly string[]).includes(row.kind) ? (row.kind as AuditKind) : "settings",
        sub_admin_id: row.sub_admin_id,
        actor_name: row.actor_name,
        summary: row.summary,
        record_ids: row.record_ids ? row.record_ids.split(",") : [],
        created_at: row.created_at,
      })),
  );
}
