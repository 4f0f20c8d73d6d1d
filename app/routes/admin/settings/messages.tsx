import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { MESSAGE_MESSAGES as M, type MessageSettings } from "../../../../contract/parent-messages";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { messageSettingsForm } from "~/.server/form-schemas";
import { API_REFUSED, apiReply, INVALID, refuse } from "~/.server/reply.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader } from "~/components/Page";
import { Button } from "~/components/ui/Button";
import { Checkbox } from "~/components/ui/Checkbox";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { useFormState, usePending } from "~/lib/form-state";

export const meta: MetaFunction = () => [{ title: "Message Settings" }];

const PATH = "/admin/settings/messages";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const settings = await api.get<MessageSettings>("/message-settings", { fallback: M.failedMessages });
    if (!settings.ok) throw new Response(settings.message, { status: 500 });
    return settings.data;
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const submission = parseWithZod(await readFormData(request), { schema: messageSettingsForm });
    if (submission.status !== "success") return refuse({ result: submission.reply() }, INVALID);
    const saved = await api.update<MessageSettings>("/message-settings", submission.value, { method: "PUT" });
    if (!saved.ok) return refuse({ result: apiReply(submission, saved) }, API_REFUSED);
    return redirectWithToast(request, context, PATH, success(saved.message ?? M.capSaved));
  });
}

/**
 * The main admin's message settings: the school's daily SMS limit (past it, messages to parents stop going out by SMS
 * that day), whether the parents get a receipt when a payment is recorded, and whether an applicant hears when
 * their application is approved (with the admission letter) or rejected.
 */
export default function MessageSettingsPage() {
  const settings = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const form = useFormState<"daily_sms_cap" | "payment_receipts" | "applicant_decisions">(
    "message-settings",
    answer?.result,
    {
      daily_sms_cap: settings.daily_sms_cap,
      payment_receipts: settings.payment_receipts ? "on" : undefined,
      applicant_decisions: settings.applicant_decisions ? "on" : undefined,
    },
  );
  const saving = usePending();
  return (
    <div className="space-y-4">
      <PageHeader backTo="/admin/messages" title="Message Settings" />
      <section className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p className="text-slate-800">
          SMS sent today: {settings.sms_sent_today} of {settings.daily_sms_cap}
        </p>
        <Form method="post" className="space-y-4" key={form.key} {...form.props}>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field
            label="SMS a day"
            required
            hint="Past this many SMS in a day (Lagos time), recipients are marked 'daily SMS limit reached'."
            field={form.field("daily_sms_cap")}
            inputProps={{ type: "text", inputMode: "numeric", autoComplete: "off", maxLength: 7 }}
          />
          <Checkbox label={M.receiptsLabel} field={form.field("payment_receipts")} />
          <Checkbox label={M.decisionsLabel} field={form.field("applicant_decisions")} />
          <Button className="w-full" pending={saving} pendingLabel="Saving…">
            Save
          </Button>
        </Form>
      </section>
    </div>
  );
}
