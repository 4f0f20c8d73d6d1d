import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  CBT_MESSAGES as M,
  OPTION_LETTERS,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  type CbtQuestionAdmin,
} from "../../../../contract/cbt";
import { withAdmin } from "~/.server/auth.server";
import { IMAGE_MAX_BYTES } from "../../../../contract/limits";
import { cbtBase } from "~/.server/cbt.server";
import { mediaSrc } from "~/.server/media.server";
import { newFormKey, readFormData } from "~/.server/form.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { getSchoolOptions } from "~/.server/school-options.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button, buttonClass } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field, inputClass } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState, usePending } from "~/lib/form-state";

/**
 * The question bank of a class and subject (/admin/assessments/questions?class=&subject=): its questions with their
 * answers, and a form to type one more (objective with 2 to 5 options, true/false, or theory).
 */
export const meta: MetaFunction = () => [{ title: "Question bank" }];

const ANSWERS = [
  ...OPTION_LETTERS.map((letter, i) => ({ value: String(i), label: `Option ${letter}` })),
  { value: "true", label: "True" },
  { value: "false", label: "False" },
];

const chosen = (request: Request) => {
  const params = new URL(request.url).searchParams;
  return {
    class: params.get("class")?.trim().slice(0, 60) ?? "",
    subject: params.get("subject")?.trim().slice(0, 100) ?? "",
  };
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const options = await getSchoolOptions(api);
    const pair = chosen(request);
    const bank =
      pair.class && pair.subject
        ? await api.get<CbtQuestionAdmin[]>("/cbt/questions", {
            query: pair,
            fallback: "The questions could not be loaded.",
          })
        : null;
    return {
      base: cbtBase(request),
      pair,
      formKey: newFormKey(),
      classes: options.classes.map((c) => c.class_name),
      subjects: options.subjects,
      questions: bank?.ok ? bank.data.map((q) => ({ ...q, picture: mediaSrc(q.image_url) })) : [],
      error: bank && !bank.ok ? bank.message : null,
    };
  });
}

type Name = "kind" | "text" | "options" | "answer" | "marks" | "image" | `option_${number}`;

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const form = await readFormData(request, { maxFileBytes: IMAGE_MAX_BYTES, maxFiles: 1 });
    const text = (name: string) => String(form.get(name) ?? "");
    const values: Record<string, string> = {
      kind: text("kind"),
      text: text("text"),
      answer: text("answer"),
      marks: text("marks"),
      ...Object.fromEntries(OPTION_LETTERS.map((_, i) => [`option_${i}`, text(`option_${i}`)])),
    };
    const pair = chosen(request);
    const body = {
      ...pair,
      kind: values.kind,
      text: values.text,
      options: OPTION_LETTERS.map((_, i) => values[`option_${i}`].trim()).filter(Boolean),
      answer: values.answer || null,
      marks: values.marks || undefined,
    };
    const image = form.get("image");
    let sent: unknown = body;
    if (image instanceof File && image.size > 0) {
      const multipart = new FormData();
      multipart.set("question_data", JSON.stringify(body));
      multipart.set("image", image);
      sent = multipart;
    }
    const made = await api.create("/cbt/questions", sent, { idempotencyKey: form.get("idempotency_key") });
    if (!made.ok) return refuse(apiReply({ values }, made), API_REFUSED);
    const back = `${cbtBase(request)}/questions?${new URLSearchParams(pair)}`;
    return redirectWithToast(request, context, back, success(M.questionAdded));
  });
}

