import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { termEndingInto } from "../../../../contract/calendar";
import { PROMOTION_MESSAGES, SUGGESTIONS, type PromotionPreview } from "../../../../contract/promotion";
import { withAdmin } from "~/.server/auth.server";
import { newFormKey, readFormData } from "~/.server/form.server";
import { promotionRulesForm } from "~/.server/form-schemas";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { checkboxClass } from "~/components/ui/Checkbox";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { TableScroll } from "~/components/ui/TableScroll";
import { formatDateTime } from "~/lib/dates";
import { useFormState, usePending, type FormResult } from "~/lib/form-state";
import {
  CONFIRM_PATH,
  confirmHref,
  PROMOTION_PATH,
  summaryText,
  TERM_PATH,
  termRolloverText,
  UNDO_PATH,
  type PromotionChoices,
} from "./promotion-summary";

export const meta: MetaFunction = () => [{ title: "Promote Students" }];

/** A class graduates when its next class is this (the API's "" and null). */
const GRADUATES = "Graduates";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const preview = await api.get<PromotionPreview>("/promotion/preview");
    return {
      preview: preview.ok ? preview.data : null,
      // Worked out here: the client keeps none of the calendar's term arithmetic.
      nextTerm: preview.ok ? termEndingInto(preview.data.current_term, preview.data.ending_session) : null,
      error: preview.ok ? null : preview.message,
      formKey: newFormKey(),
      termKey: newFormKey(),
    };
  });
}

/** Saves the next classes and marks; the promotion itself is confirmed on its own page (or dialog). */
export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const submission = parseWithZod(formData, { schema: promotionRulesForm });
    if (submission.status !== "success") return refuse({ result: submission.reply() });
    const classes = formData.getAll("class_name").map(String);
    const next_classes = Object.fromEntries(classes.map((name, at) => [name, submission.value.next[at] ?? ""]));
    const saved = await api.create("/promotion/rules", { ...submission.value, next: undefined, next_classes });
    if (!saved.ok) {
      const fieldNames = Object.fromEntries(classes.map((name, at) => [`next_classes.${name}`, `next[${at}]`]));
      return refuse({ result: apiReply(submission, saved, { fieldNames }) }, API_REFUSED);
    }
    return redirectWithToast(request, context, PROMOTION_PATH, success(saved.message ?? PROMOTION_MESSAGES.rulesSaved));
  });
}

function RulesForm({ preview, lastResult }: { preview: PromotionPreview; lastResult: FormResult | undefined }) {
  const form = useFormState<string>("promotion-rules", lastResult, {
    lower_mark: preview.lower_mark,
    upper_mark: preview.upper_mark,
  });
  const sent = (lastResult?.initialValue as { next?: (string | undefined)[] } | undefined)?.next;
  const options = [...preview.classes.map((c) => c.class_name), { value: "", label: GRADUATES }];
  return (
    <Form key={form.key} method="post" {...form.props} className="space-y-3">
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="grid gap-3 sm:grid-cols-2">
        {preview.classes.map((c, at) => {
          const field = form.field(`next[${at}]`);
          return (
            <div key={c.class_name}>
              <input type="hidden" name="class_name" value={c.class_name} />
              <SelectField
                label={`After ${c.class_name}`}
                options={options}
                field={{ ...field, defaultValue: lastResult ? (sent?.[at] ?? "") : (c.next_class ?? "") }}
              />
            </div>
          );
        })}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Lower mark"
          hint={`An annual average under it: ${SUGGESTIONS.repeat}`}
          field={form.field("lower_mark")}
          inputProps={{ inputMode: "numeric" }}
        />
        <Field
          label="Upper mark"
          hint={`From the lower mark to under this one: ${SUGGESTIONS.trial}`}
          field={form.field("upper_mark")}
          inputProps={{ inputMode: "numeric" }}
        />
      </div>
      <Button variant="secondary" pending={usePending({ action: PROMOTION_PATH })}>
        Save next classes
      </Button>
    </Form>
  );
}

