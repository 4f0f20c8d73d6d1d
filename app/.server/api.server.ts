import type { ApiErrorBody, FieldErrors } from "../../contract/http";
import { DEFAULT_ERRORS } from "../../contract/messages";
import type { SchoolApiFetch } from "./context";

/**
 * The web app's only way to the school API. It applies the request and message rules once
 * (docs/product.md, The school API and Messages):
 * - every call carries the bearer token; paths are under /api/admin/{uniqueId} unless they start with /api/;
 * - a create or update succeeds on 200, 201 or 202; a delete on 200 or 204; a fetch on 200;
 * - a failed create or update says the `message`, else the first error of the first field, else `error`;
 *   a failed fetch or delete says `error`; each falls back to the screen's own text, else DEFAULT_ERRORS;
 * - an API that does not answer within the timeout (down, or too slow) fails like one that cannot be
 *   reached: the screen shows its own failure text instead of hanging.
 */
export type CallKind = "fetch" | "create" | "update" | "delete";

export type ApiResult<T> =
  | { ok: true; status: number; data: T; message?: string }
  | {
      ok: false;
      status: number;
      message: string;
      fieldErrors: FieldErrors;
      retryAfter?: string;
      /** The answer's own `message`, whatever the kind of call (a fetch's `message` says nothing by the rules). */
      reason?: string;
    };

const SUCCESS: Record<CallKind, number[]> = {
  fetch: [200],
  create: [200, 201, 202],
  update: [200, 201, 202],
  delete: [200, 204],
};

const DEFAULTS: Record<CallKind, string> = {
  fetch: DEFAULT_ERRORS.fetch,
  create: DEFAULT_ERRORS.request,
  update: DEFAULT_ERRORS.update,
  delete: DEFAULT_ERRORS.delete,
};

const firstFieldError = (errors: FieldErrors | undefined) => {
  const first = errors && Object.values(errors)[0];
  return Array.isArray(first) ? first[0] : typeof first === "string" ? first : undefined;
};

export function failureMessage(kind: CallKind, body: ApiErrorBody | null, fallback?: string): string {
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : undefined);
  const fromServer =
    kind === "create" || kind === "update"
      ? (text(body?.message) ?? text(firstFieldError(body?.errors)) ?? text(body?.error))
      : text(body?.error);
  return fromServer ?? fallback ?? DEFAULTS[kind];
}

export interface CallOptions {
  query?: Record<string, string | number | undefined | null>;
  /** The screen's own failure text ('Failed to fetch timetables.'), used when the server gives none. */
  fallback?: string;
  method?: string;
  headers?: Record<string, string>;
  /** A create form's key (its hidden `idempotency_key`), sent as the `Idempotency-Key` header when present. */
  idempotencyKey?: FormDataEntryValue | string | null;
}

export class UnauthorizedError extends Error {}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof FormData);

/** The default of SCHOOL_API_TIMEOUT_MS (config/env.ts). */
export const API_TIMEOUT_MS = 10_000;

class ApiTimeoutError extends Error {}

/**
 * The answer, or ApiTimeoutError once `signal` fires. A request to another machine is aborted by the
 * signal itself; the API embedded in this process ignores it, so the wait is cut short here.
 */
