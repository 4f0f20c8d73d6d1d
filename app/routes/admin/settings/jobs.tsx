import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { JOB_STATE_LABELS, JOB_STATES, type JobList, type JobState } from "../../../../contract/jobs";
import { withAdmin } from "~/.server/auth.server";
import { FilterChips } from "~/components/list/FilterChips";
import { PagedList } from "~/components/list/PagedList";
import { PageHeader } from "~/components/Page";
import { EmptyState } from "~/components/ui/EmptyState";
import { formatDateTime } from "~/lib/dates";
import { SETTINGS_PATH } from "~/lib/settings-paths";

export const meta: MetaFunction = () => [{ title: "Background Jobs" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const params = new URL(request.url).searchParams;
    const state = (JOB_STATES as readonly string[]).includes(params.get("state") ?? "") ? params.get("state")! : "";
    const jobs = await api.get<JobList>("/jobs", { query: { state, page: params.get("page") } });
    return {
      state,
      list: jobs.ok ? jobs.data : null,
      error: jobs.ok ? null : jobs.message,
    };
  });
}

const when = (iso: string) => <time dateTime={iso}>{formatDateTime(new Date(iso))}</time>;

/** The school's background jobs: queued, running, done and failed, newest first. */
export default function Jobs() {
  const { state, list, error } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader backTo={SETTINGS_PATH} title="Background Jobs" />
      <FilterChips
        label="Show jobs"
        name="state"
        current={state}
        options={[{ value: "", label: "All" }, ...JOB_STATES.map((s) => ({ value: s, label: JOB_STATE_LABELS[s] }))]}
      />
      <PagedList
        label="Background jobs"
        list={list}
        error={error}
        empty={
          <EmptyState
            title={state ? `No ${JOB_STATE_LABELS[state as JobState].toLowerCase()} jobs` : "No background jobs yet"}
          />
        }
      >
        {(job) => (
          <li key={job.id} className="space-y-1 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold text-slate-900">{job.label}</span>
              <span className="text-sm font-semibold text-slate-700">{JOB_STATE_LABELS[job.state]}</span>
            </p>
            <p className="text-sm text-slate-700">Added {when(job.created_at)}</p>
            {job.run_after ? <p className="text-sm text-slate-700">Runs after {when(job.run_after)}</p> : null}
            {job.finished_at ? <p className="text-sm text-slate-700">Finished {when(job.finished_at)}</p> : null}
            <p className="text-sm text-slate-700">Attempts: {job.attempts}</p>
          </li>
        )}
      </PagedList>
    </div>
  );
}
