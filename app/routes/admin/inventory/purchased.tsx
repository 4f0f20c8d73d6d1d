import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { Purchase, PurchasePage } from "../../../../contract/inventory";
import { INVENTORY_SPEC_MESSAGES } from "../../../../contract/messages";
import { formatWireNaira } from "../../../../contract/money";
import { withAdmin } from "~/.server/auth.server";
import { FilterForm } from "~/components/list/FilterForm";
import { PagedList } from "~/components/list/PagedList";
import { PageHeader } from "~/components/Page";
import { EmptyState } from "~/components/ui/EmptyState";
import { Field } from "~/components/ui/Field";
import { formatDateTime } from "~/lib/dates";
import { INVENTORY_HOME, StatusBadge } from "./shared";

export const meta: MetaFunction = () => [{ title: "Purchased Items" }];

/** Purchased items (/admin/inventory/purchased): what was sold to whom, newest first, with a search. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const params = new URL(request.url).searchParams;
    const q = (params.get("q") ?? "").slice(0, 100);
    const result = await api.get<PurchasePage>("/inventory/purchases", {
      query: { q, page: params.get("page") },
      fallback: INVENTORY_SPEC_MESSAGES.failedPurchases,
    });
    return { q, list: result.ok ? result.data : null, error: result.ok ? null : result.message };
  });
}

const naira = (amount: number) => formatWireNaira(amount);

function PurchaseRow({ purchase }: { purchase: Purchase }) {
  return (
    <li className="space-y-1 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{purchase.name}</p>
        <StatusBadge status={purchase.status} withdrawn={purchase.withdrawn} />
      </div>
      <p className="text-sm text-slate-700">
        {purchase.class} · {purchase.group_name}
      </p>
      <p className="text-sm text-slate-900">
        {purchase.quantity === 1
          ? naira(purchase.price)
          : `${naira(purchase.price)} × ${purchase.quantity} = ${naira(purchase.total)}`}
      </p>
      <p className="text-sm text-slate-700">
        Sold to {purchase.student_name}
        {purchase.student_class ? ` (${purchase.student_class})` : ""} ·{" "}
        <time dateTime={purchase.sold_at}>{formatDateTime(new Date(purchase.sold_at))}</time>
      </p>
    </li>
  );
}

export default function PurchasedItems() {
  const { q, list, error } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <PageHeader backTo={INVENTORY_HOME} title="Purchased Items" />
      <FilterForm label="Search purchased items">
        <div className="min-w-48 flex-1">
          <Field
            id="purchases-search"
            label="Search"
            inputProps={{
              type: "search",
              name: "q",
              defaultValue: q,
              maxLength: 100,
              placeholder: "Search by item, group, class or student",
            }}
          />
        </div>
      </FilterForm>
      <PagedList
        label="Purchased items"
        list={list}
        error={error}
        empty={
          <EmptyState title={q ? INVENTORY_SPEC_MESSAGES.noPurchaseMatches : INVENTORY_SPEC_MESSAGES.noPurchases} />
        }
      >
        {(purchase) => <PurchaseRow key={purchase.id} purchase={purchase} />}
      </PagedList>
    </div>
  );
}
