import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { StudentRecord } from "../../../../contract/students";
import { withAdmin } from "~/.server/auth.server";
import { listFilters, loadList } from "~/.server/list.server";
import { getClassNames } from "~/.server/school-options.server";
import { withPagePhoto } from "~/.server/students.server";
import { StudentsView } from "./StudentsView";

export const meta: MetaFunction = () => [{ title: "Students" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api, subAdminId }) => {
    const wanted = listFilters(request, { q: 100, class: 60 });
    const [page, classes] = await Promise.all([loadList<StudentRecord>(api, "/students", wanted), getClassNames(api)]);
    return {
      filters: wanted.filters,
      mainAdmin: subAdminId === undefined,
      classes,
      ...page,
      list: page.list && { ...page.list, data: page.list.data.map(withPagePhoto) },
    };
  });
}

export default function Students() {
  return <StudentsView {...useLoaderData<typeof loader>()} />;
}
