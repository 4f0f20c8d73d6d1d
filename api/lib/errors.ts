import type { ZodError } from "zod";
import type { FieldErrors } from "../../contract/http";

/** A failure with the status and body the API answers with; services throw it, app.ts renders it. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function validationError(errors: FieldErrors, message?: string): ApiError {
  const first = Object.values(errors)[0]?.[0];
  return new ApiError(422, message ?? first ?? "The given data was invalid.", errors);
}

/**
 * Each issue beside its field. An issue of the whole body (no path) is the answer's message; it stays in
 * `errors` under "_" only when no field has one, so that callers reading `errors` still see the refusal.
 */
export function fromZod(error: ZodError): ApiError {
  const errors: FieldErrors = {};
  const whole: string[] = [];
  for (const issue of error.issues) {
    if (issue.path.length) (errors[issue.path.join(".")] ??= []).push(issue.message);
    else whole.push(issue.message);
  }
  if (!Object.keys(errors).length && whole.length) errors._ = whole;
  return validationError(errors, whole[0]);
}

/** A field error's messages go into `errors`; any other failure is thrown on. */
function keepFieldErrors(errors: FieldErrors, error: unknown): undefined {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.errors) throw error;
  Object.assign(errors, error.errors);
  return undefined;
}

/**
 * Runs a check that throws a field error and adds its errors to `errors` instead, so that one answer
 * names every bad field; other failures still throw.
 */
export function gatherFieldErrors<T>(errors: FieldErrors, check: () => T): T | undefined {
  try {
    return check();
  } catch (error) {
    return keepFieldErrors(errors, error);
  }
}

/** `gatherFieldErrors` for a check that needs the database. */
export async function gatherFieldErrorsAsync<T>(errors: FieldErrors, check: () => Promise<T>): Promise<T | undefined> {
  try {
    return await check();
  } catch (error) {
    return keepFieldErrors(errors, error);
  }
}

export const notFound = (what = "Not found.") => new ApiError(404, what);
