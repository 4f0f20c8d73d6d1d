import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ExistingSearchParams } from "remix-utils/existing-search-params";
import type { FeeItem, FeeOverview } from "../../../../contract/fees";
import { MESSAGES } from "../../../../contract/messages";
import { PAYMENT_MESSAGES } from "../../../../contract/payments";
import { formatNairaCompact, nairaToKobo } from "../../../../contract/money";
import { withAdmin } from "~/.server/auth.server";
import { lineSvg, stackedBarSvg } from "~/.server/charts.server";
import { feePayload, feeScreenOptions } from "~/.server/fees.server";
import { newFormKey, readFormData } from "~/.server/form.server";
import { feeForm } from "~/.server/form-schemas";
import { redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { FilterForm } from "~/components/list/FilterForm";
import { menuItemClass, RowMenu } from "~/components/list/RowMenu";
import { Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { EmptyState } from "~/components/ui/EmptyState";
import { SelectField } from "~/components/ui/SelectField";
import { TableScroll } from "~/components/ui/TableScroll";
import { formatDate } from "~/lib/dates";
import type { FormResult } from "~/lib/form-state";
import { FeeForm } from "./FeeForm";
import { FeeTabs, feePaths, naira, type TermChoice } from "./shared";
import { TermPicker } from "./TermPicker";

export const meta: MetaFunction = () => [{ title: "School Fees" }];

const COLORS = { collected: "#15803d", outstanding: "#d97706", line: "#1d5fd1" };
// An axis tick is a number of naira, not an amount typed by anyone: rounded to kobo, never read as ₦0.
const axis = (naira: number) => formatNairaCompact(Math.round(naira * 100));
const SCOPE_LABEL = { all: "All classes", section: "", class: "" } as const;

/** The overview's charts, drawn to SVG on the server (nivo never reaches the browser). */
function overviewCharts(o: FeeOverview) {
  const byClass = o.by_class.length
    ? stackedBarSvg(
        o.by_class.map((c) => ({ label: c.class, Collected: c.collected, Outstanding: Math.max(0, c.outstanding) })),
        [
          { key: "Collected", color: COLORS.collected },
          { key: "Outstanding", color: COLORS.outstanding },
        ],
        `Collected and outstanding by class: ${o.by_class.map((c) => `${c.class} ${naira(c.collected)} collected, ${naira(Math.max(0, c.outstanding))} outstanding`).join("; ")}`,
        axis,
      )
    : null;
  let running = 0;
  const points = o.over_time.map((d) => ({ x: d.date, y: (running += nairaToKobo(d.amount) ?? 0) / 100 }));
  const overTime = points.length
    ? lineSvg(
        points,
        COLORS.line,
        `Collections this term, running total: ${naira(points[points.length - 1].y)} by ${formatDate(points[points.length - 1].x)}`,
        axis,
      )
    : null;
  return { byClass, overTime };
}

/** The overview's words on credit from online payments, put together on the server. */
function creditNote({ credit }: FeeOverview): string {
  if (!credit) return "";
  return [
    credit.used > 0 ? PAYMENT_MESSAGES.overviewCreditUsed(naira(credit.used)) : "",
    credit.kept > 0 ? PAYMENT_MESSAGES.overviewCreditKept(naira(credit.kept)) : "",
  ]
    .filter(Boolean)
    .join(" ");
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const params = new URL(request.url).searchParams;
    const tab = params.get("tab") === "setup" ? ("setup" as const) : ("overview" as const);
    const { options, chosen } = await feeScreenOptions(api, request);
    const query = { term: chosen.term, year: chosen.year };
    if (tab === "setup") {
      const fees = await api.get<FeeItem[]>("/fees/fee-settings", { query });
      return {
        tab,
        chosen,
        options,
        error: fees.ok ? null : MESSAGES.failedFees,
        fees: fees.ok ? fees.data : null,
        formKey: newFormKey(),
        overview: null,
        charts: null,
        creditNote: "",
        classFilter: "",
      };
    }
    const classFilter = (params.get("class") ?? "").slice(0, 60);
    const result = await api.get<FeeOverview>("/fees/overview", {
      query: { ...query, class: classFilter || undefined },
    });
    const overview = result.ok ? result.data : null;
    return {
      tab,
      chosen,
      options,
      error: result.ok ? null : MESSAGES.failedFees,
      fees: null,
      formKey: "",
      overview,
      charts: overview ? overviewCharts(overview) : null,
      creditNote: overview ? creditNote(overview) : "",
      classFilter,
    };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const submission = parseWithZod(formData, { schema: feeForm });
    if (submission.status !== "success") return refuse(submission.reply());
    const key = formData.get("idempotency_key");
    const response = await api.create<FeeItem>("/fees/fee-settings", feePayload(submission.value), {
      idempotencyKey: key,
    });
    if (!response.ok) return refuse(apiReply(submission, response), API_REFUSED);
    const { term, session } = submission.value;
    return redirectWithToast(
      request,
      context,
      feePaths.setup({ term, year: session }),
      success(response.message ?? "Created successfully"),
    );
  });
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:block">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd
        className="min-w-0 text-xl font-bold text-slate-900 break-words [overflow-wrap:anywhere] sm:mt-1"
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

function Legend() {
  return (
    <ul className="flex gap-4 text-sm">
      {(["collected", "outstanding"] as const).map((k) => (
        <li key={k} className="flex items-center gap-2">
          <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: COLORS[k] }} />
          {k === "collected" ? "Collected" : "Outstanding"}
        </li>
      ))}
    </ul>
  );
}

