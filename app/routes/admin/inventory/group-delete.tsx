import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { INVENTORY_MESSAGES, type InventoryGroupDetail } from "../../../../contract/inventory";
import { DEFAULT_SUCCESS } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { backFromQuery, resultToast } from "~/.server/confirm.server";
import { readFormData } from "~/.server/form.server";
import { loadRecord, queryId } from "~/.server/inventory.server";
import { returnTo } from "~/.server/return-to";
import { redirectWithToast } from "~/.server/toast.server";
import { Banner } from "~/components/ui/Banner";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { INVENTORY_BACK, INVENTORY_HOME, inventoryPaths } from "./shared";
import { notFound } from "~/.server/not-found.server";

/**
 * Deleting a group (/admin/inventory/delete-group?groupId=): the list's dialog posts here with JavaScript,
 * this page asks without it. A group that still has items is never deleted on the first confirmation:
 * the API refuses, and the admin is brought to a second question (`&withItems=1`) that says how many items
 * go with it and how many of their recorded sales stay (the API keeps purchases when their item goes).
 */
export const meta: MetaFunction = () => [{ title: "Delete group" }];

const withItems = (request: Request) => new URL(request.url).searchParams.get("withItems") === "1";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const loaded = await loadRecord<InventoryGroupDetail>(api, "/inventory/groups", queryId(request, "groupId"));
    if ("notFound" in loaded) notFound(INVENTORY_MESSAGES.groupNotFound, INVENTORY_BACK);
    if ("error" in loaded) return { error: loaded.error, group: null, withItems: false, back: INVENTORY_HOME };
    return {
      error: null,
      group: loaded.record,
      withItems: withItems(request) && loaded.record.items_count > 0,
      back: backFromQuery(request, INVENTORY_HOME),
    };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const form = await readFormData(request);
    const back = returnTo(form.get("returnTo"), INVENTORY_HOME);
    const id = queryId(request, "groupId");
    const result = await api.remove(`/inventory/groups/${id ?? "0"}`, {
      query: { with_items: form.get("withItems") === "1" ? "true" : undefined },
    });
    if (!result.ok && result.status === 409 && result.fieldErrors.items && id) {
      return redirectWithToast(request, context, inventoryPaths.deleteGroup(id, { withItems: "1", returnTo: back }), {
        kind: "error",
        message: result.message,
      });
    }
    return redirectWithToast(request, context, back, resultToast(result, DEFAULT_SUCCESS.deleted, true));
  });
}

export default function DeleteGroup() {
  const loaded = useLoaderData<typeof loader>();
  const { group, error, back } = loaded;
  if (!group) return <Banner>{error}</Banner>;
  if (loaded.withItems) {
    return (
      <ConfirmPage
        title="Delete group and items"
        description={INVENTORY_MESSAGES.deleteGroupWithItems(group.name, group.items_count, group.sales_count)}
        cancelTo={back}
        confirmLabel="Delete group and items"
        hiddenFields={{ returnTo: back, withItems: "1" }}
      />
    );
  }
  return (
    <ConfirmPage
      title="Delete group"
      description={INVENTORY_MESSAGES.deleteGroup(group.name)}
      cancelTo={back}
      confirmLabel="Delete"
      hiddenFields={{ returnTo: back }}
    />
  );
}
