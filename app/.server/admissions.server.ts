import type { AppLoadContext } from "@remix-run/node";
import {
  ADMISSION_MESSAGES,
  ADMISSION_TEXT_FIELDS,
  APPLICATION_UPLOAD_LIMITS,
  DOCUMENT_FIELDS,
  HONEYPOT_FIELD,
} from "../../contract/admissions";
import type { FormResult } from "~/lib/form-state";
import { publicApi } from "./auth.server";
import { diskFileAsFile, withUploadedForm } from "./form.server";
import { apiReply } from "./reply.server";

/** The admission screens' server side: the application's hand-over to the API. */

/**
 * Sends an application from the public page on to the API as it came (the API checks every answer and
 * document). A refusal comes back as the form's state: every text answer kept, each message beside its
 * field, a message about the whole form above it.
 */
export async function sendApplication(
  request: Request,
  context: AppLoadContext,
  publicId: string,
): Promise<{ reference: string } | { result: FormResult }> {
  return withUploadedForm(request, context, APPLICATION_UPLOAD_LIMITS, async (form) => {
    const body = new FormData();
    const values: Record<string, string> = {};
    for (const field of ADMISSION_TEXT_FIELDS) {
      const value = form.fields[field.name]?.[0] ?? "";
      values[field.name] = value;
      body.set(field.name, value);
    }
    for (const name of [HONEYPOT_FIELD, "idempotency_key"]) body.set(name, form.fields[name]?.[0] ?? "");
    for (const file of form.files)
      if (DOCUMENT_FIELDS.includes(file.field)) body.set(file.field, await diskFileAsFile(file));
    const response = await publicApi(context).create<{ reference: string }>(
      `/api/public/admission-forms/${encodeURIComponent(publicId)}/submissions`,
      body,
      {
        fallback: ADMISSION_MESSAGES.submitFailed,
      },
    );
    if (response.ok) return { reference: response.data.reference };
    return { result: apiReply({ values }, response) };
  });
}
