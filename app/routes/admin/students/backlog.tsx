import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { BACKLOG_REASONS, STUDENT_MESSAGES, type BacklogEntry, type BacklogPage } from "../../../../contract/students";
import { withAdmin } from "~/.server/auth.server";
import { withPagePhoto } from "~/.server/students.server";
import { Avatar } from "~/components/list/Avatar";
import { FilterForm } from "~/components/list/FilterForm";
import { PagedList } from "~/components/list/PagedList";
import { menuItemClass, RowMenu } from "~/components/list/RowMenu";
import { buttonClass } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { EmptyState } from "~/components/ui/EmptyState";
import { SelectField } from "~/components/ui/SelectField";
import { EraseDescription, studentDataPaths } from "./StudentData";

export const meta: MetaFunction = () => [{ title: "Students Backlog" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api, subAdminId }) => {
    const params = new URL(request.url).searchParams;
    const wanted = params.get("reason") ?? "";
    const reason = BACKLOG_REASONS.find((r) => r === wanted) ?? "";
    const result = await api.get<BacklogPage>("/students/backlog", { query: { reason, page: params.get("page") } });
    const list = result.ok ? { ...result.data, data: result.data.data.map(withPagePhoto) } : null;
    // Downloading and erasing a student's data are the main admin's alone.
    const mainAdmin = subAdminId === undefined;
    return { reason, list, error: result.ok ? null : result.message, mainAdmin };
  });
}

function BacklogRow({ entry, back, mainAdmin }: { entry: BacklogEntry; back: string; mainAdmin: boolean }) {
  const { name, class: className, profile_img } = entry.student_data;
  const path = `/admin/students-backlog/${encodeURIComponent(entry.unique_id)}/restore`;
  return (
    <li className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <Avatar name={name} src={profile_img} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-900">{name}</p>
        <p className="text-sm text-slate-700">
          {className ?? "No class"} · <span className="font-medium">{entry.backlog_reason}</span>
        </p>
      </div>
      <ConfirmDialog
        href={`${path}?returnTo=${encodeURIComponent(back)}`}
        action={path}
        title="Add to students"
        description={`Add ${name} back to the students list?`}
        triggerLabel="Add to students"
        confirmLabel="Add to students"
        variant="primary"
        triggerClassName={buttonClass("secondary", "shrink-0 text-sm")}
        hiddenFields={{ returnTo: back }}
      />
      {mainAdmin ? (
        <RowMenu label={`Data of ${name}`}>
          <a href={studentDataPaths.download(entry.unique_id)} className={menuItemClass}>
            {STUDENT_MESSAGES.downloadData}
          </a>
          <ConfirmDialog
            href={`${studentDataPaths.erase(entry.unique_id)}?returnTo=${encodeURIComponent(back)}`}
            action={studentDataPaths.erase(entry.unique_id)}
            title={STUDENT_MESSAGES.eraseData}
            description={<EraseDescription name={name} />}
            triggerLabel={STUDENT_MESSAGES.eraseData}
            confirmLabel={STUDENT_MESSAGES.eraseConfirm}
            triggerClassName={`${menuItemClass} text-red-700`}
            hiddenFields={{ returnTo: back }}
          />
        </RowMenu>
      ) : null}
    </li>
  );
}

export default function StudentsBacklog() {
  const { reason, list, error, mainAdmin } = useLoaderData<typeof loader>();
  const location = useLocation();
  const back = location.pathname + location.search;

  return (
    <div className="space-y-4">
      <header className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Students Backlog</h1>
        <Link to="/admin/students" className={buttonClass("secondary")}>
          Switch to Students
        </Link>
      </header>

      <FilterForm label="Filter former students" submitLabel="Filter">
        <SelectField
          id="backlog-filter"
          label="Reason"
          placeholder="All"
          options={BACKLOG_REASONS}
          selectProps={{ name: "reason", defaultValue: reason }}
        />
      </FilterForm>

      <PagedList
        label="Former students"
        list={list}
        error={error}
        empty={<EmptyState title={reason ? "No former students for this reason" : "No former students yet"} />}
      >
        {(entry) => <BacklogRow key={entry.unique_id} entry={entry} back={back} mainAdmin={mainAdmin} />}
      </PagedList>
    </div>
  );
}
