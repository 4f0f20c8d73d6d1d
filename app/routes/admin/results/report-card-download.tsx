import type { LoaderFunctionArgs } from "@remix-run/node";
import { REPORT_CARD_MESSAGES as RC } from "../../../../contract/report-cards";
import { withAdmin } from "~/.server/auth.server";
import { passOnDownload } from "~/.server/downloads.server";
import { failure, redirectWithToast } from "~/.server/toast.server";

const KEPT = ["class", "term", "year", "result"] as const;

/**
 * /admin/results/report-cards/download?class=&term=&year=&result=[&student=]: streams the school API's report card
 * PDF (one student's, or the whole class's) as an attachment, so the plain link works without JavaScript. A
 * refusal goes back to the report cards page with the API's message.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const url = new URL(request.url);
    const query = new URLSearchParams();
    for (const name of KEPT) query.set(name, (url.searchParams.get(name) ?? "").slice(0, 60));
    const student = url.searchParams.get("student") ?? "";
    const path = student ? `/results/report-card/${encodeURIComponent(student.slice(0, 15))}` : "/results/report-cards";
    const response = await api.raw(`${path}?${query}`);
    if (response.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("application/pdf")) {
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      return redirectWithToast(
        request,
        context,
        `/admin/results/report-cards?${query}`,
        failure(body?.message ?? RC.title),
      );
    }
    return passOnDownload(response, "application/pdf", "report-card.pdf");
  });
}
