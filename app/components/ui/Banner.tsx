import type { ReactNode } from "react";

/** An error or notice that belongs to the page (a failed load), not to one field. */
export function Banner({ kind = "error", children }: { kind?: "error" | "info"; children: ReactNode }) {
  const tone =
    kind === "error" ? "border-red-300 bg-red-50 text-red-800" : "border-brand-100 bg-brand-50 text-brand-800";
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${tone}`}
    >
      {children}
    </div>
  );
}
