import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import type { ParentRecord } from "../../../../contract/parents";
import { withAdmin } from "~/.server/auth.server";
import { listFilters, loadList } from "~/.server/list.server";
import { mediaSrc } from "~/.server/media.server";
import { getClassNames } from "~/.server/school-options.server";
import { DeleteAction } from "~/components/list/DeleteRecord";
import { SearchAndClass } from "~/components/list/SearchAndClass";
import { ListHeader } from "~/components/list/ListHeader";
import { PagedList } from "~/components/list/PagedList";
import { PersonRow } from "~/components/list/PersonRow";
import { EmptyState } from "~/components/ui/EmptyState";

export const meta: MetaFunction = () => [{ title: "Parents" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const wanted = listFilters(request, { q: 100, class: 60 });
    const [page, classes] = await Promise.all([
      loadList<ParentRecord>(api, "/stu-parents", wanted),
      getClassNames(api),
    ]);
    const rows = page.list?.data.map((p) => ({
      unique_id: p.unique_id,
      name: p.parent_data.name,
      photo: mediaSrc(p.parent_data.profile_img),
      children: p.children.length,
    }));
    return {
      filters: wanted.filters,
      classes,
      error: page.error,
      list: page.list && { ...page.list, data: rows ?? [] },
    };
  });
}

const childCount = (n: number) => (n === 0 ? "No children" : n === 1 ? "1 child" : `${n} children`);

export default function Parents() {
  const { filters, classes, list, error } = useLoaderData<typeof loader>();
  const location = useLocation();
  const back = location.pathname + location.search;
  return (
    <div className="space-y-4">
      <ListHeader
        title="Parents"
        addLabel="Add parents"
        links={[
          { to: "/admin/parents/add", label: "Add Parent" },
          { to: "/admin/add-bulk-parents", label: "Add Bulk Parents" },
        ]}
      />
      <p>
        <Link to="/admin/messages" className="font-semibold text-brand-800 underline">
          Messages to Parents
        </Link>
      </p>

      <SearchAndClass
        label="Search and filter parents"
        id="parent"
        placeholder="Search parents..."
        filters={filters}
        classes={classes}
      />

      <PagedList
        label="Parents"
        list={list}
        error={error}
        empty={
          <EmptyState title={filters.q || filters.class ? "No parents match your search" : "No parents yet"}>
            <Link to="/admin/parents/add" className="font-semibold text-brand-700 underline">
              Add Parent
            </Link>
          </EmptyState>
        }
      >
        {(parent) => (
          <PersonRow
            key={parent.unique_id}
            to={`/admin/parents/${encodeURIComponent(parent.unique_id)}/update`}
            name={parent.name}
            photo={parent.photo}
            details={childCount(parent.children)}
          >
            <DeleteAction
              path={`/admin/parents/${encodeURIComponent(parent.unique_id)}`}
              what="parent"
              name={parent.name}
              back={back}
            />
          </PersonRow>
        )}
      </PagedList>
    </div>
  );
}
