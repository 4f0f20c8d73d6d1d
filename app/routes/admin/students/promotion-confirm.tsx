import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DEFAULT_SUCCESS } from "../../../../contract/messages";
import type { PromotionPreview } from "../../../../contract/promotion";
import { withAdmin } from "~/.server/auth.server";
import { confirmAndReturn } from "~/.server/confirm.server";
import { newFormKey } from "~/.server/form.server";
import { notFound } from "~/.server/not-found.server";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { PROMOTION_PATH, summaryText } from "./promotion-summary";

export const meta: MetaFunction = () => [{ title: "Promote students" }];

/** Ids as the page sends them: repeated values (the JS-off form) or one comma-separated value (the dialog). */
const idsOf = (values: (string | File)[]) =>
  values
    .flatMap((v) => String(v).split(","))
    .map((v) => v.trim())
    .filter((v) => /^\d+$/.test(v))
    .map(Number);

/** The JS-off confirmation of the promotion with the choices made on the promotion page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const preview = await api.get<PromotionPreview>("/promotion/preview");
    if (!preview.ok) throw notFound();
    const query = new URL(request.url).searchParams;
    const suggested = new Set(preview.data.suggested.map((s) => s.id));
    const choices = {
      held_back: idsOf(query.getAll("held_back")).filter((id) => suggested.has(id)),
      moved_up: idsOf(query.getAll("moved_up")).filter((id) => suggested.has(id)),
    };
    return {
      session: preview.data.ending_session,
      summary: summaryText(preview.data, choices),
      choices,
      formKey: newFormKey(),
    };
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
          "/promotion",
          {
            ending_session: String(form.get("ending_session") ?? ""),
            held_back: idsOf(form.getAll("held_back")),
            moved_up: idsOf(form.getAll("moved_up")),
          },
          { idempotencyKey: form.get("idempotency_key") },
        ),
      DEFAULT_SUCCESS.updated,
    ),
  );
}

export default function ConfirmPromotion() {
  const { session, summary, choices, formKey } = useLoaderData<typeof loader>();
  return (
    <ConfirmPage
      title={`Promote the students of ${session}?`}
      description={summary}
      cancelTo={PROMOTION_PATH}
      confirmLabel="Promote students"
      variant="primary"
      hiddenFields={{
        ending_session: session,
        held_back: choices.held_back.join(","),
        moved_up: choices.moved_up.join(","),
        idempotency_key: formKey,
      }}
    />
  );
}
