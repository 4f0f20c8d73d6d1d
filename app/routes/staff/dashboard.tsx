import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDate } from "../../../contract/calendar";
import { STAFF_AREA_MESSAGES, type StaffDashboard } from "../../../contract/staff-area";
import { withAdmin } from "~/.server/auth.server";
import { Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { EmptyState } from "~/components/ui/EmptyState";

export const meta: MetaFunction = () => [{ title: "Dashboard" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const result = await api.get<StaffDashboard>("/staff-area/dashboard", {
      fallback: STAFF_AREA_MESSAGES.failedDashboard,
    });
    return result.ok ? { dashboard: result.data, error: null } : { dashboard: null, error: result.message };
  });
}

/** The teacher's start page: greeting, today's lessons, the form class and whether today's register is taken. */
export default function StaffDashboardPage() {
  const { dashboard: d, error } = useLoaderData<typeof loader>();
  if (!d) return <Banner>{error}</Banner>;
  const registerLink = d.form_class ? `/staff/attendance?class=${encodeURIComponent(d.form_class.class_name)}` : "";
  return (
    <div className="space-y-5">
      <header>
        <h1 className="text-2xl font-bold">Hello, {d.name}</h1>
        <p className="text-slate-700">
          {d.school_name} · {d.term}, {d.session} · {formatDate(d.today)}
        </p>
      </header>
      <Panel id="lessons-title" title="Today's lessons">
        {d.lessons.length ? (
          <ul className="divide-y divide-slate-100" aria-label="Today's lessons">
            {d.lessons.map((l) => (
              <li key={`${l.timetable_id}-${l.start_time}-${l.subject}`} className="py-2">
                <span className="font-semibold">
                  {l.start_time}–{l.end_time}
                </span>{" "}
                {l.subject} · {l.class_name}
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title="No lessons today">
            <p>No timetable names you for a period today.</p>
          </EmptyState>
        )}
      </Panel>
      <Panel id="form-class-title" title="Form class">
        {d.form_class ? (
          <>
            <p>
              <span className="font-semibold">{d.form_class.class_name}</span> · {d.form_class.students}{" "}
              {d.form_class.students === 1 ? "student" : "students"}
            </p>
            <p data-testid="register-status">
              {!d.form_class.school_day
                ? "Today is not a school day: there is no register to take."
                : d.form_class.register_taken
                  ? "Today's register is taken."
                  : "Today's register is not taken yet."}
            </p>
            {d.form_class.school_day ? (
              <Link to={registerLink} className="font-semibold text-brand-700 underline">
                {d.form_class.register_taken ? "Open today's register" : "Take today's register"}
              </Link>
            ) : null}
          </>
        ) : (
          <p>You are not the form teacher of a class.</p>
        )}
      </Panel>
    </div>
  );
}
