import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { uploadFileProblems } from "../../contract/files";
import type { FieldErrors } from "../../contract/http";
import { UPLOAD_MAX_BYTES } from "../../contract/limits";
import type { StaffDashboard } from "../../contract/staff-area";
import { pairOf } from "../../contract/teaching-files";
import type { DiskMultipartResult } from "../../server-lib/multipart";
import type { FormResult } from "~/lib/form-state";
import type { ApiResult, SchoolApiClient } from "./api.server";
import { diskFileAsFile, withUploadedForm } from "./form.server";
import { API_REFUSED, apiReply, INVALID, type RefusalStatus } from "./reply.server";

/** The teacher's (class, subject) pairs, as their staff record lists them (the staff dashboard's). */
export async function teacherPairs(api: SchoolApiClient, fallback: string) {
  const me = await api.get<StaffDashboard>("/staff-area/dashboard", { fallback });
  return me.ok ? { pairs: me.data.teaching, error: null } : { pairs: [], error: me.message };
}

export type TeachingOutcome =
  | { ok: true; message?: string; data: unknown }
  | { ok: false; status: RefusalStatus; result: FormResult };

/**
 * A note's or an assignment's multipart form, streamed to temporary files and checked by the app (the pair, the
 * fields, the files' number and size: 400) before it is sent on as multipart to the API, whose refusal comes back
 * beside the fields (422): its class and subject beside the form's one pair select. `send` gets the checked values,
 * the API's own fields (class and subject apart) and the files.
 */
export async function sendTeachingForm<S extends z.ZodTypeAny>(
  request: Request,
  context: AppLoadContext,
  options: {
    schema: S;
    fileField: string;
    maxFiles: number;
    requiredFile?: string;
    tooManyFiles?: string;
    send: (body: FormData, form: DiskMultipartResult) => Promise<ApiResult<unknown>>;
  },
): Promise<TeachingOutcome> {
  const limits = {
    maxFiles: options.maxFiles,
    maxFileBytes: UPLOAD_MAX_BYTES,
    maxFields: 20,
    maxFieldBytes: 16_384,
    maxRequestBytes: (options.maxFiles + 2) * (UPLOAD_MAX_BYTES + 65_536),
  };
  return withUploadedForm(request, context, limits, async (form) => {
    const fields = new FormData();
    for (const [name, values] of Object.entries(form.fields)) for (const value of values) fields.append(name, value);
    const submission = parseWithZod(fields, { schema: options.schema });
    // An empty file input still sends a part, without a name.
    const files = form.files.filter((f) => f.field === options.fileField && f.filename !== "");
    const fileErrors: FieldErrors = {};
    const field = options.fileField.replace("[]", "");
    if (form.tooManyFiles && options.tooManyFiles) fileErrors[field] = [options.tooManyFiles];
    else if (!files.length && options.requiredFile) fileErrors[field] = [options.requiredFile];
    else {
      const sized = uploadFileProblems(files).files;
      if (files.length && sized) fileErrors[field] = sized;
    }
    if (submission.status !== "success" || Object.keys(fileErrors).length)
      return { ok: false, status: INVALID, result: submission.reply({ fieldErrors: fileErrors }) };

    const body = new FormData();
    for (const [name, value] of Object.entries(submission.value as Record<string, unknown>)) {
      if (name === "pair") {
        const pair = pairOf(String(value))!;
        body.set("class", pair.class);
        body.set("subject", pair.subject);
      } else if (value !== undefined && name !== "idempotency_key") body.set(name, String(value));
    }
    for (const id of form.fields["remove[]"] ?? []) body.append("remove[]", id);
    for (const file of files) body.append(options.fileField, await diskFileAsFile(file));
    const response = await options.send(body, form);
    if (response.ok) return { ok: true, message: response.message, data: response.data };
    const fieldNames = { class: "pair", subject: "pair", files: field, file: field };
    return { ok: false, status: API_REFUSED, result: apiReply(submission, response, { fieldNames }) };
  });
}
