import type { ApiErrorBody, FieldErrors } from "../../contract/http";
import { DEFAULT_ERRORS } from "../../contract/messages";
import type { SchoolApiFetch } from "./context";

/**
 * The web app's only way to the school API. It implements the spec's request rules once
 * (spec sections 7 and 8, DESIGN section 4):
 * - every call carries the bearer token; paths are under /api/admin/{uniqueId} unless they start with /api/;
 * - a create or update succeeds on 200, 201 or 202; a delete on 200 or 204; a fetch on 200;
 * - a failed create or update says the `message`, else the first error of the first field, else `error`;
 *   a failed fetch or delete says `error`; each falls back to the spec's default or the screen's own text.
 */
export type CallKind = "fetch" | "create" | "update" | "delete";

export type ApiResult<T> =
  | { ok: true; status: number; data: T; message?: string }
  | { ok: false; status: number; message: string; fieldErrors: FieldErrors };

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
  /** The screen's own failure text (spec section 8), used when the server gives none. */
  fallback?: string;
  method?: string;
  headers?: Record<string, string>;
}

export class UnauthorizedError extends Error {}

export class SchoolApiClient {
  constructor(
    private readonly send: SchoolApiFetch,
    private readonly auth?: { token: string; uniqueId: string },
  ) {}

  private url(path: string, query?: CallOptions["query"]): string {
    const full = path.startsWith("/api/")
      ? path
      : `/api/admin/${encodeURIComponent(this.auth?.uniqueId ?? "")}${path.startsWith("/") ? path : `/${path}`}`;
    const url = new URL(full, "http://school-api.internal");
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
    return url.toString();
  }

  async call<T>(kind: CallKind, path: string, body?: unknown, options: CallOptions = {}): Promise<ApiResult<T>> {
    const headers = new Headers(options.headers);
    headers.set("Accept", "application/json");
    if (this.auth) headers.set("Authorization", `Bearer ${this.auth.token}`);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set("Content-Type", "application/json");
      payload = JSON.stringify(body);
    }
    const method = options.method ?? { fetch: "GET", create: "POST", update: "POST", delete: "DELETE" }[kind];

    let response: Response;
    try {
      response = await this.send(new Request(this.url(path, options.query), { method, headers, body: payload }));
    } catch {
      return { ok: false, status: 0, message: options.fallback ?? DEFAULT_ERRORS.unexpected, fieldErrors: {} };
    }
    if (response.status === 401 && this.auth) throw new UnauthorizedError();

    const isJson = (response.headers.get("content-type") ?? "").includes("json");
    const parsed = isJson ? await response.json().catch(() => null) : null;
    if (SUCCESS[kind].includes(response.status)) {
      return { ok: true, status: response.status, data: (parsed?.data ?? parsed) as T, message: parsed?.message };
    }
    return {
      ok: false,
      status: response.status,
      message: failureMessage(kind, parsed, options.fallback),
      fieldErrors: (parsed?.errors as FieldErrors) ?? {},
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

  /** Raw access for binary answers (PDFs, media); the caller checks the status. */
  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.auth) headers.set("Authorization", `Bearer ${this.auth.token}`);
    const response = await this.send(new Request(this.url(path), { ...init, headers }));
    if (response.status === 401 && this.auth) throw new UnauthorizedError();
    return response;
  }
}
