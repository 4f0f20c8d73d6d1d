import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { DATE_INPUT_HINT, schoolDay } from "../../../../contract/calendar";
import { PAYMENT_METHODS, type FeePayment, type StudentBill } from "../../../../contract/fees";
import type { DiscountFields } from "../../../../contract/fees.schema";
import { koboToNaira } from "../../../../contract/money";
import { withAdmin } from "~/.server/auth.server";
import { feeScreenOptions } from "~/.server/fees.server";
import { newFormKey, readFormData } from "~/.server/form.server";
import { discountForm, paymentForm } from "~/.server/form-schemas";
import { failure, redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button, buttonClass } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { formatDate } from "~/lib/dates";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState, type FormResult, type FormState, usePending } from "~/lib/form-state";
import { feePaths, naira, Totals, type TermChoice } from "./shared";
import { TermPicker } from "./TermPicker";
import { notFound } from "~/.server/not-found.server";
import type { PayLink, StudentOnline } from "../../../../contract/payments";
import { makePayLink } from "~/.server/payments.server";
import { CreditNotes, PayLinkPanel } from "./PayLinkPanel";

/**
 * A student's fees for a term (/admin/school-fees/students/{id}?term=&year=): the bill's lines and totals,
 * the optional fees of their class to put on or take off, discounts, and payments with their receipts.
 * Every form posts here with an `intent`; each works without JavaScript.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.bill ? `Fees: ${data.bill.student.name}` : "Student fees" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const { options, chosen } = await feeScreenOptions(api, request);
    const student = `/fees/students/${encodeURIComponent(params.id ?? "")}`;
    const [result, online] = await Promise.all([
      api.get<StudentBill>(`${student}/bill`, { query: { term: chosen.term, year: chosen.year } }),
      api.get<StudentOnline>(`${student}/online`, { query: { term: chosen.term, year: chosen.year } }),
    ]);
    if (!result.ok && result.status === 404) notFound();
    return {
      chosen,
      options,
      bill: result.ok ? result.data : null,
      error: result.ok ? null : result.message,
      online: online.ok ? online.data : null,
      today: schoolDay(new Date()),
      paymentKey: newFormKey(),
      discountKey: newFormKey(),
    };
  });
}

type Intent = "pay" | "discount" | "assign" | "unassign" | "remove-discount" | "pay-link";

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const form = await readFormData(request);
    const intent = String(form.get("intent") ?? "") as Intent;
    const chosen: TermChoice = { term: String(form.get("term") ?? ""), year: String(form.get("year") ?? "") };
    const studentId = params.id ?? "";
    const back = feePaths.student(studentId, chosen);
    const idempotencyKey = form.get("idempotency_key");
    const done = (result: { ok: boolean; message?: string }, fallback: string) =>
      redirectWithToast(
        request,
        context,
        back,
        result.ok ? success(result.message ?? fallback) : failure(result.message ?? fallback),
      );

    if (intent === "pay") {
      const submission = parseWithZod(form, { schema: paymentForm });
      if (submission.status !== "success") return refuse({ intent, result: submission.reply() });
      const { amount, ...rest } = submission.value;
      const response = await api.create<FeePayment>(
        "/fees/payments",
        { ...rest, amount: koboToNaira(amount), student_id: studentId, term: chosen.term, session: chosen.year },
        { idempotencyKey },
      );
      if (!response.ok) return refuse({ intent, result: apiReply(submission, response) }, API_REFUSED);
      return done(response, "Created successfully");
    }
    if (intent === "pay-link") return makePayLink(api, form, studentId, chosen);
    if (intent === "discount") {
      const submission = parseWithZod(form, { schema: discountForm });
      if (submission.status !== "success") return refuse({ intent, result: submission.reply() });
      const response = await api.create<StudentBill>(
        "/fees/discounts",
        {
          ...submission.value,
          amount: koboToNaira(submission.value.amount),
          student_id: studentId,
          term: chosen.term,
          session: chosen.year,
        },
        { idempotencyKey },
      );
      if (!response.ok) return refuse({ intent, result: apiReply(submission, response) }, API_REFUSED);
      return done(response, "Created successfully");
    }
    const id = String(form.get("id") ?? "");
    if (!/^\d{1,15}$/.test(id)) throw new Response("Bad Request", { status: 400 });
    if (intent === "assign" || intent === "unassign") {
      return done(
        await api.create(`/fees/fee-settings/${id}/students`, { student_id: studentId, assigned: intent === "assign" }),
        "Updated successfully",
      );
    }
    if (intent === "remove-discount") return done(await api.remove(`/fees/discounts/${id}`), "Deleted successfully");
    throw new Response("Bad Request", { status: 400 });
  });
}

function TermFields({ chosen }: { chosen: TermChoice }) {
  return (
    <>
      <input type="hidden" name="term" value={chosen.term} />
      <input type="hidden" name="year" value={chosen.year} />
    </>
  );
}

function SmallAction({
  chosen,
  intent,
  id,
  label,
  ariaLabel,
}: {
  chosen: TermChoice;
  intent: Intent;
  id: number;
  label: string;
  ariaLabel: string;
}) {
  return (
    <Form method="post" replace preventScrollReset>
      <TermFields chosen={chosen} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" aria-label={ariaLabel} className={buttonClass("secondary")}>
        {label}
      </button>
    </Form>
  );
}

/** A form that adds to the bill (a payment, a discount): the term, its intent and idempotency key, its message. */
function EntryForm({
  form,
  intent,
  chosen,
  formKey,
  children,
}: {
  form: Pick<FormState<string>, "props" | "errorId" | "errors">;
  intent: Intent;
  chosen: TermChoice;
  formKey: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="space-y-4" {...form.props}>
      <TermFields chosen={chosen} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="idempotency_key" value={formKey} />
      <ErrorList id={form.errorId} errors={form.errors} />
      {children}
    </Form>
  );
}

