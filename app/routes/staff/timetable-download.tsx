import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { STAFF_TIMETABLE_MESSAGES as M } from "../../../contract/staff-area";
import { isTeacher, withAdmin } from "~/.server/auth.server";
import { passOnDownload } from "~/.server/downloads.server";
import { failure, redirectWithToast } from "~/.server/toast.server";

/**
 * /staff/timetable/download: the teacher's week as the school API's PDF, passed on as an attachment so the plain
 * link works without JavaScript; a failure goes back to the timetable with the product's message.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async (admin) => {
    // A file answer has no frame to draw the 403 page in: an admin is sent to the page, which draws it.
    if (!isTeacher(admin)) return redirect("/staff/timetable");
    const response = await admin.api.raw("/staff-area/timetable/download-pdf");
    if (response.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("application/pdf")) {
      await response.body?.cancel();
      return redirectWithToast(request, context, "/staff/timetable", failure(M.failedDownload));
    }
    return passOnDownload(response, "application/pdf", "timetable.pdf");
  });
}
