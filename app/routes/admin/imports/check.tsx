import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  IMPORT_LABELS,
  IMPORT_MESSAGES,
  KIND_WORDS,
  SKIP_REASONS,
  type ImportPreview,
  type ImportResult,
} from "../../../../contract/imports";
import { withAdmin, type AdminContext } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { API_REFUSED, INVALID, refuse } from "~/.server/reply.server";
import { failure, redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button, buttonClass } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { SelectField } from "~/components/ui/SelectField";
import { TableScroll } from "~/components/ui/TableScroll";
import { formatDateTime } from "~/lib/dates";
import { usePending } from "~/lib/form-state";
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

const MAP_INTENT = "map";
const IMPORT_INTENT = "import";
const columnField = (index: number) => `column-${index}`;

/** The mapping step's reply when refused: the choices as sent, and the messages beside their columns. */
interface MappingReply {
  chosen: Record<string, string>;
  errors: Record<string, string[]>;
  message?: string;
}

/**
 * 'Use these columns': the field chosen for each column that no header named (one field per column at
 * most), kept by the API for the school's next file, and the same file checked again under a new token.
 */
async function mapColumns(
  request: Request,
  context: ActionFunctionArgs["context"],
  api: AdminContext["api"],
  kind: ReturnType<typeof kindParam>,
  token: string,
  formData: FormData,
) {
  const current = await api.get<ImportPreview>(`/imports/${kind}/${encodeURIComponent(token)}`);
  if (!current.ok || !current.data.mapping)
    return redirectWithToast(
      request,
      context,
      UPLOAD_PAGE[kind],
      failure(current.ok ? IMPORT_MESSAGES.expired : current.message),
    );
  const columns = current.data.mapping.columns;
  const chosen = Object.fromEntries(
    columns.map((_, i) => [columnField(i), String(formData.get(columnField(i)) ?? "")]),
  );
  const errors: Record<string, string[]> = {};
  columns.forEach((column, i) => {
    const field = chosen[columnField(i)];
    if (field && columns.findIndex((_, j) => chosen[columnField(j)] === field) !== i)
      errors[columnField(i)] = [IMPORT_MESSAGES.mappingTwice(column.header)];
  });
  if (Object.keys(errors).length) return refuse({ mapping: { chosen, errors } satisfies MappingReply }, INVALID);
  const mapping = Object.fromEntries(columns.map((column, i) => [column.header, chosen[columnField(i)]]));
  const response = await api.create<ImportPreview>(`/imports/${kind}/${encodeURIComponent(token)}/mapping`, {
    mapping,
  });
  if (response.ok)
    return new Response(null, { status: 303, headers: { Location: checkHref(kind, response.data.token) } });
  return refuse({ mapping: { chosen, errors: {}, message: response.message } satisfies MappingReply }, API_REFUSED);
}

/**
 * 'Import N rows': every row in one transaction, then the list; a problem found meanwhile comes back here.
 * 'Use these columns' (the mapping step) checks the file again with the columns chosen.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const kind = kindParam(params.kind);
  const token = params.token ?? "";
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    if (formData.get("intent") === MAP_INTENT) return mapColumns(request, context, api, kind, token, formData);
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

const rowList = (rows: number[], count: number) =>
  `${rows.join(", ")}${count > rows.length ? ` and ${(count - rows.length).toLocaleString("en-NG")} more` : ""}`;

/** The mapping step: a select per column no header named, offering the fields still without a column, or to ignore it. */
function MappingForm({ mapping, reply }: { mapping: NonNullable<ImportPreview["mapping"]>; reply?: MappingReply }) {
  const options = [
    { value: "", label: IMPORT_LABELS.ignore },
    ...mapping.fields.map((f) => ({ value: f.field, label: f.header })),
  ];
  return (
    <Panel id="mapping" title={IMPORT_LABELS.mappingTitle}>
      <Form method="post" replace className="space-y-4">
        <input type="hidden" name="intent" value={MAP_INTENT} />
        <p className="text-sm text-slate-700">{IMPORT_LABELS.mappingIntro}</p>
        <ErrorList id="mapping-error" errors={reply?.message ? [reply.message] : undefined} />
        {mapping.columns.map((column, i) => (
          <SelectField
            key={`${column.header}-${i}`}
            id={columnField(i)}
            label={column.header}
            options={options}
            errors={reply?.errors[columnField(i)]}
            selectProps={{ name: columnField(i), defaultValue: reply?.chosen[columnField(i)] ?? column.chosen }}
          />
        ))}
        <Button pending={usePending({ intent: MAP_INTENT })}>{IMPORT_LABELS.useColumns}</Button>
      </Form>
    </Panel>
  );
}

export default function ImportCheck() {
  const { kind, preview, error } = useLoaderData<typeof loader>();
  const reply = useActionData<{ mapping?: MappingReply }>()?.mapping;
  const importing = usePending({ intent: IMPORT_INTENT });
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
        <p className="text-sm text-slate-700">{IMPORT_LABELS.headerRow(preview.header_row)}</p>
        {preview.joined_columns.length ? (
          <p className="text-sm text-slate-700">{IMPORT_LABELS.joined(preview.joined_columns)}</p>
        ) : null}
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
            <input type="hidden" name="intent" value={IMPORT_INTENT} />
            <Button pending={importing} pendingLabel="Importing…">
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
      {preview.mapping ? <MappingForm mapping={preview.mapping} reply={reply} /> : null}
      {preview.change_count ? (
        <Panel id="changes" title={`${IMPORT_LABELS.changes} (${preview.change_count.toLocaleString("en-NG")})`}>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-1 pr-3">
                    Column
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Written
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Read as
                  </th>
                  <th scope="col" className="py-1">
                    Rows
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.changes.map((c, i) => (
                  <tr key={i} className="border-b border-slate-100 align-top">
                    <td className="py-1 pr-3">{c.column}</td>
                    <td className="py-1 pr-3">{c.from}</td>
                    <td className="py-1 pr-3">{c.to}</td>
                    <td className="py-1">{rowList(c.rows, c.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Panel>
      ) : null}
      {preview.skipped_count ? (
        <Panel id="skipped" title={`${IMPORT_LABELS.skipped} (${preview.skipped_count.toLocaleString("en-NG")})`}>
          <ul className="list-disc pl-5 text-sm">
            {preview.skipped_rows.map((r) => (
              <li key={r.row}>{`Row ${r.row}: ${SKIP_REASONS[r.reason]}`}</li>
            ))}
          </ul>
          {preview.skipped_count > preview.skipped_rows.length ? (
            <p className="text-sm">{`And ${(preview.skipped_count - preview.skipped_rows.length).toLocaleString("en-NG")} more.`}</p>
          ) : null}
        </Panel>
      ) : null}
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
