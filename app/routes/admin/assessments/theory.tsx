import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CBT_MESSAGES as M, type TheoryAnswer } from "../../../../contract/cbt";
import { withAdmin } from "~/.server/auth.server";
import { cbtBase } from "~/.server/cbt.server";
import { readFormData } from "~/.server/form.server";
import { notFound } from "~/.server/not-found.server";
import { API_REFUSED, refuse } from "~/.server/reply.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";
import { inputClass } from "~/components/ui/Field";
import { usePending } from "~/lib/form-state";

/** Marking the theory answers of a test (/admin/assessments/{id}/theory): unmarked first, marks out of each question's. */
export const meta: MetaFunction = () => [{ title: "Mark theory answers" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const base = cbtBase(request);
    const answers = await api.get<TheoryAnswer[]>(`/cbt/tests/${encodeURIComponent(params.id ?? "")}/theory`);
    if (answers.status === 404) notFound(M.testNotFound, { to: base, label: "Back to tests" });
    if (!answers.ok) throw new Response(answers.message, { status: 503 });
    return { back: `${base}/${encodeURIComponent(params.id ?? "")}`, answers: answers.data };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const form = await readFormData(request);
    const typed = [...form.entries()].filter(([name]) => name.startsWith("mark-"));
    const marks = typed
      .filter(([, value]) => String(value).trim() !== "")
      .map(([name, value]) => {
        const [, paper, n] = name.split("-");
        return { paper_id: paper, n, marks: String(value).trim() };
      });
    const id = encodeURIComponent(params.id ?? "");
    const saved = await api.update(`/cbt/tests/${id}/theory`, { marks }, { method: "PUT" });
    // Refused: the marks typed come back in their fields.
    const sent = Object.fromEntries(typed.map(([name, value]) => [name, String(value)]));
    if (!saved.ok) return refuse({ message: saved.reason ?? saved.message, sent }, API_REFUSED);
    return redirectWithToast(request, context, `${cbtBase(request)}/${id}/theory`, success(M.marksSaved));
  });
}

export default function TheoryMarking() {
  const { back, answers } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const pending = usePending();
  return (
    <div className="space-y-5">
      <PageHeader backTo={back} title="Mark theory answers" />
      {refused?.message ? <Banner>{refused.message}</Banner> : null}
      {answers.length ? (
        <Form method="post" className="space-y-4">
          {answers.map((a) => (
            <section
              key={`${a.paper_id}-${a.n}`}
              className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
              aria-label={`${a.name}, question ${a.n}`}
            >
              <h2 className="font-semibold">
                {a.name} · Question {a.n}
              </h2>
              <p className="whitespace-pre-line text-sm text-slate-700">{a.question}</p>
              <p className="whitespace-pre-line rounded-lg bg-slate-50 p-3">{a.answer}</p>
              <label className="block text-sm font-semibold" htmlFor={`mark-${a.paper_id}-${a.n}`}>
                Marks (out of {a.max})
              </label>
              <input
                id={`mark-${a.paper_id}-${a.n}`}
                name={`mark-${a.paper_id}-${a.n}`}
                type="number"
                min={0}
                max={a.max}
                step="0.5"
                inputMode="decimal"
                defaultValue={refused?.sent[`mark-${a.paper_id}-${a.n}`] ?? a.marks ?? ""}
                className={inputClass}
              />
            </section>
          ))}
          <Button className="w-full" pending={pending} pendingLabel="Saving…">
            Save marks
          </Button>
        </Form>
      ) : (
        <EmptyState title="No theory answers to mark" />
      )}
    </div>
  );
}
