import type { ReactNode } from "react";

/** An error or notice that belongs to the page (a failed load), not to one field. */
export function Banner({ kind = "error", children }: { kind?: "error" | "info" | "warning"; children: ReactNode }) {
  const tone = {
    error: "border-red-300 bg-red-50 text-red-800",
    info: "border-brand-100 bg-brand-50 text-brand-800",
    warning: "border-amber-300 bg-amber-50 text-amber-900",
  }[kind];
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${tone}`}
    >
      {children}
    </div>
  );
}
