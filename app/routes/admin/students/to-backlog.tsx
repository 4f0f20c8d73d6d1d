import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MESSAGES } from "../../../../contract/messages";
import { backlogPayload } from "../../../../contract/students.schema";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { returnTo } from "~/.server/return-to";
import { confirmTarget } from "~/.server/students.server";
import { failure, redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { ReasonSelect } from "./ReasonSelect";
import { ConfirmPage } from "~/components/ui/ConfirmPage";

export const meta: MetaFunction = () => [{ title: "Add to Backlog" }];

/** "Add to Backlog" asks for a reason: this page without JS, the list's dialog with it; both post here. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, ({ api, uniqueId }) =>
    confirmTarget(request, api, uniqueId, params.id!, "/admin/students"),
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const back = returnTo(formData.get("returnTo"), "/admin/students");
    const submission = parseWithZod(formData, { schema: backlogPayload });
    if (submission.status !== "success") return refuse({ errors: submission.error?.reason ?? undefined, back });
    const response = await api.create(`/students/${encodeURIComponent(params.id!)}/backlog`, submission.value);
    if (!response.ok && response.fieldErrors.reason)
      return refuse({ errors: apiReply(submission, response).error?.reason ?? undefined, back }, API_REFUSED);
    const toast = response.ok ? success(response.message ?? MESSAGES.studentBacklogged) : failure(response.message);
    return redirectWithToast(request, context, back, toast);
  });
}

export default function AddToBacklog() {
  const { name, back } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const cancelTo = actionData?.back ?? back;
  return (
    <ConfirmPage
      title="Add to Backlog"
      description={`Why is ${name} leaving the students list?`}
      cancelTo={cancelTo}
      confirmLabel="Add to Backlog"
      variant="primary"
      hiddenFields={{ returnTo: cancelTo }}
    >
      <ReasonSelect errors={actionData?.errors} />
    </ConfirmPage>
  );
}
