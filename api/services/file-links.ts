import {
  FILE_MESSAGES,
  previewKind,
  SHARED_FILES_PATH,
  type ShareDisposition,
  type ShareLink,
} from "../../contract/files";
import type { StoredObject } from "../storage/storage";
import type { ApiDeps, Tenant } from "../context";
import { ApiError } from "../lib/errors";
import { downloadName } from "../lib/file-types";
import { checkPublicLink, createPublicLink, publicAddress, revokeSubjectLinks } from "../lib/public-links";
import { getFile } from "./files";

/**
 * Share links: `POST /files/{id}/share` makes a public link (api/lib/public-links.ts, purpose
 * "file-share") to "this school's file {id}, as an attachment or shown inline". The link needs no login,
 * so a browser can follow it, but it stops working after SHARE_LINK_TTL_SECONDS, when the school revokes
 * its file's links or deletes the file, and it can only ever open that one file of that school.
 */

/** A link to one of the school's files; `inline` only for what the view page may show (pictures, PDFs). */
export async function shareFile(
  deps: ApiDeps,
  tenant: Tenant,
  id: number,
  wanted: ShareDisposition,
): Promise<ShareLink> {
  const file = await getFile(deps, tenant, id);
  const disposition = wanted === "inline" && previewKind(file.mime_type) ? "inline" : "attachment";
  const link = await createPublicLink(deps.db, deps.now(), tenant.schoolId, {
    purpose: "file-share",
    subject: String(id),
    detail: disposition,
  });
  return {
    url: publicAddress(deps.publicUrl, `${SHARED_FILES_PATH}${link.token}`),
    expires_at: link.expiresAt.toISOString(),
    disposition,
  };
}

/** Stops every share link of one of the school's files that still works. */
export async function revokeFileLinks(deps: ApiDeps, tenant: Tenant, id: number): Promise<number> {
  await getFile(deps, tenant, id);
  return revokeSubjectLinks(deps.db, deps.now(), tenant.schoolId, "file-share", [String(id)]);
}

export interface SharedFile extends StoredObject {
  name: string;
  mime: string;
  disposition: ShareDisposition;
}

/** The file a link opens, if the link is known, unexpired, not revoked and its school still has that file. */
export async function openSharedFile(deps: ApiDeps, token: string): Promise<SharedFile> {
  const gone = () => new ApiError(404, FILE_MESSAGES.linkExpired);
  const checked = await checkPublicLink(deps.db, deps.now(), token, "file-share");
  if (!checked.ok) throw gone();
  const { schoolId, subject, detail } = checked.link;
  const row = await deps.db
    .selectFrom("files")
    .select(["storage_key", "original_name", "mime_type"])
    .where("school_id", "=", schoolId)
    .where("id", "=", Number(subject))
    .executeTakeFirst();
  if (!row) throw gone();
  const stored = await deps.storage.open(row.storage_key);
  if (!stored) throw gone();
  return {
    ...stored,
    name: downloadName(row.original_name, row.mime_type),
    mime: row.mime_type,
    disposition: detail === "inline" ? "inline" : "attachment",
  };
}
