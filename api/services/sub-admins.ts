import {
  ACCESS_MESSAGES,
  FEATURE_KEYS,
  FEATURE_LABELS,
  type SubAdminCredentials,
  type SubAdminRecord,
} from "../../contract/access";
import { subAdminFields, subAdminStatus } from "../../contract/access.schema";
import type { ApiDeps, Tenant } from "../context";
import type { Selectable } from "kysely";
import type { SubAdminTable } from "../db/schema";
import { generatePassword, hashPassword } from "../lib/crypto";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, fromZod } from "../lib/errors";
import { recordAudit } from "./audit";
import { normalizePhone, parseFeatures } from "./auth";

/**
 * The school's sub-admins, managed by its main admin (the routes are "main" in api/lib/access.ts). Every
 * change is a "permission" entry of the audit log, naming the sub-admin and the keys they hold.
 */
type Row = Selectable<SubAdminTable>;

const notFound = () => new ApiError(404, ACCESS_MESSAGES.notFound);
const emailTaken = () => new ApiError(409, ACCESS_MESSAGES.emailTaken, { email: [ACCESS_MESSAGES.emailTaken] });

function toRecord(row: Row): SubAdminRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    features: parseFeatures(row.features),
    disabled: row.disabled === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const keysText = (features: readonly string[]) =>
  features.length
    ? FEATURE_KEYS.filter((k) => features.includes(k))
        .map((k) => FEATURE_LABELS[k])
        .join(", ")
    : "no features";

function parseFields(raw: unknown) {
  const parsed = subAdminFields.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const phone = parsed.data.phone ? normalizePhone("phone", parsed.data.phone) : null;
  const features = FEATURE_KEYS.filter((k) => parsed.data.features.includes(k));
  return { name: parsed.data.name, email: parsed.data.email.toLowerCase(), phone, features: features.join(",") };
}

