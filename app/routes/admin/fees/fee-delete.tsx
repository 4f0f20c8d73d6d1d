import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FEE_MESSAGES } from "../../../../contract/fees";
import { DEFAULT_SUCCESS } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { resultToast } from "~/.server/confirm.server";
import { loadFee } from "~/.server/fees.server";
import { redirectWithToast } from "~/.server/toast.server";
import { Banner } from "~/components/ui/Banner";
import { buttonClass } from "~/components/ui/Button";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { feePaths, naira, setupOf } from "./shared";

/**
 * Deleting a fee (/admin/school-fees/{id}/delete): asks first; a fee with payments against it is refused
 * by the API and the page says to retire it instead.
 */
export const meta: MetaFunction = () => [{ title: "Delete fee" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => loadFee(api, params.id));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const { fee } = await loadFee(api, params.id);
    const result = await api.remove(`/fees/fee-settings/${params.id}`);
    return redirectWithToast(
      request,
      context,
      fee ? setupOf(fee) : feePaths.setup(),
      resultToast(result, DEFAULT_SUCCESS.deleted, true),
    );
  });
}

export default function DeleteFee() {
  const { fee, error } = useLoaderData<typeof loader>();
  if (!fee) return <Banner>{error}</Banner>;
  if (fee.has_payments) {
    return (
      <section
        aria-labelledby="confirm-title"
        className="mx-auto max-w-sm space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h1 id="confirm-title" className="text-xl font-bold">
          Delete fee
        </h1>
        <p className="text-slate-700">{FEE_MESSAGES.feeHasPayments}</p>
        <div className="flex justify-end gap-2">
          <Link to={setupOf(fee)} className={buttonClass("secondary")}>
            Cancel
          </Link>
          <Link to={feePaths.retire(fee.id)} className={buttonClass("primary")}>
            Retire instead
          </Link>
        </div>
      </section>
    );
  }
  return (
    <ConfirmPage
      title="Delete fee"
      description={`Delete ${fee.name} (${naira(fee.amount)}, ${fee.term} ${fee.session})? It comes off every bill of that term.`}
      cancelTo={setupOf(fee)}
      confirmLabel="Delete"
    />
  );
}
