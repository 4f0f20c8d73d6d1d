import { useLocation, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/**
 * Turns "Data saver" on or off. A plain form (not a client-side one) so the next page is a full load
 * that arrives without any JavaScript when the saver is on.
 */
export function DataSaverToggle({ className = "" }: { className?: string }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const on = Boolean(root?.dataSaver);
  // On without the user's choice: their browser asks every site to save data.
  const byBrowser = root?.dataSaverBy === "browser";
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/data-saver" className={className}>
      <input type="hidden" name="data_saver" value={on ? "off" : "on"} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button
        type="submit"
        aria-pressed={on}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800"
      >
        <span aria-hidden className={`inline-block h-3 w-3 rounded-full ${on ? "bg-emerald-600" : "bg-slate-400"}`} />
        Data saver: {on ? "On" : "Off"}
      </button>
      {byBrowser ? <p className="mt-1 text-sm text-slate-600">On because your browser asks to save data.</p> : null}
    </form>
  );
}
