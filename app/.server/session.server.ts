import { createCookieSessionStorage, type Session } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import { TOKEN_TTL_MS } from "../../contract/limits";

export interface SessionData {
  token: string;
  uniqueId: string;
  /** Set when a sub-admin signed in (the API checks it against the token); absent for the main admin. */
  subAdminId: number;
  dataSaver: boolean;
}

export type ToastKind = "success" | "error";
export interface Toast {
  kind: ToastKind;
  message: string;
}

interface FlashData {
  toast: Toast;
}

export type AppSession = Session<SessionData, FlashData>;

const storages = new Map<string, ReturnType<typeof make>>();

function make(secret: string, secure: boolean) {
  return createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      secrets: [secret],
      maxAge: Math.floor(TOKEN_TTL_MS / 1000),
    },
  });
}

/** Behind a TLS-terminating proxy the request arrives as http; trust its X-Forwarded-Proto. */
export function isHttps(request: Request): boolean {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return (forwarded ?? new URL(request.url).protocol.replace(":", "")) === "https";
}

function storageFor(request: Request, context: AppLoadContext) {
  const secure = isHttps(request);
  const key = `${secure}:${context.sessionSecret}`;
  let storage = storages.get(key);
  if (!storage) {
    storage = make(context.sessionSecret, secure);
    storages.set(key, storage);
  }
  return storage;
}

export function getSession(request: Request, context: AppLoadContext): Promise<AppSession> {
  return storageFor(request, context).getSession(request.headers.get("Cookie"));
}

export function commitSession(request: Request, context: AppLoadContext, session: AppSession): Promise<string> {
  return storageFor(request, context).commitSession(session);
}

export function destroySession(request: Request, context: AppLoadContext, session: AppSession): Promise<string> {
  return storageFor(request, context).destroySession(session);
}
