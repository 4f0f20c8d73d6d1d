import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLocation } from "@remix-run/react";
import { EmptyState } from "~/components/ui/EmptyState";
import { isNotYetBuilt } from "~/lib/navigation";
import { notFound } from "~/.server/not-found.server";

export const meta: MetaFunction = () => [{ title: "Not available yet" }];

/** Only the URLs the product names; routes.ts sends every other URL of these areas here too. */
export function loader({ request }: LoaderFunctionArgs) {
  if (!isNotYetBuilt(new URL(request.url).pathname)) notFound();
  return null;
}

/** Areas of the menu that later releases build. */
export default function NotAvailable() {
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="not-available-title" className="space-y-4">
      <h1 id="not-available-title" className="text-xl font-bold">
        Not available yet
      </h1>
      <EmptyState title="This area is not available yet">
        <p>
          <span className="font-mono">{pathname}</span> will open here in a coming release.
        </p>
        <p className="mt-3">
          <Link className="font-semibold text-brand-700 underline" to="/admin/dashboard">
            Back to the dashboard
          </Link>
        </p>
      </EmptyState>
    </section>
  );
}
