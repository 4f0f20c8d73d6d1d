import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { PaymentOutcome } from "../../../contract/payments";
import { PAYMENT_MESSAGES as PM } from "../../../contract/payments";
import { publicApi } from "~/.server/auth.server";
import { notFound } from "~/.server/not-found.server";
import { applicationDonePath } from "~/.server/payments.server";

/**
 * /pay/return?reference=: where Paystack (or the test checkout) sends the payer back. The payment is verified with
 * Paystack before anything is recorded, then the payer goes on to what they paid for. When Paystack cannot be reached
 * the page says so; opening it again tries again, and the periodic check records the payment anyway.
 */
export const meta: MetaFunction = () => [{ title: "Payment" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const reference = (query.get("reference") ?? query.get("trxref") ?? "").slice(0, 60);
  if (!reference) notFound();
  const checked = await publicApi(context).create<PaymentOutcome>(
    `/api/public/payments/${encodeURIComponent(reference)}/verify`,
    {},
    { fallback: PM.unavailable },
  );
  if (checked.status === 404) notFound();
  if (!checked.ok) return { message: checked.message };
  const outcome = checked.data;
  if (outcome.public_id && outcome.submission_reference)
    throw redirect(applicationDonePath(outcome.public_id, outcome.submission_reference));
  if (outcome.purpose === "fees" && outcome.receipt_no) return { message: PM.feePaid(outcome.receipt_no), paid: true };
  if (outcome.purpose === "fees" && outcome.status !== "pending") return { message: PM.feeNotPaid };
  return { message: PM.paymentStatus.unpaid };
}

export default function PaymentReturn() {
  const answer = useLoaderData<typeof loader>();
  const paid = "paid" in answer && answer.paid;
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-5 p-4">
      <h1 className="text-2xl font-bold">Payment</h1>
      <p
        role={paid ? "status" : "alert"}
        className={`rounded-xl p-4 ring-1 ${paid ? "bg-green-50 text-green-900 ring-green-300" : "bg-amber-50 text-amber-900 ring-amber-300"}`}
      >
        {answer.message}
      </p>
      {paid ? null : (
        <a className="font-semibold text-brand-700 underline" href="">
          Check again
        </a>
      )}
    </main>
  );
}
