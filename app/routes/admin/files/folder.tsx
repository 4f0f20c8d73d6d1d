import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { FILE_MESSAGES, formatFileSize, type FilePage, type FileRecord } from "../../../../contract/files";
import { withAdmin } from "~/.server/auth.server";
import { PagedList } from "~/components/list/PagedList";
import { menuItemClass, RowMenu } from "~/components/list/RowMenu";
import { PageHeader } from "~/components/Page";
import { buttonClass } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { EmptyState } from "~/components/ui/EmptyState";
import { deleteFileQuestion, fileHref, FILES_BACK, FILES_HOME, formatUploadDate, uploadHref } from "./shared";
import { notFound } from "~/.server/not-found.server";

export const meta: MetaFunction<typeof loader> = ({ params }) => [{ title: `${params.folder ?? "Folder"} – Files` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const page = new URL(request.url).searchParams.get("page");
    const result = await api.get<FilePage>(`/files/folder/${encodeURIComponent(params.folder!)}`, { query: { page } });
    if (result.status === 404) notFound(FILE_MESSAGES.folderNotFound, FILES_BACK);
    return {
      folder: result.ok ? (result.data.data[0]?.folder ?? params.folder!) : params.folder!,
      files: result.ok ? result.data : null,
      error: result.ok ? null : result.message,
    };
  });
}

function FileRow({ file, back }: { file: FileRecord; back: string }) {
  return (
    <li className="flex items-center gap-2 rounded-xl bg-white p-2 shadow-sm ring-1 ring-slate-200">
      <Link
        to={fileHref(file.id, "view")}
        className="flex min-h-12 min-w-0 flex-1 flex-col justify-center rounded-lg p-1 hover:bg-slate-50"
      >
        <span className="block truncate font-semibold text-slate-900">{file.original_name}</span>
        <span className="block text-sm text-slate-700">
          {formatFileSize(file.size)} · {formatUploadDate(file.created_at)}
        </span>
      </Link>
      <RowMenu label={`Actions for ${file.original_name}`}>
        <a href={fileHref(file.id, "download")} className={menuItemClass}>
          Download
        </a>
        <ConfirmDialog
          href={`${fileHref(file.id, "delete")}?returnTo=${encodeURIComponent(back)}`}
          action={fileHref(file.id, "delete")}
          title="Delete file"
          description={deleteFileQuestion(file.original_name)}
          triggerLabel="Delete"
          confirmLabel="Delete"
          triggerClassName={`${menuItemClass} text-red-700`}
          hiddenFields={{ returnTo: back }}
        />
      </RowMenu>
    </li>
  );
}

/** /admin/files/{folder}: the folder's files, newest first, a page at a time. */
export default function Folder() {
  const loaded = useLoaderData<typeof loader>();
  const location = useLocation();
  const { folder, files, error } = loaded;
  const back = location.pathname + location.search;
  return (
    <div className="space-y-4">
      <PageHeader backTo={FILES_HOME} title={folder} />
      <Link to={uploadHref(folder)} className={buttonClass("primary")}>
        Upload here
      </Link>
      <PagedList
        label={`Files in ${folder}`}
        list={files}
        error={error}
        empty={<EmptyState title="No files in this folder" />}
      >
        {(file) => <FileRow key={file.id} file={file} back={back} />}
      </PagedList>
    </div>
  );
}
