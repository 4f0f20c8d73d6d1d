import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { FileRecord } from "../../../../contract/files";
import { DEFAULT_SUCCESS, MESSAGES } from "../../../../contract/messages";
import type { SchoolApiClient } from "~/.server/api.server";
import { withAdmin } from "~/.server/auth.server";
import { backFromQuery, confirmAndReturn } from "~/.server/confirm.server";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { deleteFileQuestion, FILES_BACK, FILES_HOME, folderHref } from "./shared";
import { notFound } from "~/.server/not-found.server";

export const meta: MetaFunction = () => [{ title: "Delete file" }];

const filePath = (id: string) => `/files/${encodeURIComponent(id)}`;

async function loadFile(api: SchoolApiClient, id: string): Promise<FileRecord | null> {
  const result = await api.get<FileRecord>(filePath(id));
  if (result.ok) return result.data;
  if (result.status === 404) return null;
  throw new Response(result.message, { status: result.status || 502 });
}

/** The JS-off confirmation of a file's Delete; with JS the folder's or the view's dialog posts here directly. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const file = await loadFile(api, params.id!);
    if (!file) notFound(MESSAGES.fileNotFound, FILES_BACK);
    return { name: file.original_name, back: backFromQuery(request, folderHref(file.folder)) };
  });
}

/** Back to the folder's page the admin came from; a file already gone (a second tap) counts as deleted. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const file = await loadFile(api, params.id!);
    const folder = file ? folderHref(file.folder) : FILES_HOME;
    return confirmAndReturn(request, context, folder, () => api.remove(filePath(params.id!)), DEFAULT_SUCCESS.deleted, {
      goneIsDone: true,
    });
  });
}

export default function DeleteFile() {
  const { name, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmPage
      title="Delete file"
      description={deleteFileQuestion(name)}
      cancelTo={back}
      confirmLabel="Delete"
      hiddenFields={{ returnTo: back }}
    />
  );
}
