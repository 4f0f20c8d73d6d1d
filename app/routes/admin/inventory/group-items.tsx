import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import {
  INVENTORY_MESSAGES,
  type InventoryGroup,
  type InventoryItem,
  type InventoryItemPage,
} from "../../../../contract/inventory";
import { formatWireNaira } from "../../../../contract/money";
import { withAdmin } from "~/.server/auth.server";
import { loadRecord, queryId } from "~/.server/inventory.server";
import { FilterForm } from "~/components/list/FilterForm";
import { PagedList } from "~/components/list/PagedList";
import { menuItemClass, RowMenu } from "~/components/list/RowMenu";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { buttonClass } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { EmptyState } from "~/components/ui/EmptyState";
import { Field } from "~/components/ui/Field";
import { INVENTORY_BACK, INVENTORY_HOME, inventoryPaths, onSale, StatusBadge } from "./shared";
import { notFound } from "~/.server/not-found.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "group" in data && data.group ? data.group.name : "Group items" },
];

/** A group's items (/admin/inventory/group/items?groupId=): title the group's name, its item count, a search. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const params = new URL(request.url).searchParams;
    const groupId = queryId(request, "groupId");
    const q = (params.get("q") ?? "").slice(0, 100);
    const [loaded, items] = await Promise.all([
      loadRecord<InventoryGroup>(api, "/inventory/groups", groupId),
      groupId
        ? api.get<InventoryItemPage>("/inventory/items", { query: { group_id: groupId, q, page: params.get("page") } })
        : null,
    ]);
    if ("notFound" in loaded || !items) notFound(INVENTORY_MESSAGES.groupNotFound, INVENTORY_BACK);
    return {
      q,
      group: "record" in loaded ? loaded.record : null,
      list: items.ok ? items.data : null,
      error: "error" in loaded ? loaded.error : items.ok ? null : items.message,
    };
  });
}

function ItemRow({ item, back }: { item: InventoryItem; back: string }) {
  const deletePath = inventoryPaths.deleteProduct(item.id);
  return (
    <li className="flex items-center gap-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="truncate font-semibold text-slate-900">{item.name}</p>
        <p className="text-sm text-slate-700">
          {item.class} · {formatWireNaira(item.price)}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <StatusBadge status={item.status} withdrawn={item.withdrawn} />
          <span>{item.quantity.toLocaleString("en-NG")} in stock</span>
        </p>
      </div>
      <RowMenu label={`Actions for ${item.name}, ${item.class}`}>
        <Link to={inventoryPaths.editProduct(item.id, back)} className={menuItemClass}>
          Edit
        </Link>
        {onSale(item) ? (
          <Link to={inventoryPaths.sell(item.id)} className={menuItemClass}>
            Sell to a student
          </Link>
        ) : null}
        <ConfirmDialog
          href={inventoryPaths.deleteProduct(item.id, back)}
          action={deletePath}
          title="Delete product"
          description={`Delete ${item.name} (${item.class})? Sales already recorded stay on the students' bills.`}
          triggerLabel="Delete"
          confirmLabel="Delete"
          triggerClassName={`${menuItemClass} text-red-700`}
          hiddenFields={{ returnUrl: back }}
        />
      </RowMenu>
    </li>
  );
}

export default function GroupItems() {
  const loaded = useLoaderData<typeof loader>();
  const location = useLocation();
  const { q, group, list, error } = loaded;
  const back = location.pathname + location.search;
  const total = list?.total ?? group?.items_count;

  return (
    <div className="space-y-5 pb-40">
      <PageHeader backTo={INVENTORY_HOME} title={group?.name ?? "Group items"} />
      {error ? <Banner>{error}</Banner> : null}
      {group ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-slate-700" data-testid="items-count">
              {group.items_count === 1 ? "1 item" : `${group.items_count} items`}
              {q && total !== undefined ? ` · ${total} matching` : ""}
            </p>
            <Link to={inventoryPaths.addProduct(group.id)} className={buttonClass("primary")}>
              Add Product
            </Link>
          </div>
          <FilterForm label="Search items">
            <input type="hidden" name="groupId" value={group.id} />
            <div className="min-w-48 flex-1">
              <Field
                id="items-search"
                label="Search"
                inputProps={{ type: "search", name: "q", defaultValue: q, maxLength: 100, placeholder: "Search items" }}
              />
            </div>
          </FilterForm>
          <PagedList
            label="Items"
            list={list}
            error={null}
            empty={
              q ? (
                <EmptyState title="No items match your search" />
              ) : (
                <EmptyState title="No items in this group yet">
                  <Link to={inventoryPaths.addProduct(group.id)} className="font-semibold text-brand-700 underline">
                    Add Product
                  </Link>
                </EmptyState>
              )
            }
          >
            {(item) => <ItemRow key={item.id} item={item} back={back} />}
          </PagedList>
        </>
      ) : null}
    </div>
  );
}