async function findRow(deps: ApiDeps, tenant: Tenant, rawId: string): Promise<Row> {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound();
  const row = await deps.db
    .selectFrom("sub_admins")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function emailInUse(deps: ApiDeps, tenant: Tenant, email: string, except?: number) {
  let q = deps.db
    .selectFrom("sub_admins")
    .select("id")
    .where("school_id", "=", tenant.schoolId)
    .where("email", "=", email);
  if (except) q = q.where("id", "!=", except);
  return Boolean(await q.executeTakeFirst());
}

export async function listSubAdmins(deps: ApiDeps, tenant: Tenant): Promise<SubAdminRecord[]> {
  const rows = await deps.db
    .selectFrom("sub_admins")
    .selectAll()
    .where("school_id", "=", tenant.schoolId)
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map(toRecord);
}

export async function getSubAdmin(deps: ApiDeps, tenant: Tenant, rawId: string): Promise<SubAdminRecord> {
  return toRecord(await findRow(deps, tenant, rawId));
}

/**
 * Adds a sub-admin with a generated password, answered this once. The same form sent again (same key)
 * answers the same sub-admin with a fresh password: the first answer may never have been seen.
 */
export async function createSubAdmin(
  deps: ApiDeps,
  tenant: Tenant,
  raw: unknown,
  key: string | null,
): Promise<{ created: boolean; credentials: SubAdminCredentials }> {
  const fields = parseFields(raw);
  const password = generatePassword();
  const password_hash = await hashPassword(password);
  const now = deps.now().toISOString();
  const credentials = (row: Row): SubAdminCredentials => ({
    sub_admin: toRecord(row),
    unique_id: tenant.uniqueId,
    email: row.email,
    password,
  });
  const replay = async () => {
    if (!key) return null;
    const earlier = await deps.db
      .updateTable("sub_admins")
      .set({ password_hash, updated_at: now })
      .where("school_id", "=", tenant.schoolId)
      .where("idempotency_key", "=", key)
      .returningAll()
      .executeTakeFirst();
    return earlier ? { created: false, credentials: credentials(earlier) } : null;
  };
  // The email may be taken by this very form sent moments before (same key, committed meanwhile): that is a replay.
  const replayOrTaken = async () => {
    const again = await replay();
    if (again) return again;
    throw emailTaken();
  };
  const earlier = await replay();
  if (earlier) return earlier;
  if (await emailInUse(deps, tenant, fields.email)) return replayOrTaken();
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("sub_admins")
        .values({
          school_id: tenant.schoolId,
          ...fields,
          password_hash,
          disabled: 0,
          idempotency_key: key,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(
        deps,
        tenant,
        {
          kind: "permission",
          summary: `Added sub-admin ${inserted.name} with ${keysText(parseFeatures(inserted.features))}`,
          recordIds: [inserted.id],
        },
        trx,
      );
      return inserted;
    });
    return { created: true, credentials: credentials(row) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return replayOrTaken();
  }
}

export async function updateSubAdmin(
  deps: ApiDeps,
  tenant: Tenant,
  rawId: string,
  raw: unknown,
): Promise<SubAdminRecord> {
  const before = await findRow(deps, tenant, rawId);
  const fields = parseFields(raw);
  if (await emailInUse(deps, tenant, fields.email, before.id)) throw emailTaken();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("sub_admins")
        .set({ ...fields, updated_at: deps.now().toISOString() })
        .where("school_id", "=", tenant.schoolId)
        .where("id", "=", before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const summary =
        row.features === before.features
          ? `Updated sub-admin ${row.name}`
          : `Changed the features of sub-admin ${row.name} to ${keysText(parseFeatures(row.features))}`;
      await recordAudit(deps, tenant, { kind: "permission", summary, recordIds: [row.id] }, trx);
      return toRecord(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Disables or enables a sub-admin; a disabled one is signed out at once and cannot sign in. */
export async function setSubAdminDisabled(
  deps: ApiDeps,
  tenant: Tenant,
  rawId: string,
  raw: unknown,
): Promise<SubAdminRecord> {
  const parsed = subAdminStatus.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const before = await findRow(deps, tenant, rawId);
  const disabled = parsed.data.disabled ? 1 : 0;
  if (before.disabled === disabled) return toRecord(before);
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("sub_admins")
      .set({ disabled, updated_at: deps.now().toISOString() })
      .where("id", "=", before.id)
      .where("school_id", "=", tenant.schoolId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (disabled)
      await trx
        .deleteFrom("auth_tokens")
        .where("school_id", "=", tenant.schoolId)
        .where("sub_admin_id", "=", row.id)
        .execute();
    await recordAudit(
      deps,
      tenant,
      {
        kind: "permission",
        summary: `${disabled ? "Disabled" : "Enabled"} sub-admin ${row.name}`,
        recordIds: [row.id],
      },
      trx,
    );
    return toRecord(row);
  });
}

/** A new generated password, answered once; the sub-admin's sign-ins end. */
export async function resetSubAdminPassword(
  deps: ApiDeps,
  tenant: Tenant,
  rawId: string,
): Promise<SubAdminCredentials> {
  const before = await findRow(deps, tenant, rawId);
  const password = generatePassword();
  const password_hash = await hashPassword(password);
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("sub_admins")
      .set({ password_hash, updated_at: deps.now().toISOString() })
      .where("id", "=", before.id)
      .where("school_id", "=", tenant.schoolId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom("auth_tokens")
      .where("school_id", "=", tenant.schoolId)
      .where("sub_admin_id", "=", updated.id)
      .execute();
    await recordAudit(
      deps,
      tenant,
      { kind: "permission", summary: `Reset the password of sub-admin ${updated.name}`, recordIds: [updated.id] },
      trx,
    );
    return updated;
  });
  return { sub_admin: toRecord(row), unique_id: tenant.uniqueId, email: row.email, password };
}

export async function deleteSubAdmin(deps: ApiDeps, tenant: Tenant, rawId: string): Promise<void> {
  const row = await findRow(deps, tenant, rawId);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("auth_tokens")
      .where("school_id", "=", tenant.schoolId)
      .where("sub_admin_id", "=", row.id)
      .execute();
    await trx.deleteFrom("sub_admins").where("school_id", "=", tenant.schoolId).where("id", "=", row.id).execute();
    await recordAudit(
      deps,
      tenant,
      { kind: "deletion", summary: `Deleted sub-admin ${row.name}`, recordIds: [row.id] },
      trx,
    );
  });
}
