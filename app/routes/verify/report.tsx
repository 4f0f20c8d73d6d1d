import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatDate } from "../../../contract/calendar";
import { REPORT_CARD_MESSAGES as RC, type ReportVerification } from "../../../contract/report-cards";
import { RESULTS_MESSAGES as M } from "../../../contract/results";
import { publicApi } from "~/.server/auth.server";
import { notFound } from "~/.server/not-found.server";

/**
 * /verify/report/{token}: the page a printed report card's QR code opens, without a sign-in. It shows the card as
 * the school issued it, so a printout whose figures differ is told apart, and says when a newer version exists.
 */
export const meta: MetaFunction = () => [{ title: RC.verifyTitle }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const result = await publicApi(context).get<ReportVerification>(
    `/api/public/report-cards/${encodeURIComponent(params.token ?? "")}`,
  );
  if (result.status === 404) notFound(RC.verifyNotFound);
  if (!result.ok) throw new Response(result.message, { status: 503 });
  return result.data;
}

export default function VerifyReport() {
  const card = useLoaderData<typeof loader>();
  const F = RC.verifyFields;
  const rows: [string, string][] = [
    [F.school, card.school_name],
    [F.student, card.student_name],
    [F.class, card.class_name],
    [F.term, `${card.term} ${card.session} · ${M.resultKinds[card.result]}`],
    [F.average, card.average === null ? "—" : String(card.average)],
    [F.version, `${card.version} (${formatDate(card.issued_at)})`],
    [F.reportId, card.report_id],
  ];
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-5 p-4">
      <h1 className="text-2xl font-bold">{RC.verifyTitle}</h1>
      {card.newer_version !== null ? (
        <p role="status" className="rounded-xl bg-amber-50 p-4 font-semibold text-amber-900 ring-1 ring-amber-300">
          {RC.verifyNewer(card.newer_version)}
        </p>
      ) : (
        <p
          role="status"
          className="rounded-xl bg-emerald-50 p-4 font-semibold text-emerald-900 ring-1 ring-emerald-300"
        >
          {RC.verifyGenuine}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </main>
  );
}
