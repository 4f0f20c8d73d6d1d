import type { ProductStatus } from "../../../../contract/inventory";

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

export function StatusBadge({ status }: { status: ProductStatus }) {
  const tone =
    status === "In Stock"
      ? "bg-emerald-50 text-emerald-800 ring-emerald-200"
      : "bg-slate-100 text-slate-800 ring-slate-300";
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${tone}`}>{status}</span>;
}

/** The way back from a group or item that is not found. */
export const INVENTORY_BACK = { to: INVENTORY_HOME, label: "Back to inventory" };
