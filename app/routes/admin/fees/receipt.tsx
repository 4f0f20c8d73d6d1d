import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { failure, redirectWithToast } from "~/.server/toast.server";
import { passOnDownload } from "~/.server/downloads.server";
import { feePaths } from "./shared";

/**
 * /admin/school-fees/payments/{id}/receipt: streams the school API's receipt PDF as an attachment, so the
 * plain link works without JavaScript. A failure goes back to the fees overview with the product's message; a
 * receipt that is not found leads to its 404 page inside the admin shell (receipt-missing.tsx).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const id = params.id ?? "";
    if (!/^\d{1,15}$/.test(id)) return redirect(feePaths.receiptMissing(id));
    const response = await api.raw(`/fees/payments/${id}/receipt`);
    if (response.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("application/pdf")) {
      await response.body?.cancel();
      if (response.status === 404) return redirect(feePaths.receiptMissing(id));
      return redirectWithToast(request, context, "/admin/school-fees", failure(MESSAGES.failedFees));
    }
    return passOnDownload(response, "application/pdf", "receipt.pdf");
  });
}
