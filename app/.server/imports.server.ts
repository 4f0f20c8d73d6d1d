import type { AppLoadContext } from "@remix-run/node";
import {
  IMPORT_FILE_FIELD,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type ImportKind,
  type ImportPreview,
} from "../../contract/imports";
import { MESSAGES } from "../../contract/messages";
import type { FormResult } from "~/lib/form-state";
import type { CallOptions, SchoolApiClient } from "./api.server";
import { diskFileAsFile, withUploadedForm } from "./form.server";
import { passOnDownload } from "./downloads.server";
import { API_REFUSED, apiReply, INVALID, type ApiFailure, type RefusalStatus } from "./reply.server";

/** The bulk import's server side of the web app: the file's hand-over to the API and its downloads. */

const LIMITS = {
  maxFiles: 1,
  maxFileBytes: IMPORT_MAX_BYTES,
  maxFields: 5,
  maxFieldBytes: 1024,
  maxRequestBytes: IMPORT_MAX_BYTES + 64 * 1024,
};

export type ImportUploadOutcome =
  | { ok: true; preview: ImportPreview }
  | { ok: false; status: RefusalStatus; result: FormResult };

const refusal = (message: string, field = IMPORT_FILE_FIELD): FormResult => ({
  status: "error",
  initialValue: {},
  error: { [field]: [message] },
});

/** A spreadsheet sent on: the API's answer, or the form's reply and, when the API refused it, its failure. */
export type SpreadsheetSent<T> =
  | { ok: true; data: T; message?: string }
  | { ok: false; status: RefusalStatus; result: FormResult; refused?: ApiFailure };

/**
 * The upload form streamed to a temporary file and sent on to the API at `path` (with `query`), which reads it in a
 * worker and checks every row. No file, a file over the cap, or one the API refuses comes back as the form's reply,
 * the message beside the file field.
 */
export async function sendSpreadsheet<T>(
  request: Request,
  context: AppLoadContext,
  api: SchoolApiClient,
  path: string,
  query?: CallOptions["query"],
): Promise<SpreadsheetSent<T>> {
  return withUploadedForm(request, context, LIMITS, async (form) => {
    const file = form.files.find((f) => f.field === IMPORT_FILE_FIELD);
    if (!file) return { ok: false, status: INVALID, result: refusal(MESSAGES.noFileSelected) };
    if (file.truncated) return { ok: false, status: INVALID, result: refusal(IMPORT_MESSAGES.tooLarge) };
    const body = new FormData();
    body.set(IMPORT_FILE_FIELD, await diskFileAsFile(file));
    const response = await api.create<T>(path, body, { query });
    if (response.ok) return { ok: true, data: response.data, message: response.message };
    // The sheet's problems ('The file is empty', too many rows) are the file's: said beside its field.
    return {
      ok: false,
      status: API_REFUSED,
      result: apiReply({ values: {} }, response, { fieldNames: { rows: IMPORT_FILE_FIELD } }),
      refused: response,
    };
  });
}

/** The bulk import's upload (`sendSpreadsheet`), answering the check made of it. */
export async function sendImportFile(
  request: Request,
  context: AppLoadContext,
  api: SchoolApiClient,
  kind: ImportKind,
): Promise<ImportUploadOutcome> {
  const sent = await sendSpreadsheet<ImportPreview>(request, context, api, `/imports/${kind}`);
  return sent.ok ? { ok: true, preview: sent.data } : sent;
}

/** An .xlsx of the API streamed on as a download, or null when the API refused it. */
export async function spreadsheetDownload(api: SchoolApiClient, path: string): Promise<Response | null> {
  const response = await api.raw(path);
  if (response.status !== 200 || !(response.headers.get("content-type") ?? "").includes("spreadsheetml")) {
    await response.body?.cancel();
    return null;
  }
  return passOnDownload(response, response.headers.get("content-type")!, "import.xlsx");
}
