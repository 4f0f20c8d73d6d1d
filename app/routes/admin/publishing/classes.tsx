import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RESULTS_MESSAGES as M, type ClassCompleteness, type Correction } from "../../../../contract/results";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { correctionForm } from "~/.server/form-schemas";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { resultScreenOptions } from "~/.server/result-choice.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button, buttonClass } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { EmptyState } from "~/components/ui/EmptyState";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field, inputClass } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { ADMINS_PATH } from "~/lib/access";
import { useFormState, usePending, type FormResult } from "~/lib/form-state";
import { BROADSHEET_PATH, PUBLISHING_PATH, resultQuery, type ResultChoice } from "~/lib/result-choice";
import { ResultPicker } from "../results/ResultPicker";

export const meta: MetaFunction = () => [{ title: M.publishing }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const { classes, terms, sessions, chosen } = await resultScreenOptions(api, request);
    const choice = { ...chosen, class: "" };
    const completeness = await api.get<ClassCompleteness[]>("/results/completeness", {
      query: { term: choice.term, year: choice.year, result: choice.result },
    });
    const subjectsOf = new Map(classes.map((c) => [c.class_name, c.subjects]));
    return {
      chosen: choice,
      terms,
      sessions,
      classes: completeness.ok
        ? completeness.data.map((c) => ({ ...c, subject_names: subjectsOf.get(c.class_name) ?? [] }))
        : null,
      error: completeness.ok ? null : (completeness.message ?? M.completenessFailed),
    };
  });
}

/** The correction form of one class: its subject and reason; the class, term, session and result ride along. */
export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const className = String(formData.get("class") ?? "");
    const submission = parseWithZod(formData, { schema: correctionForm });
    if (submission.status !== "success") return refuse({ result: submission.reply(), className });
    const response = await api.create<Correction>("/results/corrections", submission.value);
    if (!response.ok) return refuse({ result: apiReply(submission, response), className }, API_REFUSED);
    const { term, session, result } = submission.value;
    return redirectWithToast(
      request,
      context,
      `${PUBLISHING_PATH}?${resultQuery({ class: "", term, year: session, result })}`,
      success(response.message ?? M.reopened(submission.value.subject)),
    );
  });
}

type ClassRow = ClassCompleteness & { subject_names: string[] };

/** The main admin's publishing of each class's results for a term: completeness, publish, unpublish, correct. */
export default function PublishResults() {
  const { chosen, terms, sessions, classes, error } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <PageHeader backTo={ADMINS_PATH} title={M.publishing} />
      <ResultPicker label={M.resultPicker} chosen={chosen} classes={null} terms={terms} sessions={sessions} />
      {error ? <Banner>{error}</Banner> : null}
      {classes && !classes.length ? <EmptyState title={M.noClasses} /> : null}
      {classes?.length ? (
        <ul className="space-y-3" aria-label="Classes">
          {classes.map((c) => (
            <ClassCard
              key={c.class_name}
              row={c}
              chosen={chosen}
              lastResult={refused?.className === c.class_name ? refused.result : null}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ClassCard({
  row,
  chosen,
  lastResult,
}: {
  row: ClassRow;
  chosen: ResultChoice;
  lastResult: FormResult | null;
}) {
  const back = `${PUBLISHING_PATH}?${resultQuery(chosen)}`;
  const query = resultQuery({ ...chosen, class: row.class_name });
  const hidden = {
    class: row.class_name,
    term: chosen.term,
    session: chosen.year,
    result: chosen.result,
    returnTo: back,
  };
  const state = row.published
    ? M.publishedVersion(row.version)
    : row.version > 0
      ? M.unpublishedVersion(row.version)
      : M.notPublishedState;
  const canPublish = !row.published || row.reopened.length > 0;
  const headingId = `class-${row.class_name.replace(/[^A-Za-z0-9]/g, "-")}`;
  return (
    <li className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {row.class_name}
        </h2>
        <p className={`text-sm font-semibold ${row.published ? "text-green-800" : "text-slate-700"}`}>{state}</p>
      </div>
      <p className="text-sm text-slate-700">
        {row.section} · {M.studentsInClass(row.students)} · {M.subjectsComplete(row.subjects_complete, row.subjects)}
      </p>
      {row.reopened.length ? <p className="text-sm text-amber-900">{M.reopenedSubjects(row.reopened)}</p> : null}
      <div className="flex flex-wrap gap-2">
        {canPublish ? (
          <ConfirmDialog
            href={`${PUBLISHING_PATH}/publish?${query}&returnTo=${encodeURIComponent(back)}`}
            action={`${PUBLISHING_PATH}/publish`}
            title={M.publishTitle(row.class_name)}
            description={M.publishQuestion(row.class_name, row.subjects_complete, row.subjects)}
            triggerLabel={row.version > 0 ? M.publishAgain : M.publish}
            confirmLabel={row.version > 0 ? M.publishAgain : M.publish}
            variant="primary"
            hiddenFields={hidden}
          />
        ) : null}
        {row.published ? (
          <ConfirmDialog
            href={`${PUBLISHING_PATH}/unpublish?${query}&returnTo=${encodeURIComponent(back)}`}
            action={`${PUBLISHING_PATH}/unpublish`}
            title={M.unpublishTitle(row.class_name)}
            description={M.unpublishQuestion(row.class_name)}
            triggerLabel={M.unpublish}
            confirmLabel={M.unpublish}
            variant="danger"
            hiddenFields={hidden}
          />
        ) : null}
        <Link to={`${BROADSHEET_PATH}?${query}`} className={buttonClass("secondary")}>
          {M.broadsheet}
        </Link>
      </div>
      {row.published ? <CorrectionForm row={row} hidden={hidden} lastResult={lastResult} /> : null}
    </li>
  );
}

function CorrectionForm({
  row,
  hidden,
  lastResult,
}: {
  row: ClassRow;
  hidden: Record<string, string>;
  lastResult: FormResult | null;
}) {
  const id = `correct-${row.class_name.replace(/[^A-Za-z0-9]/g, "-")}`;
  const form = useFormState<"subject" | "reason">(id, lastResult);
  const reason = form.field("reason");
  const pending = usePending({ intent: "correct", values: { class: row.class_name } });
  return (
    <details open={Boolean(lastResult)} className="rounded-lg border border-slate-200 p-3">
      <summary className="cursor-pointer font-semibold text-brand-700">{M.correction}</summary>
      <Form key={form.key} method="post" {...form.props} className="mt-3 space-y-3">
        <p className="text-sm text-slate-700">{M.correctionHint}</p>
        <ErrorList id={form.errorId} errors={form.errors} />
        {Object.entries(hidden)
          .filter(([name]) => name !== "returnTo")
          .map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        <SelectField
          label="Subject"
          placeholder="Select a subject"
          options={row.subject_names}
          field={form.field("subject")}
          required
        />
        <Field label={M.reason} field={reason} required>
          <textarea
            className={inputClass}
            rows={3}
            id={reason.id}
            name={reason.name}
            defaultValue={reason.defaultValue}
            aria-invalid={reason["aria-invalid"]}
            aria-describedby={reason["aria-describedby"]}
            aria-required
          />
        </Field>
        <Button name="intent" value="correct" pending={pending}>
          {M.reopen}
        </Button>
      </Form>
    </details>
  );
}