function PaymentForm({
  chosen,
  lastResult,
  formKey,
  today,
}: {
  chosen: TermChoice;
  lastResult: FormResult | undefined;
  formKey: string;
  today: string;
}) {
  const form = useFormState<"amount" | "paid_on" | "method" | "reference">("payment", lastResult, {
    paid_on: today,
    method: "Cash",
  });
  const pending = usePending({ intent: "pay" });
  return (
    <EntryForm key={form.key} form={form} intent="pay" chosen={chosen} formKey={formKey}>
      <Field
        label="Amount paid (₦)"
        required
        hint="A part payment is fine"
        field={form.field("amount")}
        inputProps={{ inputMode: "decimal", autoComplete: "off" }}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Date paid"
          required
          hint={DATE_INPUT_HINT}
          field={form.field("paid_on")}
          inputProps={{ type: "date", max: today }}
        />
        <SelectField label="Method" required options={PAYMENT_METHODS} field={form.field("method")} />
      </div>
      <Field
        label="Reference"
        hint="Transfer, POS or online reference; not needed for cash"
        field={form.field("reference")}
        inputProps={{ maxLength: 100, autoComplete: "off" }}
      />
      <Button className="w-full" pending={pending} pendingLabel="Recording payment…">
        Record Payment
      </Button>
    </EntryForm>
  );
}

function DiscountForm({
  chosen,
  lastResult,
  formKey,
}: {
  chosen: TermChoice;
  lastResult: FormResult | undefined;
  formKey: string;
}) {
  const form = useFormState<keyof DiscountFields>("discount", lastResult);
  const pending = usePending({ intent: "discount" });
  return (
    <EntryForm key={form.key} form={form} intent="discount" chosen={chosen} formKey={formKey}>
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Discount (₦)"
          required
          field={form.field("amount")}
          inputProps={{ inputMode: "decimal", autoComplete: "off" }}
        />
        <Field
          label="Reason"
          required
          hint="Scholarship, staff child, sibling…"
          field={form.field("reason")}
          inputProps={{ maxLength: 200 }}
        />
      </div>
      <Button variant="secondary" pending={pending} pendingLabel="Adding…">
        Add Discount
      </Button>
    </EntryForm>
  );
}

