import { WITHDRAWN_FROM_SALE, type ProductStatus } from "../../../../contract/inventory";

/** Pieces the inventory screens share: their addresses (record ids in the query) and small parts. */

export const INVENTORY_HOME = "/admin/inventory";

const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

export const inventoryPaths = {
  groupItems: (groupId: number | string) => withQuery("/admin/inventory/group/items", { groupId }),
  addGroup: "/admin/inventory/add-group",
  updateGroup: (groupId: number | string) => withQuery("/admin/inventory/update-group", { groupId }),
  deleteGroup: (groupId: number | string, extra: Record<string, string> = {}) =>
    withQuery("/admin/inventory/delete-group", { groupId, ...extra }),
  addProduct: (groupId?: number | string) => withQuery("/admin/inventory/add-product", { groupId }),
  editProduct: (itemId: number | string, returnUrl?: string) =>
    withQuery("/admin/inventory/edit-product", { itemId, returnUrl }),
  deleteProduct: (itemId: number | string, returnUrl?: string) =>
    withQuery("/admin/inventory/delete-product", { itemId, returnUrl }),
  sell: (itemId: number | string, extra: Record<string, string | undefined> = {}) =>
    withQuery("/admin/inventory/sell", { itemId, ...extra }),
  purchased: "/admin/inventory/purchased",
  bankDetails: "/admin/add-bank-details",
};

/** An item's stock status, or "Withdrawn from sale" when the school took it off sale, whatever its stock. */
export function StatusBadge({ status, withdrawn }: { status: ProductStatus; withdrawn: boolean }) {
  const tone = withdrawn
    ? "bg-amber-50 text-amber-900 ring-amber-300"
    : status === "In Stock"
      ? "bg-emerald-50 text-emerald-800 ring-emerald-200"
      : "bg-slate-100 text-slate-800 ring-slate-300";
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${tone}`}>
      {withdrawn ? WITHDRAWN_FROM_SALE : status}
    </span>
  );
}

/** Whether an item can be sold now: units left and on sale. */
export const onSale = (item: { quantity: number; withdrawn: boolean }) => item.quantity > 0 && !item.withdrawn;

/** The way back from a group or item that is not found. */
export const INVENTORY_BACK = { to: INVENTORY_HOME, label: "Back to inventory" };
