import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { FeeItem } from "../../../../contract/fees";
import { withAdmin } from "~/.server/auth.server";
import { feeDefaults, feePayload, feeScreenOptions, loadFee } from "~/.server/fees.server";
import { readFormData } from "~/.server/form.server";
import { feeForm } from "~/.server/form-schemas";
import { redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import type { FormResult } from "~/lib/form-state";
import { FeeForm } from "./FeeForm";
import { setupOf } from "./shared";

/** Editing a fee (/admin/school-fees/{id}/edit): the bills of its term follow the new amount at once. */
export const meta: MetaFunction = () => [{ title: "Edit fee" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const [{ fee, error }, { options }] = await Promise.all([loadFee(api, params.id), feeScreenOptions(api, request)]);
    const withOwn = (list: string[], own: string | undefined) => (own && !list.includes(own) ? [...list, own] : list);
    return {
      fee,
      error,
      defaults: fee && feeDefaults(fee),
      options: fee
        ? {
            ...options,
            terms: withOwn(options.terms, fee.term),
            sessions: withOwn(options.sessions, fee.session),
            sections: withOwn(options.sections, fee.applies_to === "section" ? (fee.target ?? undefined) : undefined),
            classes: withOwn(options.classes, fee.applies_to === "class" ? (fee.target ?? undefined) : undefined),
          }
        : options,
    };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const submission = parseWithZod(await readFormData(request), { schema: feeForm });
    if (submission.status !== "success") return refuse(submission.reply());
    const response = await api.update<FeeItem>(`/fees/fee-settings/${params.id}`, feePayload(submission.value), {
      method: "PUT",
    });
    if (!response.ok) return refuse(apiReply(submission, response), API_REFUSED);
    return redirectWithToast(
      request,
      context,
      setupOf(response.data),
      success(response.message ?? "Updated successfully"),
    );
  });
}

export default function EditFee() {
  const { fee, error, defaults, options } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as FormResult | undefined;
  return (
    <div className="space-y-5">
      <PageHeader backTo={fee ? setupOf(fee) : "/admin/school-fees?tab=setup"} title="Edit fee" />
      {error ? <Banner>{error}</Banner> : null}
      {fee && defaults ? (
        <Panel id="fee-edit" title={fee.name}>
          <FeeForm lastResult={lastResult} defaultValue={defaults} options={options} submitLabel="Save Changes" />
        </Panel>
      ) : null}
    </div>
  );
}
