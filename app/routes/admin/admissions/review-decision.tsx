import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReviewDecision } from "../../../../contract/admission-review";
import { reviewPath } from "../../../../contract/admissions";
import { decideSubmission, loadSubmission } from "~/.server/admissions.server";
import { withAdmin } from "~/.server/auth.server";
import { Banner } from "~/components/ui/Banner";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { decisionText } from "./decision-text";

/**
 * /submission-review/{uniqueId}/{submissionId}/approve and …/reject: the JS-off confirm page of the review's
 * Approve and Reject (with JavaScript the review's dialog posts here directly), and the decision itself.
 */
const decisionOf = (request: Request): ReviewDecision =>
  new URL(request.url).pathname.endsWith("/approve") ? "approve" : "reject";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "decision" in data && data.decision === "approve" ? "Approve application" : "Reject application" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api, uniqueId }) => {
    const loaded = await loadSubmission(api, uniqueId, params);
    if (!("submission" in loaded) || !loaded.submission) return loaded;
    // Reviewed already (a second tab, the back button): the review says how it ended.
    if (loaded.submission.status !== "pending") throw redirect(reviewPath(uniqueId, loaded.submission.id));
    return { ...loaded, decision: decisionOf(request) };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api, uniqueId }) =>
    decideSubmission(request, context, api, uniqueId, params.submissionId ?? "", decisionOf(request)),
  );
}

export default function ReviewDecisionPage() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.submission) return <Banner>{loaded.error}</Banner>;
  const { submission, uniqueId } = loaded;
  const decision = "decision" in loaded ? loaded.decision : "reject";
  return <ConfirmPage {...decisionText(decision, submission)} cancelTo={reviewPath(uniqueId, submission.id)} />;
}
