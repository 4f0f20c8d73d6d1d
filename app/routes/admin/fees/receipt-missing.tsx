import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { withAdmin } from "~/.server/auth.server";
import { notFound } from "~/.server/not-found.server";
import { RECEIPT_NOT_FOUND } from "./shared";

export const meta: MetaFunction = () => [{ title: RECEIPT_NOT_FOUND }];

/**
 * Where a receipt that is not this school's (or no longer exists) leads: the receipt's own URL answers a
 * PDF, which cannot show the admin shell, so it sends the browser here for the 404 page inside it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async () =>
    notFound(RECEIPT_NOT_FOUND, { to: "/admin/school-fees", label: "Back to school fees" }),
  );
}

export default function ReceiptMissing() {
  return null;
}
