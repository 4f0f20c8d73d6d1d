import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  ASSIGNMENT_MESSAGES as M,
  ASSIGNMENT_WHEN,
  type Assignment,
  type AssignmentWhen,
} from "../../../contract/assignments";
import { formatDate } from "../../../contract/calendar";
import { withAdmin } from "~/.server/auth.server";
import { listFilters, loadList } from "~/.server/list.server";
import { DeleteAction } from "~/components/list/DeleteRecord";
import { FilterChips } from "~/components/list/FilterChips";
import { PagedList } from "~/components/list/PagedList";
import { buttonClass } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";

/**
 * A teacher's assignments (`/staff/assignments?when=past`): upcoming (due today or later, soonest first) or past,
 * each with its print page, its edit and its delete; "New assignment" opens the form.
 */
export const meta: MetaFunction = () => [{ title: M.title }];

const PATH = "/staff/assignments";
const CHIPS = ASSIGNMENT_WHEN.map((value) => ({
  value: value === "upcoming" ? "" : value,
  label: M.whenLabels[value],
}));

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const wanted = listFilters(request, { when: 10 });
    const when: AssignmentWhen = wanted.filters.when === "past" ? "past" : "upcoming";
    const { list, error } = await loadList<Assignment>(
      api,
      "/assignments",
      { ...wanted, filters: { when } },
      M.failedList,
    );
    const back = when === "past" ? `${PATH}?when=past` : PATH;
    return { when, list, error, back };
  });
}

export default function StaffAssignments() {
  const { when, list, error, back } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{M.title}</h1>
        <Link to={`${PATH}/new`} className={buttonClass("primary")}>
          {M.add}
        </Link>
      </header>
      <FilterChips label={M.whenLabel} name="when" options={CHIPS} current={when === "past" ? "past" : ""} />
      <PagedList
        label={M.listLabel}
        list={list}
        error={error}
        empty={
          <EmptyState title={M.none[when]}>
            <p>{M.noneDetail}</p>
          </EmptyState>
        }
      >
        {(a) => (
          <li key={a.id} className="space-y-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
            <p className="break-words font-semibold">{a.title}</p>
            <p className="text-sm text-slate-700">
              {a.subject} · {a.class_name} · {M.due(formatDate(a.due_date))}
            </p>
            {a.attachments.length ? (
              <ul className="text-sm text-slate-600" aria-label={`${M.attachmentsLabel}: ${a.title}`}>
                {a.attachments.map((file) => (
                  <li key={file.id}>
                    <a
                      href={`${PATH}/${a.id}/attachments/${file.id}`}
                      className="break-all text-brand-700 underline"
                      download
                    >
                      {file.original_name}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <a href={`${PATH}/${a.id}/print`} className={buttonClass("secondary")}>
                {M.print}
              </a>
              <Link to={`${PATH}/${a.id}/edit`} className={buttonClass("secondary")}>
                {M.edit}
              </Link>
              <DeleteAction path={`${PATH}/${a.id}`} what="assignment" name={a.title} back={back} />
            </div>
          </li>
        )}
      </PagedList>
    </div>
  );
}
