import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { Paginated } from "../../../../contract/http";
import { MESSAGES } from "../../../../contract/messages";
import { TIMETABLE_TYPES, type TimetableSummary } from "../../../../contract/timetables";
import { withAdmin } from "~/.server/auth.server";
import { FilterForm } from "~/components/list/FilterForm";
import { PagedList } from "~/components/list/PagedList";
import { buttonClass } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";
import { Field } from "~/components/ui/Field";
import { Toast, type ToastMessage } from "~/components/ui/Toast";
import { DeleteAction, describeTimetable, DownloadLink, timetablePath } from "./shared";

export const meta: MetaFunction = () => [{ title: "Timetables" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const url = new URL(request.url);
    const q = (url.searchParams.get("q") ?? "").slice(0, 100);
    const page = url.searchParams.get("page") ?? undefined;
    const result = await api.get<Paginated<TimetableSummary>>("/timetables", {
      query: { q, page },
      fallback: MESSAGES.failedTimetables,
    });
    return result.ok ? { q, list: result.data, error: null } : { q, list: null, error: result.message };
  });
}

function TypePicker() {
  return (
    <details className="relative">
      <summary className={`${buttonClass("primary")} cursor-pointer list-none`}>Add Timetable</summary>
      <nav
        aria-label="Timetable type"
        className="absolute right-0 z-20 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
      >
        <p className="px-3 py-2 text-sm font-semibold text-slate-600">Choose the type</p>
        <ul className="space-y-1">
          {TIMETABLE_TYPES.map((type) => (
            <li key={type}>
              <Link
                to={`/admin/timetable/add?type=${encodeURIComponent(type)}`}
                className="flex min-h-11 items-center rounded-lg px-3 hover:bg-slate-100"
              >
                {type}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

function TimetableCard({
  timetable,
  onDownload,
}: {
  timetable: TimetableSummary;
  onDownload: (toast: ToastMessage) => void;
}) {
  const title = `${timetable.type} – ${timetable.class}`;
  return (
    <li>
      <article
        aria-label={title}
        className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        data-testid="timetable-card"
      >
        <div>
          <h2 className="text-lg font-semibold">
            <Link to={timetablePath(timetable.id)} className="hover:underline">
              {title}
            </Link>
          </h2>
          <p className="text-slate-700">{describeTimetable(timetable)}</p>
          <p className="text-sm text-slate-600">
            {timetable.venue ? `Venue: ${timetable.venue} · ` : ""}
            {timetable.schedules_count === 1 ? "1 schedule" : `${timetable.schedules_count} schedules`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={timetablePath(timetable.id)} className={buttonClass("secondary")} aria-label={`View ${title}`}>
            View
          </Link>
          <Link
            to={timetablePath(timetable.id, "edit")}
            className={buttonClass("secondary")}
            aria-label={`Edit ${title}`}
          >
            Edit
          </Link>
          <DownloadLink id={timetable.id} onResult={onDownload}>
            <span aria-hidden>Download PDF</span>
            <span className="sr-only">Download PDF of {title}</span>
          </DownloadLink>
          <DeleteAction
            path={timetablePath(timetable.id, "delete")}
            title="Delete Timetable"
            name={title}
            description={`Delete the ${timetable.type} timetable of ${describeTimetable(timetable)} and all its schedules?`}
          />
        </div>
      </article>
    </li>
  );
}

export default function TimetableList() {
  const { q, list, error } = useLoaderData<typeof loader>();
  const [downloadToast, setDownloadToast] = useState<ToastMessage | null>(null);

  return (
    <div className="space-y-5">
      <Toast toast={downloadToast} />
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Timetables</h1>
        <TypePicker />
      </header>

      <FilterForm label="Search timetables">
        <div className="min-w-48 flex-1">
          <Field
            id="timetable-search"
            label="Search"
            inputProps={{
              type: "search",
              name: "q",
              defaultValue: q,
              maxLength: 100,
              placeholder: "Search by type, class, session, term or venue",
            }}
          />
        </div>
      </FilterForm>

      <PagedList
        label="Timetables"
        list={list}
        error={error}
        empty={
          q ? (
            <EmptyState title="No timetables found">No timetable matches “{q}”.</EmptyState>
          ) : (
            <EmptyState title="No Timetables Yet">
              Add a timetable for a class: regular periods, a test or an exam.
            </EmptyState>
          )
        }
      >
        {(timetable) => <TimetableCard key={timetable.id} timetable={timetable} onDownload={setDownloadToast} />}
      </PagedList>
    </div>
  );
}
