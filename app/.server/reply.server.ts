import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { FieldErrors } from "../../contract/http";
import { DEFAULT_ERRORS } from "../../contract/messages";
import type { ApiResult } from "./api.server";

/**
 * How an action answers a refused submission (docs/decisions.md, Refusal statuses): the Conform reply
 * with everything sent kept, and the status saying who refused it.
 * - 400: the app's own check (`parseWithZod`) refused the form;
 * - 422: the school API refused it (its validation, a 409 conflict, a record gone) or could not be reached.
 * Success redirects with a toast (`redirectWithToast`); never answer a refusal with 200.
 */
export type RefusalStatus = 400 | 422;
export const INVALID: RefusalStatus = 400;
export const API_REFUSED: RefusalStatus = 422;

export type ApiFailure = Extract<ApiResult<unknown>, { ok: false }>;

export interface ReplyOptions {
  /** Fields not sent back to the page (passwords). */
  hideFields?: string[];
  /** The API's name of a field mapped to the form's (`profile_img` → `photo`). */
  fieldNames?: Record<string, string>;
  /** Reset the form (a success that stays on the page). */
  resetForm?: boolean;
  /**
   * Where the message goes whatever fields the API names: "" above the form (sign-in, whose API speaks
   * of the account, not a field), or one field (settings: the section typed in).
   */
  messageOn?: string;
}

/**
 * THE way an API failure becomes the form's reply: the API's field errors beside their fields; when it
 * names no field, one message above the form. That message is the client's (`failureMessage` in
 * api.server.ts): for a create or update the `message`, else the first error of the first field, else
 * `error`; for a fetch or delete the `error`; else the screen's fallback, else DEFAULT_ERRORS.
 */
export function apiReply<T>(
  submission: Submission<T> | { values: Record<string, string> },
  response: ApiFailure,
  options: ReplyOptions = {},
): SubmissionResult<string[]> {
  const fieldErrors: FieldErrors = {};
  const message = response.message || DEFAULT_ERRORS.request;
  if (options.messageOn) {
    fieldErrors[options.messageOn] = [message];
  } else if (options.messageOn === undefined) {
    for (const [name, errors] of Object.entries(response.fieldErrors ?? {})) {
      const list = (Array.isArray(errors) ? errors : [errors]).filter(
        (e): e is string => typeof e === "string" && e !== "",
      );
      if (list.length) fieldErrors[options.fieldNames?.[name] ?? name] = list;
    }
  }
  const named = Object.keys(fieldErrors).length > 0;
  const formErrors = named ? undefined : [message];
  // A form read without Conform (the public application, streamed to disk) gives its values instead.
  if (!("reply" in submission))
    return { status: "error", initialValue: submission.values, error: { ...fieldErrors, "": formErrors ?? [] } };
  return submission.reply({
    fieldErrors,
    formErrors,
    hideFields: options.hideFields,
    resetForm: options.resetForm,
  });
}

/**
 * The status of the app's own check: 400 when it refused the form; 200 for a "validate" round trip
 * ('Show subjects', 'Find'), which shows the form again and refuses nothing.
 */
export const checkedStatus = (reply: SubmissionResult<string[]>): RefusalStatus | 200 =>
  reply.status === "error" ? INVALID : 200;

/**
 * The API's refusal of a sign-in-like form (login, a reset request): throttled, the page says so with the API's
 * own status and wait (429, `Retry-After`), as the API answers a script; otherwise 422.
 */
export function refuseOrThrottle<T>(body: T, response: ApiFailure) {
  if (response.status !== 429) return data(body, { status: API_REFUSED });
  return data(body, { status: 429, headers: response.retryAfter ? { "Retry-After": response.retryAfter } : {} });
}

/** A refused submission's answer: `body` (the reply, and whatever else the page needs) with its status. */
export function refuse<T>(body: T, status: RefusalStatus | 200 = INVALID) {
  return data(body, { status });
}

/**
 * Why a page's data could not be loaded, in the API's words: the first message of the named `fields`, else a
 * refusal's (4xx) own message (a fetch's failure message is only its `error`, else the screen's fallback), else
 * the failure's message.
 */
export function refusalOf(failure: ApiFailure, fields: readonly string[]): string {
  const named = fields.map((name) => failure.fieldErrors[name]?.[0]).find(Boolean);
  const refused = failure.status >= 400 && failure.status < 500 ? failure.reason : undefined;
  return named ?? refused ?? failure.message;
}
