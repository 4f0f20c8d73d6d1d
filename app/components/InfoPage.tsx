import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A read-only page reached from the profile's General rows. */
export function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="space-y-4">
      <header className="flex items-center gap-3">
        <Link to="/admin/profile" className="rounded-lg px-2 py-1 font-semibold text-brand-700 underline">
          ‹ Back
        </Link>
        <h1 className="text-2xl font-bold">{title}</h1>
      </header>
      <div className="space-y-3 rounded-xl bg-white p-4 text-slate-800 shadow-sm ring-1 ring-slate-200">{children}</div>
    </article>
  );
}
