import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import type { InventoryGroupPage, InventoryGroupSummary, InventoryStats } from "../../../../contract/inventory";
import { withAdmin } from "~/.server/auth.server";
import { loadBankAccount } from "~/.server/inventory.server";
import { FilterForm } from "~/components/list/FilterForm";
import { PagedList } from "~/components/list/PagedList";
import { menuItemClass, RowMenu } from "~/components/list/RowMenu";
import { buttonClass } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { EmptyState } from "~/components/ui/EmptyState";
import { Field } from "~/components/ui/Field";
import { inventoryPaths } from "./shared";

export const meta: MetaFunction = () => [{ title: "Inventory" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const params = new URL(request.url).searchParams;
    const q = (params.get("q") ?? "").slice(0, 100);
    const [groups, stats, account] = await Promise.all([
      api.get<InventoryGroupPage>("/inventory/groups", { query: { q, page: params.get("page") } }),
      api.get<InventoryStats>("/inventory/stats"),
      loadBankAccount(api),
    ]);
    return {
      q,
      list: groups.ok ? groups.data : null,
      error: groups.ok ? null : groups.message,
      stats: stats.ok ? stats.data : null,
      account: account && { bank: account.account_bank, number: account.account_number, name: account.account_name },
    };
  });
}

const itemsCount = (n: number) => (n === 1 ? "1 item" : `${n} items`);

function GroupRow({ group, back }: { group: InventoryGroupSummary; back: string }) {
  const deletePath = inventoryPaths.deleteGroup(group.id);
  return (
    <li className="flex items-center gap-2 rounded-xl bg-white p-2 shadow-sm ring-1 ring-slate-200">
      <Link
        to={inventoryPaths.groupItems(group.id)}
        className="flex min-h-12 min-w-0 flex-1 flex-col justify-center rounded-lg p-2 hover:bg-slate-50"
      >
        <span className="truncate font-semibold text-slate-900">{group.name}</span>
        <span className="text-sm text-slate-700">{itemsCount(group.items_count)}</span>
        {group.matching_items.length ? (
          <span className="truncate text-sm text-slate-700">Matches: {group.matching_items.join(", ")}</span>
        ) : null}
      </Link>
      <RowMenu label={`Actions for ${group.name}`}>
        <Link to={inventoryPaths.updateGroup(group.id)} className={menuItemClass}>
          Edit
        </Link>
        <ConfirmDialog
          href={inventoryPaths.deleteGroup(group.id, { returnTo: back })}
          action={deletePath}
          title="Delete group"
          description={
            group.items_count
              ? `Delete ${group.name}? It has ${itemsCount(group.items_count)}: you will be asked again before they are deleted with it.`
              : `Delete ${group.name}? This cannot be undone.`
          }
          triggerLabel="Delete"
          confirmLabel="Delete"
          triggerClassName={`${menuItemClass} text-red-700`}
          hiddenFields={{ returnTo: back }}
        />
      </RowMenu>
    </li>
  );
}

function StatCard({ label, value }: { label: string; value: number | null }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="text-3xl font-bold text-slate-900">{value === null ? "–" : value.toLocaleString("en-NG")}</dd>
    </div>
  );
}

/** The inventory home: stats, the way to each task, and the groups with a search. */
export default function InventoryHome() {
  const { q, list, error, stats, account } = useLoaderData<typeof loader>();
  const location = useLocation();
  const back = location.pathname + location.search;

  return (
    <div className="space-y-5 pb-40">
      <h1 className="text-2xl font-bold">Inventory</h1>

      <dl className="grid grid-cols-2 gap-3">
        <StatCard label="Items in Stock" value={stats?.items_in_stock ?? null} />
        <StatCard label="Items Purchased" value={stats?.items_purchased ?? null} />
      </dl>

      <nav aria-label="Inventory tasks" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Link to={inventoryPaths.addProduct()} className={buttonClass("primary")}>
          Add Product
        </Link>
        <Link to={inventoryPaths.addGroup} className={buttonClass("secondary")}>
          Add Group
        </Link>
        <Link to={inventoryPaths.purchased} className={buttonClass("secondary")}>
          Purchased Items
        </Link>
        <Link to={inventoryPaths.bankDetails} className={buttonClass("secondary")}>
          Bank Details
        </Link>
      </nav>
      <p className="text-sm text-slate-700" data-testid="bank-summary">
        {account
          ? `Payments go to ${account.bank} · ${account.number} · ${account.name}`
          : "No bank details yet: add the account the school is paid into."}
      </p>

      <FilterForm label="Search inventories">
        <div className="min-w-48 flex-1">
          <Field
            id="inventory-search"
            label="Search"
            inputProps={{
              type: "search",
              name: "q",
              defaultValue: q,
              maxLength: 100,
              placeholder: "Search Inventories",
            }}
          />
        </div>
      </FilterForm>

      <PagedList
        label="Inventory groups"
        list={list}
        error={error}
        empty={
          q ? (
            <EmptyState title="No groups or items match your search" />
          ) : (
            <EmptyState title="No inventory groups yet">
              <Link to={inventoryPaths.addGroup} className="font-semibold text-brand-700 underline">
                Add Group
              </Link>
            </EmptyState>
          )
        }
      >
        {(group) => <GroupRow key={group.id} group={group} back={back} />}
      </PagedList>
    </div>
  );
}