function PaymentRow({ payment }: { payment: FeePayment }) {
  const reversed = Boolean(payment.reversed_at);
  return (
    <li className="flex flex-wrap items-center gap-2 py-2">
      <div className="min-w-0 flex-1 basis-48">
        <p className={`font-semibold ${reversed ? "text-slate-500 line-through" : "text-slate-900"}`}>
          <span className="whitespace-nowrap">{naira(payment.amount)}</span> · {payment.method}
        </p>
        <p className="text-sm text-slate-700 break-words [overflow-wrap:anywhere]">
          <span className="whitespace-nowrap">{payment.receipt_no}</span> ·{" "}
          <span className="whitespace-nowrap">{formatDate(payment.paid_on)}</span>
          {payment.reference ? ` · ${payment.reference}` : ""}
        </p>
        {reversed ? <p className="text-sm font-semibold text-red-700">Reversed: {payment.reversal_reason}</p> : null}
      </div>
      <a
        href={feePaths.receipt(payment.id)}
        className={buttonClass("secondary")}
        download
        aria-label={`Receipt ${payment.receipt_no}`}
      >
        Receipt
      </a>
      {reversed ? null : (
        <Link
          to={feePaths.reverse(payment.id)}
          className={buttonClass("secondary")}
          aria-label={`Reverse ${payment.receipt_no}`}
        >
          Reverse
        </Link>
      )}
    </li>
  );
}

export default function StudentFees() {
  const { chosen, options, bill, error, online, today, paymentKey, discountKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const resultFor = (intent: Intent) =>
    answer && "intent" in answer && answer.intent === intent ? (answer.result as FormResult) : undefined;
  return (
    <div className="space-y-5">
      <PageHeader backTo={feePaths.overview(chosen)} title={bill ? bill.student.name : "Student fees"} />
      <TermPicker chosen={chosen} terms={options.terms} sessions={options.sessions} />
      {error ? <Banner>{error}</Banner> : null}
      {bill ? (
        <>
          <Panel
            id="bill-title"
            title={`Bill for ${bill.term}, ${bill.session}${bill.student.class ? ` · ${bill.student.class}` : ""}`}
          >
            <Totals totals={bill} testId="bill-totals" />
            <CreditNotes online={online} />
            {bill.lines.length ? (
              <table className="w-full text-left text-sm">
                <tbody>
                  {bill.lines.map((line) => (
                    <tr key={`${line.kind}-${line.id}`} className="border-b border-slate-100">
                      <th scope="row" className="py-2 pr-2 font-normal">
                        {line.label}
                        {line.kind === "sale" ? <span className="text-slate-600"> (inventory)</span> : null}
                      </th>
                      <td className="py-2 text-right font-semibold">
                        {line.amount < 0 ? `− ${naira(-line.amount)}` : naira(line.amount)}
                      </td>
                      <td className="w-0 py-1 pl-2">
                        {line.kind === "discount" ? (
                          <SmallAction
                            chosen={chosen}
                            intent="remove-discount"
                            id={line.id}
                            label="Remove"
                            ariaLabel={`Remove ${line.label}`}
                          />
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="text-slate-700">Nothing billed for this term.</p>
            )}
          </Panel>
          {bill.optional_fees.length ? (
            <Panel id="optional-title" title="Optional fees">
              <ul className="divide-y divide-slate-100">
                {bill.optional_fees.map((fee) => (
                  <li key={fee.id} className="flex items-center justify-between gap-2 py-2">
                    <span>
                      {fee.name} · {naira(fee.amount)}
                      {fee.assigned ? (
                        <span className="ml-2 text-sm font-semibold text-green-800">On the bill</span>
                      ) : null}
                    </span>
                    <SmallAction
                      chosen={chosen}
                      intent={fee.assigned ? "unassign" : "assign"}
                      id={fee.id}
                      label={fee.assigned ? "Remove" : "Add to bill"}
                      ariaLabel={`${fee.assigned ? "Remove" : "Add"} ${fee.name}`}
                    />
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
          <Panel id="payment-title" title="Record a payment">
            <PaymentForm chosen={chosen} lastResult={resultFor("pay")} formKey={paymentKey} today={today} />
          </Panel>
          <PayLinkPanel
            chosen={chosen}
            online={online}
            balance={bill.balance}
            lastResult={resultFor("pay-link")}
            link={answer && "link" in answer ? (answer.link as PayLink) : null}
          />
          <Panel id="payments-title" title="Payments">
            {bill.payments.length ? (
              <ul className="divide-y divide-slate-100" aria-label="Payments">
                {bill.payments.map((p) => (
                  <PaymentRow key={p.id} payment={p} />
                ))}
              </ul>
            ) : (
              <p className="text-slate-700">No payments for this term yet.</p>
            )}
          </Panel>
          <Panel id="discount-title" title="Discount or scholarship">
            <DiscountForm chosen={chosen} lastResult={resultFor("discount")} formKey={discountKey} />
          </Panel>
        </>
      ) : null}
    </div>
  );
}