function PromoteForm({ preview, formKey }: { preview: PromotionPreview; formKey: string }) {
  const hydrated = useHydrated();
  const [choices, setChoices] = useState<PromotionChoices>({ held_back: [], moved_up: [] });
  const toggle = (list: keyof PromotionChoices, id: number, on: boolean) =>
    setChoices((now) => ({ ...now, [list]: on ? [...now[list], id] : now[list].filter((x) => x !== id) }));
  return (
    <Form method="get" action={CONFIRM_PATH} className="space-y-3">
      {preview.suggested.length ? (
        <TableScroll label="Students suggested to repeat or go up on trial">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th className="py-2 pr-3">Student</th>
                <th className="py-2 pr-3">Class</th>
                <th className="py-2 pr-3">Annual average</th>
                <th className="py-2 pr-3">Suggestion</th>
                <th className="py-2">Choice</th>
              </tr>
            </thead>
            <tbody>
              {preview.suggested.map((s) => {
                const repeat = s.suggestion === SUGGESTIONS.repeat;
                const list = repeat ? "moved_up" : "held_back";
                const id = `promotion-${list}-${s.id}`;
                return (
                  <tr key={s.id} className="border-t border-slate-200">
                    <td className="py-2 pr-3 font-semibold">{s.name}</td>
                    <td className="py-2 pr-3">{s.class_name}</td>
                    <td className="py-2 pr-3">{s.average}</td>
                    <td className="py-2 pr-3">{s.suggestion}</td>
                    <td className="py-2">
                      <div className="flex min-h-11 items-center gap-2">
                        <input
                          type="checkbox"
                          id={id}
                          name={list}
                          value={s.id}
                          className={checkboxClass}
                          onChange={(event) => toggle(list, s.id, event.currentTarget.checked)}
                        />
                        <label htmlFor={id}>{repeat ? `Move ${s.name} up` : `Keep ${s.name} back`}</label>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="text-slate-700">No student's annual average is under the upper mark.</p>
      )}
      {hydrated ? (
        <ConfirmDialog
          href={confirmHref(choices)}
          action={CONFIRM_PATH}
          title="Promote students"
          description={summaryText(preview, choices)}
          triggerLabel="Promote students"
          confirmLabel="Promote students"
          variant="primary"
          hiddenFields={{
            ending_session: preview.ending_session,
            held_back: choices.held_back.join(","),
            moved_up: choices.moved_up.join(","),
            idempotency_key: formKey,
          }}
        />
      ) : (
        <Button>Promote students</Button>
      )}
    </Form>
  );
}

/** The current term; the 1st and 2nd end here in one confirmed step, the 3rd with the promotion below. */
function TermPanel({ preview, next, formKey }: { preview: PromotionPreview; next: string | null; formKey: string }) {
  const term = preview.current_term;
  return (
    <Panel id="promotion-term" title={`End of ${term}`}>
      <p className="text-slate-700">
        The school is in {term} of {preview.ending_session}.
      </p>
      {next ? (
        <>
          <p className="text-slate-700">{termRolloverText(term, preview.ending_session, next)}</p>
          <ConfirmDialog
            href={TERM_PATH}
            action={TERM_PATH}
            title={`End ${term}`}
            description={termRolloverText(term, preview.ending_session, next)}
            triggerLabel={`End ${term}`}
            confirmLabel={`End ${term}`}
            variant="primary"
            hiddenFields={{ ending_term: term, ending_session: preview.ending_session, idempotency_key: formKey }}
          />
        </>
      ) : (
        <Banner kind="info">{PROMOTION_MESSAGES.lastTerm}: see below.</Banner>
      )}
    </Panel>
  );
}

function LastPromotionPanel({ preview }: { preview: PromotionPreview }) {
  const last = preview.last;
  if (!last) return null;
  return (
    <Panel id="promotion-last" title="Last promotion">
      <p className="text-slate-700">
        {last.ending_session} ended on {formatDateTime(new Date(last.promoted_at))}: {last.promoted} promoted,{" "}
        {last.repeated} kept back, {last.graduated} graduated.
      </p>
      {last.undo_refused ? (
        <Banner kind="info">{last.undo_refused}</Banner>
      ) : (
        <ConfirmDialog
          href={UNDO_PATH}
          action={UNDO_PATH}
          title="Undo promotion"
          description={`Every student goes back to their class of ${last.ending_session}, the graduates come back from the backlog and the school goes back to ${last.ending_session}.`}
          triggerLabel="Undo promotion"
          confirmLabel="Undo promotion"
        />
      )}
    </Panel>
  );
}

/** The end of a session: where each class goes, who is suggested to repeat, then one confirmed promotion. */
export default function Promotion() {
  const { preview, nextTerm, error, formKey, termKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  if (!preview)
    return (
      <div className="space-y-4">
        <PageHeader backTo="/admin/students" title="Promote Students" />
        <Banner>{error}</Banner>
      </div>
    );
  return (
    <div className="space-y-4">
      <PageHeader backTo="/admin/students" title="Promote Students" />
      <TermPanel key={termKey} preview={preview} next={nextTerm} formKey={termKey} />
      <LastPromotionPanel preview={preview} />
      <Panel id="promotion-classes" title={`End of ${preview.ending_session}`}>
        <TableScroll label="Classes and where they go">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th className="py-2 pr-3">Class</th>
                <th className="py-2 pr-3">Students</th>
                <th className="py-2">Goes to</th>
              </tr>
            </thead>
            <tbody>
              {preview.classes.map((c) => (
                <tr key={c.class_name} className="border-t border-slate-200">
                  <td className="py-2 pr-3 font-semibold">{c.class_name}</td>
                  <td className="py-2 pr-3">{c.count}</td>
                  <td className="py-2">{c.next_class ?? GRADUATES}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <p className="text-slate-700">
          {preview.graduates} graduates go to the former students&apos; backlog with the reason Graduated.
          {preview.unplaced ? ` ${preview.unplaced} students in no class of the school's stay as they are.` : ""}
        </p>
      </Panel>
      <Panel id="promotion-suggested" title="Suggested to repeat or go up on trial">
        {/* Drawn afresh after each load, so that its dialog closes once the promotion is done. */}
        <PromoteForm key={formKey} preview={preview} formKey={formKey} />
      </Panel>
      <Panel id="promotion-rules" title="Next classes">
        <RulesForm preview={preview} lastResult={lastResult} />
      </Panel>
    </div>
  );
}
