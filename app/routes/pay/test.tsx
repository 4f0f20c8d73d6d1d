import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { formatWireNaira } from "../../../contract/money";
import type { SandboxCheckout } from "../../../contract/payments";
import { publicApi } from "~/.server/auth.server";
import { notFound } from "~/.server/not-found.server";
import { Button } from "~/components/ui/Button";

/**
 * /pay/test/{reference}: the test checkout (PAYMENTS_SANDBOX=1), standing where Paystack's page would. No money
 * moves: the tester makes the payment succeed or fail, and is sent back to /pay/return as Paystack would send them,
 * so everything after runs as it does with Paystack. Off (not found) on any other server.
 */
export const meta: MetaFunction = () => [{ title: "Test checkout" }, { name: "robots", content: "noindex" }];

const checkoutPath = (reference: string) => `/api/public/payments/${encodeURIComponent(reference)}/sandbox`;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const result = await publicApi(context).get<SandboxCheckout>(checkoutPath(params.reference ?? ""));
  if (result.status === 404) notFound();
  if (!result.ok) throw new Response(result.message, { status: 503 });
  return result.data;
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const reference = params.reference ?? "";
  const outcome = (await request.formData()).get("outcome") === "success" ? "success" : "failed";
  const result = await publicApi(context).create(checkoutPath(reference), { outcome });
  if (result.status === 404) notFound();
  return redirect(`/pay/return?reference=${encodeURIComponent(reference)}`);
}

export default function TestCheckout() {
  const checkout = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-md space-y-5 p-4">
      <p role="note" className="rounded-xl bg-amber-100 p-3 font-bold text-amber-950 ring-2 ring-amber-500">
        TEST CHECKOUT: no money moves. This page stands in for Paystack on a test server.
      </p>
      <h1 className="text-2xl font-bold">Pay {formatWireNaira(checkout.amount)}</h1>
      <p>
        To <strong>{checkout.school_name}</strong>, reference <span className="font-mono">{checkout.reference}</span>
      </p>
      <Form method="post" className="flex flex-wrap gap-3">
        <Button name="outcome" value="success">
          Succeed the payment
        </Button>
        <Button name="outcome" value="failed" variant="danger">
          Fail the payment
        </Button>
      </Form>
    </main>
  );
}
