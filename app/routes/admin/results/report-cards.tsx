import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { REPORT_CARD_MESSAGES as RC } from "../../../../contract/report-cards";
import { isResultKind, type ScoreSheet } from "../../../../contract/results";
import { withAdmin } from "~/.server/auth.server";
import { getSchoolOptions } from "~/.server/school-options.server";
import { ResultPicker } from "./ResultPicker";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { buttonClass } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";
import { TableScroll } from "~/components/ui/TableScroll";

export const meta: MetaFunction = () => [{ title: RC.title }];

const DOWNLOAD = "/admin/results/report-cards/download";

/**
 * /admin/results/report-cards?class=&term=&year=&result=: a GET form choosing the class's result, then the class's
 * students with a PDF link each and the whole class's PDF. Every link is a plain download, so it works JS-off.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const url = new URL(request.url);
    const options = await getSchoolOptions(api);
    const sent = (name: string, max = 60) => (url.searchParams.get(name) ?? "").trim().slice(0, max);
    const chosen = {
      class: sent("class"),
      term: sent("term") || options.schoolTerm.term,
      year: sent("year") || options.schoolTerm.session,
      result: isResultKind(sent("result")) ? sent("result") : "terminal",
    };
    const schoolClass = options.classes.find((c) => c.class_name === chosen.class);
    const form = {
      classes: options.classes.map((c) => c.class_name),
      terms: options.terms,
      sessions: options.sessions,
    };
    if (!schoolClass) return { chosen, form, sheet: null, error: null };
    // The class's students that session, A–Z, are the rows of any of its subjects' sheets.
    const result = await api.get<ScoreSheet>("/results/sheet", {
      query: { ...chosen, subject: schoolClass.subjects[0] ?? "" },
    });
    return result.ok
      ? { chosen, form, sheet: result.data, error: null }
      : { chosen, form, sheet: null, error: result.message };
  });
}

export default function ReportCards() {
  const { chosen, form, sheet, error } = useLoaderData<typeof loader>();
  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ class: chosen.class, term: chosen.term, year: chosen.year, result: chosen.result, ...extra });
  return (
    <div className="space-y-4">
      <PageHeader backTo="/admin/results" title={RC.title} />
      <ResultPicker
        label={RC.title}
        chosen={chosen}
        classes={form.classes}
        terms={form.terms}
        sessions={form.sessions}
      />
      {error ? <Banner>{error}</Banner> : null}
      {!sheet ? (
        error ? null : (
          <EmptyState title={RC.title}>{RC.chooseClass}</EmptyState>
        )
      ) : (
        <Panel id="cards-students" title={`${sheet.class_name} · ${sheet.term} ${sheet.session}`}>
          {sheet.published ? null : <p className="text-slate-600">{RC.draft}</p>}
          {sheet.rows.length ? (
            <>
              <a href={`${DOWNLOAD}?${query()}`} className={buttonClass("primary")} download>
                {RC.wholeClass}
              </a>
              <TableScroll label={RC.title}>
                <table className="w-full text-left">
                  <thead>
                    <tr className="border-b border-slate-200 text-sm text-slate-600">
                      <th className="py-2 pr-3">Name</th>
                      <th className="py-2 pr-3">Admission no.</th>
                      <th className="py-2">{RC.title}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {sheet.rows.map((row) => (
                      <tr key={row.student_id} className="border-b border-slate-100">
                        <td className="py-2 pr-3">{row.name}</td>
                        <td className="py-2 pr-3">{row.admission || "—"}</td>
                        <td className="py-2">
                          <a
                            href={`${DOWNLOAD}?${query({ student: String(row.student_id) })}`}
                            className="font-semibold text-brand-700 underline"
                            aria-label={`${RC.downloadPdf}: ${row.name}`}
                            download
                          >
                            {RC.downloadPdf}
                          </a>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </>
          ) : (
            <p className="text-slate-600">{RC.noStudents}</p>
          )}
        </Panel>
      )}
    </div>
  );
}
