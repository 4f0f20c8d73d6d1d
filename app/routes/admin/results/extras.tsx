import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { formatDate } from "../../../../contract/calendar";
import { EXTRAS_LIMITS, EXTRAS_MESSAGES as M, type ExtrasSheet } from "../../../../contract/report-extras";
import { RESULTS_MESSAGES } from "../../../../contract/results";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { commentForm, extrasForm } from "~/.server/form-schemas";
import {
  addComment,
  extrasFormErrors,
  extrasRows,
  loadExtras,
  removeComment,
  saveExtras,
  type ExtrasAddress,
} from "~/.server/report-extras.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { getSchoolOptions } from "~/.server/school-options.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { ResultPicker } from "./ResultPicker";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { Disclosure } from "~/components/ui/Disclosure";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState, usePending, type FormResult } from "~/lib/form-state";

/**
 * The report sheet's other parts (/admin/results/extras?class=&term=&year=&result=): a GET picker, then one form
 * with a block per student (attendance, ratings, extra inputs, remarks; each part only when the settings turn it
 * on), and the school's comment bank, offered beside every remark.
 */
export const meta: MetaFunction = () => [{ title: M.title }];

const RESULTS_PATH = "/admin/results";
const EXTRAS_PATH = "/admin/results/extras";

function addressOf(request: Request): ExtrasAddress {
  const params = new URL(request.url).searchParams;
  const value = (name: string) => params.get(name)?.trim() ?? "";
  return { class: value("class"), term: value("term"), year: value("year"), result: value("result") || "terminal" };
}

const pathOf = (at: ExtrasAddress) => `${EXTRAS_PATH}?${new URLSearchParams({ ...at })}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const options = await getSchoolOptions(api);
    const asked = addressOf(request);
    const at = {
      ...asked,
      term: asked.term || options.schoolTerm.term,
      year: asked.year || options.schoolTerm.session,
    };
    const loaded = at.class ? await loadExtras(api, at) : null;
    return {
      at,
      classes: options.classes.map((c) => c.class_name),
      terms: options.terms,
      sessions: [...new Set([...options.sessions, at.year])].sort(),
      sheet: loaded?.ok ? loaded.data : null,
      error: loaded && !loaded.ok ? loaded.message : null,
    };
  });
}

type Refusal = { form: "extras" | "comment"; result: FormResult | null; message?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const at = addressOf(request);
    const formData = await readFormData(request);
    const intent = String(formData.get("intent") ?? "");
    const back = pathOf(at);

    if (intent === "add-comment") {
      const submission = parseWithZod(formData, { schema: commentForm });
      if (submission.status !== "success") return refuse<Refusal>({ form: "comment", result: submission.reply() });
      const response = await addComment(api, submission.value.remark, submission.value.grade ?? "");
      if (!response.ok)
        return refuse<Refusal>({ form: "comment", result: apiReply(submission, response) }, API_REFUSED);
      return redirectWithToast(request, context, `${back}#comments-heading`, success(M.commentAdded));
    }
    if (intent === "remove-comment") {
      const response = await removeComment(api, String(formData.get("comment") ?? ""));
      // Removed already (a second press): the bank is as asked.
      if (!response.ok && response.status !== 404)
        return refuse<Refusal>({ form: "comment", result: null, message: response.message }, API_REFUSED);
      return redirectWithToast(request, context, `${back}#comments-heading`, success(M.commentRemoved));
    }

    const submission = parseWithZod(formData, { schema: extrasForm });
    if (submission.status !== "success") return refuse<Refusal>({ form: "extras", result: submission.reply() });
    const current = await loadExtras(api, at);
    if (!current.ok) return refuse<Refusal>({ form: "extras", result: apiReply(submission, current) }, API_REFUSED);
    const response = await saveExtras(api, at, extrasRows(current.data, submission.value));
    if (!response.ok)
      return refuse<Refusal>(
        { form: "extras", result: apiReply(submission, extrasFormErrors(current.data, response)) },
        API_REFUSED,
      );
    return redirectWithToast(request, context, back, success(response.message ?? M.saved));
  });
}

