import type { ReactNode } from "react";

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
      <h2 className="text-lg font-semibold text-slate-800">{title}</h2>
      {children ? <div className="mt-2 text-slate-600">{children}</div> : null}
    </div>
  );
}
