import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DEFAULT_SUCCESS } from "../../../../contract/messages";
import { PROMOTION_MESSAGES, type PromotionPreview } from "../../../../contract/promotion";
import { withAdmin } from "~/.server/auth.server";
import { confirmAndReturn } from "~/.server/confirm.server";
import { notFound } from "~/.server/not-found.server";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { PROMOTION_PATH } from "./promotion-summary";

export const meta: MetaFunction = () => [{ title: "Undo promotion" }];

/**
 * The JS-off confirmation of undoing the last promotion; with JS the promotion page's dialog posts here. Without
 * a promotion to undo, or once it can no longer be undone, the page says why.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const preview = await api.get<PromotionPreview>("/promotion/preview");
    if (!preview.ok) throw notFound();
    const last = preview.data.last;
    return {
      session: last?.ending_session ?? null,
      refused: last ? last.undo_refused : PROMOTION_MESSAGES.nothingToUndo,
    };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api }) =>
    confirmAndReturn(request, context, PROMOTION_PATH, () => api.create("/promotion/undo"), DEFAULT_SUCCESS.updated),
  );
}

export default function UndoPromotion() {
  const { session, refused } = useLoaderData<typeof loader>();
  if (refused || !session)
    return (
      <div className="space-y-4">
        <PageHeader backTo={PROMOTION_PATH} title="Undo promotion" />
        <Banner kind="info">{refused}</Banner>
      </div>
    );
  return (
    <ConfirmPage
      title="Undo promotion"
      description={`Every student goes back to their class of ${session}, the graduates come back from the backlog and the school goes back to ${session}.`}
      cancelTo={PROMOTION_PATH}
      confirmLabel="Undo promotion"
    />
  );
}
