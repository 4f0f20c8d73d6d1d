import { ACCESS_MESSAGES } from "../../contract/access";
import { STAFF_MESSAGES } from "../../contract/staff";
import { STAFF_AREA_MESSAGES as M, type StaffSignIn } from "../../contract/staff-area";
import type { ApiDeps, Tenant } from "../context";
import { requireMainAdmin } from "../lib/access";
import { generatePassword, hashPassword } from "../lib/crypto";
import { ApiError } from "../lib/errors";
import { isRecordKey } from "../lib/record-key";
import { recordAudit } from "./audit";

/**
 * A teaching member's sign-in to the staff area, turned on and off by the main admin: the staff record's email and
 * a generated password, shown once. Each change is a "permission" entry of the audit log.
 */
async function findMember(deps: ApiDeps, tenant: Tenant, key: string) {
  const row = await deps.db
    .selectFrom("staff")
    .select(["id", "name", "email", "is_teaching_staff", "password_hash"])
    .where("school_id", "=", tenant.schoolId)
    .where(isRecordKey(key))
    .executeTakeFirst();
  if (!row) throw new ApiError(404, STAFF_MESSAGES.notFound);
  return row;
}

/** Turns sign-in on with a new generated password; when it is on already, the password is replaced (a reset). */
export async function turnOnSignIn(deps: ApiDeps, tenant: Tenant, key: string): Promise<StaffSignIn> {
  requireMainAdmin(tenant, ACCESS_MESSAGES.mainAdminOnly);
  const member = await findMember(deps, tenant, key);
  if (member.is_teaching_staff !== 1) throw new ApiError(422, M.notTeaching);
  if (!member.email) throw new ApiError(422, M.emailNeeded, { email: [M.emailNeeded] });
  const email = member.email;
  const subAdmin = await deps.db
    .selectFrom("sub_admins")
    .select("id")
    .where("school_id", "=", tenant.schoolId)
    .where("email", "=", email)
    .executeTakeFirst();
  if (subAdmin) throw new ApiError(409, M.emailIsSubAdmin, { email: [M.emailIsSubAdmin] });
  const password = generatePassword();
  const password_hash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("staff")
      .set({ password_hash, updated_at: deps.now().toISOString() })
      .where("school_id", "=", tenant.schoolId)
      .where("id", "=", member.id)
      .execute();
    // A reset ends the sessions signed in with the old password.
    await trx
      .deleteFrom("auth_tokens")
      .where("school_id", "=", tenant.schoolId)
      .where("staff_id", "=", member.id)
      .execute();
    const summary = member.password_hash
      ? `Reset the staff area password of ${member.name}`
      : `Turned on staff area sign-in for ${member.name}`;
    await recordAudit(deps, tenant, { kind: "permission", summary, recordIds: [member.id] }, trx);
  });
  return { unique_id: tenant.uniqueId, email, password };
}

/** Turns sign-in off and ends the teacher's sessions; turning off what is off changes nothing. */
export async function turnOffSignIn(deps: ApiDeps, tenant: Tenant, key: string): Promise<void> {
  requireMainAdmin(tenant, ACCESS_MESSAGES.mainAdminOnly);
  const member = await findMember(deps, tenant, key);
  if (member.password_hash === null) return;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("staff")
      .set({ password_hash: null, updated_at: deps.now().toISOString() })
      .where("school_id", "=", tenant.schoolId)
      .where("id", "=", member.id)
      .execute();
    await trx
      .deleteFrom("auth_tokens")
      .where("school_id", "=", tenant.schoolId)
      .where("staff_id", "=", member.id)
      .execute();
    await recordAudit(
      deps,
      tenant,
      { kind: "permission", summary: `Turned off staff area sign-in for ${member.name}`, recordIds: [member.id] },
      trx,
    );
  });
}
