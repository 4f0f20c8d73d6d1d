import type { LoaderFunctionArgs } from "@remix-run/node";
import { withAdmin } from "~/.server/auth.server";
import { cbtBase } from "~/.server/cbt.server";
import { passOnDownload } from "~/.server/downloads.server";
import { failure, redirectWithToast } from "~/.server/toast.server";

/** /admin/assessments/{id}/slips: the class's access slips (PDF) as an attachment, so a plain link works JS-off. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const response = await api.raw(`/cbt/tests/${encodeURIComponent(params.id ?? "")}/slips`);
    if (response.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("application/pdf")) {
      await response.body?.cancel();
      return redirectWithToast(request, context, cbtBase(request), failure("The slips could not be downloaded."));
    }
    return passOnDownload(response, "application/pdf", "slips.pdf");
  });
}
