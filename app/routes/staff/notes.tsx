import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { NOTE_MESSAGES as M, NOTE_WEEKS, type LessonNote } from "../../../contract/notes";
import { pairValue, TEACHING_FILE_ACCEPT, TEACHING_FILE_MESSAGES as T } from "../../../contract/teaching-files";
import { withAdmin } from "~/.server/auth.server";
import { newFormKey } from "~/.server/form.server";
import { noteForm } from "~/.server/form-schemas";
import { listFilters, loadList } from "~/.server/list.server";
import { refuse } from "~/.server/reply.server";
import { sendTeachingForm, teacherPairs } from "~/.server/teaching.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { DeleteAction } from "~/components/list/DeleteRecord";
import { PagedList } from "~/components/list/PagedList";
import { Panel } from "~/components/Page";
import { NoteItem } from "~/components/teaching/NoteItem";
import { Banner } from "~/components/ui/Banner";
import { Button, buttonClass } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState, usePending } from "~/lib/form-state";

/**
 * A teacher's lesson notes (`/staff/notes`): the upload form (their class and subject, the week, one PDF, Word
 * document or picture), a plain multipart form that works without JavaScript, and their notes, newest first, each
 * with its download, its review and its delete.
 */
export const meta: MetaFunction = () => [{ title: M.title }];

const PATH = "/staff/notes";
const WEEKS = Array.from({ length: NOTE_WEEKS }, (_, i) => ({ value: String(i + 1), label: M.weekLabel(i + 1) }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const [{ pairs, error }, { list, error: listError }] = await Promise.all([
      teacherPairs(api, M.failedList),
      loadList<LessonNote>(api, "/notes", listFilters(request, {}), M.failedList),
    ]);
    return { pairs, list, error: error ?? listError, formKey: newFormKey() };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const sent = await sendTeachingForm(request, context, {
      schema: noteForm,
      fileField: "file",
      maxFiles: 1,
      requiredFile: M.fileRequired,
      tooManyFiles: M.oneFile,
      send: (body, form) =>
        api.create("/notes", body, { idempotencyKey: form.fields.idempotency_key?.[0], fallback: M.failedList }),
    });
    if (!sent.ok) return refuse({ result: sent.result }, sent.status);
    return redirectWithToast(request, context, PATH, success(sent.message ?? M.uploaded));
  });
}

export default function StaffNotes() {
  const { pairs, list, error, formKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const form = useFormState<"pair" | "week" | "file">("note-upload", answer?.result);
  const pending = usePending();
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">{M.title}</h1>
      {pairs.length ? (
        <Panel id="note-upload-title" title={M.upload}>
          <Form method="post" encType="multipart/form-data" className="space-y-4" key={form.key} {...form.props}>
            <input type="hidden" name="idempotency_key" value={formKey} />
            <ErrorList id={form.errorId} errors={form.errors} />
            <SelectField
              label={T.pairLabel}
              required
              placeholder={T.chooseClass}
              options={pairs.map((p) => ({ value: pairValue(p), label: `${p.subject} · ${p.class}` }))}
              field={form.field("pair")}
            />
            <SelectField
              label={M.weekField}
              required
              placeholder={M.weekInvalid}
              options={WEEKS}
              field={form.field("week")}
            />
            <Field
              label={M.fileField}
              required
              hint={T.fileHint}
              field={form.field("file")}
              inputProps={{ type: "file", name: "file", accept: TEACHING_FILE_ACCEPT, defaultValue: undefined }}
            />
            <Button pending={pending} pendingLabel="Uploading…">
              {M.upload}
            </Button>
          </Form>
        </Panel>
      ) : (
        <EmptyState title={M.noPairs}>
          <p>{M.noPairsDetail}</p>
        </EmptyState>
      )}
      {error && !list ? <Banner>{error}</Banner> : null}
      <PagedList
        label={M.listLabel}
        list={list}
        error={null}
        empty={
          <EmptyState title={M.noNotes}>
            <p>{M.noNotesDetail}</p>
          </EmptyState>
        }
      >
        {(note) => (
          <NoteItem key={note.id} note={note}>
            <a href={`${PATH}/${note.id}/download`} className={buttonClass("secondary")} download>
              {M.download}
            </a>
            <DeleteAction path={`${PATH}/${note.id}`} what="note" name={note.original_name} back={PATH} />
          </NoteItem>
        )}
      </PagedList>
    </div>
  );
}
