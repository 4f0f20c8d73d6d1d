import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { termEndingInto } from "../../../../contract/calendar";
import { DEFAULT_SUCCESS } from "../../../../contract/messages";
import { PROMOTION_MESSAGES, type PromotionPreview } from "../../../../contract/promotion";
import { withAdmin } from "~/.server/auth.server";
import { confirmAndReturn } from "~/.server/confirm.server";
import { newFormKey } from "~/.server/form.server";
import { notFound } from "~/.server/not-found.server";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { PROMOTION_PATH, termRolloverText } from "./promotion-summary";

export const meta: MetaFunction = () => [{ title: "End the term" }];

/**
 * The JS-off confirmation of ending the current 1st or 2nd Term; with JS the promotion page's dialog posts here.
 * In the 3rd Term the page says that its end is the promotion.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const preview = await api.get<PromotionPreview>("/promotion/preview");
    if (!preview.ok) throw notFound();
    const { current_term: term, ending_session: session } = preview.data;
    return { term, session, next: termEndingInto(term, session), formKey: newFormKey() };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api }) =>
    confirmAndReturn(
      request,
      context,
      PROMOTION_PATH,
      (form) =>
        api.create(
          "/term-rollover",
          {
            ending_term: String(form.get("ending_term") ?? ""),
            ending_session: String(form.get("ending_session") ?? ""),
          },
          { idempotencyKey: form.get("idempotency_key") },
        ),
      DEFAULT_SUCCESS.updated,
    ),
  );
}

export default function EndTerm() {
  const { term, session, next, formKey } = useLoaderData<typeof loader>();
  if (!next)
    return (
      <div className="space-y-4">
        <PageHeader backTo={PROMOTION_PATH} title={`End of ${term}`} />
        <Banner kind="info">{PROMOTION_MESSAGES.lastTerm}.</Banner>
      </div>
    );
  return (
    <ConfirmPage
      title={`End ${term} of ${session}?`}
      description={termRolloverText(term, session, next)}
      cancelTo={PROMOTION_PATH}
      confirmLabel={`End ${term}`}
      variant="primary"
      hiddenFields={{ ending_term: term, ending_session: session, idempotency_key: formKey }}
    />
  );
}
