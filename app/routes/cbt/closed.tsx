import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ENDED } from "~/.server/cbt.server";
import { AuthCard } from "~/components/AuthCard";
import { Banner } from "~/components/ui/Banner";

/** /cbt/closed?reason=: the end of an attempt (submitted, time up, outside the lab, or gone). */
export const meta: MetaFunction = () => [{ title: "Test" }, { name: "robots", content: "noindex" }];

export function loader({ request }: LoaderFunctionArgs) {
  const reason = new URL(request.url).searchParams.get("reason") ?? "";
  return { reason, message: ENDED[reason] ?? ENDED.gone };
}

export default function CbtClosed() {
  const { reason, message } = useLoaderData<typeof loader>();
  return (
    <AuthCard title={reason === "submitted" ? "Answers submitted" : "Test closed"}>
      <Banner kind={reason === "submitted" ? "info" : "warning"}>{message}</Banner>
      <Link to="/cbt" className="font-semibold text-brand-700 underline">
        Take another test
      </Link>
    </AuthCard>
  );
}
