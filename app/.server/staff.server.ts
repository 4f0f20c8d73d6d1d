import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { IMAGE_MAX_BYTES } from "../../contract/limits";
import { MESSAGES } from "../../contract/messages";
import type { StaffRecord } from "../../contract/staff";
import type { StaffFields } from "../../contract/staff.schema";
import type { SchoolApiClient } from "./api.server";
import { staffForm } from "./form-schemas";
import { readFormData } from "./form.server";
import { mediaSrc } from "./media.server";
import { loadRecord, sendPerson } from "./people.server";
import { API_REFUSED, INVALID, refuse } from "./reply.server";
import { redirectWithToast, success } from "./toast.server";
import { MORE_ROWS_INTENT } from "~/lib/teaching-rows";

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
      staff_data: { ...record.staff_data, profile_img: mediaSrc(record.staff_data.profile_img) },
    },
    error: null,
  };
}

/** The edit form's starting values from the record (its pairs are the rows', `StaffForm`'s `teaching`). */
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
  };
}

type SentRow = { class?: string; subject?: string } | null | undefined;

/**
 * The rows of the form that hold a pair, as the API takes them, and the API's names of their messages
 * (`teaching[0].subject`) mapped to the rows they came from, blank rows being skipped.
 */
function pairsToSend(rows: SentRow[] = []) {
  const kept = rows.flatMap((row, index) => (row?.class && row.subject ? [{ row, index }] : []));
  const fieldNames: Record<string, string> = {};
  kept.forEach(({ index }, sent) => {
    for (const part of ["class", "subject"]) fieldNames[`teaching[${sent}].${part}`] = `teaching[${index}].${part}`;
  });
  return { pairs: kept.map(({ row }) => ({ class: row!.class!, subject: row!.subject! })), fieldNames };
}

/** A reply's field messages under the form's names. */
function renameErrors(result: SubmissionResult<string[]> | null, names: Record<string, string>) {
  if (!result?.error) return result;
  return {
    ...result,
    error: Object.fromEntries(Object.entries(result.error).map(([name, errors]) => [names[name] ?? name, errors])),
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
  // Non-teaching staff teach nothing: rows left in the hidden teaching part are not checked.
  if (!formData.get("is_teaching_staff"))
    for (const name of [...formData.keys()]) if (name.startsWith("teaching[")) formData.delete(name);
  const submission = parseWithZod(formData, { schema: staffForm });
  if (formData.get("intent") === MORE_ROWS_INTENT) {
    // Nothing is checked or saved: the form comes back as sent, with more rows.
    const { status: _status, error: _error, ...kept } = submission.reply({ hideFields: ["photo"] });
    return refuse({ result: kept as SubmissionResult<string[]>, moreRows: true }, 200);
  }
  if (submission.status !== "success") return refuse({ result: submission.reply(), moreRows: false }, INVALID);
  const { photo, teaching, ...rest } = submission.value;
  const { pairs, fieldNames } = pairsToSend(teaching);
  const values = { ...rest, teaching: pairs };
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
  return refuse({ result: renameErrors(saved.result, fieldNames), moreRows: false }, saved.status ?? API_REFUSED);
}
