import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ASSIGNMENT_MAX_FILES, ASSIGNMENT_MESSAGES as M, type Assignment } from "../../../contract/assignments";
import { pairValue } from "../../../contract/teaching-files";
import type { SchoolApiClient } from "~/.server/api.server";
import { withAdmin } from "~/.server/auth.server";
import { assignmentForm } from "~/.server/form-schemas";
import { notFound } from "~/.server/not-found.server";
import { refuse } from "~/.server/reply.server";
import { idOf } from "~/.server/teaching-files.server";
import { sendTeachingForm, teacherPairs } from "~/.server/teaching.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader } from "~/components/Page";
import { AssignmentForm, type AssignmentFormField } from "~/components/teaching/AssignmentForm";
import { useFormState } from "~/lib/form-state";

/** `/staff/assignments/{id}/edit`: the teacher's own assignment changed, attachments added or taken away. */
export const meta: MetaFunction = () => [{ title: M.editTitle }];

const LIST = "/staff/assignments";

async function loadAssignment(api: SchoolApiClient, id: string | undefined): Promise<Assignment> {
  const found = await api.get<Assignment>(`/assignments/${idOf(id)}`);
  if (!found.ok) notFound(M.notFound, { to: LIST, label: M.title });
  return found.data;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const [assignment, { pairs }] = await Promise.all([
      loadAssignment(api, params.id),
      teacherPairs(api, M.failedList),
    ]);
    return { assignment, pairs };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const path = `/assignments/${idOf(params.id)}`;
    const sent = await sendTeachingForm(request, context, {
      schema: assignmentForm,
      fileField: "files[]",
      maxFiles: ASSIGNMENT_MAX_FILES,
      tooManyFiles: M.tooManyFiles,
      send: (body) => api.update(path, body, { method: "PUT", fallback: M.failedList }),
    });
    if (!sent.ok) return refuse({ result: sent.result }, sent.status);
    return redirectWithToast(request, context, LIST, success(sent.message ?? M.updated));
  });
}

export default function EditAssignment() {
  const { assignment: a, pairs } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const form = useFormState<AssignmentFormField>("assignment", answer?.result, {
    pair: pairValue({ class: a.class_name, subject: a.subject }),
    title: a.title,
    instructions: a.instructions,
    due_date: a.due_date,
  });
  // The assignment's own pair stays a choice even when the staff record no longer lists it.
  const own = { class: a.class_name, subject: a.subject };
  const choices = pairs.some((p) => p.class === own.class && p.subject === own.subject) ? pairs : [own, ...pairs];
  return (
    <div className="space-y-5">
      <PageHeader backTo={LIST} title={M.editTitle} />
      <AssignmentForm
        form={form}
        pairs={choices}
        attachments={a.attachments}
        removing={answer?.result?.initialValue?.remove}
      />
    </div>
  );
}
