import type { Paginated } from "../../contract/http";
import type { SchoolApiClient } from "./api.server";

/**
 * What every list screen's loader does: read its search and filters from the URL (cut to the lengths
 * the API takes), ask the API for that page, and hand the filters back so the form shows them.
 */
export function listFilters<Name extends string>(request: Request, maxLengths: Record<Name, number>) {
  const params = new URL(request.url).searchParams;
  const filters = Object.fromEntries(
    Object.entries<number>(maxLengths).map(([name, max]) => [name, (params.get(name) ?? "").slice(0, max)]),
  ) as Record<Name, string>;
  return { filters, page: params.get("page") };
}

export async function loadList<T>(
  api: SchoolApiClient,
  path: string,
  request: { filters: Record<string, string>; page: string | null },
  fallback?: string,
): Promise<{ list: Paginated<T> | null; error: string | null }> {
  const result = await api.get<Paginated<T>>(path, { query: { ...request.filters, page: request.page }, fallback });
  return result.ok ? { list: result.data, error: null } : { list: null, error: result.message };
}
