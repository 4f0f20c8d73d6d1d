import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { CbtTest } from "../../../../contract/cbt";
import { withAdmin } from "~/.server/auth.server";
import { cbtBase, lagosTime } from "~/.server/cbt.server";
import { Banner } from "~/components/ui/Banner";
import { buttonClass } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";

/**
 * Assessments (/admin/assessments, and /staff/cbt-exams for a teacher's own classes and subjects): the school's
 * computer-based tests, newest first, with the way to the question bank and to create a test.
 */
export const meta: MetaFunction = () => [{ title: "Assessments" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const tests = await api.get<CbtTest[]>("/cbt/tests", { fallback: "The tests could not be loaded." });
    const list = tests.ok ? tests.data.map((t) => ({ ...t, opens: lagosTime(t.opens_at) })) : [];
    return { base: cbtBase(request), tests: list, error: tests.ok ? null : tests.message };
  });
}

export default function Assessments() {
  const { base, tests, error } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">{base.startsWith("/staff") ? "CBT Exams" : "Assessments"}</h1>
      <div className="flex flex-wrap gap-2">
        <Link to={`${base}/create`} className={buttonClass()}>
          Create test
        </Link>
        <Link to={`${base}/questions`} className={buttonClass("secondary")}>
          Question bank
        </Link>
      </div>
      {error ? <Banner>{error}</Banner> : null}
      {tests.length ? (
        <ul
          aria-label="Tests"
          className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {tests.map((t) => (
            <li key={t.id} className="p-4">
              <Link to={`${base}/${t.id}`} className="font-semibold text-brand-700 underline">
                {t.title}
              </Link>
              <p className="text-sm text-slate-700">
                {t.class} · {t.subject} · {t.term} {t.session}
              </p>
              <p className="text-sm text-slate-700">
                Code <span className="font-mono font-semibold">{t.code}</span> · {t.opens} ·{" "}
                {t.opened_at ? `${t.papers} PINs issued` : "Not opened yet"}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No tests yet">Add questions to the bank, then create a test.</EmptyState>
      )}
    </div>
  );
}
