import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FILE_MESSAGES, type FilePage } from "../../../../contract/files";
import { MESSAGES } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { backFromQuery, confirmAndReturn } from "~/.server/confirm.server";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { deleteFolderQuestion, FILES_BACK, FILES_HOME } from "./shared";
import { notFound } from "~/.server/not-found.server";

export const meta: MetaFunction = () => [{ title: "Delete folder" }];

const folderPath = (name: string) => `/files/folder/${encodeURIComponent(name)}`;

/** The JS-off confirmation of a folder's Delete; with JS the files screen's dialog posts here directly. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const result = await api.get<FilePage>(folderPath(params.folder!), { query: { per_page: 1 } });
    if (result.status === 404) notFound(FILE_MESSAGES.folderNotFound, FILES_BACK);
    if (!result.ok) throw new Response(result.message, { status: result.status || 502 });
    return { name: params.folder!, files: result.data.total, back: backFromQuery(request, FILES_HOME) };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api }) =>
    confirmAndReturn(
      request,
      context,
      FILES_HOME,
      () => api.remove(folderPath(params.folder!), { fallback: MESSAGES.failedDeleteFolder }),
      FILE_MESSAGES.folderDeleted,
      { goneIsDone: true },
    ),
  );
}

export default function DeleteFolder() {
  const { name, files, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmPage
      title="Delete folder"
      description={deleteFolderQuestion(name, files)}
      cancelTo={back}
      confirmLabel="Delete"
      hiddenFields={{ returnTo: back }}
    />
  );
}
