import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ordinal } from "../../../../contract/grading";
import { RESULTS_MESSAGES as M, type Broadsheet } from "../../../../contract/results";
import { withAdmin } from "~/.server/auth.server";
import { resultScreenOptions } from "~/.server/result-choice.server";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { buttonClass } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";
import { TableScroll } from "~/components/ui/TableScroll";
import { BROADSHEET_PATH, resultQuery } from "~/lib/result-choice";
import { ResultPicker } from "./ResultPicker";

export const meta: MetaFunction = () => [{ title: M.broadsheet }];

/** The students' column stays in view while the figures scroll under it; a long name wraps. */
const NAME_CELL = "sticky left-0 min-w-32 max-w-40 whitespace-normal bg-white text-left";

/** A figure as the sheet shows it; a subject not taken is a dash. */
const figure = (n: number | null) => (n === null ? "–" : String(n));

/** Only what the table draws, in the order it draws it: a class of 60 by 15 subjects is 900 cells. */
function tableOf(sheet: Broadsheet) {
  const subjects = sheet.subjects.map((s) => s.subject);
  return {
    title: `${sheet.class_name}, ${sheet.term} ${sheet.session} · ${M.resultKinds[sheet.result]}`,
    subjects,
    positions: sheet.positions,
    rows: sheet.rows.map((row) => ({
      id: row.student_id,
      name: row.name,
      admission: row.admission,
      cells: [
        ...subjects.map((subject) => figure(row.totals[subject])),
        figure(row.total),
        figure(row.average),
        ...(sheet.positions ? [row.position === null ? "–" : ordinal(row.position)] : []),
      ],
    })),
    summaries: (["average", "highest", "lowest"] as const).map((key) => ({
      label: { average: M.classAverage, highest: M.highest, lowest: M.lowest }[key],
      cells: sheet.subjects.map((s) => figure(s[key])),
    })),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const { classes, terms, sessions, chosen } = await resultScreenOptions(api, request);
    const base = { chosen, classes: classes.map((c) => c.class_name), terms, sessions };
    if (!chosen.class) return { ...base, table: null, error: null };
    const sheet = await api.get<Broadsheet>("/results/broadsheet", { query: { ...chosen } });
    return {
      ...base,
      table: sheet.ok ? tableOf(sheet.data) : null,
      error: sheet.ok ? null : (sheet.message ?? M.broadsheetFailed),
    };
  });
}

/** A class's totals by subject for a term, each student's total, average and position, and its download. */
export default function BroadsheetScreen() {
  const { chosen, classes, terms, sessions, table, error } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader backTo="/admin/results" title={M.broadsheet} />
      <ResultPicker label={M.resultPicker} chosen={chosen} classes={classes} terms={terms} sessions={sessions} />
      {error ? <Banner>{error}</Banner> : null}
      {table ? (
        <Panel id="broadsheet-title" title={table.title}>
          <a href={`${BROADSHEET_PATH}.xlsx?${resultQuery(chosen)}`} className={buttonClass("secondary")} download>
            {M.downloadBroadsheet}
          </a>
          {table.rows.length ? (
            <TableScroll label={M.totalsBySubject}>
              <table className="whitespace-nowrap text-sm [&_td]:px-2 [&_td]:py-1.5 [&_td]:text-right [&_th]:px-2 [&_th]:py-1.5">
                <thead>
                  <tr className="border-b border-slate-300 text-left align-bottom text-slate-700">
                    <th scope="col" className={NAME_CELL}>
                      {M.student}
                    </th>
                    {table.subjects.map((subject) => (
                      <th key={subject} scope="col" className="text-right">
                        {subject}
                      </th>
                    ))}
                    <th scope="col" className="text-right">
                      {M.total}
                    </th>
                    <th scope="col" className="text-right">
                      {M.average}
                    </th>
                    {table.positions ? (
                      <th scope="col" className="text-right">
                        {M.position}
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {table.rows.map((row) => (
                    <tr key={row.id}>
                      <th scope="row" className={`${NAME_CELL} font-medium`}>
                        {row.name}
                        {row.admission ? <span className="block text-xs text-slate-600">{row.admission}</span> : null}
                      </th>
                      {row.cells.map((cell, i) => (
                        <td key={i}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t border-slate-300 text-slate-700">
                  {table.summaries.map((summary) => (
                    <tr key={summary.label}>
                      <th scope="row" className={`${NAME_CELL} font-semibold`}>
                        {summary.label}
                      </th>
                      {summary.cells.map((cell, i) => (
                        <td key={i}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tfoot>
              </table>
            </TableScroll>
          ) : (
            <EmptyState title={M.broadsheetEmpty} />
          )}
        </Panel>
      ) : null}
      {!chosen.class ? <EmptyState title={M.chooseClass} /> : null}
    </div>
  );
}
