import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A screen's title with the back link to the screen it belongs under (docs/product.md, Screens), and the
 * screen's own actions under it when it has some (a record's page: its Edit), where they are found first.
 */
export function PageHeader({ backTo, title, actions }: { backTo: string; title: ReactNode; actions?: ReactNode }) {
  const titleRow = (
    <>
      <Link
        to={backTo}
        className="shrink-0 whitespace-nowrap rounded-lg px-2 py-1 font-semibold text-brand-700 underline"
      >
        ‹ Back
      </Link>
      <h1 className="min-w-0 break-words text-2xl font-bold">{title}</h1>
    </>
  );
  if (!actions) return <header className="flex items-center gap-3">{titleRow}</header>;
  return (
    <header className="space-y-2">
      <div className="flex items-center gap-3">{titleRow}</div>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </header>
  );
}

/** A titled card of a screen, named by its heading for screen readers. */
export function Panel({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
