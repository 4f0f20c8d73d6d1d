import { sql } from "kysely";
import { profileUpdateFields, type AdminRecord, type DashboardData } from "../../contract/admin";
import type { FieldErrors } from "../../contract/http";
import { APP_MESSAGES } from "../../contract/messages";
import type { UploadedFile } from "../../server-lib/multipart";
import type { ApiDeps, Tenant } from "../context";
import { fromZod, gatherFieldErrors, gatherFieldErrorsAsync, validationError } from "../lib/errors";
import { adminData, holdSchoolEmail, normalizePhone, refuseSchoolEmailTaken } from "./auth";
import { checkImage, removeMedia, storeImage } from "./media";
import { schoolTerm } from "./calendar";
import { recordAudit } from "./audit";

async function school(deps: ApiDeps, tenant: Tenant) {
  return deps.db.selectFrom("schools").selectAll().where("id", "=", tenant.schoolId).executeTakeFirstOrThrow();
}

export async function getAdminRecord(deps: ApiDeps, tenant: Tenant): Promise<AdminRecord> {
  const row = await school(deps, tenant);
  return { unique_id: row.unique_id, admin_data: adminData(row) };
}

/**
 * Updates the fields that were sent, and the logo or signature when a file came with them.
 * Everything is checked before anything is written; old images are removed only after the row points
 * at the new ones.
 */
export async function updateAdminRecord(
  deps: ApiDeps,
  tenant: Tenant,
  input: Record<string, string | undefined>,
  files: { logo?: UploadedFile; signature?: UploadedFile },
): Promise<AdminRecord> {
  const present = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const parsed = profileUpdateFields.safeParse(present);
  const errors: FieldErrors = parsed.success ? {} : fromZod(parsed.error).errors!;
  const phone =
    present.phone_number === undefined || errors.phone_number
      ? undefined
      : gatherFieldErrors(errors, () => normalizePhone("phone_number", present.phone_number!));
  const logo = files.logo && (await gatherFieldErrorsAsync(errors, () => checkImage("logo", files.logo!, "logo")));
  const signature =
    files.signature &&
    (await gatherFieldErrorsAsync(errors, () => checkImage("signature", files.signature!, "signature")));
  if (Object.keys(errors).length || !parsed.success) throw validationError(errors);
  const { school_address, ...fields } = parsed.data;
  if (phone) fields.phone_number = phone;
  if (fields.school_email !== undefined) fields.school_email = fields.school_email.toLowerCase();

  const before = await school(deps, tenant);
  const stored: string[] = [];
  try {
    const logo_key = logo ? await storeImage(deps, tenant.schoolId, logo) : before.logo_key;
    if (logo) stored.push(logo_key!);
    const signature_key = signature ? await storeImage(deps, tenant.schoolId, signature) : before.signature_key;
    if (signature) stored.push(signature_key!);
    await deps.db.transaction().execute(async (trx) => {
      if (fields.school_email !== undefined) {
        await holdSchoolEmail(deps, trx, fields.school_email);
        await refuseSchoolEmailTaken(trx, fields.school_email, APP_MESSAGES.schoolEmailTaken, tenant.schoolId);
      }
      await trx
        .updateTable("schools")
        .set({
          ...fields,
          ...(school_address === undefined ? {} : { address: school_address || null }),
          logo_key,
          signature_key,
          updated_at: deps.now().toISOString(),
        })
        .where("id", "=", tenant.schoolId)
        .execute();
    });
  } catch (error) {
    for (const key of stored) await removeMedia(deps, key);
    throw error;
  }
  const after = await school(deps, tenant);
  const changed = [
    ...Object.keys(parsed.data),
    ...(files.logo ? ["logo"] : []),
    ...(files.signature ? ["signature"] : []),
  ];
  await recordAudit(deps, tenant, {
    kind: "settings",
    summary: `Changed the school profile (${changed.join(", ") || "nothing"})`,
  });
  if (files.logo) await removeMedia(deps, before.logo_key);
  if (files.signature) await removeMedia(deps, before.signature_key);
  return { unique_id: after.unique_id, admin_data: adminData(after) };
}

export async function dashboard(deps: ApiDeps, tenant: Tenant): Promise<DashboardData> {
  const row = await school(deps, tenant);
  const students = await deps.db
    .selectFrom("students")
    .select([
      sql<number>`coalesce(sum(case when gender = 'Male' then 1 else 0 end), 0)`.as("male"),
      sql<number>`coalesce(sum(case when gender = 'Female' then 1 else 0 end), 0)`.as("female"),
    ])
    .where("school_id", "=", tenant.schoolId)
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  const staff = await deps.db
    .selectFrom("staff")
    .select([
      sql<number>`coalesce(sum(case when is_teaching_staff = 1 then 1 else 0 end), 0)`.as("teaching"),
      sql<number>`coalesce(sum(case when is_teaching_staff = 1 then 0 else 1 end), 0)`.as("non_teaching"),
    ])
    .where("school_id", "=", tenant.schoolId)
    .executeTakeFirstOrThrow();
  const current = await schoolTerm(deps, tenant);
  return {
    principal_name: row.principal_name,
    school_name: row.school_name,
    current_term: current.term,
    current_session: current.session,
    total_male: Number(students.male),
    total_female: Number(students.female),
    teaching_staff: Number(staff.teaching),
    non_teaching_staff: Number(staff.non_teaching),
  };
}
