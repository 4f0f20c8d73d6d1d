import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { failure, redirectWithToast } from "~/.server/toast.server";
import { passOnDownload } from "~/.server/downloads.server";

/**
 * /admin/timetable/{id}/download: streams the school API's PDF to the browser as an attachment, so the
 * plain link works without JavaScript. A failure goes back to the list with the product's message (or, for
 * the page's own download with JavaScript, answers an error status it reports itself).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const response = await api.raw(`/timetable/${encodeURIComponent(params.id ?? "")}/download-pdf`);
    if (response.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("application/pdf")) {
      await response.body?.cancel();
      // The page's own download (JavaScript) asks for the PDF alone and shows its own toast: no flash for it,
      // which would otherwise wait in the cookie and show a second time on the next page.
      if (request.headers.get("accept") === "application/pdf") {
        return new Response(MESSAGES.failedDownloadTimetable, { status: response.status === 404 ? 404 : 502 });
      }
      return redirectWithToast(request, context, "/admin/time-table", failure(MESSAGES.failedDownloadTimetable));
    }
    return passOnDownload(response, "application/pdf", "timetable.pdf");
  });
}