function ExtrasForm({
  sheet,
  at,
  lastResult,
}: {
  sheet: ExtrasSheet;
  at: ExtrasAddress;
  lastResult?: FormResult | null;
}) {
  const defaults: Record<string, string> = {};
  sheet.rows.forEach((row, i) => {
    defaults[`r${i}_days_opened`] = row.days_opened?.toString() ?? "";
    defaults[`r${i}_days_present`] = row.days_present?.toString() ?? "";
    defaults[`r${i}_days_absent`] = row.days_absent?.toString() ?? "";
    sheet.parts.ratings.forEach((input, j) => (defaults[`r${i}_rating_${j}`] = row.ratings[input]?.toString() ?? ""));
    sheet.parts.extra_inputs.forEach((input, j) => (defaults[`r${i}_extra_${j}`] = row.extra_inputs[input] ?? ""));
    // A remark not written yet starts as the one suggested from the average's band, for the admin to edit.
    defaults[`r${i}_teacher_remark`] = row.teacher_remark ?? row.suggested_remark ?? "";
    defaults[`r${i}_principal_remark`] = row.principal_remark ?? row.suggested_remark ?? "";
  });
  const form = useFormState<string>("extras", lastResult, defaults);
  const saving = usePending({ intent: "save" });
  const hasErrors = (i: number) =>
    Object.keys(defaults)
      .concat(`r${i}_student_id`)
      .some((name) => name.startsWith(`r${i}_`) && (form.field(name).errors?.length ?? 0) > 0);
  const opened = sheet.days_opened_default;
  const number = (max: number, min = 0) => ({ type: "number", inputMode: "numeric" as const, min, max, step: 1 });
  return (
    <Form method="post" action={pathOf(at)} className="space-y-3" key={form.key} {...form.props}>
      <ErrorList id={form.errorId} errors={form.errors} />
      <datalist id="comment-bank">
        {sheet.comments.map((c) => (
          <option key={c.id} value={c.remark} />
        ))}
      </datalist>
      {sheet.rows.map((row, i) => (
        <Disclosure
          key={row.student_id}
          forceOpen={hasErrors(i)}
          className="rounded-lg border border-slate-200 bg-white"
          summaryClassName="min-h-11 cursor-pointer px-3 py-2 font-semibold text-brand-700"
          summary={
            <>
              <span>{row.name}</span>
              <span className="ml-2 text-sm font-normal text-slate-600">
                {[row.admission, row.average !== null ? `${RESULTS_MESSAGES.average} ${row.average}` : null, row.grade]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </>
          }
        >
          <fieldset className="space-y-3 p-3">
            <legend className="sr-only">{row.name}</legend>
            <ErrorList id={`extras-r${i}-student`} errors={form.field(`r${i}_student_id`).errors} />
            {sheet.parts.attendance ? (
              <div className="grid gap-3 sm:grid-cols-3">
                <Field
                  label={M.daysOpened}
                  hint={opened !== null ? `Blank: ${opened}, the term calendar's school days` : undefined}
                  field={form.field(`r${i}_days_opened`)}
                  inputProps={number(EXTRAS_LIMITS.daysMax)}
                />
                <Field
                  label={M.daysPresent}
                  field={form.field(`r${i}_days_present`)}
                  inputProps={number(EXTRAS_LIMITS.daysMax)}
                />
                <Field
                  label={M.daysAbsent}
                  field={form.field(`r${i}_days_absent`)}
                  inputProps={number(EXTRAS_LIMITS.daysMax)}
                />
              </div>
            ) : null}
            {sheet.parts.ratings.length ? (
              <div className="grid gap-3 sm:grid-cols-3">
                {sheet.parts.ratings.map((input, j) => (
                  <Field
                    key={input}
                    label={`${input} (1–5)`}
                    field={form.field(`r${i}_rating_${j}`)}
                    inputProps={number(EXTRAS_LIMITS.ratingMax, EXTRAS_LIMITS.ratingMin)}
                  />
                ))}
              </div>
            ) : null}
            {sheet.parts.extra_inputs.map((input, j) => (
              <Field
                key={input}
                label={input}
                field={form.field(`r${i}_extra_${j}`)}
                inputProps={{ type: "text", maxLength: EXTRAS_LIMITS.extraInputMax }}
              />
            ))}
            {(["teacher_remark", "principal_remark"] as const).map((name) => (
              <Field
                key={name}
                label={name === "teacher_remark" ? M.teacherRemark : M.principalRemark}
                hint={row.suggested_remark ? M.suggested(row.suggested_remark) : undefined}
                field={form.field(`r${i}_${name}`)}
                inputProps={{ type: "text", list: "comment-bank", maxLength: EXTRAS_LIMITS.remarkMax }}
              />
            ))}
          </fieldset>
        </Disclosure>
      ))}
      <Button name="intent" value="save" pending={saving} pendingLabel="Saving…">
        Save
      </Button>
    </Form>
  );
}

function CommentBank({
  sheet,
  at,
  grades,
  lastResult,
  message,
}: {
  sheet: ExtrasSheet;
  at: ExtrasAddress;
  grades: string[];
  lastResult?: FormResult | null;
  message?: string;
}) {
  const form = useFormState<"remark" | "grade">("comment", lastResult);
  const adding = usePending({ intent: "add-comment" });
  return (
    <Panel id="comments-heading" title={M.commentBank}>
      {message ? <Banner>{message}</Banner> : null}
      {sheet.comments.length ? (
        <ul className="divide-y divide-slate-200" aria-label={M.commentBank}>
          {sheet.comments.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-3 py-2">
              <span>
                {c.remark}
                {c.grade ? <span className="block text-sm text-slate-600">{c.grade}</span> : null}
              </span>
              <Form method="post" action={pathOf(at)}>
                <input type="hidden" name="comment" value={c.id} />
                <Button name="intent" value="remove-comment" variant="secondary" aria-label={`Remove ${c.remark}`}>
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No remarks yet.</p>
      )}
      <Form method="post" action={pathOf(at)} className="space-y-3" key={form.key} {...form.props}>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Remark"
          required
          field={form.field("remark")}
          inputProps={{ type: "text", maxLength: EXTRAS_LIMITS.remarkMax }}
        />
        <SelectField label="Suits grade" field={form.field("grade")} options={grades} placeholder="Any grade" />
        <Button name="intent" value="add-comment" variant="secondary" pending={adding} pendingLabel="Adding…">
          Add remark
        </Button>
      </Form>
    </Panel>
  );
}

export default function ReportExtras() {
  const { at, classes, terms, sessions, sheet, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Refusal | undefined;
  const resultOf = (form: Refusal["form"]) => (actionData?.form === form ? actionData.result : null);
  return (
    <div className="space-y-5">
      <PageHeader backTo={RESULTS_PATH} title={M.title} />
      <ResultPicker
        label={RESULTS_MESSAGES.resultPicker}
        chosen={at}
        classes={classes}
        terms={terms}
        sessions={sessions}
      />
      {error ? <Banner>{error}</Banner> : null}
      {sheet ? (
        <>
          <Panel id="extras-heading" title={`${sheet.class_name}, ${sheet.term} ${sheet.session}`}>
            <p className="text-slate-700">
              {M.nextTermBegins}:{" "}
              <strong>{sheet.next_term_begins ? formatDate(sheet.next_term_begins) : "Not set yet"}</strong>
            </p>
            {sheet.published ? <Banner kind="warning">{RESULTS_MESSAGES.locked(sheet.class_name)}</Banner> : null}
            {sheet.rows.length ? (
              <ExtrasForm sheet={sheet} at={at} lastResult={resultOf("extras")} />
            ) : (
              <p className="text-slate-600">No students in this class in this session.</p>
            )}
          </Panel>
          <CommentBank
            sheet={sheet}
            at={at}
            grades={sheet.grades}
            lastResult={resultOf("comment")}
            message={actionData?.form === "comment" ? actionData.message : undefined}
          />
        </>
      ) : null}
    </div>
  );
}
