import type { ReactNode } from "react";

/**
 * A table wider than a phone scrolls sideways in this box instead of widening the page. The box takes the
 * keyboard's focus and has a name, so that it can be scrolled without a pointer and is announced.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
