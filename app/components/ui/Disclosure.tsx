import { useEffect, useState, type ReactNode } from "react";

/**
 * A <details> section (opens without JavaScript) that opens itself when `forceOpen` turns true, e.g.
 * when its form comes back with errors, and otherwise stays as the user left it: a plain `open` prop
 * would snap it shut as soon as the errors clear while the user types.
 */
export function Disclosure({
  id,
  summary,
  forceOpen,
  className,
  summaryClassName,
  children,
}: {
  id?: string;
  summary: ReactNode;
  forceOpen: boolean;
  className?: string;
  summaryClassName?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(forceOpen);
  useEffect(() => {
    if (forceOpen) setOpen(true);
  }, [forceOpen]);
  return (
    <details id={id} className={className} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={summaryClassName}>{summary}</summary>
      {children}
    </details>
  );
}
