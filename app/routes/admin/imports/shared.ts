import { isImportKind, type ImportKind } from "../../../../contract/imports";

/** The bulk import's addresses: the spec's upload screens, and the check, its downloads and the page's own sending. */
export const UPLOAD_PAGE: Record<ImportKind, string> = {
  students: "/admin/add-bulk-students",
  parents: "/admin/add-bulk-parents",
  staff: "/admin/add-bulk-staff",
};
export const checkHref = (kind: ImportKind, token: string) => `/admin/bulk-import/${kind}/${token}`;
export const problemsHref = (kind: ImportKind, token: string) => `${checkHref(kind, token)}/problems`;
export const templateHref = (kind: ImportKind) => `/admin/bulk-import/${kind}/template`;
export const sendHref = (kind: ImportKind) => `/admin/bulk-import/${kind}/send`;

/** The kind an upload screen imports, from its address. */
export function kindOfUploadPage(pathname: string): ImportKind {
  const kind = (Object.keys(UPLOAD_PAGE) as ImportKind[]).find((k) => pathname.replace(/\/$/, "") === UPLOAD_PAGE[k]);
  if (!kind) throw new Response("Not Found", { status: 404 });
  return kind;
}

/** The kind named in a path parameter; anything else is not found. */
export function kindParam(value: string | undefined): ImportKind {
  if (!isImportKind(value)) throw new Response("Not Found", { status: 404 });
  return value;
}
