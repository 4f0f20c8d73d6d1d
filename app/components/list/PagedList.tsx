import { useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Paginated } from "../../../contract/http";
import { Banner } from "../ui/Banner";
import { Pagination } from "./Pagination";

/**
 * One page of a list from the API: a failed load's message, the rows (or `empty` when there are none),
 * the page links, and grey placeholder rows while the next page, search or filter loads.
 */
export function PagedList<T>({
  label,
  list,
  error,
  empty,
  children,
}: {
  label: string;
  list: Paginated<T> | null;
  error: string | null;
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  // A tab switch (`tabSwitchState`, app/lib/tabs.ts) keeps its rows: the page has every panel already.
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    !(navigation.location.state as { tabSwitch?: true } | null)?.tabSwitch;
  return (
    <>
      {error ? <Banner>{error}</Banner> : null}
      {loading ? (
        <Skeleton />
      ) : list?.data.length ? (
        <ul className="space-y-2" aria-label={label}>
          {list.data.map((item) => children(item))}
        </ul>
      ) : list ? (
        empty
      ) : null}
      {list && !loading ? <Pagination page={list.current_page} lastPage={list.last_page} total={list.total} /> : null}
    </>
  );
}

function Skeleton() {
  return (
    <div role="status" aria-label="Loading" data-testid="list-skeleton" className="space-y-2">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex animate-pulse items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200">
          <div className="h-11 w-11 rounded-full bg-slate-200" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-1/2 rounded bg-slate-200" />
            <div className="h-3 w-1/3 rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
