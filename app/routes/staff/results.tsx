import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { isResultKind, RESULTS_MESSAGES as M, RESULT_KINDS, type ScoreSheet } from "../../../contract/results";
import { STAFF_RESULTS_MESSAGES as S, type StaffDashboard } from "../../../contract/staff-area";
import { withAdmin } from "~/.server/auth.server";
import { refusalOf } from "~/.server/reply.server";
import { loadSheet, saveGrid, type SheetChoice } from "~/.server/results.server";
import type { SchoolApiClient } from "~/.server/api.server";
import { FilterChips } from "~/components/list/FilterChips";
import { ScoreSheetPanel } from "~/components/results/ScoreGrid";
import { Banner } from "~/components/ui/Banner";
import { EmptyState } from "~/components/ui/EmptyState";
import { useFormState } from "~/lib/form-state";
import { cellDefaults } from "~/lib/score-cells";

/**
 * A teacher's results (`/staff/results?class=&subject=&result=`): the score grid of the admins' score entry for the
 * classes and subjects their staff record lists, a link each, for the current term; published results are shown
 * read-only. The API holds the same line (api/services/results.ts): another class or subject is refused there.
 */
export const meta: MetaFunction = () => [{ title: S.title }];

const PATH = "/staff/results";

/** The teacher's (class, subject) pairs (their staff record's), and the sheet the address names (the first pair's). */
async function chosenSheet(api: SchoolApiClient, request: Request) {
  const me = await api.get<StaffDashboard>("/staff-area/dashboard", { fallback: S.failed });
  if (!me.ok) return { pairs: [], choice: null, error: me.message };
  const pairs = me.data.teaching;
  const params = new URL(request.url).searchParams;
  const asked = {
    class: params.get("class")?.trim().slice(0, 60),
    subject: params.get("subject")?.trim().slice(0, 60),
  };
  const result = params.get("result");
  const pair = asked.class && asked.subject ? asked : pairs[0];
  const choice: SheetChoice | null = pair
    ? {
        class: pair.class!,
        subject: pair.subject!,
        term: me.data.term,
        year: me.data.session,
        result: isResultKind(result) ? result : "terminal",
      }
    : null;
  return { pairs, choice, error: null };
}

const pathOf = (choice: SheetChoice) =>
  `${PATH}?${new URLSearchParams({ class: choice.class, subject: choice.subject, result: choice.result })}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const { pairs, choice, error } = await chosenSheet(api, request);
    if (!choice) return { pairs, choice, sheet: null, error };
    const loaded = await loadSheet(api, choice);
    if (loaded.ok) return { pairs, choice, sheet: loaded.data, error: null };
    // Not their class or subject: the API's reason on the page, their own links kept.
    const reason = refusalOf(loaded, ["subject", "class", "term", "year", "result"]);
    return data({ pairs, choice, sheet: null as ScoreSheet | null, error: reason }, { status: loaded.status || 503 });
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const { choice } = await chosenSheet(api, request);
    const none: SheetChoice = { class: "", subject: "", term: "", year: "", result: "terminal" };
    return saveGrid({ request, context, api }, choice ?? none, choice ? pathOf(choice) : PATH);
  });
}

export default function StaffResults() {
  const { pairs, choice, sheet, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const form = useFormState<string>("score-grid", answer?.reply, sheet ? cellDefaults(sheet) : undefined);
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">{S.title}</h1>
      {pairs.length ? (
        <nav aria-label={S.pairsLabel}>
          <ul className="flex flex-wrap gap-2">
            {pairs.map((p) => {
              const current = p.class === choice?.class && p.subject === choice?.subject;
              return (
                <li key={`${p.class}-${p.subject}`}>
                  <Link
                    to={`${PATH}?${new URLSearchParams({ class: p.class, subject: p.subject, result: choice?.result ?? "terminal" })}`}
                    aria-current={current ? "page" : undefined}
                    className={`inline-flex min-h-11 items-center rounded-lg px-3 font-semibold ring-1 ${current ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-800 ring-slate-300"}`}
                  >
                    {p.subject} · {p.class}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      {choice ? (
        <FilterChips
          label={M.resultLabel}
          name="result"
          current={choice.result}
          options={RESULT_KINDS.map((kind) => ({ value: kind, label: M.resultKinds[kind] }))}
        />
      ) : null}
      {error ? <Banner>{error}</Banner> : null}
      {!choice && !error ? (
        <EmptyState title={S.noSubjects}>
          <p>{S.noSubjectsDetail}</p>
        </EmptyState>
      ) : null}
      {sheet ? (
        <ScoreSheetPanel
          sheet={sheet}
          form={form}
          notice={sheet.published ? S.publishedForTeachers(sheet.class_name) : null}
        />
      ) : null}
    </div>
  );
}
