import { Link, useLocation } from "@remix-run/react";

/**
 * Filter chips as links that set one query parameter (`?type=teaching`), keeping the search and other
 * filters and going back to page 1: they work without JavaScript, and each choice has its own URL.
 */
export function FilterChips({
  label,
  name,
  options,
  current,
}: {
  label: string;
  name: string;
  options: { value: string; label: string }[];
  current: string;
}) {
  const location = useLocation();
  const href = (value: string) => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    if (value) params.set(name, value);
    else params.delete(name);
    const query = params.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const selected = option.value === current;
          return (
            <li key={option.value}>
              <Link
                to={href(option.value)}
                aria-current={selected ? "page" : undefined}
                preventScrollReset
                className={`inline-flex min-h-11 items-center rounded-full px-3 font-semibold ring-1 ${selected ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-50"}`}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
