import { createCookie, createSession, type Session, type SessionStorage } from "@remix-run/node";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { TOKEN_TTL_MS } from "../../contract/limits";

export interface SessionData {
  token: string;
  uniqueId: string;
  /** Set when a sub-admin signed in (the API checks it against the token); absent for the main admin. */
  subAdminId: number;
  /** Set when a teacher signed in to the staff area; they open only its pages. */
  staffId: number;
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

type AppSessionStorage = SessionStorage<SessionData, FlashData>;

const storages = new Map<string, AppSessionStorage>();

/** Cookie headers whose unsealed session a process keeps (a few hundred bytes each). */
const UNSEALED_KEPT = 1000;

/** The session cookie's AES-256-GCM key, derived from SESSION_SECRET for this use only. */
function sessionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "", "school-admin session cookie", 32));
}

/** `data` as base64url of a fresh 12-byte nonce, the ciphertext and the 16-byte tag. */
function seal(data: unknown, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
}

/** What `seal` sealed with `key`, or null for anything else (another key, an older cookie, a forged one). */
function unseal(value: unknown, key: Buffer): Record<string, unknown> | null {
  if (typeof value !== "string") return null;
  const bytes = Buffer.from(value, "base64url");
  if (bytes.length < 12 + 16) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const text = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
    const data: unknown = JSON.parse(text.toString("utf8"));
    return typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The session lives in its cookie, as before, but sealed: AES-256-GCM with a key derived from SESSION_SECRET, so
 * the cookie neither shows the API bearer token it carries nor can be altered. Nothing is kept on the server, so
 * every process (WEB_CONCURRENCY, other machines sharing SESSION_SECRET) reads it, across restarts.
 */
function make(secret: string, secure: boolean): AppSessionStorage {
  const key = sessionKey(secret);
  const cookie = createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: Math.floor(TOKEN_TTL_MS / 1000),
  });
  // What each Cookie header unsealed to: a page's root, layout and screen each read the session, and an admin's
  // next pages send the same header. The least recently used are forgotten past UNSEALED_KEPT.
  const unsealed = new Map<string, Record<string, unknown>>();
  return {
    async getSession(cookieHeader) {
      const header = cookieHeader ?? "";
      let data = unsealed.get(header);
      if (data) unsealed.delete(header);
      else data = unseal(await cookie.parse(header || null), key) ?? {};
      unsealed.set(header, data);
      if (unsealed.size > UNSEALED_KEPT) unsealed.delete(unsealed.keys().next().value!);
      // createSession copies the data: what a loader sets or flashes stays its own until committed.
      return createSession<SessionData, FlashData>(data as unknown as SessionData, "");
    },
    async commitSession(session, options) {
      return cookie.serialize(seal(session.data, key), options);
    },
    async destroySession(_session, options) {
      return cookie.serialize("", { ...options, maxAge: undefined, expires: new Date(0) });
    },
  };
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
