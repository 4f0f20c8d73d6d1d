import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FEE_MESSAGES } from "../../../contract/fees";
import { formatWireNaira } from "../../../contract/money";
import { PAYMENT_MESSAGES as M, type PayLinkPage } from "../../../contract/payments";
import { publicApi } from "~/.server/auth.server";
import { notFound } from "~/.server/not-found.server";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { usePending } from "~/lib/form-state";

/**
 * /pay/link/{token}: a school fee payment link, opened without signing in. It shows only the school's name, the
 * student's first name and class, the term and the balance; Pay starts a Paystack payment and the browser goes to
 * its checkout by a plain redirect. An unknown or expired link is a 404 that says to ask the school for a new one.
 */
export const meta: MetaFunction = () => [{ title: "Pay school fees" }, { name: "robots", content: "noindex" }];

const linkPath = (token: string) => `/api/public/pay-links/${encodeURIComponent(token)}`;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const result = await publicApi(context).get<PayLinkPage>(linkPath(params.token ?? ""));
  if (result.status === 404) notFound(M.linkExpired);
  if (!result.ok) throw new Response(result.message, { status: 503 });
  return result.data;
}

export async function action({ params, context }: ActionFunctionArgs) {
  const started = await publicApi(context).create<{ authorization_url: string }>(
    `${linkPath(params.token ?? "")}/pay`,
    {},
    { fallback: M.unavailable },
  );
  if (started.status === 404) notFound(M.linkExpired);
  if (started.ok) return redirect(started.data.authorization_url);
  return { message: started.message ?? M.unavailable };
}

export default function PayLink() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const pending = usePending();
  return (
    <main id="main" className="mx-auto max-w-md space-y-5 p-4">
      <p className="text-lg font-semibold text-slate-700">{page.school_name}</p>
      <h1 className="text-2xl font-bold">School fees</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <dt className="font-medium text-slate-600">Student</dt>
        <dd className="font-semibold">{page.first_name}</dd>
        <dt className="font-medium text-slate-600">Class</dt>
        <dd className="font-semibold">{page.class ?? "—"}</dd>
        <dt className="font-medium text-slate-600">Term</dt>
        <dd className="font-semibold">
          {page.term}, {page.session}
        </dd>
        <dt className="font-medium text-slate-600">Balance</dt>
        <dd className="font-semibold" data-testid="balance">
          {formatWireNaira(page.balance)}
        </dd>
      </dl>
      {answer?.message ? <Banner>{answer.message}</Banner> : null}
      {page.amount > 0 ? (
        <Form method="post">
          <Button className="w-full" pending={pending} pendingLabel="Going to Paystack…">
            Pay {formatWireNaira(page.amount)}
          </Button>
        </Form>
      ) : (
        <p className="text-slate-700">{FEE_MESSAGES.nothingOwed}</p>
      )}
    </main>
  );
}
