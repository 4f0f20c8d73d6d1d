import { Link, useLocation } from "@remix-run/react";

/**
 * Previous and next links that keep the list's other query parameters (search, filters). Plain links:
 * they work without JavaScript and each page has its own URL.
 */
export function Pagination({ page, lastPage, total }: { page: number; lastPage: number; total: number }) {
  const location = useLocation();
  if (lastPage <= 1) return null;
  const href = (to: number) => {
    const params = new URLSearchParams(location.search);
    if (to > 1) params.set("page", String(to));
    else params.delete("page");
    const query = params.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };
  const linkClass =
    "inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-brand-700 hover:bg-slate-50";
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClass} rel="prev" preventScrollReset>
          ‹ Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700" aria-live="polite">
        Page {page} of {lastPage} · {total} in all
      </p>
      {page < lastPage ? (
        <Link to={href(page + 1)} className={linkClass} rel="next" preventScrollReset>
          Next ›
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
