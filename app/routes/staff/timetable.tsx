import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatDate } from "../../../contract/calendar";
import { STAFF_TIMETABLE_MESSAGES as M, type StaffLesson, type StaffTimetable } from "../../../contract/staff-area";
import { withAdmin } from "~/.server/auth.server";
import { Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { buttonClass } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";

export const meta: MetaFunction = () => [{ title: M.title }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const result = await api.get<StaffTimetable>("/staff-area/timetable", { fallback: M.failedTimetable });
    return result.ok ? { week: result.data, error: null } : { week: null, error: result.message };
  });
}

/** The lessons of one day (or of a test or exam's date), in the order the API gives them. */
function byDay(lessons: StaffLesson[]) {
  const days: { title: string; lessons: StaffLesson[] }[] = [];
  for (const lesson of lessons) {
    const title = lesson.date ? `${lesson.day}, ${formatDate(lesson.date)}` : lesson.day;
    const last = days.at(-1);
    if (last?.title === title) last.lessons.push(lesson);
    else days.push({ title, lessons: [lesson] });
  }
  return days;
}

/** The teacher's week across classes, a card per day, and the same as a PDF to print. */
export default function StaffTimetablePage() {
  const { week, error } = useLoaderData<typeof loader>();
  if (!week) return <Banner>{error}</Banner>;
  const days = byDay(week.lessons);
  return (
    <div className="space-y-5">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">{M.title}</h1>
        <p className="text-slate-700">
          {week.term}, {week.session} · {M.weekOf(formatDate(week.week_from), formatDate(week.week_to))}
        </p>
        {/* A plain link: the PDF arrives as a download, with or without JavaScript. */}
        <a href="/staff/timetable/download" className={buttonClass("secondary")} download>
          {M.download}
        </a>
      </header>
      {days.length ? (
        days.map((day, i) => (
          <Panel key={day.title} id={`day-${i}`} title={day.title}>
            <ul className="divide-y divide-slate-100" aria-label={day.title}>
              {day.lessons.map((l) => (
                <li key={`${l.timetable_id}-${l.start_time}-${l.subject}`} className="py-2">
                  <span className="font-semibold">
                    {l.start_time}–{l.end_time}
                  </span>{" "}
                  {l.subject} · {l.class_name}
                  {l.venue ? " " : null}
                  {l.venue ? <span className="block text-sm text-slate-600">{l.venue}</span> : null}
                </li>
              ))}
            </ul>
          </Panel>
        ))
      ) : (
        <EmptyState title={M.noLessons}>
          <p>{M.noLessonsDetail}</p>
        </EmptyState>
      )}
    </div>
  );
}
