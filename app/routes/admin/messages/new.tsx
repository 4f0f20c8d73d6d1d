import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  AUDIENCE_LABELS,
  CHANNEL_LABELS,
  MESSAGE_LIMITS,
  MESSAGE_MESSAGES as M,
  type MessageDetail,
} from "../../../../contract/parent-messages";
import { withAdmin } from "~/.server/auth.server";
import { newFormKey, readFormData } from "~/.server/form.server";
import { messageForm } from "~/.server/form-schemas";
import { loadAudience, messagesBase } from "~/.server/messages.server";
import { API_REFUSED, apiReply, checkedStatus, refuse } from "~/.server/reply.server";
import { failure, redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader } from "~/components/Page";
import { Button } from "~/components/ui/Button";
import { Checkbox, CheckboxGroup } from "~/components/ui/Checkbox";
import { ErrorList } from "~/components/ui/ErrorList";
import { controlProps, Field, inputClass } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState, usePending, validateButton } from "~/lib/form-state";

export const meta: MetaFunction = () => [{ title: "New Message" }];

const BODY_HINT = `At most ${MESSAGE_LIMITS.bodyMax} characters. Messages to those owing fees end with each parent's own balance.`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => ({
    base: messagesBase(request),
    options: await loadAudience(api, null),
    formKey: newFormKey(),
  }));
}

/**
 * Checked here, then by the API. 'Show students' sends the form back with the chosen class's students to tick
 * (a round trip that refuses nothing); a sent message opens its delivery log.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const submission = parseWithZod(formData, { schema: messageForm });
    const chosen = formData.get("class");
    const students = (await loadAudience(api, typeof chosen === "string" && chosen ? chosen : null)).students;
    if (submission.status !== "success") {
      const reply = submission.reply();
      return refuse({ result: reply, students }, checkedStatus(reply));
    }
    const { idempotency_key: _key, ...body } = submission.value;
    const response = await api.create<MessageDetail>("/messages", body, {
      idempotencyKey: formData.get("idempotency_key"),
    });
    if (!response.ok) return refuse({ result: apiReply(submission, response), students }, API_REFUSED);
    const kept = response.data.status === "no-channel";
    const toast = kept ? failure(M.noChannel) : success(response.message ?? M.queued);
    return redirectWithToast(request, context, `${messagesBase(request)}/${response.data.id}`, toast);
  });
}

/** A message to parents: who receives it, by which channels, and its text. */
export default function NewMessage() {
  const { base, options, formKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const students = answer?.students ?? options.students;
  const sending = usePending();
  const form = useFormState<"audience" | "class" | "section" | "student_ids" | "channels" | "report_cards" | "body">(
    "message",
    answer?.result,
    { audience: options.audiences[0], channels: ["email"] },
  );
  const body = form.field("body");
  return (
    <div className="space-y-5">
      <PageHeader backTo={base} title="New Message" />
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <Form method="post" className="space-y-4" key={form.key} {...form.props}>
          <ErrorList id={form.errorId} errors={form.errors} />
          <input type="hidden" name="idempotency_key" value={formKey} />
          <SelectField
            label="Send to"
            required
            field={form.field("audience")}
            options={options.audiences.map((a) => ({ value: a, label: AUDIENCE_LABELS[a] }))}
          />
          <SelectField
            label="Class"
            hint="For a class, chosen students, or those owing fees in one class."
            field={form.field("class")}
            placeholder={options.classes.length ? "Choose a class" : "No class"}
            options={options.classes}
          />
          <Button variant="secondary" {...validateButton("class")}>
            Show students
          </Button>
          {students.length ? (
            <CheckboxGroup
              legend="Students"
              hint="For chosen students: tick the ones whose parents receive it."
              field={form.field("student_ids")}
              options={students.map((s) => ({ value: s.unique_id, label: s.name }))}
            />
          ) : (
            <ErrorList id={form.field("student_ids").errorId} errors={form.field("student_ids").errors} />
          )}
          {options.sections.length ? (
            <SelectField
              label="Section"
              hint="For a section."
              field={form.field("section")}
              placeholder="Choose a section"
              options={options.sections}
            />
          ) : null}
          <CheckboxGroup
            legend="Send by"
            field={form.field("channels")}
            options={(["email", "sms"] as const).map((c) => ({
              value: c,
              label: options.channels[c] ? CHANNEL_LABELS[c] : `${CHANNEL_LABELS[c]} (not set up)`,
            }))}
            short
          />
          <Field label="Message" required hint={BODY_HINT} field={body}>
            <textarea
              className={inputClass}
              rows={5}
              maxLength={MESSAGE_LIMITS.bodyMax}
              {...controlProps({ field: body }, BODY_HINT, true).props}
            />
          </Field>
          <Checkbox label={M.reportCardsLabel} field={form.field("report_cards")} />
          <Button className="w-full" pending={sending} pendingLabel="Sending…">
            Send Message
          </Button>
        </Form>
      </section>
    </div>
  );
}
