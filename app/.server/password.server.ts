import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { changePasswordPayload } from "../../contract/admin";
import { APP_MESSAGES } from "../../contract/messages";
import type { SchoolApiClient } from "./api.server";
import { API_REFUSED, apiReply, refuse } from "./reply.server";
import { redirectWithToast, success } from "./toast.server";

/**
 * The change-password form's action (the admin's profile, the teacher's account): the signed-in person's own
 * password; the passwords are never sent back. Its answer carries `intent: "password"` for a page of several forms.
 */
export async function changePassword(
  request: Request,
  context: AppLoadContext,
  api: SchoolApiClient,
  formData: FormData,
  backTo: string,
) {
  const intent = "password" as const;
  const submission = parseWithZod(formData, { schema: changePasswordPayload });
  const hideFields = ["current_password", "new_password"];
  if (submission.status !== "success") return refuse({ intent, result: submission.reply({ hideFields }) });
  const response = await api.create("/change-password", submission.value);
  if (!response.ok) return refuse({ intent, result: apiReply(submission, response, { hideFields }) }, API_REFUSED);
  return redirectWithToast(request, context, backTo, success(APP_MESSAGES.passwordChanged));
}
