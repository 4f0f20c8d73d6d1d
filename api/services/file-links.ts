import { createHmac, timingSafeEqual } from "node:crypto";
import {
  FILE_MESSAGES,
  previewKind,
  SHARE_LINK_TTL_SECONDS,
  type ShareDisposition,
  type ShareLink,
} from "../../contract/files";
import type { StoredObject } from "../storage/storage";
import type { ApiDeps, Tenant } from "../context";
import { ApiError } from "../lib/errors";
import { downloadName } from "../lib/file-types";
import { getFile, storageRow } from "./files";

/**
 * Share links: `POST /files/{id}/share` signs "this school's file {id}, until {time}, as an attachment
 * or shown inline" with the school's own key. The link needs no login, so a browser can follow it, but
 * it stops working after SHARE_LINK_TTL_SECONDS and can only ever open that one file of that school:
 * changing any part of it breaks the signature, and another school's key signs nothing for this one.
 */

interface LinkClaims {
  schoolId: number;
  fileId: number;
  expires: number;
  disposition: ShareDisposition;
}

const sign = (key: string, payload: string) => createHmac("sha256", key).update(payload).digest();

function encode(claims: LinkClaims, key: string): string {
  const payload = Buffer.from(
    `${claims.schoolId}.${claims.fileId}.${claims.expires}.${claims.disposition === "inline" ? "i" : "a"}`,
  ).toString("base64url");
  return `${payload}.${sign(key, payload).toString("base64url")}`;
}

function readClaims(token: string): { payload: string; signature: Buffer; claims: LinkClaims } | null {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const parts = /^(\d{1,15})\.(\d{1,15})\.(\d{1,12})\.([ai])$/.exec(
    Buffer.from(match[1], "base64url").toString("latin1"),
  );
  if (!parts) return null;
  return {
    payload: match[1],
    signature: Buffer.from(match[2], "base64url"),
    claims: {
      schoolId: Number(parts[1]),
      fileId: Number(parts[2]),
      expires: Number(parts[3]),
      disposition: parts[4] === "i" ? "inline" : "attachment",
    },
  };
}

/** A link to one of the school's files; `inline` only for what the view page may show (pictures, PDFs). */
export async function shareFile(
  deps: ApiDeps,
  tenant: Tenant,
  id: number,
  wanted: ShareDisposition,
): Promise<ShareLink> {
  const file = await getFile(deps, tenant, id);
  const disposition = wanted === "inline" && previewKind(file.mime_type) ? "inline" : "attachment";
  const { share_key } = await storageRow(deps.db, tenant.schoolId);
  const expires = Math.floor(deps.now().getTime() / 1000) + SHARE_LINK_TTL_SECONDS;
  const token = encode({ schoolId: tenant.schoolId, fileId: id, expires, disposition }, share_key);
  return { url: `/api/files/shared/${token}`, expires_at: new Date(expires * 1000).toISOString(), disposition };
}

export interface SharedFile extends StoredObject {
  name: string;
  mime: string;
  disposition: ShareDisposition;
}

/** The file a link opens, if the link is intact, unexpired and its school still has that file. */
export async function openSharedFile(deps: ApiDeps, token: string): Promise<SharedFile> {
  const gone = () => new ApiError(404, FILE_MESSAGES.linkExpired);
  const read = readClaims(token);
  if (!read) throw gone();
  const { claims } = read;
  if (claims.expires * 1000 <= deps.now().getTime()) throw gone();
  const school = await deps.db
    .selectFrom("school_storage")
    .select("share_key")
    .where("school_id", "=", claims.schoolId)
    .executeTakeFirst();
  if (!school) throw gone();
  const expected = sign(school.share_key, read.payload);
  if (!timingSafeEqual(expected, read.signature)) throw gone();

  const row = await deps.db
    .selectFrom("files")
    .select(["storage_key", "original_name", "mime_type"])
    .where("school_id", "=", claims.schoolId)
    .where("id", "=", claims.fileId)
    .executeTakeFirst();
  if (!row) throw gone();
  const stored = await deps.storage.open(row.storage_key);
  if (!stored) throw gone();
  return {
    ...stored,
    name: downloadName(row.original_name, row.mime_type),
    mime: row.mime_type,
    disposition: claims.disposition,
  };
}
