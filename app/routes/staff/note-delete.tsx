import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NOTE_MESSAGES as M, type LessonNote } from "../../../contract/notes";
import { withAdmin } from "~/.server/auth.server";
import { backFromQuery, confirmAndReturn } from "~/.server/confirm.server";
import { notFound } from "~/.server/not-found.server";
import { idOf } from "~/.server/teaching-files.server";
import { DeletePage } from "~/components/list/DeleteRecord";

export const meta: MetaFunction = () => [{ title: "Delete note" }];

const PATH = "/staff/notes";
const BACK = { to: PATH, label: M.title };

/** The JS-off confirmation of a note's Delete; with JavaScript the list's dialog posts here directly. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const note = await api.get<LessonNote>(`/notes/${idOf(params.id)}`);
    if (!note.ok) notFound(M.notFound, BACK);
    return { name: note.data.original_name, back: backFromQuery(request, PATH) };
  });
}

/** Back to the notes with a toast; a note already gone (a second tap) counts as deleted. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) =>
    confirmAndReturn(request, context, PATH, () => api.remove(`/notes/${idOf(params.id)}`), M.deleted, {
      goneIsDone: true,
    }),
  );
}

export default function DeleteNote() {
  const { name, back } = useLoaderData<typeof loader>();
  return <DeletePage what="note" name={name} back={back} />;
}
