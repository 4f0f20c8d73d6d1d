import type { FieldErrors, Paginated } from "./http";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from "./limits";
import { MESSAGES } from "./messages";

/**
 * The file manager (screens: docs/product.md, File manager).
 *
 * Calls, under /api/admin/{uniqueId}; `{id}` is the file's `id`, `{folder}` a folder's name:
 * - GET    /files/folders                      → {data: string[]} every folder's name, A to Z
 * - GET    /files/folderStats?page=&per_page=  → {data: Paginated<FolderStats>}
 * - GET    /files/storage-quota                → {data: StorageQuota}
 * - GET    /files/folder/{folder}?page=&per_page= → {data: Paginated<FileRecord>} newest first
 * - GET    /files/{id}                         → {data: FileRecord}
 * - DELETE /files/{id}                         → 200 {message}; frees its space
 * - DELETE /files/folder/{folder}              → 200 {message}; the folder and its files, freeing their space
 * - POST   /files/{id}/share {disposition?}    → 201 {data: ShareLink}: a link that opens the file for
 *          SHARE_LINK_TTL_SECONDS without a token, only for this school's file
 * - DELETE /files/{id}/share                   → 200 {message}: every link to the file stops working
 * - POST   /files multipart: files[] (1 to 5, each at most 5 MB) and either folder_name (a new folder) or
 *          existing_folder → 201 {message, data: FileRecord[]}; with an `Idempotency-Key` header a re-sent
 *          upload answers 200 with the files it already stored
 * - GET    /api/files/shared/{token}           → the file's bytes (no admin prefix, no bearer token); a link
 *          unknown, expired or revoked, or whose file is gone: 404 {message: FILE_MESSAGES.linkExpired}
 * Failures: 422 {message, errors: {files | folder_name | existing_folder: [..]}}, 404 {message}, 413.
 */

export const UPLOAD_FIELDS = {
  files: "files[]",
  folderName: "folder_name",
  existingFolder: "existing_folder",
} as const;
export const FOLDER_NAME_MAX = 60;
/** A school's folders are listed whole in the upload form's choice, so their number is bounded. */
export const MAX_FOLDERS = 200;
export const SHARE_LINK_TTL_SECONDS = 300;
/** Where share links serve files, at PUBLIC_URL: the only thing a page may embed (the view page's PDF preview). */
export const SHARED_FILES_PATH = "/api/files/shared/";
/** The storage quota of a school when the server sets none (STORAGE_QUOTA_MB); 0 means unlimited. */
export const DEFAULT_STORAGE_QUOTA_MB = 1024;
/**
 * An upload request may carry at most this many bytes: the 5 files of 5 MB, and room for a file or two
 * over the limit, so their names can still be reported; past it the request is cut off (413).
 */
export const UPLOAD_REQUEST_MAX_BYTES = 64 * 1024 * 1024;

/** Texts docs/product.md does not give for this area; each is recorded in docs/decisions.md. */
export const FILE_MESSAGES = {
  oneFolderOnly: "Type a new folder name or choose an existing folder, not both.",
  folderNameTooLong: `Use at most ${FOLDER_NAME_MAX} characters for the folder name.`,
  folderNameInvalid: "A folder name cannot contain / or \\ or be only dots.",
  folderNameReserved: 'The name "upload" is kept for the upload page; choose another folder name.',
  folderGone: "This folder no longer exists. Choose another or type a new folder name.",
  tooManyFolders: `A school can have at most ${MAX_FOLDERS} folders. Upload into an existing folder or delete one first.`,
  typeRefused:
    "These files cannot be uploaded: {names}. Upload documents, pictures, audio or video (not programs, web pages or SVG images).",
  emptyFiles: "These files are empty: {names}",
  picturesTooLarge: "Pictures exceeding 25 megapixels (for example 5000 × 5000 pixels): {names}",
  quotaExceeded: "Not enough storage space: these files need {needed} but only {remaining} is left.",
  folderNotFound: "Folder not found.",
  folderDeleted: "Folder deleted successfully",
  linkExpired: "This link has expired or is not valid. Open the file again from the file manager.",
  linksRevoked: "Links to this file no longer work.",
} as const;

/**
 * The upload's folder is a new folder's name or an existing folder, exactly one of them (blank is none):
 * the message beside the new folder's name when it is not. The one rule the API, the web form's action
 * and the upload page's own check all apply.
 */
export function folderChoiceProblem(folderName?: string, existingFolder?: string): string | undefined {
  const named = Boolean(folderName?.trim());
  const chosen = Boolean(existingFolder?.trim());
  if (!named && !chosen) return MESSAGES.uploadNoFolder;
  if (named && chosen) return FILE_MESSAGES.oneFolderOnly;
  return undefined;
}

/** The product's File. */
export interface FileRecord {
  id: number;
  original_name: string;
  size: number;
  mime_type: string;
  created_at: string;
  folder: string;
}

/** The product's Folder stats, with the total in bytes beside its text. */
export interface FolderStats {
  folder: string;
  files_count: number;
  total_size: number;
  total_size_formatted: string;
}

/** The product's Storage quota, in bytes; `quota` and `remaining` are null when the school has no limit. */
export interface StorageQuota {
  used: number;
  quota: number | null;
  remaining: number | null;
  percentage: number;
  unlimited: boolean;
}

export type ShareDisposition = "attachment" | "inline";

/** A short-lived link to a file: its full address, at PUBLIC_URL, which needs no token. */
export interface ShareLink {
  url: string;
  expires_at: string;
  disposition: ShareDisposition;
}

export type FolderStatsPage = Paginated<FolderStats>;
export type FilePage = Paginated<FileRecord>;

export { formatFileSize } from "./file-size";

/** The storage bar's colour: red above 90 %, yellow above 75 %, green otherwise. */
export function quotaLevel(percentage: number): "red" | "yellow" | "green" {
  return percentage > 90 ? "red" : percentage > 75 ? "yellow" : "green";
}

/** What the view page can show of a file: a picture, a PDF, or nothing (it is only downloaded). */
export function previewKind(mime: string): "image" | "pdf" | null {
  if (["image/png", "image/jpeg", "image/gif", "image/webp"].includes(mime)) return "image";
  return mime === "application/pdf" ? "pdf" : null;
}

export const listNames = (template: string, names: string[]) => template.replace("{names}", names.join(", "));

/**
 * The product's rules on the chosen files, in its words, under `files`: at least one, at most 5, none
 * over 5 MB. The web form checks them before sending anything and the API again on what arrived.
 */
export function uploadFileProblems(
  files: Array<{ filename: string; size: number; truncated?: boolean }>,
  tooManyFiles = false,
): FieldErrors {
  if (tooManyFiles || files.length > UPLOAD_MAX_FILES) return { files: [MESSAGES.uploadTooManyFiles] };
  if (!files.length) return { files: [MESSAGES.uploadNoFiles] };
  const tooLarge = files.filter((f) => f.truncated || f.size > UPLOAD_MAX_BYTES).map((f) => f.filename);
  return tooLarge.length ? { files: [listNames(MESSAGES.uploadTooLarge, tooLarge)] } : {};
}
