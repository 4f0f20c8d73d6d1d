import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { NOTE_COMMENT_MAX, NOTE_MESSAGES as M, type LessonNote } from "../../../../contract/notes";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { noteReviewForm } from "~/.server/form-schemas";
import { notFound } from "~/.server/not-found.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { idOf } from "~/.server/teaching-files.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader } from "~/components/Page";
import { NoteItem } from "~/components/teaching/NoteItem";
import { Button, buttonClass } from "~/components/ui/Button";
import { controlProps, Field, inputClass } from "~/components/ui/Field";
import { FormCard } from "~/components/ui/FormCard";
import { useFormState, usePending } from "~/lib/form-state";

/** `/admin/staff-notes/{id}/review`: a teacher's note, and the admin's comment marking it reviewed (audited). */
export const meta: MetaFunction = () => [{ title: M.review }];

const LIST = "/admin/staff-notes";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const note = await api.get<LessonNote>(`/notes/${idOf(params.id)}`);
    if (!note.ok) notFound(M.notFound, { to: LIST, label: M.adminTitle });
    return { note: note.data };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const submission = parseWithZod(await readFormData(request), { schema: noteReviewForm });
    if (submission.status !== "success") return refuse({ result: submission.reply() });
    const saved = await api.create(`/notes/${idOf(params.id)}/review`, submission.value);
    if (!saved.ok) return refuse({ result: apiReply(submission, saved) }, API_REFUSED);
    return redirectWithToast(request, context, LIST, success(saved.message ?? M.reviewed));
  });
}

export default function ReviewNote() {
  const { note } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const form = useFormState<"comment">("note-review", answer?.result, { comment: note.review_comment ?? "" });
  const comment = form.field("comment");
  const { props } = controlProps({ field: comment }, undefined, true);
  return (
    <div className="space-y-5">
      <PageHeader backTo={LIST} title={M.review} />
      <ul aria-label={M.listLabel}>
        <NoteItem note={note} showTeacher>
          <a href={`${LIST}/${note.id}/download`} className={buttonClass("secondary")} download>
            {M.download}
          </a>
        </NoteItem>
      </ul>
      <FormCard form={form}>
        <Field label={M.commentLabel} required field={comment}>
          <textarea className={inputClass} rows={4} maxLength={NOTE_COMMENT_MAX} {...props} />
        </Field>
        <Button pending={usePending()}>{M.review}</Button>
      </FormCard>
    </div>
  );
}
