import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import type { FolderStats, FolderStatsPage } from "../../../../contract/files";
import { withAdmin } from "~/.server/auth.server";
import { loadQuota } from "~/.server/files.server";
import { PagedList } from "~/components/list/PagedList";
import { menuItemClass, RowMenu } from "~/components/list/RowMenu";
import { buttonClass } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { EmptyState } from "~/components/ui/EmptyState";
import { deleteFolderQuestion, folderDeleteHref, folderHref, folderSummary, StorageMeter, uploadHref } from "./shared";

export const meta: MetaFunction = () => [{ title: "Files" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const page = new URL(request.url).searchParams.get("page");
    const [folders, quota] = await Promise.all([
      api.get<FolderStatsPage>("/files/folderStats", { query: { page } }),
      loadQuota(api),
    ]);
    return { folders: folders.ok ? folders.data : null, error: folders.ok ? null : folders.message, quota };
  });
}

function FolderRow({ folder, back }: { folder: FolderStats; back: string }) {
  const name = folder.folder;
  return (
    <li className="flex items-center gap-2 rounded-xl bg-white p-2 shadow-sm ring-1 ring-slate-200">
      <Link
        to={folderHref(name)}
        className="flex min-h-12 min-w-0 flex-1 items-center gap-3 rounded-lg p-1 hover:bg-slate-50"
      >
        <span aria-hidden className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-amber-100">
          {/* Drawn, not an emoji: phones without an emoji font show an empty box. */}
          <svg viewBox="0 0 24 24" className="h-6 w-6 fill-amber-500">
            <path d="M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
          </svg>
        </span>
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900">{name}</span>
          <span className="block text-sm text-slate-700">
            {folderSummary(folder.files_count, folder.total_size_formatted)}
          </span>
        </span>
      </Link>
      <RowMenu label={`Actions for ${name}`}>
        <Link to={uploadHref(name)} className={menuItemClass}>
          Upload here
        </Link>
        <ConfirmDialog
          href={`${folderDeleteHref(name)}?returnTo=${encodeURIComponent(back)}`}
          action={folderDeleteHref(name)}
          title="Delete folder"
          description={deleteFolderQuestion(name, folder.files_count)}
          triggerLabel="Delete folder"
          confirmLabel="Delete"
          triggerClassName={`${menuItemClass} text-red-700`}
          hiddenFields={{ returnTo: back }}
        />
      </RowMenu>
    </li>
  );
}

/** /admin/files: the storage meter and the folders, a page at a time, each with its file count and size. */
export default function Files() {
  const { folders, error, quota } = useLoaderData<typeof loader>();
  const location = useLocation();
  const back = location.pathname + location.search;
  return (
    <div className="space-y-4">
      <header className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Files</h1>
        <Link to={uploadHref()} className={buttonClass("primary")}>
          Upload
        </Link>
      </header>
      <StorageMeter quota={quota} />
      <PagedList
        label="Folders"
        list={folders}
        error={error}
        empty={
          <EmptyState title="No folders yet">
            <Link to={uploadHref()} className="font-semibold text-brand-700 underline">
              Upload your first files
            </Link>
          </EmptyState>
        }
      >
        {(folder) => <FolderRow key={folder.folder} folder={folder} back={back} />}
      </PagedList>
    </div>
  );
}
