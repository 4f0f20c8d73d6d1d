import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import {
  UPLOAD_FIELDS,
  UPLOAD_REQUEST_MAX_BYTES,
  uploadFileProblems,
  type FileRecord,
  type StorageQuota,
} from "../../contract/files";
import { uploadFolderFields } from "../../contract/files.schema";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from "../../contract/limits";
import { MESSAGES } from "../../contract/messages";
import type { FormResult } from "~/lib/form-state";
import { API_REFUSED, apiReply, INVALID, type RefusalStatus } from "./reply.server";
import type { SchoolApiClient } from "./api.server";
import { diskFileAsFile, withUploadedForm } from "./form.server";

/** The file manager's server side of the web app: the storage meter's figures and the upload's hand-over. */

export async function loadQuota(api: SchoolApiClient): Promise<StorageQuota | null> {
  const result = await api.get<StorageQuota>("/files/storage-quota");
  return result.ok ? result.data : null;
}

const UPLOAD_FORM_LIMITS = {
  maxFiles: UPLOAD_MAX_FILES,
  maxFileBytes: UPLOAD_MAX_BYTES,
  maxFields: 10,
  maxFieldBytes: 4096,
  maxRequestBytes: UPLOAD_REQUEST_MAX_BYTES,
};

export type UploadOutcome = { ok: true; message: string } | { ok: false; status: RefusalStatus; result: FormResult };

/**
 * The upload form, streamed to temporary files and checked by the product's rules (files, folder) before
 * anything is sent, then streamed on to the API, which checks the bytes and the quota and stores it.
 * A refusal comes back as the form's reply: every message beside its field, the folder choice kept.
 */
export async function sendUpload(
  request: Request,
  context: AppLoadContext,
  api: SchoolApiClient,
): Promise<UploadOutcome> {
  return withUploadedForm(request, context, UPLOAD_FORM_LIMITS, async (form) => {
    const fields = new FormData();
    for (const [name, values] of Object.entries(form.fields)) for (const value of values) fields.append(name, value);
    const submission = parseWithZod(fields, { schema: uploadFolderFields });
    const files = form.files.filter((f) => f.field === UPLOAD_FIELDS.files);
    const fileErrors = uploadFileProblems(files, form.tooManyFiles);
    if (submission.status !== "success" || Object.keys(fileErrors).length) {
      return { ok: false, status: INVALID, result: submission.reply({ fieldErrors: fileErrors }) };
    }

    const body = new FormData();
    const { folder_name, existing_folder } = submission.value;
    if (folder_name !== undefined) body.set(UPLOAD_FIELDS.folderName, folder_name);
    if (existing_folder !== undefined) body.set(UPLOAD_FIELDS.existingFolder, existing_folder);
    for (const file of files) body.append(UPLOAD_FIELDS.files, await diskFileAsFile(file));
    const key = form.fields.idempotency_key?.[0];
    const response = await api.create<FileRecord[]>("/files", body, { idempotencyKey: key });
    if (response.ok) return { ok: true, message: response.message ?? MESSAGES.uploadSuccessful };
    return { ok: false, status: API_REFUSED, result: apiReply(submission, response) };
  });
}
