import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatFileSize, previewKind, type FileRecord, type ShareLink } from "../../../../contract/files";
import { MESSAGES } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { buttonClass } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { deleteFileQuestion, fileHref, FILES_BACK, FILES_HOME, folderHref, formatUploadDate } from "./shared";
import { notFound } from "~/.server/not-found.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "file" in data && data.file ? data.file.original_name : "File" },
];

/**
 * /admin/files/{id}/view: the file's details, a preview of a picture or a PDF (through a short-lived
 * inline link), and the Download button; the product's message when the file is not this school's.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const id = encodeURIComponent(params.id!);
    const result = await api.get<FileRecord>(`/files/${id}`, { fallback: MESSAGES.failedFileDetails });
    if (result.status === 404) notFound(MESSAGES.fileNotFound, FILES_BACK);
    if (!result.ok) return { file: null, error: result.message, preview: null };
    const kind = previewKind(result.data.mime_type);
    const link = kind ? await api.create<ShareLink>(`/files/${id}/share`, { disposition: "inline" }) : null;
    const preview = kind && link?.ok ? { kind, url: link.data.url } : null;
    return { file: result.data, error: null, preview };
  });
}

export default function ViewFile() {
  const loaded = useLoaderData<typeof loader>();
  const { file, error, preview } = loaded;
  if (!file) {
    return (
      <div className="space-y-4">
        <PageHeader backTo={FILES_HOME} title="File" />
        <Banner>{error ?? MESSAGES.failedFileDetails}</Banner>
      </div>
    );
  }
  const details: Array<[string, string]> = [
    ["Name", file.original_name],
    ["Size", formatFileSize(file.size)],
    ["Type", file.mime_type],
    ["Uploaded", formatUploadDate(file.created_at)],
  ];
  return (
    <div className="space-y-4">
      <PageHeader backTo={folderHref(file.folder)} title={<span className="break-all">{file.original_name}</span>} />
      <Panel id="file-details" title="Details">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          {details.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-slate-700">{term}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
          <dt className="font-semibold text-slate-700">Folder</dt>
          <dd>
            <Link to={folderHref(file.folder)} className="font-semibold text-brand-700 underline">
              {file.folder}
            </Link>
          </dd>
        </dl>
      </Panel>
      {preview ? (
        <Panel id="file-preview" title="Preview">
          {preview.kind === "image" ? (
            <img
              src={preview.url}
              alt={`Preview of ${file.original_name}`}
              className="mx-auto max-h-96 max-w-full rounded-lg object-contain"
            />
          ) : (
            <object
              data={preview.url}
              type="application/pdf"
              className="h-96 w-full rounded-lg"
              aria-label={`Preview of ${file.original_name}`}
            >
              <p className="text-slate-700">This browser cannot show the PDF here: download it to open it.</p>
            </object>
          )}
        </Panel>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <a href={fileHref(file.id, "download")} className={buttonClass("primary")}>
          Download
        </a>
        <ConfirmDialog
          href={`${fileHref(file.id, "delete")}?returnTo=${encodeURIComponent(folderHref(file.folder))}`}
          action={fileHref(file.id, "delete")}
          title="Delete file"
          description={deleteFileQuestion(file.original_name)}
          triggerLabel="Delete"
          confirmLabel="Delete"
          triggerClassName={buttonClass("secondary", "text-red-700")}
          hiddenFields={{ returnTo: folderHref(file.folder) }}
        />
      </div>
    </div>
  );
}
