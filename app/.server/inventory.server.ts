import type { BankAccount, BankList } from "../../contract/banks";
import type { ApiErrorBody } from "../../contract/http";
import type { InventoryGroup, InventoryItem } from "../../contract/inventory";
import { failureMessage, type SchoolApiClient } from "./api.server";

/** What the inventory and bank details screens share on the server: loading records by the ids in the query. */

/** A record id from the query (`?groupId=`, `?itemId=`), or null when there is none worth asking for. */
export function queryId(request: Request, name: string): string | null {
  const value = new URL(request.url).searchParams.get(name) ?? "";
  return /^\d{1,15}$/.test(value) ? value : null;
}

/** A group or item by id: its record, a "not found" (404), or the message of a failed load. */
export async function loadRecord<T extends InventoryGroup | InventoryItem>(
  api: SchoolApiClient,
  path: "/inventory/groups" | "/inventory/items",
  id: string | null,
): Promise<{ record: T } | { notFound: true } | { error: string }> {
  if (!id) return { notFound: true };
  const result = await api.get<T>(`${path}/${id}`);
  if (result.ok) return { record: result.data };
  return result.status === 404 ? { notFound: true } : { error: result.message };
}

/**
 * `GET /banks` answers `{data: names, banks, provider}`: the client's rule of reading `data` would keep only
 * the names, so the whole answer is read here.
 */
export async function loadBanks(api: SchoolApiClient): Promise<{ list: BankList | null; error: string | null }> {
  const response = await api.raw("/banks", { headers: { Accept: "application/json" } });
  const body = (await response.json().catch(() => null)) as (BankList & ApiErrorBody) | null;
  if (response.ok && body && Array.isArray(body.banks)) return { list: body, error: null };
  return { list: null, error: body?.message ?? failureMessage("fetch", body) };
}

/** The school's saved bank account, or null (none saved, or it could not be loaded). */
export async function loadBankAccount(api: SchoolApiClient): Promise<BankAccount | null> {
  const result = await api.get<BankAccount | { data: null }>("/payment-account");
  return result.ok && result.data && "account_number" in result.data ? result.data : null;
}
