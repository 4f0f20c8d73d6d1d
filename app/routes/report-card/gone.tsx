import type { MetaFunction } from "@remix-run/node";
import { MESSAGE_MESSAGES as M } from "../../../contract/parent-messages";
import { notFound } from "~/.server/not-found.server";

export const meta: MetaFunction = () => [{ title: "Report card" }, { name: "robots", content: "noindex" }];

/** Where a report card link that opens nothing (expired, unknown, or the result unpublished since) lands. */
export async function loader() {
  notFound(M.reportCardLinkGone);
}

export default function ReportCardGone() {
  return null;
}
