import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { PAYMENT_MESSAGES as M, type OnlinePaymentRow } from "../../../../contract/payments";
import { withAdmin } from "~/.server/auth.server";
import { feeScreenOptions } from "~/.server/fees.server";
import { readFormData } from "~/.server/form.server";
import { failure, redirectWithToast, success } from "~/.server/toast.server";
import { Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";
import { formatDate } from "~/lib/dates";
import { usePending } from "~/lib/form-state";
import { FeeTabs, feePaths, naira, type TermChoice } from "./shared";
import { TermPicker } from "./TermPicker";

/**
 * Reconciliation (/admin/school-fees/online-payments?term=&year=): a term's online payments with their reference,
 * payer, amount, Paystack's fee, status, credit and the receipt each became. A payment pending for more than 30
 * minutes has "Check again", a plain POST that verifies it with Paystack now, as the periodic check does.
 */
export const meta: MetaFunction = () => [{ title: "Online payments" }];

const STATUS = { pending: "Pending", paid: "Paid", failed: "Failed", abandoned: "Abandoned" } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const { options, chosen } = await feeScreenOptions(api, request);
    const rows = await api.get<OnlinePaymentRow[]>("/online-payments", {
      query: { term: chosen.term, year: chosen.year },
    });
    return { chosen, options, rows: rows.ok ? rows.data : null, error: rows.ok ? null : rows.message };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const form = await readFormData(request);
    const reference = String(form.get("reference") ?? "").slice(0, 60);
    const chosen: TermChoice = { term: String(form.get("term") ?? ""), year: String(form.get("year") ?? "") };
    const checked = await api.create<{ checked: number }>("/online-payments/check", { reference });
    return redirectWithToast(
      request,
      context,
      feePaths.online(chosen),
      checked.ok
        ? success(checked.message ?? M.checked(checked.data.checked))
        : failure(checked.message ?? M.unavailable),
    );
  });
}

function CheckAgain({ row, chosen }: { row: OnlinePaymentRow; chosen: TermChoice }) {
  const pending = usePending({ values: { reference: row.reference } });
  return (
    <Form method="post" replace preventScrollReset>
      <input type="hidden" name="term" value={chosen.term} />
      <input type="hidden" name="year" value={chosen.year} />
      <input type="hidden" name="reference" value={row.reference} />
      <Button
        variant="secondary"
        pending={pending}
        pendingLabel="Checking…"
        aria-label={`Check ${row.reference} again`}
      >
        Check again
      </Button>
    </Form>
  );
}

function PaymentItem({ row, chosen }: { row: OnlinePaymentRow; chosen: TermChoice }) {
  return (
    <li className="flex flex-wrap items-center gap-2 py-3">
      <div className="min-w-0 flex-1 basis-56 space-y-0.5">
        <p className="font-semibold text-slate-900">
          <span className="whitespace-nowrap">{naira(row.amount)}</span> · {row.payer_name} ·{" "}
          <span className={row.status === "paid" ? "text-green-800" : "text-amber-800"}>{STATUS[row.status]}</span>
        </p>
        <p className="font-mono text-sm text-slate-700 break-words [overflow-wrap:anywhere]">{row.reference}</p>
        <p className="text-sm text-slate-700">
          {row.purpose === "fees" ? "School fees" : "Application fee"} · {formatDate(row.created_at)}
          {row.paystack_fee !== null ? ` · Paystack's fee ${naira(row.paystack_fee)}` : ""}
          {row.credit > 0 ? ` · ${naira(row.credit)} kept as credit` : ""}
        </p>
        {row.became ? (
          <p className="text-sm">
            {row.fee_payment_id !== null ? (
              <a
                href={feePaths.receipt(row.fee_payment_id)}
                className="font-semibold text-brand-700 underline"
                download
              >
                {row.became}
              </a>
            ) : (
              row.became
            )}
          </p>
        ) : null}
      </div>
      {row.check_again ? <CheckAgain row={row} chosen={chosen} /> : null}
    </li>
  );
}

export default function OnlinePayments() {
  const { chosen, options, rows, error } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">School Fees</h1>
      <FeeTabs tab="online" chosen={chosen} />
      <TermPicker chosen={chosen} terms={options.terms} sessions={options.sessions} />
      {error ? <Banner>{error}</Banner> : null}
      <Panel id="online-payments-title" title={`Online payments, ${chosen.term} ${chosen.year}`}>
        {rows && rows.length ? (
          <ul className="divide-y divide-slate-100" aria-label="Online payments">
            {rows.map((row) => (
              <PaymentItem key={row.reference} row={row} chosen={chosen} />
            ))}
          </ul>
        ) : rows ? (
          <EmptyState title="No online payments for this term" />
        ) : null}
      </Panel>
    </div>
  );
}
