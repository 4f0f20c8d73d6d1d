import type { Db } from "../db";
import { generateToken, hashToken } from "./crypto";

/**
 * Links that work without a sign-in: a file shared from the file manager, and to come a report card, a
 * payment page, a message. Each link is a token of 256 random bits (43 base64url characters) that names
 * one row of `public_links`: its school, its purpose, the subject it opens (a file's id), when it stops
 * working and whether it was revoked. Only the token's SHA-256 is stored, so the table (a backup, a
 * leaked copy) opens nothing; a plain hash is enough because the token is random, never chosen by a person.
 *
 * A link is made for one purpose and checked for that purpose: a file link never opens a report card.
 * The caller finds the subject within the link's school only, so a link never opens another school's record.
 */

const DAY = 24 * 60 * 60;

/** Each purpose and how long its links work unless told otherwise (docs/decisions.md, Public links). */
export const LINK_PURPOSES = {
  /** The file manager's download and preview: opened at once, by the admin who asked for it. */
  "file-share": { ttlSeconds: 5 * 60 },
  /** Sent to a parent, who may open it days later. */
  "report-card": { ttlSeconds: 30 * DAY },
  /** A fee to pay: short enough that an old message does not ask for a fee since changed. */
  payment: { ttlSeconds: 7 * DAY },
  message: { ttlSeconds: 30 * DAY },
  /**
   * The QR code printed on an issued report card: a printout is shown for years (a transfer, an admission, a
   * scholarship), so its link works as long as the school may keep the card's scores.
   */
  "report-verification": { ttlSeconds: 10 * 365 * DAY, maxSeconds: 10 * 365 * DAY },
} as const;

export type LinkPurpose = keyof typeof LINK_PURPOSES;

/** No link works longer than this, whatever its caller asks, unless its purpose allows longer. */
export const MAX_LINK_TTL_SECONDS = 90 * DAY;

const maxSecondsOf = (purpose: LinkPurpose) => {
  const entry = LINK_PURPOSES[purpose];
  return "maxSeconds" in entry ? entry.maxSeconds : MAX_LINK_TTL_SECONDS;
};

/** Expired links are kept this long (a late visitor is told "expired"), then cleared as the school makes new ones. */
const KEPT_AFTER_EXPIRY_MS = 30 * DAY * 1000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type Executor = Pick<Db, "selectFrom" | "insertInto" | "updateTable" | "deleteFrom">;

export interface NewLink {
  purpose: LinkPurpose;
  /** What the link opens, as its purpose names it (a file's id). */
  subject: string;
  /** How the subject is opened, when the purpose has a choice (a file: inline or attachment). */
  detail?: string;
  /** Seconds until the link stops working; the purpose's default when left out. */
  ttlSeconds?: number;
}

export interface MadeLink {
  id: number;
  /** The secret part of the link's address; it is never stored and cannot be shown again. */
  token: string;
  expiresAt: Date;
}

/** A link that checked out: what it opens, and for which school. */
export interface OpenLink {
  id: number;
  schoolId: number;
  purpose: LinkPurpose;
  subject: string;
  detail: string;
  expiresAt: Date;
}

export type LinkFailure = "unknown" | "expired" | "revoked" | "wrong-purpose";

export type LinkCheck = { ok: true; link: OpenLink } | { ok: false; reason: LinkFailure };

/** Makes a link for one of the school's records; the school's links long past their expiry are cleared on the way. */
export async function createPublicLink(db: Executor, now: Date, schoolId: number, link: NewLink): Promise<MadeLink> {
  const ttl = link.ttlSeconds ?? LINK_PURPOSES[link.purpose].ttlSeconds;
  const max = maxSecondsOf(link.purpose);
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > max) {
    throw new RangeError(`a link lasts 1 to ${max} seconds, not ${ttl}`);
  }
  await db
    .deleteFrom("public_links")
    .where("school_id", "=", schoolId)
    .where("expires_at", "<", new Date(now.getTime() - KEPT_AFTER_EXPIRY_MS).toISOString())
    .execute();
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + ttl * 1000);
  const row = await db
    .insertInto("public_links")
    .values({
      school_id: schoolId,
      purpose: link.purpose,
      subject: link.subject,
      detail: link.detail ?? "",
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, token, expiresAt };
}

/**
 * What a token opens for `purpose`, or why it opens nothing. With `schoolId`, a link of another school
 * is "unknown", as if it did not exist. Revoked is told before expired: it is the reason that lasts.
 */
export async function checkPublicLink(
  db: Executor,
  now: Date,
  token: string,
  purpose: LinkPurpose,
  schoolId?: number,
): Promise<LinkCheck> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: "unknown" };
  const row = await db
    .selectFrom("public_links")
    .select(["id", "school_id", "purpose", "subject", "detail", "expires_at", "revoked_at"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || (schoolId !== undefined && row.school_id !== schoolId)) return { ok: false, reason: "unknown" };
  if (row.purpose !== purpose) return { ok: false, reason: "wrong-purpose" };
  if (row.revoked_at) return { ok: false, reason: "revoked" };
  const expiresAt = new Date(row.expires_at);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return {
    ok: true,
    link: { id: row.id, schoolId: row.school_id, purpose, subject: row.subject, detail: row.detail, expiresAt },
  };
}

/** Stops one of the school's links; false when the school has no such link or it was already revoked. */
export async function revokePublicLink(db: Executor, now: Date, schoolId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable("public_links")
    .set({ revoked_at: now.toISOString() })
    .where("school_id", "=", schoolId)
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stops every link of the school that opens these subjects for this purpose (a deleted file's); how many it stopped. */
export async function revokeSubjectLinks(
  db: Executor,
  now: Date,
  schoolId: number,
  purpose: LinkPurpose,
  subjects: string[],
): Promise<number> {
  let revoked = 0;
  // A folder of thousands of files: in batches, within any database's limit of bound values.
  for (let start = 0; start < subjects.length; start += 500) {
    const result = await db
      .updateTable("public_links")
      .set({ revoked_at: now.toISOString() })
      .where("school_id", "=", schoolId)
      .where("purpose", "=", purpose)
      .where("subject", "in", subjects.slice(start, start + 500))
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirst();
    revoked += Number(result.numUpdatedRows);
  }
  return revoked;
}

/** An address schools and parents can open: PUBLIC_URL followed by the path. */
export function publicAddress(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/$/, "")}${path}`;
}
