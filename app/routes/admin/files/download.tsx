import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { ShareLink } from "../../../../contract/files";
import { MESSAGES } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { failure, redirectWithToast } from "~/.server/toast.server";
import { FILES_HOME } from "./shared";

/**
 * /admin/files/{id}/download: asks the API for a short-lived link to the file and sends the browser
 * there; the API streams the file as an attachment, so a plain link works without JavaScript and the
 * page stays where it was. A failure goes to the files screen with the product's message.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const link = await api.create<ShareLink>(`/files/${encodeURIComponent(params.id!)}/share`, {
      disposition: "attachment",
    });
    if (!link.ok) return redirectWithToast(request, context, FILES_HOME, failure(MESSAGES.failedDownloadFile));
    return redirect(link.data.url, { headers: { "Cache-Control": "no-store" } });
  });
}
