import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DEFAULT_SUCCESS } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { confirmAndReturn } from "~/.server/confirm.server";
import { confirmTarget } from "~/.server/students.server";
import { DeletePage } from "~/components/list/DeleteRecord";

export const meta: MetaFunction = () => [{ title: "Delete student" }];

/** The JS-off confirmation of a row's Delete; with JS the list's dialog posts here directly. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, ({ api, uniqueId }) =>
    confirmTarget(request, api, uniqueId, params.id!, "/admin/students"),
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api }) =>
    confirmAndReturn(
      request,
      context,
      "/admin/students",
      () => api.remove(`/students/${encodeURIComponent(params.id!)}`),
      DEFAULT_SUCCESS.deleted,
    ),
  );
}

export default function DeleteStudent() {
  const { name, back } = useLoaderData<typeof loader>();
  return <DeletePage what="student" name={name} back={back} />;
}
