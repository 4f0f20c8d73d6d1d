import { Link } from "@remix-run/react";
import type { BillTotals } from "../../../../contract/fees";
import { formatWireNaira } from "../../../../contract/money";

/** Naira from the wire, written by the one money helper ("—" if it is no amount). */
export const naira = (amount: number) => formatWireNaira(amount);

export interface TermChoice {
  term: string;
  year: string;
}

const termQuery = (t: TermChoice) => `term=${encodeURIComponent(t.term)}&year=${encodeURIComponent(t.year)}`;

export const feePaths = {
  overview: (t?: TermChoice) => (t ? `/admin/school-fees?${termQuery(t)}` : "/admin/school-fees"),
  setup: (t?: TermChoice) => `/admin/school-fees?tab=setup${t ? `&${termQuery(t)}` : ""}`,
  edit: (id: number) => `/admin/school-fees/${id}/edit`,
  remove: (id: number) => `/admin/school-fees/${id}/delete`,
  retire: (id: number) => `/admin/school-fees/${id}/retire`,
  student: (uniqueId: string, t?: TermChoice) =>
    `/admin/school-fees/students/${encodeURIComponent(uniqueId)}${t ? `?${termQuery(t)}` : ""}`,
  reverse: (id: number) => `/admin/school-fees/payments/${id}/reverse`,
  receipt: (id: number) => `/admin/school-fees/payments/${id}/receipt`,
  online: (t?: TermChoice) => `/admin/school-fees/online-payments${t ? `?${termQuery(t)}` : ""}`,
  receiptMissing: (id: number | string) =>
    `/admin/school-fees/payments/${encodeURIComponent(String(id))}/receipt-not-found`,
};

/** Where a fee's pages go back to: the setup tab of its term. */
export const setupOf = (fee: { term: string; session: string }) =>
  feePaths.setup({ term: fee.term, year: fee.session });

/** The tabs of /admin/school-fees and its online payments page, as links: they work without JavaScript. */
export function FeeTabs({ tab, chosen }: { tab: "overview" | "setup" | "online"; chosen: TermChoice }) {
  const tabs = [
    { id: "overview", label: "Fee Overview", to: feePaths.overview(chosen) },
    { id: "setup", label: "Fee Setup", to: feePaths.setup(chosen) },
    { id: "online", label: "Online Payments", to: feePaths.online(chosen) },
  ] as const;
  return (
    <nav aria-label="School fees" className="flex gap-1 rounded-xl bg-slate-100 p-1">
      {tabs.map((t) => (
        <Link
          key={t.id}
          to={t.to}
          aria-current={tab === t.id ? "page" : undefined}
          className={`flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 font-semibold ${tab === t.id ? "bg-white text-brand-800 shadow-sm" : "text-slate-700"}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * Billed, the arrears of earlier terms when there are any, paid and balance; a balance below zero is a credit.
 */
export function Totals({ totals, testId }: { totals: BillTotals; testId?: string }) {
  const items: [string, string, string][] = [
    ["Billed", naira(totals.billed), "billed"],
    ...(totals.arrears > 0
      ? [["Arrears of earlier terms", naira(totals.arrears), "arrears"] as [string, string, string]]
      : []),
    ["Paid", naira(totals.paid), "paid"],
    totals.balance < 0 ? ["Credit", naira(-totals.balance), "balance"] : ["Balance", naira(totals.balance), "balance"],
  ];
  return (
    <dl className={`grid gap-2 ${items.length > 3 ? "sm:grid-cols-4" : "sm:grid-cols-3"}`} data-testid={testId}>
      {items.map(([label, value, id]) => (
        <div
          key={label}
          className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg bg-slate-50 p-2 sm:block"
        >
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="min-w-0 font-bold text-slate-900 break-words [overflow-wrap:anywhere]" data-testid={id}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export const RECEIPT_NOT_FOUND = "Receipt not found";