function within<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new ApiTimeoutError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ApiTimeoutError());
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export class SchoolApiClient {
  constructor(
    private readonly send: SchoolApiFetch,
    private readonly auth?: { token: string; uniqueId: string; subAdminId?: number },
    private readonly timeoutMs = API_TIMEOUT_MS,
  ) {}

  private url(path: string, query?: CallOptions["query"]): string {
    const full = path.startsWith("/api/")
      ? path
      : `/api/admin/${encodeURIComponent(this.auth?.uniqueId ?? "")}${path.startsWith("/") ? path : `/${path}`}`;
    const url = new URL(full, "http://school-api.internal");
    for (const [k, v] of Object.entries(query ?? {}))
      if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
    return url.toString();
  }

  async call<T>(kind: CallKind, path: string, body?: unknown, options: CallOptions = {}): Promise<ApiResult<T>> {
    const headers = new Headers(options.headers);
    headers.set("Accept", "application/json");
    const key = options.idempotencyKey;
    if (typeof key === "string" && key) headers.set("Idempotency-Key", key);
    if (this.auth) headers.set("Authorization", `Bearer ${this.auth.token}`);
    const method = options.method ?? { fetch: "GET", create: "POST", update: "POST", delete: "DELETE" }[kind];
    // A sub-admin's id goes with every call: in a JSON body on POST and PUT, else in the query.
    const subAdminId = this.auth?.subAdminId;
    const inBody = subAdminId !== undefined && (method === "POST" || method === "PUT") && isPlainObject(body);
    const query = subAdminId !== undefined && !inBody ? { ...options.query, sub_admin_id: subAdminId } : options.query;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set("Content-Type", "application/json");
      payload = JSON.stringify(inBody ? { ...(body as Record<string, unknown>), sub_admin_id: subAdminId } : body);
    }

    // A timer of its own rather than AbortSignal.timeout, which costs a page's few calls more than the timer saves.
    const waiting = new AbortController();
    const timer = setTimeout(() => waiting.abort(), this.timeoutMs);
    let response: Response;
    let parsed: ApiErrorBody & { data?: unknown };
    try {
      response = await within(
        this.send(new Request(this.url(path, query), { method, headers, body: payload }), waiting.signal),
        waiting.signal,
      );
      const isJson = (response.headers.get("content-type") ?? "").includes("json");
      parsed = isJson
        ? await within(response.json(), waiting.signal).catch((error) =>
            error instanceof ApiTimeoutError ? Promise.reject(error) : null,
          )
        : null;
    } catch {
      // No answer at all: the screen's own failure, else the one its kind of call says when the server gives none.
      return { ok: false, status: 0, message: options.fallback ?? DEFAULTS[kind], fieldErrors: {} };
    } finally {
      clearTimeout(timer);
    }
    if (response.status === 401 && this.auth) throw new UnauthorizedError();
    if (SUCCESS[kind].includes(response.status)) {
      return { ok: true, status: response.status, data: (parsed?.data ?? parsed) as T, message: parsed?.message };
    }
    return {
      ok: false,
      status: response.status,
      message: failureMessage(kind, parsed, options.fallback),
      fieldErrors: (parsed?.errors as FieldErrors) ?? {},
      retryAfter: response.headers.get("retry-after") ?? undefined,
      reason: typeof parsed?.message === "string" && parsed.message.trim() ? parsed.message : undefined,
    };
  }

  get<T>(path: string, options?: CallOptions) {
    return this.call<T>("fetch", path, undefined, options);
  }
  create<T>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>("create", path, body, options);
  }
  update<T>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>("update", path, body, options);
  }
  remove<T = unknown>(path: string, options?: CallOptions) {
    return this.call<T>("delete", path, undefined, options);
  }

  /**
   * Raw access for binary answers (PDFs, media); the caller checks the status. An API that is down, or
   * does not start answering within the timeout, answers 503 here; once the answer starts, its body may
   * take as long as it needs.
   */
  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.auth) headers.set("Authorization", `Bearer ${this.auth.token}`);
    const waiting = new AbortController();
    const timer = setTimeout(() => waiting.abort(), this.timeoutMs);
    let response: Response;
    try {
      const query = this.auth?.subAdminId !== undefined ? { sub_admin_id: this.auth.subAdminId } : undefined;
      response = await within(
        this.send(new Request(this.url(path, query), { ...init, headers }), waiting.signal),
        waiting.signal,
      );
    } catch {
      return new Response(null, { status: 503 });
    } finally {
      clearTimeout(timer);
    }
    if (response.status === 401 && this.auth) throw new UnauthorizedError();
    return response;
  }
}
