import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { INVENTORY_MESSAGES, type InventoryItem } from "../../../../contract/inventory";
import { DEFAULT_SUCCESS } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { resultToast } from "~/.server/confirm.server";
import { readFormData } from "~/.server/form.server";
import { loadRecord, queryId } from "~/.server/inventory.server";
import { adminPath } from "~/.server/return-to";
import { redirectWithToast } from "~/.server/toast.server";
import { Banner } from "~/components/ui/Banner";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { INVENTORY_BACK, INVENTORY_HOME, inventoryPaths } from "./shared";
import { notFound } from "~/.server/not-found.server";

/**
 * Deleting a product (/admin/inventory/delete-product?itemId=&returnUrl=): the group page's dialog posts
 * here with JavaScript, this page asks without it. Either way the admin goes back to `returnUrl` (a page of
 * this app) with a toast; an item already gone (a second tap) counts as deleted.
 */
export const meta: MetaFunction = () => [{ title: "Delete product" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const loaded = await loadRecord<InventoryItem>(api, "/inventory/items", queryId(request, "itemId"));
    if ("notFound" in loaded) notFound(INVENTORY_MESSAGES.itemNotFound, INVENTORY_BACK);
    if ("error" in loaded) return { error: loaded.error, item: null, back: INVENTORY_HOME };
    const back = adminPath(
      new URL(request.url).searchParams.get("returnUrl"),
      inventoryPaths.groupItems(loaded.record.group_id),
    );
    return { error: null, item: loaded.record, back };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const form = await readFormData(request);
    const back = adminPath(form.get("returnUrl"), INVENTORY_HOME);
    const result = await api.remove(`/inventory/items/${queryId(request, "itemId") ?? "0"}`);
    return redirectWithToast(request, context, back, resultToast(result, DEFAULT_SUCCESS.deleted, true));
  });
}

export default function DeleteProduct() {
  const loaded = useLoaderData<typeof loader>();
  const { item, error, back } = loaded;
  if (!item) return <Banner>{error}</Banner>;
  return (
    <ConfirmPage
      title="Delete product"
      description={`Delete ${item.name} (${item.class})? Sales already recorded stay on the students' bills.`}
      cancelTo={back}
      confirmLabel="Delete"
      hiddenFields={{ returnUrl: back }}
    />
  );
}
