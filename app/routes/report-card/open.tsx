import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { publicApi } from "~/.server/auth.server";

/**
 * /report-card/{token}: the link a message to parents carries, without a sign-in. It passes on the school API's PDF
 * of that one report card, opened in the browser; a link that opens nothing goes to a page saying so.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const response = await publicApi(context).raw(`/api/public/report-card-links/${encodeURIComponent(token)}`);
  if (response.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("application/pdf"))
    throw redirect(`/report-card/${encodeURIComponent(token)}/not-found`);
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Disposition": response.headers.get("content-disposition") ?? 'inline; filename="report-card.pdf"',
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  const length = response.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return new Response(response.body, { status: 200, headers });
}
