import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { DashboardData } from "../../../../contract/admin";
import { MESSAGES } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { pieSvg } from "~/.server/charts.server";
import { Banner } from "~/components/ui/Banner";
import { EmptyState } from "~/components/ui/EmptyState";
import { formatLongDate, greeting } from "~/lib/dates";
import { roundedPercentages } from "~/lib/percent";

export const meta: MetaFunction = () => [{ title: "Dashboard" }];

const GENDER_COLORS = { male: "#1d5fd1", female: "#c026d3" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const now = new Date();
    const result = await api.get<DashboardData>("/dashboard", { fallback: MESSAGES.failedLoadData });
    if (!result.ok)
      return { error: result.message, dashboard: null, greeting: greeting(now), today: formatLongDate(now) };
    const d = result.data;
    const [malePercent, femalePercent] = roundedPercentages([d.total_male, d.total_female]);
    const chart =
      d.total_male + d.total_female > 0
        ? pieSvg(
            [
              { id: "male", label: "Male", value: d.total_male, color: GENDER_COLORS.male },
              { id: "female", label: "Female", value: d.total_female, color: GENDER_COLORS.female },
            ],
            `Students by gender: male ${malePercent}%, female ${femalePercent}%`,
          )
        : null;
    return {
      error: null,
      dashboard: { ...d, malePercent, femalePercent, chart },
      greeting: greeting(now),
      today: formatLongDate(now),
    };
  });
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-slate-900" data-testid={testId}>
        {value.toLocaleString("en-NG")}
      </dd>
    </div>
  );
}

export default function Dashboard() {
  const { error, dashboard, greeting, today } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <header className="space-y-1">
        <p className="text-slate-600">
          {greeting}
          {dashboard ? `, ${dashboard.principal_name}` : ""}
        </p>
        <h1 className="text-2xl font-bold" data-testid="school-name">
          {dashboard?.school_name ?? "Dashboard"}
        </h1>
        <p className="text-sm text-slate-600">
          <span data-testid="term">{dashboard?.current_term}</span>
          {dashboard ? " · " : ""}
          <span data-testid="session">{dashboard?.current_session}</span>
          {dashboard ? " · " : ""}
          <time>{today}</time>
        </p>
      </header>
      {error ? <Banner>{error}</Banner> : null}
      {dashboard ? (
        <>
          <section aria-labelledby="students-heading" className="space-y-2">
            <h2 id="students-heading" className="text-lg font-semibold">
              Students
            </h2>
            <dl className="grid grid-cols-2 gap-3">
              <Stat label="Male students" value={dashboard.total_male} testId="total-male" />
              <Stat label="Female students" value={dashboard.total_female} testId="total-female" />
            </dl>
          </section>
          <section aria-labelledby="staff-heading" className="space-y-2">
            <h2 id="staff-heading" className="text-lg font-semibold">
              Staff
            </h2>
            <dl className="grid grid-cols-2 gap-3">
              <Stat label="Teaching staff" value={dashboard.teaching_staff} testId="teaching-staff" />
              <Stat label="Non-teaching staff" value={dashboard.non_teaching_staff} testId="non-teaching-staff" />
            </dl>
          </section>
          <section
            aria-labelledby="gender-heading"
            className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="gender-heading" className="text-lg font-semibold">
              Gender
            </h2>
            {dashboard.chart ? (
              <div className="flex flex-wrap items-center gap-4">
                <div
                  className="h-[220px] w-[220px]"
                  data-testid="gender-chart"
                  dangerouslySetInnerHTML={{ __html: dashboard.chart }}
                />
                <ul className="space-y-2 text-base" data-testid="gender-legend">
                  <li className="flex items-center gap-2">
                    <span
                      aria-hidden
                      className="inline-block h-3 w-3 rounded-full"
                      style={{ background: GENDER_COLORS.male }}
                    />
                    Male {dashboard.malePercent}%
                  </li>
                  <li className="flex items-center gap-2">
                    <span
                      aria-hidden
                      className="inline-block h-3 w-3 rounded-full"
                      style={{ background: GENDER_COLORS.female }}
                    />
                    Female {dashboard.femalePercent}%
                  </li>
                </ul>
              </div>
            ) : (
              <EmptyState title="No students yet">Add students to see the gender chart.</EmptyState>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
