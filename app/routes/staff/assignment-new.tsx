import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ASSIGNMENT_MAX_FILES, ASSIGNMENT_MESSAGES as M } from "../../../contract/assignments";
import { withAdmin } from "~/.server/auth.server";
import { newFormKey } from "~/.server/form.server";
import { assignmentForm } from "~/.server/form-schemas";
import { refuse } from "~/.server/reply.server";
import { sendTeachingForm, teacherPairs } from "~/.server/teaching.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader } from "~/components/Page";
import { AssignmentForm, type AssignmentFormField } from "~/components/teaching/AssignmentForm";
import { Banner } from "~/components/ui/Banner";
import { EmptyState } from "~/components/ui/EmptyState";
import { useFormState } from "~/lib/form-state";

/** `/staff/assignments/new`: a new assignment for one of the teacher's classes and subjects. */
export const meta: MetaFunction = () => [{ title: M.add }];

const LIST = "/staff/assignments";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => ({
    ...(await teacherPairs(api, M.failedList)),
    formKey: newFormKey(),
  }));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const sent = await sendTeachingForm(request, context, {
      schema: assignmentForm,
      fileField: "files[]",
      maxFiles: ASSIGNMENT_MAX_FILES,
      tooManyFiles: M.tooManyFiles,
      send: (body, form) =>
        api.create("/assignments", body, { idempotencyKey: form.fields.idempotency_key?.[0], fallback: M.failedList }),
    });
    if (!sent.ok) return refuse({ result: sent.result }, sent.status);
    return redirectWithToast(request, context, LIST, success(sent.message ?? M.created));
  });
}

export default function NewAssignment() {
  const { pairs, error, formKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const form = useFormState<AssignmentFormField>("assignment", answer?.result);
  return (
    <div className="space-y-5">
      <PageHeader backTo={LIST} title={M.add} />
      {error ? <Banner>{error}</Banner> : null}
      {pairs.length ? (
        <AssignmentForm form={form} pairs={pairs} formKey={formKey} />
      ) : error ? null : (
        <EmptyState title={M.noPairs}>
          <p>{M.noPairsDetail}</p>
        </EmptyState>
      )}
    </div>
  );
}
