import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A screen's title with the back link to the screen it belongs under (docs/product.md, Screens). */
export function PageHeader({ backTo, title }: { backTo: string; title: ReactNode }) {
  return (
    <header className="flex items-center gap-3">
      <Link to={backTo} className="rounded-lg px-2 py-1 font-semibold text-brand-700 underline">
        ‹ Back
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
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
