import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { IMAGE_MAX_BYTES } from "../../contract/limits";
import { MESSAGES } from "../../contract/messages";
import type { StaffRecord } from "../../contract/staff";
import type { StaffFields } from "../../contract/staff.schema";
import type { SchoolApiClient } from "./api.server";
import { staffForm } from "./form-schemas";
import { readFormData } from "./form.server";
import { loadRecord, photoSrc, sendPerson } from "./people.server";
import { API_REFUSED, INVALID, refuse } from "./reply.server";
import { redirectWithToast, success } from "./toast.server";

/** The staff member for the edit screen, photo as the browser loads it; a failed load's message. */
export async function loadStaff(api: SchoolApiClient, context: AppLoadContext, id: string) {
  const { record, error } = await loadRecord<StaffRecord>(
    api,
    `/staffs/${encodeURIComponent(id)}`,
    MESSAGES.failedLoadData,
  );
  if (!record) return { staff: null, error };
  return {
    staff: {
      ...record,
      staff_data: { ...record.staff_data, profile_img: photoSrc(context, record.staff_data.profile_img) },
    },
    error: null,
  };
}

/** The edit form's starting values from the record. */
export function staffDefaults(staff: StaffRecord): Partial<Record<keyof StaffFields, unknown>> {
  const d = staff.staff_data;
  return {
    name: d.name,
    email: d.email ?? undefined,
    phone: d.phone ?? undefined,
    address: d.address ?? undefined,
    position: d.position ?? undefined,
    is_teaching_staff: d.is_teaching_staff,
    form_teacher: d.form_teacher ?? undefined,
    class: (d.class ?? "").split(", ").filter(Boolean),
    subjects: d.subjects,
  };
}

/** The add and edit forms' action: a refused form comes back kept; a saved member goes back to the list. */
export async function saveStaffForm(
  request: Request,
  context: AppLoadContext,
  api: SchoolApiClient,
  target: { mode: "create" } | { mode: "update"; id: string },
) {
  const formData = await readFormData(request, { maxFileBytes: IMAGE_MAX_BYTES, maxFiles: 1 });
  const submission = parseWithZod(formData, { schema: staffForm });
  if (submission.status !== "success") return refuse({ result: submission.reply() }, INVALID);
  const { photo, ...values } = submission.value;
  const saved = await sendPerson(api, submission, {
    method: target.mode === "create" ? "POST" : "PUT",
    path: target.mode === "create" ? "/staffs" : `/staffs/${encodeURIComponent(target.id)}`,
    field: "staff_data",
    data: values,
    photo,
    idempotencyKey: target.mode === "create" ? formData.get("idempotency_key") : null,
    fallback: MESSAGES.personSaveFailed,
  });
  if (saved.toast) return redirectWithToast(request, context, "/admin/staff", success(saved.toast));
  return refuse({ result: saved.result }, saved.status ?? API_REFUSED);
}