function Overview({
  overview,
  charts,
  chosen,
  classes,
  classFilter,
}: {
  overview: FeeOverview;
  charts: ReturnType<typeof overviewCharts>;
  chosen: TermChoice;
  classes: string[];
  classFilter: string;
}) {
  const { creditNote } = useLoaderData<typeof loader>();
  const arrears = overview.arrears > 0;
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-2" aria-label="Collection figures">
        <Stat label="Expected" value={naira(overview.expected)} testId="fees-expected" />
        {arrears ? (
          <Stat label="Arrears of earlier terms" value={naira(overview.arrears)} testId="fees-arrears" />
        ) : null}
        <Stat label="Collected" value={naira(overview.collected)} testId="fees-collected" />
        <Stat label="Outstanding" value={naira(overview.outstanding)} testId="fees-outstanding" />
        <Stat label="Collection rate" value={`${overview.collection_rate}%`} testId="fees-rate" />
      </dl>
      {creditNote ? (
        <p className="text-sm text-slate-700" data-testid="fees-credit">
          {creditNote}
        </p>
      ) : null}
      <Panel id="fees-by-class" title="By class">
        {overview.by_class.length ? (
          <>
            {charts.byClass ? (
              <div data-testid="class-chart" dangerouslySetInnerHTML={{ __html: charts.byClass }} />
            ) : null}
            <Legend />
            <TableScroll label="By class, in figures">
              <table className="w-full whitespace-nowrap text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-2 pr-2">
                      Class
                    </th>
                    <th scope="col" className="py-2 pr-2 text-right">
                      Students
                    </th>
                    <th scope="col" className="py-2 pr-2 text-right">
                      Expected
                    </th>
                    {arrears ? (
                      <th scope="col" className="py-2 pr-2 text-right">
                        Arrears
                      </th>
                    ) : null}
                    <th scope="col" className="py-2 pr-2 text-right">
                      Collected
                    </th>
                    <th scope="col" className="py-2 text-right">
                      Outstanding
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {overview.by_class.map((c) => (
                    <tr key={c.class} className="border-b border-slate-100">
                      <th scope="row" className="py-2 pr-2 font-semibold">
                        {c.class}
                      </th>
                      <td className="py-2 pr-2 text-right">{c.students.toLocaleString("en-NG")}</td>
                      <td className="py-2 pr-2 text-right">{naira(c.expected)}</td>
                      {arrears ? <td className="py-2 pr-2 text-right">{naira(c.arrears)}</td> : null}
                      <td className="py-2 pr-2 text-right">{naira(c.collected)}</td>
                      <td className="py-2 text-right">{naira(c.outstanding)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </>
        ) : (
          <EmptyState title="No students billed yet">Set up fees to see what each class owes.</EmptyState>
        )}
      </Panel>
      <Panel id="fees-over-time" title="Collections over time">
        {charts.overTime ? (
          <div data-testid="time-chart" dangerouslySetInnerHTML={{ __html: charts.overTime }} />
        ) : (
          <EmptyState title="No payments this term yet" />
        )}
      </Panel>
      <Panel id="fees-owing" title="Students owing most">
        <FilterForm label="Filter students owing" submitLabel="Filter">
          <ExistingSearchParams exclude={["class", "page"]} />
          <div className="min-w-40 flex-1">
            <SelectField
              id="owing-class"
              label="Class"
              placeholder="All classes"
              options={classes}
              selectProps={{ name: "class", defaultValue: classFilter }}
            />
          </div>
        </FilterForm>
        {overview.owing_most.length ? (
          <ol className="divide-y divide-slate-100" aria-label="Students owing most">
            {overview.owing_most.map((s) => (
              <li key={s.unique_id}>
                <Link
                  to={feePaths.student(s.unique_id, chosen)}
                  className="flex min-h-12 items-center justify-between gap-3 py-2 hover:bg-slate-50"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-semibold text-slate-900">{s.name}</span>
                    <span className="block text-sm text-slate-700">
                      {s.class ?? "No class"} · billed {naira(s.billed)}
                    </span>
                  </span>
                  <span className="font-bold text-slate-900">{naira(s.balance)}</span>
                </Link>
              </li>
            ))}
          </ol>
        ) : (
          <EmptyState title="Nobody owes fees for this term" />
        )}
      </Panel>
    </>
  );
}

function FeeRow({ fee }: { fee: FeeItem }) {
  const scope = fee.applies_to === "all" ? SCOPE_LABEL.all : fee.target;
  return (
    <li className="flex items-center gap-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-900">
          {fee.name}
          {fee.retired ? (
            <span className="ml-2 rounded bg-slate-200 px-1.5 text-xs font-semibold text-slate-700">Retired</span>
          ) : null}
        </p>
        <p className="text-sm text-slate-700">
          {naira(fee.amount)} · {scope} · {fee.compulsory ? "Compulsory" : "Optional"}
        </p>
      </div>
      <RowMenu label={`Actions for ${fee.name}`}>
        <Link to={feePaths.edit(fee.id)} className={menuItemClass}>
          Edit
        </Link>
        <Link to={feePaths.retire(fee.id)} className={menuItemClass}>
          {fee.retired ? "Bring back" : "Retire"}
        </Link>
        <Link to={feePaths.remove(fee.id)} className={`${menuItemClass} text-red-700`}>
          Delete
        </Link>
      </RowMenu>
    </li>
  );
}

export default function SchoolFees() {
  const { tab, chosen, options, error, fees, formKey, overview, charts, classFilter } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as FormResult | undefined;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">School Fees</h1>
      <FeeTabs tab={tab} chosen={chosen} />
      <TermPicker chosen={chosen} terms={options.terms} sessions={options.sessions} />
      {error ? <Banner>{error}</Banner> : null}
      {tab === "overview" && overview && charts ? (
        <Overview
          overview={overview}
          charts={charts}
          chosen={chosen}
          classes={options.classes}
          classFilter={classFilter}
        />
      ) : null}
      {tab === "setup" ? (
        <>
          <Panel id="fees-list" title={`Fees for ${chosen.term}, ${chosen.year}`}>
            {fees && fees.length ? (
              <ul className="space-y-2" aria-label="Fees">
                {fees.map((fee) => (
                  <FeeRow key={fee.id} fee={fee} />
                ))}
              </ul>
            ) : fees ? (
              <EmptyState title="No fees for this term yet">Create the first fee below.</EmptyState>
            ) : null}
          </Panel>
          <Panel id="fee-create" title="Create a fee">
            <FeeForm
              lastResult={lastResult}
              formKey={formKey}
              options={options}
              defaultValue={{ applies_to: "all", term: chosen.term, session: chosen.year, compulsory: "on" }}
              submitLabel="Create Fee"
            />
          </Panel>
        </>
      ) : null}
    </div>
  );
}
