import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CBT_MESSAGES as M, type CbtPin, type CbtScores, type AttemptStatus } from "../../../../contract/cbt";
import { withAdmin } from "~/.server/auth.server";
import { cbtBase, lagosTime } from "~/.server/cbt.server";
import { readFormData } from "~/.server/form.server";
import { notFound } from "~/.server/not-found.server";
import { failure, redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button, buttonClass } from "~/components/ui/Button";
import { TableScroll } from "~/components/ui/TableScroll";
import { usePending } from "~/lib/form-state";

/**
 * A test (/admin/assessments/{id}): its details and code; Open for the class (each student's questions drawn and
 * PIN issued), the PINs and their slips; the class's scores, the theory marking and Send to results.
 */
export const meta: MetaFunction = () => [{ title: "Test" }];

const STATUS: Record<AttemptStatus, string> = {
  not_started: "Not started",
  in_progress: "Taking it",
  submitted: "Finished",
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const base = cbtBase(request);
    const id = encodeURIComponent(params.id ?? "");
    const scores = await api.get<CbtScores>(`/cbt/tests/${id}/scores`, { fallback: "The test could not be loaded." });
    if (scores.status === 404 || (scores.ok && !scores.data))
      notFound(M.testNotFound, { to: base, label: "Back to tests" });
    if (!scores.ok) throw new Response(scores.message, { status: 503 });
    const pins = scores.data.test.opened_at
      ? await api.get<CbtPin[]>(`/cbt/tests/${id}/pins`).then((r) => (r.ok ? r.data : []))
      : [];
    const t = scores.data.test;
    return {
      base,
      scores: scores.data,
      pins,
      opens: lagosTime(t.opens_at),
      closes: lagosTime(t.closes_at),
      sent: t.sent_at ? lagosTime(t.sent_at) : null,
    };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const id = encodeURIComponent(params.id ?? "");
    const intent = String((await readFormData(request)).get("intent") ?? "");
    const back = `${cbtBase(request)}/${id}`;
    const done =
      intent === "send"
        ? await api.create(`/cbt/tests/${id}/send-to-results`)
        : await api.create(`/cbt/tests/${id}/pins`);
    if (done.status === 404) notFound(M.testNotFound);
    return redirectWithToast(
      request,
      context,
      back,
      done.ok ? success(done.message ?? M.pinsIssued) : failure(done.reason ?? done.message),
    );
  });
}

export default function CbtTestPage() {
  const { base, scores, pins, opens, closes, sent } = useLoaderData<typeof loader>();
  const t = scores.test;
  const pending = usePending();
  return (
    <div className="space-y-5">
      <PageHeader backTo={base} title={t.title} />
      <Panel id="details" title="Details">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium text-slate-600">Test code</dt>
          <dd className="font-mono text-xl font-bold" data-testid="test-code">
            {t.code}
          </dd>
          <dt className="font-medium text-slate-600">Class</dt>
          <dd>
            {t.class} · {t.subject}
          </dd>
          <dt className="font-medium text-slate-600">Term</dt>
          <dd>
            {t.term} {t.session}
          </dd>
          <dt className="font-medium text-slate-600">Open</dt>
          <dd>
            {opens} to {closes}
          </dd>
          <dt className="font-medium text-slate-600">Test</dt>
          <dd>
            {t.question_count} questions, {t.duration_minutes} minutes (+{t.grace_minutes} grace)
          </dd>
          <dt className="font-medium text-slate-600">Results column</dt>
          <dd>{t.results_column ?? "None"}</dd>
          {t.lab_network ? (
            <>
              <dt className="font-medium text-slate-600">Network</dt>
              <dd>{t.lab_network}</dd>
            </>
          ) : null}
        </dl>
      </Panel>
      <Panel id="pins" title="PINs">
        <p className="text-slate-700">
          Opening the test draws each student's questions now and gives each a PIN. Students added to the class later
          get theirs when you open it again.
        </p>
        <Form method="post">
          <Button name="intent" value="open" pending={pending} pendingLabel="Opening…">
            {t.opened_at ? "Open again for new students" : "Open for the class"}
          </Button>
        </Form>
        {pins.length ? (
          <>
            <a href={`${base}/${t.id}/slips`} className={buttonClass("secondary")} download>
              Download access slips (PDF)
            </a>
            <TableScroll label="PINs">
              <table className="w-full text-left">
                <thead>
                  <tr>
                    <th className="p-2">Student</th>
                    <th className="p-2">PIN</th>
                  </tr>
                </thead>
                <tbody>
                  {pins.map((p) => (
                    <tr key={p.student_id} className="border-t border-slate-200">
                      <td className="p-2">{p.name}</td>
                      <td className="p-2 font-mono">{p.pin}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </>
        ) : null}
      </Panel>
      <Panel id="scores" title="Scores">
        {scores.rows.length ? (
          <TableScroll label="Scores">
            <table className="w-full text-left">
              <thead>
                <tr>
                  <th className="p-2">Student</th>
                  <th className="p-2">Status</th>
                  <th className="p-2">Score</th>
                  {scores.column_max !== null ? (
                    <th className="p-2">{`${t.results_column} (${scores.column_max})`}</th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {scores.rows.map((r) => (
                  <tr key={r.student_id} className="border-t border-slate-200">
                    <td className="p-2">{r.name}</td>
                    <td className="p-2">
                      {STATUS[r.status]}
                      {r.unmarked ? ` · ${r.unmarked} to mark` : ""}
                    </td>
                    <td className="p-2">
                      {r.score} / {r.max}
                    </td>
                    {scores.column_max !== null ? <td className="p-2">{r.scaled ?? "—"}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <Banner kind="info">Open the test for the class to see its students here.</Banner>
        )}
        <div className="flex flex-wrap gap-2">
          <Link to={`${base}/${t.id}/theory`} className={buttonClass("secondary")}>
            Mark theory answers
          </Link>
          {t.results_column ? (
            <Form method="post">
              <Button name="intent" value="send" pending={pending} pendingLabel="Sending…">
                Send scores to {t.results_column}
              </Button>
            </Form>
          ) : null}
        </div>
        {sent ? <p className="text-sm text-slate-700">Last sent {sent}.</p> : null}
      </Panel>
    </div>
  );
}
