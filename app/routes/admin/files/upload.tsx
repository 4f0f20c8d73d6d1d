import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { FOLDER_NAME_MAX, UPLOAD_FIELDS, folderChoiceProblem, uploadFileProblems } from "../../../../contract/files";
import type { FieldErrors } from "../../../../contract/http";
import { APP_MESSAGES, DEFAULT_ERRORS, MESSAGES } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { loadQuota, sendUpload } from "~/.server/files.server";
import { newFormKey } from "~/.server/form.server";
import { refuse } from "~/.server/reply.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState, type FormResult, usePending } from "~/lib/form-state";
import { FILES_HOME, StorageMeter } from "./shared";

export const meta: MetaFunction = () => [{ title: "Upload Files" }];

/** Where the page's own upload (with JavaScript) posts, to follow its progress; it answers JSON. */
const UPLOAD_ENDPOINT = "/admin/file-upload";

/** /admin/files/upload and /admin/files/upload/{folder}: the folder is chosen when it exists, else offered as a new name. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const [folders, quota] = await Promise.all([api.get<string[]>("/files/folders"), loadQuota(api)]);
    const names = folders.ok ? folders.data : [];
    const wanted = params.folder?.trim();
    const existing = wanted ? names.find((name) => name.toLowerCase() === wanted.toLowerCase()) : undefined;
    const defaults = existing ? { existing_folder: existing } : wanted ? { folder_name: wanted } : {};
    return { folders: names, quota, defaults, formKey: newFormKey(), error: folders.ok ? null : folders.message };
  });
}

/** Without JavaScript: the form posts here, is streamed on to the API, and the admin lands on the files screen. */
export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const outcome = await sendUpload(request, context, api);
    if (outcome.ok) return redirectWithToast(request, context, FILES_HOME, success(outcome.message));
    return refuse({ result: outcome.result }, outcome.status);
  });
}

type Sending =
  | { phase: "idle"; result?: FormResult }
  | { phase: "uploading" | "done"; files: File[]; loaded: number; total: number };

/** A refusal in the shape of the server's reply, so the page shows it the same way. */
function refusal(body: FormData, errors: FieldErrors, formError?: string): FormResult {
  const initialValue = {
    folder_name: String(body.get("folder_name") ?? ""),
    existing_folder: String(body.get("existing_folder") ?? ""),
  };
  return { status: "error", initialValue, error: { ...errors, ...(formError ? { "": [formError] } : {}) } };
}

/** The product's rules on the chosen files and the folder, checked before a byte is sent. */
function problems(body: FormData, files: File[]): FieldErrors {
  const errors = uploadFileProblems(files.map((f) => ({ filename: f.name, size: f.size })));
  const folder = folderChoiceProblem(String(body.get("folder_name") ?? ""), String(body.get("existing_folder") ?? ""));
  if (folder) errors.folder_name = [folder];
  return errors;
}

/** How far each file is, from how far the whole request is: the files go in the order chosen. */
function fileProgress(files: File[], loaded: number, total: number): number[] {
  const sent = (loaded / Math.max(total, 1)) * files.reduce((sum, f) => sum + f.size, 0);
  let start = 0;
  return files.map((f) => {
    const done = Math.min(1, Math.max(0, (sent - start) / Math.max(f.size, 1)));
    start += f.size;
    return done;
  });
}

export default function UploadFiles() {
  const { folders, quota, defaults, formKey, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = usePending();
  const navigate = useNavigate();
  const [sending, setSending] = useState<Sending>({ phase: "idle" });
  const lastResult = sending.phase === "idle" && sending.result ? sending.result : actionData?.result;
  const form = useFormState<"files" | "folder_name" | "existing_folder">("upload", lastResult, defaults);

  // With JavaScript the form goes by XMLHttpRequest, whose upload reports its progress (idle, uploading, done).
  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    const files = body.getAll(UPLOAD_FIELDS.files).filter((f): f is File => f instanceof File && f.name !== "");
    const refused = problems(body, files);
    if (Object.keys(refused).length) return setSending({ phase: "idle", result: refusal(body, refused) });

    const request = new XMLHttpRequest();
    request.open("POST", UPLOAD_ENDPOINT);
    request.responseType = "json";
    request.upload.onprogress = (e) => setSending({ phase: "uploading", files, loaded: e.loaded, total: e.total });
    request.onload = () => {
      const answer = request.response as { message: string } | { result: FormResult } | null;
      if (answer && "message" in answer) {
        setSending({ phase: "done", files, loaded: 1, total: 1 });
        setTimeout(() => navigate(FILES_HOME), 1000);
      } else if (answer && "result" in answer) {
        setSending({ phase: "idle", result: answer.result });
      } else if (new URL(request.responseURL).pathname !== UPLOAD_ENDPOINT) {
        // The session ended and the answer is the login page.
        window.location.assign(request.responseURL);
      } else {
        setSending({
          phase: "idle",
          result: refusal(body, {}, request.status === 413 ? APP_MESSAGES.payloadTooLarge : DEFAULT_ERRORS.request),
        });
      }
    };
    request.onerror = () => setSending({ phase: "idle", result: refusal(body, {}, DEFAULT_ERRORS.request) });
    setSending({ phase: "uploading", files, loaded: 0, total: 1 });
    request.send(body);
  }

  const busy = sending.phase !== "idle" || submitting;

  return (
    <div className="space-y-4">
      <PageHeader backTo={FILES_HOME} title="Upload Files" />
      <StorageMeter quota={quota} />
      {error ? <Banner>{error}</Banner> : null}
      <form
        method="post"
        encType="multipart/form-data"
        className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        key={form.key}
        {...form.props}
        onSubmit={send}
      >
        <input type="hidden" name="idempotency_key" value={formKey} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Files"
          required
          hint="Up to 5 files, each at most 5MB: documents, pictures, audio or video."
          field={form.field("files")}
          inputProps={{ type: "file", multiple: true, name: UPLOAD_FIELDS.files, disabled: busy }}
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-800">Folder</legend>
          <p className="text-sm text-slate-600">Type a new folder name, or choose an existing folder.</p>
          <Field
            label="New folder name"
            field={form.field("folder_name")}
            inputProps={{ type: "text", maxLength: FOLDER_NAME_MAX }}
          />
          {folders.length ? (
            <SelectField
              label="Existing folder"
              placeholder="Choose a folder"
              options={folders}
              field={form.field("existing_folder")}
            />
          ) : null}
        </fieldset>
        {sending.phase !== "idle" ? (
          <div className="space-y-2">
            <p role="status" className="font-semibold">
              {sending.phase === "done" ? MESSAGES.uploadSuccessful : "Uploading…"}
            </p>
            <ul className="space-y-2" aria-label="Upload progress">
              {fileProgress(sending.files, sending.loaded, sending.total).map((done, i) => (
                <li key={i} className="space-y-1">
                  <span className="block truncate text-sm">{sending.files[i].name}</span>
                  <progress
                    className="h-2 w-full"
                    max={100}
                    value={Math.round(done * 100)}
                    aria-label={`${sending.files[i].name}: ${Math.round(done * 100)}%`}
                  />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Button pending={busy} pendingLabel="Uploading…">
          Upload
        </Button>
      </form>
    </div>
  );
}
