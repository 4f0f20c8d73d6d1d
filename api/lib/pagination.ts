import { z } from "zod";
import type { Paginated } from "../../contract/http";
import { PAGE_SIZE } from "../../contract/limits";

export const MAX_PER_PAGE = 100;

/** `?page=&per_page=` as every list reads them: anything unusable falls back to page 1 of PAGE_SIZE. */
export const pageParams = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).catch(PAGE_SIZE),
});
export type PageParams = z.infer<typeof pageParams>;

/**
 * One page of a list, counted and sliced in the database. A page past the end answers the last page,
 * so a list that shrank (a delete on the last page) still shows rows.
 */
export async function paginate<T>(
  { page, per_page }: PageParams,
  count: () => Promise<number | string | bigint>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<Paginated<T>> {
  const total = Number(await count());
  const lastPage = Math.max(1, Math.ceil(total / per_page));
  const current = Math.min(page, lastPage);
  return {
    data: total ? await rows(per_page, (current - 1) * per_page) : [],
    current_page: current,
    per_page,
    total,
    last_page: lastPage,
  };
}
