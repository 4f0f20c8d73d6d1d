import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { failure, redirectWithToast } from "~/.server/toast.server";

/**
 * /admin/timetable/{id}/download: streams the school API's PDF to the browser as an attachment, so the
 * plain link works without JavaScript. A failure goes back to the list with the spec's message.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const response = await api.raw(`/timetable/${encodeURIComponent(params.id ?? "")}/download-pdf`);
    if (response.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("application/pdf")) {
      await response.body?.cancel();
      return redirectWithToast(request, context, "/admin/time-table", failure(MESSAGES.failedDownloadTimetable));
    }
    const headers = new Headers({
      "Content-Type": "application/pdf",
      "Content-Disposition": response.headers.get("content-disposition") ?? 'attachment; filename="timetable.pdf"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
    const length = response.headers.get("content-length");
    if (length) headers.set("Content-Length", length);
    return new Response(response.body, { status: 200, headers });
  });
}
