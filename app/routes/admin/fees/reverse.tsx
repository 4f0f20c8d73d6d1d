import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { FeePayment } from "../../../../contract/fees";
import type { SchoolApiClient } from "~/.server/api.server";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { reversalForm } from "~/.server/form-schemas";
import { redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { Banner } from "~/components/ui/Banner";
import { Button, buttonClass } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { formatDate } from "~/lib/dates";
import { useFormState, type FormResult } from "~/lib/form-state";
import { feePaths, naira } from "./shared";
import { notFound } from "~/.server/not-found.server";

/**
 * Reversing a payment (/admin/school-fees/payments/{id}/reverse): it takes a reason; the payment stays,
 * marked reversed, and no longer counts as paid. Then back to the student's fees for that term.
 */
export const meta: MetaFunction = () => [{ title: "Reverse payment" }];

async function loadPayment(api: SchoolApiClient, id: string | undefined) {
  if (!id || !/^\d{1,15}$/.test(id)) notFound();
  const result = await api.get<FeePayment>(`/fees/payments/${id}`);
  if (!result.ok && result.status === 404) notFound();
  return result.ok ? { payment: result.data, error: null } : { payment: null, error: result.message };
}

const studentPage = (p: FeePayment) => feePaths.student(p.student_id, { term: p.term, year: p.session });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => loadPayment(api, params.id));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const submission = parseWithZod(await readFormData(request), { schema: reversalForm });
    if (submission.status !== "success") return refuse(submission.reply());
    const response = await api.create<FeePayment>(`/fees/payments/${params.id}/reverse`, submission.value);
    if (!response.ok) return refuse(apiReply(submission, response), API_REFUSED);
    return redirectWithToast(
      request,
      context,
      studentPage(response.data),
      success(response.message ?? "Updated successfully"),
    );
  });
}

export default function ReversePayment() {
  const { payment, error } = useLoaderData<typeof loader>();
  const form = useFormState<"reason">("reversal", useActionData<typeof action>() as FormResult | undefined);
  if (!payment) return <Banner>{error}</Banner>;
  return (
    <section
      aria-labelledby="confirm-title"
      className="mx-auto max-w-sm space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h1 id="confirm-title" className="text-xl font-bold">
        Reverse payment
      </h1>
      <p className="text-slate-700">
        Reverse {payment.receipt_no}, {naira(payment.amount)} paid by {payment.method} on {formatDate(payment.paid_on)}{" "}
        for {payment.student_name}? It stays on record, marked reversed, and no longer counts as paid.
      </p>
      {payment.reversed_at ? <Banner kind="info">Already reversed: {payment.reversal_reason}</Banner> : null}
      <Form method="post" className="space-y-4" key={form.key} {...form.props}>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Reason"
          required
          hint="Bounced transfer, recorded twice…"
          field={form.field("reason")}
          inputProps={{ maxLength: 200 }}
        />
        <div className="flex justify-end gap-2">
          <Link to={studentPage(payment)} className={buttonClass("secondary")}>
            Cancel
          </Link>
          <Button variant="danger">Reverse</Button>
        </div>
      </Form>
    </section>
  );
}
