import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CBT_MESSAGES as M } from "../../../../contract/cbt";
import { withAdmin } from "~/.server/auth.server";
import { cbtBase, resultColumns } from "~/.server/cbt.server";
import { cbtTestForm } from "~/.server/form-schemas";
import { newFormKey, readFormData } from "~/.server/form.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { getSchoolOptions } from "~/.server/school-options.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader } from "~/components/Page";
import { Button } from "~/components/ui/Button";
import { Checkbox } from "~/components/ui/Checkbox";
import { Field } from "~/components/ui/Field";
import { FormCard } from "~/components/ui/FormCard";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState, usePending } from "~/lib/form-state";

/** Create a test (/admin/assessments/create, /staff/cbt-exams/create): times are Lagos time. */
export const meta: MetaFunction = () => [{ title: "Create test" }];

type Name =
  | "title"
  | "class"
  | "subject"
  | "term"
  | "session"
  | "duration_minutes"
  | "question_count"
  | "opens_at"
  | "closes_at"
  | "results_column"
  | "shuffle"
  | "grace_minutes"
  | "lab_network";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const [options, columns] = await Promise.all([getSchoolOptions(api), resultColumns(api)]);
    return {
      base: cbtBase(request),
      formKey: newFormKey(),
      classes: options.classes.map((c) => c.class_name),
      subjects: options.subjects,
      terms: options.terms,
      sessions: options.sessions,
      columns,
      defaults: {
        term: options.schoolTerm.term,
        session: options.schoolTerm.session,
        duration_minutes: "30",
        question_count: "20",
        grace_minutes: "2",
        shuffle: "on",
      },
    };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const submission = parseWithZod(formData, { schema: cbtTestForm });
    if (submission.status !== "success") return refuse(submission.reply());
    const made = await api.create<{ id: number }>("/cbt/tests", submission.value, {
      idempotencyKey: formData.get("idempotency_key"),
    });
    if (!made.ok) return refuse(apiReply(submission, made), API_REFUSED);
    return redirectWithToast(request, context, `${cbtBase(request)}/${made.data.id}`, success(M.testCreated));
  });
}

export default function CreateTest() {
  const loaded = useLoaderData<typeof loader>();
  const form = useFormState<Name>("cbt-test", useActionData<typeof action>(), loaded.defaults);
  return (
    <div className="space-y-5">
      <PageHeader backTo={loaded.base} title="Create test" />
      <FormCard form={form} idempotencyKey={loaded.formKey}>
        <Field label="Title" required field={form.field("title")} />
        <SelectField
          label="Class"
          required
          placeholder="Select class"
          options={loaded.classes}
          field={form.field("class")}
        />
        <SelectField
          label="Subject"
          required
          placeholder="Select subject"
          options={loaded.subjects}
          field={form.field("subject")}
        />
        <SelectField label="Term" required options={loaded.terms} field={form.field("term")} />
        <SelectField label="Session" required options={loaded.sessions} field={form.field("session")} />
        <Field
          label="Duration (minutes)"
          required
          field={form.field("duration_minutes")}
          inputProps={{ type: "number", min: 1, inputMode: "numeric" }}
        />
        <Field
          label="Number of questions"
          hint="Drawn at random from the question bank for each student"
          required
          field={form.field("question_count")}
          inputProps={{ type: "number", min: 1, inputMode: "numeric" }}
        />
        <Field label="Opens at" required field={form.field("opens_at")} inputProps={{ type: "datetime-local" }} />
        <Field label="Closes at" required field={form.field("closes_at")} inputProps={{ type: "datetime-local" }} />
        <SelectField
          label="Results column"
          hint="The score, scaled to the column's maximum, goes into this column"
          placeholder="None"
          options={loaded.columns}
          field={form.field("results_column")}
        />
        <Checkbox label="Shuffle questions and options" field={form.field("shuffle")} />
        <Field
          label="Grace for a slow network (minutes)"
          field={form.field("grace_minutes")}
          inputProps={{ type: "number", min: 0, inputMode: "numeric" }}
        />
        <Field
          label="School network only (optional)"
          hint="An address range such as 192.168.1.0/24: the test can then be taken only there"
          field={form.field("lab_network")}
        />
        <Button className="w-full" pending={usePending()} pendingLabel="Creating…">
          Create test
        </Button>
      </FormCard>
    </div>
  );
}
