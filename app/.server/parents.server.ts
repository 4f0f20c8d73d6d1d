import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { IMAGE_MAX_BYTES } from "../../contract/limits";
import { MESSAGES } from "../../contract/messages";
import { PARENT_SCREEN, type ChildOption, type ParentDetail } from "../../contract/parents";
import type { ParentFields } from "../../contract/parents.schema";
import type { StudentPage, StudentRecord } from "../../contract/students";
import type { SchoolApiClient } from "./api.server";
import { parentForm, PHONE_SHAPE } from "./form-schemas";
import { readFormData } from "./form.server";
import { mediaSrc } from "./media.server";
import { loadRecord, sendPerson } from "./people.server";
import { API_REFUSED, checkedStatus, refuse } from "./reply.server";
import type { FormResult } from "~/lib/form-state";
import { redirectWithToast, success } from "./toast.server";

const OFFERED = 10;

const option = (
  s: Pick<StudentRecord, "unique_id" | "student_data">,
  chosen: boolean,
  samePhone = false,
): ChildOption => ({
  unique_id: s.unique_id,
  name: s.student_data.name,
  class: s.student_data.class,
  chosen,
  samePhone,
});

/**
 * The children part of the parent form after a submit: the students ticked (still ticked), the school's
 * students with the phone typed for the parent, and those the "Find a student" search found.
 */
export async function childOptions(api: SchoolApiClient, uniqueId: string, form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const chosen = [
    ...new Set(form.getAll("children").filter((v): v is string => typeof v === "string" && v.length > 0)),
  ];
  const phone = text("phone");
  const search = text("child_search");
  const students = async (q: string) => {
    if (!q) return [];
    const result = await api.get<StudentPage>("/students", { query: { q, per_page: OFFERED } });
    return result.ok ? result.data.data : [];
  };
  const [ticked, byPhone, found] = await Promise.all([
    Promise.all(
      chosen.map((id) =>
        api.get<StudentRecord>(`/api/students/${encodeURIComponent(uniqueId)}/studentInfo/${encodeURIComponent(id)}`),
      ),
    ),
    students(PHONE_SHAPE.test(phone) ? phone : ""),
    students(search),
  ]);
  const options = new Map<string, ChildOption>();
  for (const result of ticked) if (result.ok) options.set(result.data.unique_id, option(result.data, true));
  for (const s of byPhone) options.set(s.unique_id, option(s, options.has(s.unique_id), true));
  for (const s of found) if (!options.has(s.unique_id)) options.set(s.unique_id, option(s, false));
  return {
    options: [...options.values()],
    phone,
    newPhoneMatches: byPhone.filter((s) => !chosen.includes(s.unique_id)).length,
  };
}

/** The parent for the detail and edit screen, photos as the browser loads them; a failed load's message. */
export async function loadParent(api: SchoolApiClient, context: AppLoadContext, id: string) {
  const { record, error } = await loadRecord<ParentDetail>(
    api,
    `/stu-parents/${encodeURIComponent(id)}`,
    MESSAGES.failedParentDetails,
  );
  if (!record) return { parent: null, error };
  return {
    parent: {
      ...record,
      parent_data: { ...record.parent_data, profile_img: mediaSrc(record.parent_data.profile_img) },
      children: record.children.map((c) => ({
        ...c,
        student_data: { ...c.student_data, profile_img: mediaSrc(c.student_data.profile_img) },
      })),
    },
    error: null,
  };
}

/** The edit form's starting values from the record. */
export function parentDefaults(parent: ParentDetail): Partial<Record<keyof ParentFields, unknown>> {
  const { name, email, phone, address } = parent.parent_data;
  return { name, email, phone, address: address ?? undefined, children: parent.children.map((c) => c.unique_id) };
}

/** What the form sends: `parent_data` with the ticked children (none ticked clears them on an edit). */
export function parentData(values: Partial<ParentFields>) {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone,
    address: values.address,
    children: values.children ?? [],
    remove_photo: values.remove_photo,
  };
}

/**
 * The add and edit forms' action. A refused form, a "Find" (Conform's validate intent) and, on an add,
 * a phone that students share which the admin has not been shown yet, all come back with the form
 * kept and the children to offer; a saved parent goes back to the list with its toast.
 */
export async function saveParentForm(
  request: Request,
  context: AppLoadContext,
  admin: { api: SchoolApiClient; uniqueId: string },
  target: { mode: "create" } | { mode: "update"; id: string },
) {
  const formData = await readFormData(request, { maxFileBytes: IMAGE_MAX_BYTES, maxFiles: 1 });
  const submission = parseWithZod(formData, { schema: parentForm });
  const offers = await childOptions(admin.api, admin.uniqueId, formData);
  const again = (result: FormResult | null, notice: string | null = null) => ({
    result,
    children: offers.options,
    offeredPhone: offers.phone,
    notice,
  });
  if (submission.status !== "success") {
    const result = submission.reply();
    return refuse(again(result), checkedStatus(result));
  }
  const { photo, ...values } = submission.value;
  const firstOffer =
    target.mode === "create" &&
    !values.children.length &&
    offers.newPhoneMatches > 0 &&
    formData.get("offered_phone") !== offers.phone;
  if (firstOffer) return again(submission.reply(), PARENT_SCREEN.phoneMatches);

  const saved = await sendPerson(admin.api, submission, {
    method: target.mode === "create" ? "POST" : "PUT",
    path: target.mode === "create" ? "/stu-parents" : `/stu-parents/${encodeURIComponent(target.id)}`,
    field: "parent_data",
    data: parentData(values),
    photo,
    idempotencyKey: target.mode === "create" ? formData.get("idempotency_key") : null,
    fallback: MESSAGES.personSaveFailed,
  });
  if (saved.toast) return redirectWithToast(request, context, "/admin/parents", success(saved.toast));
  return refuse(again(saved.result), saved.status ?? API_REFUSED);
}
