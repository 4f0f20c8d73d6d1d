import { useEffect, useState } from "react";

/** False in the server's HTML and until scripts run; true once the page is hydrated. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