export default function QuestionBank() {
  const { base, pair, formKey, classes, subjects, questions, error } = useLoaderData<typeof loader>();
  const form = useFormState<Name>("cbt-question", useActionData<typeof action>(), { kind: "objective", marks: "1" });
  const optionErrors = form.field("options").errors;
  const pending = usePending();
  return (
    <div className="space-y-5">
      <PageHeader
        backTo={base}
        title="Question bank"
        actions={
          base.startsWith("/admin") ? (
            <Link to="/admin/add-bulk-questions" className={buttonClass("secondary")}>
              Import from a spreadsheet
            </Link>
          ) : undefined
        }
      />
      <Form method="get" className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <SelectField
          label="Class"
          placeholder="Select class"
          options={classes}
          id="bank-class"
          selectProps={{ name: "class", defaultValue: pair.class }}
        />
        <SelectField
          label="Subject"
          placeholder="Select subject"
          options={subjects}
          id="bank-subject"
          selectProps={{ name: "subject", defaultValue: pair.subject }}
        />
        <Button variant="secondary">Show questions</Button>
      </Form>
      {error ? <Banner>{error}</Banner> : null}
      {pair.class && pair.subject && !error ? (
        <>
          <Panel id="bank" title={`${pair.class} · ${pair.subject}: ${questions.length} questions`}>
            <ol className="list-decimal space-y-3 pl-6">
              {questions.map((q) => (
                <li key={q.id}>
                  <p className="whitespace-pre-line font-semibold">{q.text}</p>
                  {q.picture ? (
                    <img src={q.picture} alt="" width={160} height={120} className="h-auto max-w-40 rounded-lg" />
                  ) : null}
                  <p className="text-sm text-slate-700">
                    {QUESTION_KIND_LABELS[q.kind]} · {q.marks} mark{q.marks === 1 ? "" : "s"}
                    {q.kind === "true_false" ? ` · Answer: ${q.answer === "true" ? "True" : "False"}` : ""}
                  </p>
                  {q.options ? (
                    <ul className="text-sm">
                      {q.options.map((o, i) => (
                        <li key={i} className={String(i) === q.answer ? "font-semibold text-emerald-800" : ""}>
                          {OPTION_LETTERS[i]}. {o}
                          {String(i) === q.answer ? " (correct)" : ""}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ol>
          </Panel>
          <Panel id="add-question" title="Add a question">
            <Form method="post" encType="multipart/form-data" className="space-y-4" key={form.key} {...form.props}>
              <input type="hidden" name="idempotency_key" value={formKey} />
              <ErrorList id={form.errorId} errors={form.errors} />
              <SelectField
                label="Kind"
                options={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABELS[k] }))}
                field={form.field("kind")}
              />
              <Field label="Question" field={form.field("text")}>
                <textarea
                  id={form.field("text").id}
                  name="text"
                  rows={3}
                  defaultValue={form.field("text").defaultValue}
                  aria-invalid={form.field("text").errors?.length ? true : undefined}
                  aria-describedby={form.field("text").errors?.length ? form.field("text").errorId : undefined}
                  className={inputClass}
                />
              </Field>
              <Field
                label="Picture (optional)"
                hint="A photo or a diagram the question needs"
                field={form.field("image")}
                inputProps={{ type: "file", accept: "image/png,image/jpeg,image/gif,image/webp" }}
              />
              <fieldset className="space-y-2" aria-describedby={optionErrors?.length ? "cbt-options-error" : undefined}>
                <legend className="text-sm font-semibold text-slate-800">Options (objective questions)</legend>
                {OPTION_LETTERS.map((letter, i) => (
                  <Field key={letter} label={`Option ${letter}`} field={form.field(`option_${i}`)} />
                ))}
                <ErrorList id="cbt-options-error" errors={optionErrors} />
              </fieldset>
              <SelectField
                label="Correct answer"
                hint="Not needed for a theory question"
                placeholder="Select the answer"
                options={ANSWERS}
                field={form.field("answer")}
              />
              <Field
                label="Marks"
                field={form.field("marks")}
                inputProps={{ type: "number", min: 1, inputMode: "numeric" }}
              />
              <Button className="w-full" pending={pending} pendingLabel="Adding…">
                Add question
              </Button>
            </Form>
          </Panel>
        </>
      ) : null}
    </div>
  );
}
