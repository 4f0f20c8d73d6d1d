import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DEFAULT_SUCCESS } from "../../../../contract/messages";
import type { ParentDetail } from "../../../../contract/parents";
import { withAdmin } from "~/.server/auth.server";
import { confirmAndReturn } from "~/.server/confirm.server";
import { deleteTarget } from "~/.server/people.server";
import { DeletePage } from "~/components/list/DeleteRecord";

export const meta: MetaFunction = () => [{ title: "Delete parent" }];

/** The JS-off confirmation of a row's Delete; with JS the list's dialog posts here directly. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, ({ api }) =>
    deleteTarget(
      request,
      api,
      `/stu-parents/${encodeURIComponent(params.id!)}`,
      "/admin/parents",
      (p: ParentDetail) => p.parent_data.name,
    ),
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api }) =>
    confirmAndReturn(
      request,
      context,
      "/admin/parents",
      () => api.remove(`/stu-parents/${encodeURIComponent(params.id!)}`),
      DEFAULT_SUCCESS.deleted,
    ),
  );
}

export default function DeleteParent() {
  const { name, back } = useLoaderData<typeof loader>();
  return <DeletePage what="parent" name={name} back={back} />;
}
