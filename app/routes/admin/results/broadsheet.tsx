import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ordinal } from "../../../../contract/grading";
import { CUMULATIVE_MESSAGES, RESULTS_MESSAGES as M, type Broadsheet } from "../../../../contract/results";
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

/** A heading cell: a subject spans its cumulative columns, the others span both heading rows. */
interface Head {
  label: string;
  cols: number;
  rows: number;
}

/**
 * Only what the table draws, in the order it draws it: a class of 60 by 15 subjects is 900 cells (3,600 more in
 * the 3rd term's terminal result, whose subjects each show the 1st, 2nd, 3rd term and annual average, and whose
 * students their annual average and position).
 */
function tableOf(sheet: Broadsheet) {
  const C = CUMULATIVE_MESSAGES;
  const subjects = sheet.subjects.map((s) => s.subject);
  const span = sheet.cumulative ? 4 : 1;
  const rows = sheet.cumulative ? 2 : 1;
  const tail = [
    M.total,
    M.average,
    ...(sheet.positions ? [M.position] : []),
    ...(sheet.cumulative ? [C.annualAverage, ...(sheet.positions ? [C.annualPosition] : [])] : []),
  ];
  const place = (position: number | null) => (position === null ? "–" : ordinal(position));
  return {
    title: `${sheet.class_name}, ${sheet.term} ${sheet.session} · ${M.resultKinds[sheet.result]}`,
    heads: [
      [
        ...subjects.map((subject): Head => ({ label: subject, cols: span, rows: 1 })),
        ...tail.map((label): Head => ({ label, cols: 1, rows })),
      ],
      sheet.cumulative
        ? subjects.flatMap(() => [C.terms.first, C.terms.second, C.terms.third, C.annualAverageShort])
        : [],
    ] as const,
    headRows: rows,
    rows: sheet.rows.map((row) => ({
      id: row.student_id,
      name: row.name,
      admission: row.admission,
      cells: [
        ...subjects.flatMap((subject) => {
          const total = figure(row.totals[subject]);
          const annual = row.annual?.subjects[subject];
          return sheet.cumulative
            ? [figure(annual?.first ?? null), figure(annual?.second ?? null), total, figure(annual?.average ?? null)]
            : [total];
        }),
        figure(row.total),
        figure(row.average),
        ...(sheet.positions ? [place(row.position)] : []),
        ...(sheet.cumulative
          ? [figure(row.annual?.average ?? null), ...(sheet.positions ? [place(row.annual?.position ?? null)] : [])]
          : []),
      ],
    })),
    summaries: (["average", "highest", "lowest"] as const).map((key) => ({
      label: { average: M.classAverage, highest: M.highest, lowest: M.lowest }[key],
      cells: sheet.subjects.flatMap((s) => (sheet.cumulative ? ["", "", figure(s[key]), ""] : [figure(s[key])])),
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
                    <th scope="col" rowSpan={table.headRows} className={NAME_CELL}>
                      {M.student}
                    </th>
                    {table.heads[0].map((head, i) => (
                      <th
                        key={i}
                        scope={head.cols > 1 ? "colgroup" : "col"}
                        colSpan={head.cols}
                        rowSpan={head.rows}
                        className={head.cols > 1 ? "text-center" : "text-right"}
                      >
                        {head.label}
                      </th>
                    ))}
                  </tr>
                  {table.heads[1].length ? (
                    <tr className="border-b border-slate-300 text-xs text-slate-600">
                      {table.heads[1].map((label, i) => (
                        <th key={i} scope="col" className="text-right font-medium">
                          {label}
                        </th>
                      ))}
                    </tr>
                  ) : null}
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
