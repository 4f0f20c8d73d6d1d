import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { IMPORT_COLUMNS, IMPORT_FILE_FIELD, IMPORT_MAX_ROWS, KIND_WORDS } from "../../../../contract/imports";
import { APP_MESSAGES, DEFAULT_ERRORS, MESSAGES } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { sendImportFile } from "~/.server/imports.server";
import { refuse } from "~/.server/reply.server";
import { PageHeader, Panel } from "~/components/Page";
import { Button, buttonClass } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { useFormState, type FormResult } from "~/lib/form-state";
import { checkHref, sendHref, templateHref } from "./shared";
import { kindOfUploadPage } from "./kind.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? KIND_WORDS[data.kind].title : "Bulk import" },
];

/** /admin/add-bulk-students, -parents, -staff: the template, and the upload that leads to the check. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const kind = kindOfUploadPage(new URL(request.url).pathname);
  return withAdmin(request, context, async () => ({ kind }));
}

/** Without JavaScript: the file is sent on to the API, and the admin lands on the check's page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const kind = kindOfUploadPage(new URL(request.url).pathname);
  return withAdmin(request, context, async ({ api }) => {
    const outcome = await sendImportFile(request, context, api, kind);
    if (outcome.ok)
      return new Response(null, { status: 303, headers: { Location: checkHref(kind, outcome.preview.token) } });
    return refuse({ result: outcome.result }, outcome.status);
  });
}

type Sending =
  | { phase: "idle"; result?: FormResult }
  | { phase: "uploading"; loaded: number; total: number }
  | { phase: "checking" };

const refusal = (message: string, field = ""): FormResult => ({
  status: "error",
  initialValue: {},
  error: { [field]: [message] },
});

export default function BulkUpload() {
  const { kind } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [sending, setSending] = useState<Sending>({ phase: "idle" });
  const lastResult = sending.phase === "idle" && sending.result ? sending.result : actionData?.result;
  const form = useFormState<typeof IMPORT_FILE_FIELD>(`import-${kind}`, lastResult);
  const words = KIND_WORDS[kind];

  // With JavaScript the file goes by XMLHttpRequest, whose upload reports its progress; the check then
  // opens without a page reload.
  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    const file = body.get(IMPORT_FILE_FIELD);
    if (!(file instanceof File) || !file.name)
      return setSending({ phase: "idle", result: refusal(MESSAGES.noFileSelected, IMPORT_FILE_FIELD) });
    const request = new XMLHttpRequest();
    request.open("POST", sendHref(kind));
    request.responseType = "json";
    request.upload.onprogress = (e) =>
      setSending(e.loaded < e.total ? { phase: "uploading", loaded: e.loaded, total: e.total } : { phase: "checking" });
    request.onload = () => {
      const answer = request.response as { to: string } | { result: FormResult } | null;
      if (answer && "to" in answer) navigate(answer.to);
      else if (answer && "result" in answer) setSending({ phase: "idle", result: answer.result });
      else if (new URL(request.responseURL).pathname !== sendHref(kind)) window.location.assign(request.responseURL);
      else
        setSending({
          phase: "idle",
          result: refusal(request.status === 413 ? APP_MESSAGES.payloadTooLarge : DEFAULT_ERRORS.request),
        });
    };
    request.onerror = () => setSending({ phase: "idle", result: refusal(DEFAULT_ERRORS.request) });
    setSending({ phase: "uploading", loaded: 0, total: file.size });
    request.send(body);
  }

  const busy = sending.phase !== "idle" || navigation.state === "submitting";
  const percent = sending.phase === "uploading" ? Math.round((sending.loaded / Math.max(sending.total, 1)) * 100) : 100;

  return (
    <div className="space-y-4">
      <PageHeader backTo={words.list} title={words.title} />
      <Panel id="template" title="1. Fill in the template">
        <p className="text-sm text-slate-700">
          One row per {words.one}, under a row of column headers (a title or blank rows above it are skipped). Columns:{" "}
          {IMPORT_COLUMNS[kind].map((c) => `${c.header}${c.required ? " (required)" : ""}`).join(", ")}. The second
          sheet explains each column and the values it takes.
        </p>
        <a href={templateHref(kind)} className={buttonClass("secondary")} download>
          Download template
        </a>
      </Panel>
      <Panel id="upload" title="2. Upload the file">
        <form
          method="post"
          encType="multipart/form-data"
          className="space-y-4"
          key={form.key}
          {...form.props}
          onSubmit={send}
        >
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field
            label="Spreadsheet"
            required
            hint={`An .xlsx, .xls, .ods or .csv file of at most 5 MB and ${IMPORT_MAX_ROWS.toLocaleString("en-NG")} rows. Only its first sheet is read. Nothing is added before you confirm.`}
            field={form.field(IMPORT_FILE_FIELD)}
            inputProps={{
              type: "file",
              accept:
                ".xlsx,.xls,.ods,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,application/vnd.oasis.opendocument.spreadsheet,text/csv",
              disabled: busy,
            }}
          />
          {sending.phase !== "idle" ? (
            <div className="space-y-1">
              <p role="status" className="font-semibold">
                {sending.phase === "uploading" ? `Uploading… ${percent}%` : "Checking every row…"}
              </p>
              <progress className="h-2 w-full" max={100} value={percent} aria-label={`Upload: ${percent}%`} />
            </div>
          ) : null}
          <Button pending={busy} pendingLabel="Checking…">
            Check file
          </Button>
        </form>
      </Panel>
    </div>
  );
}
