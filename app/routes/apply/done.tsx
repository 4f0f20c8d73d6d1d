import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { ADMISSION_MESSAGES, type PublicAdmissionForm, type PublicSubmission } from "../../../contract/admissions";
import { CBT_ADMISSION_MESSAGES as CM } from "../../../contract/cbt";
import { formatWireNaira } from "../../../contract/money";
import { PAYMENT_MESSAGES as PM } from "../../../contract/payments";
import { publicApi } from "~/.server/auth.server";
import { notFound } from "~/.server/not-found.server";
import { payApplicationOrDone } from "~/.server/payments.server";
import { Button } from "~/components/ui/Button";

/** The applicant's confirmation (/apply/{publicId}/done/{reference}): the reference number to keep. */
export const meta: MetaFunction = () => [{ title: ADMISSION_MESSAGES.submitted }];

/** Pay the fee again (after an abandoned or failed payment, or when Paystack could not be reached). */
export async function action({ params, context }: ActionFunctionArgs) {
  return payApplicationOrDone(context, params.publicId ?? "", params.reference ?? "");
}

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const api = publicApi(context);
  const base = `/api/public/admission-forms/${encodeURIComponent(params.publicId ?? "")}`;
  const [submission, form] = await Promise.all([
    api.get<PublicSubmission>(`${base}/submissions/${encodeURIComponent(params.reference ?? "")}`),
    api.get<PublicAdmissionForm>(base),
  ]);
  if (submission.status === 404) notFound();
  if (!submission.ok) throw new Response(submission.message, { status: 503 });
  return {
    reference: submission.data.reference,
    title: submission.data.title,
    amount: submission.data.amount,
    paymentStatus: submission.data.payment_status,
    cbt: submission.data.cbt,
    // The address the applicant's message gives too: PUBLIC_URL, whatever host this request came through.
    origin: context.publicUrl,
    unavailable: new URL(request.url).searchParams.get("payment") === "unavailable",
    school: form.ok ? form.data.school : null,
    apiBase: context.apiPublicBase,
  };
}

export default function ApplicationDone() {
  const { reference, title, school, apiBase, amount, paymentStatus, unavailable, cbt, origin } =
    useLoaderData<typeof loader>();
  const paying = useNavigation().state !== "idle";
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-5 p-4">
      {school ? (
        <header className="flex items-center gap-3">
          {school.logo_url ? (
            <img
              src={`${apiBase}${school.logo_url}`}
              alt=""
              width={56}
              height={56}
              className="h-14 w-14 rounded-lg object-contain"
            />
          ) : null}
          <p className="text-lg font-bold text-slate-900">{school.school_name}</p>
        </header>
      ) : null}
      <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-emerald-300">
        <h1 className="text-2xl font-bold">{ADMISSION_MESSAGES.submitted}</h1>
        <p className="text-slate-700">“{title}”. Keep this reference number; the school will ask for it.</p>
        <p className="font-mono text-3xl font-bold tracking-wider" data-testid="application-reference">
          {reference}
        </p>
      </section>
      {cbt ? (
        <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-300" aria-labelledby="cbt">
          <h2 id="cbt" className="text-lg font-bold">
            {CM.heading}: {cbt.title}
          </h2>
          <p className="text-slate-700">
            {CM.takeIt(`${origin}${cbt.path}`)}{" "}
            <a href={cbt.path} className="font-semibold text-brand-700 underline">
              {origin}
              {cbt.path}
            </a>
          </p>
          <dl className="grid gap-2 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-slate-600">Test code</dt>
              <dd className="font-mono text-2xl font-bold tracking-wider" data-testid="cbt-code">
                {cbt.code}
              </dd>
            </div>
            {cbt.pin ? (
              <div>
                <dt className="text-sm text-slate-600">PIN</dt>
                <dd className="font-mono text-2xl font-bold tracking-wider" data-testid="cbt-pin">
                  {cbt.pin}
                </dd>
              </div>
            ) : null}
          </dl>
          <p className="text-sm text-slate-700">{cbt.pin ? CM.pinOnce : CM.pinShown}</p>
        </section>
      ) : null}
      {paymentStatus !== "not_required" ? (
        <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="fee">
          <h2 id="fee" className="text-lg font-bold">
            Application fee: {formatWireNaira(amount)}
          </h2>
          <p data-testid="payment-status" className="font-semibold">
            {PM.paymentStatus[paymentStatus]}
          </p>
          {unavailable && paymentStatus === "unpaid" ? (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-900 ring-1 ring-red-300">
              {PM.unavailable}
            </p>
          ) : null}
          {paymentStatus === "unpaid" ? (
            <Form method="post">
              <Button pending={paying} pendingLabel="Opening the payment page…">
                Pay the application fee
              </Button>
            </Form>
          ) : null}
        </section>
      ) : null}
    </main>
  );
}
