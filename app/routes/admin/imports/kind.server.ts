import { isImportKind, type ImportKind } from "../../../../contract/imports";
import { notFound } from "~/.server/not-found.server";
import { UPLOAD_PAGE } from "./shared";

/** The kind an upload screen imports, from its address. */
export function kindOfUploadPage(pathname: string): ImportKind {
  const kind = (Object.keys(UPLOAD_PAGE) as ImportKind[]).find((k) => pathname.replace(/\/$/, "") === UPLOAD_PAGE[k]);
  if (!kind) notFound();
  return kind;
}

/** The kind named in a path parameter; anything else is not found. */
export function kindParam(value: string | undefined): ImportKind {
  if (!isImportKind(value)) notFound();
  return value;
}
