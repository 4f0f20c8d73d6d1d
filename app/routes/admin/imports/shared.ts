import type { ImportKind } from "../../../../contract/imports";

/** The bulk import's addresses: the product's upload screens, and the check, its downloads and the page's own sending. */
export const UPLOAD_PAGE: Record<ImportKind, string> = {
  students: "/admin/add-bulk-students",
  parents: "/admin/add-bulk-parents",
  staff: "/admin/add-bulk-staff",
  questions: "/admin/add-bulk-questions",
};
export const checkHref = (kind: ImportKind, token: string) => `/admin/bulk-import/${kind}/${token}`;
export const problemsHref = (kind: ImportKind, token: string) => `${checkHref(kind, token)}/problems`;
export const templateHref = (kind: ImportKind) => `/admin/bulk-import/${kind}/template`;
export const sendHref = (kind: ImportKind) => `/admin/bulk-import/${kind}/send`;
