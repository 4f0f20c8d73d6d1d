import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { NOTE_MESSAGES } from "../../../../contract/notes";
import { STAFF_MESSAGES, STAFF_TYPES, type StaffRecord } from "../../../../contract/staff";
import { withAdmin } from "~/.server/auth.server";
import { listFilters, loadList } from "~/.server/list.server";
import { mediaSrc } from "~/.server/media.server";
import { getClassNames } from "~/.server/school-options.server";
import { DeleteAction } from "~/components/list/DeleteRecord";
import { FilterChips } from "~/components/list/FilterChips";
import { SearchAndClass } from "~/components/list/SearchAndClass";
import { ListHeader } from "~/components/list/ListHeader";
import { PagedList } from "~/components/list/PagedList";
import { PersonRow } from "~/components/list/PersonRow";
import { EmptyState } from "~/components/ui/EmptyState";

export const meta: MetaFunction = () => [{ title: "Staff" }];

const CHIPS = [{ value: "", label: "All" }, ...Object.entries(STAFF_TYPES).map(([value, label]) => ({ value, label }))];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const wanted = listFilters(request, { q: 100, type: 20, class: 60 });
    if (!(wanted.filters.type in STAFF_TYPES)) wanted.filters.type = "";
    const [page, classes] = await Promise.all([loadList<StaffRecord>(api, "/staffs", wanted), getClassNames(api)]);
    const rows = page.list?.data.map(({ unique_id, staff_data: d }) => ({
      unique_id,
      name: d.name,
      photo: mediaSrc(d.profile_img),
      details: [
        d.position,
        d.is_teaching_staff ? "(Teaching)" : "(Non-Teaching)",
        d.form_teacher && `Form teacher, ${d.form_teacher}`,
      ]
        .filter(Boolean)
        .join(" "),
      review: Boolean(d.teaching_review),
    }));
    return {
      filters: wanted.filters,
      classes,
      error: page.error,
      list: page.list && { ...page.list, data: rows ?? [] },
    };
  });
}

export default function Staff() {
  const { filters, classes, list, error } = useLoaderData<typeof loader>();
  const location = useLocation();
  const back = location.pathname + location.search;
  const filtered = filters.q || filters.class || filters.type;
  return (
    <div className="space-y-4">
      <ListHeader
        title="Staff"
        addLabel="Add staff"
        links={[
          { to: "/admin/staff/add", label: "Add Staff" },
          { to: "/admin/add-bulk-staff", label: "Add Bulk Staff" },
        ]}
      />

      <p>
        <Link to="/admin/staff-notes" className="font-semibold text-brand-700 underline">
          {NOTE_MESSAGES.adminTitle}
        </Link>
      </p>
      <FilterChips label="Kind of staff" name="type" options={CHIPS} current={filters.type} />
      <SearchAndClass
        label="Search and filter staff"
        id="staff"
        placeholder="Search staff..."
        filters={filters}
        classes={classes}
      >
        {filters.type ? <input type="hidden" name="type" value={filters.type} /> : null}
      </SearchAndClass>

      <PagedList
        label="Staff"
        list={list}
        error={error}
        empty={
          <EmptyState title={filtered ? "No staff match your search" : "No staff yet"}>
            <Link to="/admin/staff/add" className="font-semibold text-brand-700 underline">
              Add Staff
            </Link>
          </EmptyState>
        }
      >
        {(member) => (
          <PersonRow
            key={member.unique_id}
            to={`/admin/staff/${encodeURIComponent(member.unique_id)}/update`}
            name={member.name}
            photo={member.photo}
            details={
              <>
                {member.details}
                {member.review ? (
                  <span className="block font-semibold text-amber-800">{STAFF_MESSAGES.teachingReview}</span>
                ) : null}
              </>
            }
          >
            <DeleteAction
              path={`/admin/staff/${encodeURIComponent(member.unique_id)}`}
              what="staff member"
              name={member.name}
              back={back}
            />
          </PersonRow>
        )}
      </PagedList>
    </div>
  );
}
