import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { FeeItem } from "../../../../contract/fees";
import { withAdmin } from "~/.server/auth.server";
import { resultToast } from "~/.server/confirm.server";
import { loadFee } from "~/.server/fees.server";
import { readFormData } from "~/.server/form.server";
import { redirectWithToast } from "~/.server/toast.server";
import { Banner } from "~/components/ui/Banner";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { setupOf } from "./shared";

/** Retiring a fee (/admin/school-fees/{id}/retire): it stops billing anyone; a retired one can come back. */
export const meta: MetaFunction = () => [{ title: "Retire fee" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => loadFee(api, params.id));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const { fee } = await loadFee(api, params.id);
    const form = await readFormData(request);
    const result = await api.create<FeeItem>(`/fees/fee-settings/${params.id}/retire`, {
      retired: form.get("retired") !== "false",
    });
    return redirectWithToast(
      request,
      context,
      fee ? setupOf(fee) : "/admin/school-fees?tab=setup",
      resultToast(result, "Updated successfully"),
    );
  });
}

export default function RetireFee() {
  const { fee, error } = useLoaderData<typeof loader>();
  if (!fee) return <Banner>{error}</Banner>;
  return fee.retired ? (
    <ConfirmPage
      title="Bring back fee"
      description={`Bring ${fee.name} back? It bills again for ${fee.term} ${fee.session}.`}
      cancelTo={setupOf(fee)}
      confirmLabel="Bring back"
      variant="primary"
      hiddenFields={{ retired: "false" }}
    />
  ) : (
    <ConfirmPage
      title="Retire fee"
      description={`Retire ${fee.name}? It comes off every bill of ${fee.term} ${fee.session}; payments already recorded stay.`}
      cancelTo={setupOf(fee)}
      confirmLabel="Retire"
      hiddenFields={{ retired: "true" }}
    />
  );
}
