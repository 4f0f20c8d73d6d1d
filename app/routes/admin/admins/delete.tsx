import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ACCESS_MESSAGES } from "../../../../contract/access";
import { loadSubAdmin } from "~/.server/admins.server";
import { withAdmin } from "~/.server/auth.server";
import { backFromQuery, confirmAndReturn } from "~/.server/confirm.server";
import { DeletePage } from "~/components/list/DeleteRecord";
import { ADMINS_PATH } from "~/lib/access";

export const meta: MetaFunction = () => [{ title: "Delete sub-admin" }];

/** The JS-off confirmation of a row's Delete; with JS the list's dialog posts here directly. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => ({
    name: (await loadSubAdmin(api, params.id)).name,
    back: backFromQuery(request, ADMINS_PATH),
  }));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api }) =>
    confirmAndReturn(
      request,
      context,
      ADMINS_PATH,
      () => api.remove(`/sub-admins/${encodeURIComponent(params.id!)}`),
      ACCESS_MESSAGES.subAdminDeleted,
      { goneIsDone: true },
    ),
  );
}

export default function DeleteSubAdmin() {
  const { name, back } = useLoaderData<typeof loader>();
  return <DeletePage what="sub-admin" name={name} back={back} />;
}
