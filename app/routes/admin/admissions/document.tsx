import type { LoaderFunctionArgs } from "@remix-run/node";
import { ADMISSION_SPEC_MESSAGES as SPEC, reviewPath } from "../../../../contract/admissions";
import { withAdmin } from "~/.server/auth.server";
import { failure, redirectWithToast } from "~/.server/toast.server";
import { notFound } from "~/.server/not-found.server";

/** Headers of the API's answer passed on: the document is always an attachment, never shown as a page. */
const PASSED_ON = [
  "Content-Type",
  "Content-Length",
  "Content-Disposition",
  "X-Content-Type-Options",
  "Content-Security-Policy",
  "Cache-Control",
];

/**
 * /submission-review/{uniqueId}/{submissionId}/documents/{field}: a submission's document, streamed from
 * the API to the signed-in admin of its school as an attachment. A failure goes back to the review.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api, uniqueId }) => {
    const back = reviewPath(uniqueId, params.submissionId ?? "");
    if (params.uniqueId?.toUpperCase() !== uniqueId) notFound(SPEC.noSubmission);
    const response = await api.raw(
      `/submissions/${encodeURIComponent(params.submissionId ?? "")}/documents/${encodeURIComponent(params.field ?? "")}`,
    );
    if (!response.ok || !response.body) return redirectWithToast(request, context, back, failure(SPEC.failedDetails));
    const headers = new Headers();
    for (const name of PASSED_ON) {
      const value = response.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(response.body, { status: 200, headers });
  });
}
