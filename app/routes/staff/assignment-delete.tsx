import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ASSIGNMENT_MESSAGES as M, type Assignment } from "../../../contract/assignments";
import { withAdmin } from "~/.server/auth.server";
import { backFromQuery, confirmAndReturn } from "~/.server/confirm.server";
import { notFound } from "~/.server/not-found.server";
import { idOf } from "~/.server/teaching-files.server";
import { DeletePage } from "~/components/list/DeleteRecord";

export const meta: MetaFunction = () => [{ title: "Delete assignment" }];

const LIST = "/staff/assignments";

/** The JS-off confirmation of an assignment's Delete; with JavaScript the list's dialog posts here directly. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const found = await api.get<Assignment>(`/assignments/${idOf(params.id)}`);
    if (!found.ok) notFound(M.notFound, { to: LIST, label: M.title });
    return { name: found.data.title, back: backFromQuery(request, LIST) };
  });
}

/** Back to the list page the teacher came from; an assignment already gone (a second tap) counts as deleted. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) =>
    confirmAndReturn(request, context, LIST, () => api.remove(`/assignments/${idOf(params.id)}`), M.deleted, {
      goneIsDone: true,
    }),
  );
}

export default function DeleteAssignment() {
  const { name, back } = useLoaderData<typeof loader>();
  return <DeletePage what="assignment" name={name} back={back} />;
}
