import type { ReactNode } from "react";

export const menuItemClass = "flex min-h-11 w-full items-center rounded-lg px-3 text-left text-base hover:bg-slate-100";

/**
 * A menu of actions as a plain <details>: it opens and closes without JavaScript. `label` names it for
 * screen readers ("Actions for Amaka Obi"); `summary` is what sighted users tap.
 */
export function RowMenu({
  label,
  summary = "⋮",
  summaryClassName = "min-w-11 px-3 text-xl font-bold text-slate-700 hover:bg-slate-100",
  children,
}: {
  label: string;
  summary?: ReactNode;
  summaryClassName?: string;
  children: ReactNode;
}) {
  return (
    <details className="relative">
      <summary
        aria-label={label}
        className={`flex min-h-11 cursor-pointer list-none items-center justify-center rounded-lg [&::-webkit-details-marker]:hidden ${summaryClassName}`}
      >
        {summary}
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-56 space-y-1 rounded-xl border border-slate-200 bg-white p-2 shadow-xl">
        {children}
      </div>
    </details>
  );
}
