import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { StudentPage } from "../../../../contract/students";
import { withAdmin } from "~/.server/auth.server";
import { getClassNames } from "~/.server/school-options.server";
import { StudentsView } from "./StudentsView";

export const meta: MetaFunction = () => [{ title: "Students" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const params = new URL(request.url).searchParams;
    const filters = { q: (params.get("q") ?? "").slice(0, 100), class: (params.get("class") ?? "").slice(0, 60) };
    const [result, classes] = await Promise.all([
      api.get<StudentPage>("/students", { query: { ...filters, page: params.get("page") } }),
      getClassNames(api),
    ]);
    return {
      filters,
      classes,
      list: result.ok ? result.data : null,
      error: result.ok ? null : result.message,
    };
  });
}

export default function Students() {
  return <StudentsView {...useLoaderData<typeof loader>()} />;
}
