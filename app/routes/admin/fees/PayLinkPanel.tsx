import { Form } from "@remix-run/react";
import { formatDate } from "~/lib/dates";
import { PAYMENT_MESSAGES as M, type PayLink, type StudentOnline } from "../../../../contract/payments";
import { Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { useFormState, usePending, type FormResult } from "~/lib/form-state";
import { naira, type TermChoice } from "./shared";

/** What the bill's credits say: kept for the next term's bill, or counted here from an earlier one. */
export function CreditNotes({ online }: { online: StudentOnline | null }) {
  if (!online?.credits.length) return null;
  return (
    <ul aria-label="Credit" className="space-y-1">
      {online.credits.map((c) => (
        <li key={`${c.kind}-${c.reference}`} className="rounded-lg bg-green-50 p-2 text-sm text-green-900">
          {(c.kind === "kept" ? M.creditKept : M.creditUsed)(naira(c.amount), c.term, c.session)}{" "}
          <span className="font-mono">{c.reference}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Pay by link": a plain form for the amount (the balance unless changed); the link made is shown once, with
 * JavaScript or without, since only its hash is kept. Without online payments on the server it says so.
 */
export function PayLinkPanel({
  chosen,
  online,
  balance,
  lastResult,
  link,
}: {
  chosen: TermChoice;
  online: StudentOnline | null;
  balance: number;
  lastResult: FormResult | undefined;
  link: PayLink | null;
}) {
  const form = useFormState<"amount">("pay-link", lastResult, { amount: balance > 0 ? String(balance) : "" });
  const pending = usePending({ intent: "pay-link" });
  return (
    <Panel id="pay-link-title" title="Pay by link">
      {!online?.offered ? (
        <p className="text-slate-700">{M.linksOff}</p>
      ) : (
        <>
          {link ? (
            <div className="space-y-2" data-testid="pay-link">
              <Banner kind="info">{M.linkMade}</Banner>
              <Field
                id="pay-link-url"
                label={`Payment link for ${naira(link.amount)}`}
                hint={`Works until ${formatDate(link.expires_at)}. Send it to the parent; it needs no sign-in.`}
                inputProps={{ readOnly: true, defaultValue: link.url }}
              />
            </div>
          ) : null}
          <Form method="post" className="space-y-4" {...form.props} key={form.key}>
            <input type="hidden" name="term" value={chosen.term} />
            <input type="hidden" name="year" value={chosen.year} />
            <input type="hidden" name="intent" value="pay-link" />
            <ErrorList id={form.errorId} errors={form.errors} />
            <Field
              label="Amount to ask (₦)"
              required
              hint="The balance, or a part of it"
              field={form.field("amount")}
              inputProps={{ inputMode: "decimal", autoComplete: "off" }}
            />
            <Button variant="secondary" pending={pending} pendingLabel="Making link…">
              Make Payment Link
            </Button>
          </Form>
        </>
      )}
    </Panel>
  );
}
