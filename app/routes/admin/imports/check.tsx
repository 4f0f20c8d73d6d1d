import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { IMPORT_MESSAGES, KIND_WORDS, type ImportPreview, type ImportResult } from "../../../../contract/imports";
import { withAdmin } from "~/.server/auth.server";
import { failure, redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button, buttonClass } from "~/components/ui/Button";
import { TableScroll } from "~/components/ui/TableScroll";
import { formatDateTime } from "~/lib/dates";
import { checkHref, problemsHref, UPLOAD_PAGE } from "./shared";
import { kindParam } from "./kind.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${KIND_WORDS[data.kind].title}: check` : "Bulk import" },
];

/** /admin/bulk-import/{kind}/{token}: what the file would add and every problem, before anything is written. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const kind = kindParam(params.kind);
  return withAdmin(request, context, async ({ api }) => {
    const response = await api.get<ImportPreview>(`/imports/${kind}/${encodeURIComponent(params.token ?? "")}`);
    return { kind, preview: response.ok ? response.data : null, error: response.ok ? null : response.message };
  });
}

/** 'Import N rows': every row in one transaction, then the list; a problem found meanwhile comes back here. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const kind = kindParam(params.kind);
  const token = params.token ?? "";
  return withAdmin(request, context, async ({ api }) => {
    const response = await api.create<ImportResult>(`/imports/${kind}/${encodeURIComponent(token)}/commit`);
    if (response.ok)
      return redirectWithToast(
        request,
        context,
        KIND_WORDS[kind].list,
        success(response.message ?? IMPORT_MESSAGES.imported(response.data.added, kind)),
      );
    const back = response.status === 422 ? checkHref(kind, token) : UPLOAD_PAGE[kind];
    return redirectWithToast(request, context, back, failure(response.message));
  });
}

const rowsWord = (n: number) => `${n.toLocaleString("en-NG")} ${n === 1 ? "row" : "rows"}`;

export default function ImportCheck() {
  const { kind, preview, error } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const words = KIND_WORDS[kind];
  const upload = UPLOAD_PAGE[kind];

  if (!preview) {
    return (
      <div className="space-y-4">
        <PageHeader backTo={upload} title={words.title} />
        <Banner>{error}</Banner>
        <Link to={upload} className={buttonClass("secondary")}>
          Upload a file
        </Link>
      </div>
    );
  }

  const more = preview.problem_count - preview.problems.length;
  return (
    <div className="space-y-4">
      <PageHeader backTo={upload} title={words.title} />
      <Panel id="summary" title={preview.file_name}>
        <p>
          {rowsWord(preview.rows)} read.{" "}
          {preview.imported_at
            ? null
            : preview.problem_count
              ? `${rowsWord(preview.rows_with_problems)} with problems.`
              : `${rowsWord(preview.to_add)} ready to import.`}
        </p>
        {preview.unknown_columns.length ? (
          <p className="text-sm text-slate-700">
            Columns not imported (not known): {preview.unknown_columns.join(", ")}.
          </p>
        ) : null}
        {preview.missing_columns.length ? (
          <p className="text-sm text-red-800">Missing columns: {preview.missing_columns.join(", ")}.</p>
        ) : null}
        {preview.imported_at ? (
          <Banner kind="info">
            {`This file was imported already (${formatDateTime(new Date(preview.imported_at))}): importing it again adds nothing.`}
          </Banner>
        ) : preview.problem_count ? (
          <Banner>{IMPORT_MESSAGES.hasProblems}</Banner>
        ) : (
          <Form method="post" replace>
            <Button pending={navigation.state !== "idle"} pendingLabel="Importing…">
              {`Import ${rowsWord(preview.to_add)}`}
            </Button>
          </Form>
        )}
        <div className="flex flex-wrap gap-2">
          {preview.problem_count ? (
            <a href={problemsHref(kind, preview.token)} className={buttonClass("primary")} download>
              Download the rows with problems
            </a>
          ) : null}
          <Link to={upload} className={buttonClass("secondary")}>
            Upload another file
          </Link>
        </div>
      </Panel>
      {preview.problem_count ? (
        <Panel id="problems" title={`Problems (${preview.problem_count.toLocaleString("en-NG")})`}>
          <TableScroll label="Problems, by row">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-1 pr-3">
                    Row
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Column
                  </th>
                  <th scope="col" className="py-1">
                    Problem
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.problems.map((p, i) => (
                  <tr key={i} className="border-b border-slate-100 align-top">
                    <td className="py-1 pr-3">{p.row}</td>
                    <td className="py-1 pr-3">{p.column}</td>
                    <td className="py-1">{p.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {more > 0 ? (
            <p className="text-sm">{`And ${more.toLocaleString("en-NG")} more: the file of rows with problems has them all.`}</p>
          ) : null}
          <p className="text-sm text-slate-700">
            Fix the rows in the downloaded file (its Problem column says what to fix), then upload it again.
          </p>
        </Panel>
      ) : null}
    </div>
  );
}
