import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { subAdminFields } from "../../contract/access.schema";
import { ACCESS_MESSAGES, type SubAdminCredentials, type SubAdminRecord } from "../../contract/access";
import type { SchoolApiClient } from "./api.server";
import { ADMINS_PATH } from "~/lib/access";
import { readFormData } from "./form.server";
import { notFound } from "./not-found.server";
import { API_REFUSED, apiReply, INVALID, refuse } from "./reply.server";
import { redirectWithToast, success } from "./toast.server";

/** A sub-admin named in the URL, or 404. */
export async function loadSubAdmin(api: SchoolApiClient, id: string | undefined): Promise<SubAdminRecord> {
  const result = await api.get<SubAdminRecord>(`/sub-admins/${encodeURIComponent(id ?? "")}`);
  if (result.status === 404) notFound();
  if (!result.ok) throw new Response(result.message, { status: 500 });
  return result.data;
}

/**
 * The add and edit forms' action: checked here, then by the API, whose field messages land beside their
 * fields with the input kept. Adding answers the new sign-in details to show once; editing goes back to
 * the list with a toast.
 */
export async function saveSubAdminForm(
  request: Request,
  context: AppLoadContext,
  api: SchoolApiClient,
  target: { mode: "create" } | { mode: "update"; id: string },
) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: subAdminFields });
  if (submission.status !== "success") return refuse({ result: submission.reply(), credentials: null }, INVALID);
  const body = { ...submission.value, phone: submission.value.phone || undefined };
  if (target.mode === "create") {
    const response = await api.create<SubAdminCredentials>("/sub-admins", body, {
      idempotencyKey: formData.get("idempotency_key"),
    });
    if (!response.ok) return refuse({ result: apiReply(submission, response), credentials: null }, API_REFUSED);
    return { result: submission.reply({ resetForm: true }), credentials: response.data };
  }
  const response = await api.update<SubAdminRecord>(`/sub-admins/${encodeURIComponent(target.id)}`, body, {
    method: "PUT",
  });
  if (!response.ok) return refuse({ result: apiReply(submission, response), credentials: null }, API_REFUSED);
  return redirectWithToast(request, context, ADMINS_PATH, success(response.message ?? ACCESS_MESSAGES.subAdminUpdated));
}
