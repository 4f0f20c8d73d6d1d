import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { MESSAGES } from "../../../../contract/messages";
import { formatDate } from "../../../../contract/calendar";
import { groupSchedules } from "../../../../contract/timetables";
import { withAdmin } from "~/.server/auth.server";
import { Banner } from "~/components/ui/Banner";
import { buttonClass } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";
import { Toast, type ToastMessage } from "~/components/ui/Toast";
import { BackLink, DeleteAction, describeTimetable, DownloadLink, timetablePath } from "./shared";
import { loadTimetable } from "~/.server/timetables.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data && "timetable" in data && data.timetable
        ? `${data.timetable.type} Timetable – ${data.timetable.class}`
        : "Timetable",
  },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    return loadTimetable(api, params.id);
  });
}

export default function TimetableView() {
  const loaded = useLoaderData<typeof loader>();
  const [downloadToast, setDownloadToast] = useState<ToastMessage | null>(null);
  const { timetable, error } = loaded;
  if (!timetable) {
    return (
      <div className="space-y-5">
        <BackLink to="/admin/time-table" />
        <Banner>{error ?? MESSAGES.failedTimetable}</Banner>
      </div>
    );
  }
  const groups = groupSchedules(timetable.schedules);

  return (
    <div className="space-y-5">
      <Toast toast={downloadToast} />
      <header className="space-y-2">
        <div className="flex items-center gap-3">
          <BackLink to="/admin/time-table" />
          <h1 className="text-2xl font-bold">{timetable.type} Timetable</h1>
        </div>
        <p className="text-slate-700">
          {describeTimetable(timetable)}
          {timetable.venue ? ` · ${timetable.venue}` : ""}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={timetablePath(timetable.id, "add-schedule")} className={buttonClass("primary")}>
            Add Schedule
          </Link>
          <DownloadLink id={timetable.id} onResult={setDownloadToast}>
            Download Timetable
          </DownloadLink>
          <Link to={timetablePath(timetable.id, "edit")} className={buttonClass("secondary")}>
            Edit Timetable
          </Link>
        </div>
      </header>

      {groups.length === 0 ? (
        <EmptyState title="Nothing Yet">Add the first schedule of this timetable.</EmptyState>
      ) : (
        groups.map((group) => {
          const heading = group.date ? `${group.day}, ${formatDate(group.date)}` : group.day;
          const headingId = `day-${group.key}`;
          return (
            <section key={group.key} aria-labelledby={headingId} className="space-y-2" data-testid="schedule-day">
              <h2 id={headingId} className="text-lg font-semibold">
                {heading}
              </h2>
              <ul className="space-y-2">
                {group.schedules.map((schedule) => {
                  const label = `${schedule.subject}, ${heading} ${schedule.schedule_start_time}–${schedule.schedule_end_time}`;
                  return (
                    <li
                      key={schedule.id}
                      className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
                      data-testid="schedule"
                    >
                      <div>
                        <p className="font-semibold">{schedule.subject}</p>
                        <p className="text-sm text-slate-700">
                          <time>{schedule.schedule_start_time}</time>–<time>{schedule.schedule_end_time}</time>
                          {schedule.venue ? ` · ${schedule.venue}` : ""}
                          {schedule.teacher ? ` · ${schedule.teacher.name}` : ""}
                        </p>
                      </div>
                      <div className="flex gap-2">
                        <Link
                          to={timetablePath(timetable.id, `edit-schedule/${schedule.id}`)}
                          className={buttonClass("secondary")}
                          aria-label={`Edit ${label}`}
                        >
                          Edit
                        </Link>
                        <DeleteAction
                          path={timetablePath(timetable.id, `delete-schedule/${schedule.id}`)}
                          title="Delete Schedule"
                          name={label}
                          description={`Delete ${label}?`}
                        />
                      </div>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}
