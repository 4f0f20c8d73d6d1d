import type { ReactNode } from "react";
import { PageHeader } from "./Page";

/** A read-only page reached from the profile's General rows. */
export function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="space-y-4">
      <PageHeader backTo="/admin/profile" title={title} />
      <div className="space-y-3 rounded-xl bg-white p-4 text-slate-800 shadow-sm ring-1 ring-slate-200">{children}</div>
    </article>
  );
}
