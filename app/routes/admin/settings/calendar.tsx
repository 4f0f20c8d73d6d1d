import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  CALENDAR_MESSAGES as M,
  CALENDAR_LIMITS,
  DATE_INPUT_HINT,
  TERM_DATE_FIELDS,
  type CalendarTerm,
  type SchoolTerm,
} from "../../../../contract/calendar";
import { isSession } from "../../../../contract/settings";
import { withAdmin } from "~/.server/auth.server";
import { closureFormErrors, datesFormErrors, loadCalendar, saveTerms, termPayload } from "~/.server/calendar.server";
import { readFormData } from "~/.server/form.server";
import { closureForm, termDatesForm } from "~/.server/form-schemas";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { getSchoolOptions } from "~/.server/school-options.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { formatCalendarDay } from "~/lib/dates";
import { useFormState, usePending, type FormResult } from "~/lib/form-state";
import { calendarPath, SETTINGS_PATH } from "~/lib/settings-paths";

/**
 * The term calendar (/admin/settings/calendar?year=2026/2027): each term's dates for a session and the
 * days the school is closed within it (docs/product.md, Terms and sessions). Every part is a plain form.
 */
export const meta: MetaFunction = () => [{ title: "Term calendar" }];

const DATE_LABELS: Record<(typeof TERM_DATE_FIELDS)[number], string> = {
  starts_on: "Starts on",
  ends_on: "Ends on",
  next_term_starts_on: "Next term begins",
};

const FROM_LABELS: Record<SchoolTerm["from"], string> = {
  calendar: "from the term calendar",
  settings: "as set on the report sheet",
  month: "from the month, as no term of the calendar covers today",
};

/** The session in the address, when it is one. */
const askedSession = (request: Request) => {
  const year = new URL(request.url).searchParams.get("year")?.trim() ?? "";
  return isSession(year) ? year : null;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const [calendar, options] = await Promise.all([
      loadCalendar(api, askedSession(request), M.failedCalendar),
      getSchoolOptions(api),
    ]);
    const session = calendar.ok ? calendar.data.session : (askedSession(request) ?? options.schoolTerm.session);
    const sessions = [...new Set([...options.sessions, session])].sort();
    return {
      error: calendar.ok ? null : calendar.message,
      session,
      sessions,
      terms: calendar.ok ? calendar.data.terms : [],
      schoolTerm: options.schoolTerm,
    };
  });
}

type Refusal = { form: string; result: FormResult | null; message?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const session = askedSession(request);
    const formData = await readFormData(request);
    const intent = String(formData.get("intent") ?? "");
    if (!session) return refuse<Refusal>({ form: "", result: null, message: M.yearInvalid });
    const back = calendarPath(session);
    // After a closure changes, the page opens at that term's closures rather than at the top.
    const closuresOf = (index: number) => (index >= 0 && index <= 2 ? `${back}#closures-${index}-heading` : back);

    if (intent === "save-dates") {
      const submission = parseWithZod(formData, { schema: termDatesForm });
      if (submission.status !== "success") return refuse<Refusal>({ form: "dates", result: submission.reply() });
      const value = submission.value as Record<string, string | undefined>;
      const terms = [0, 1, 2].map((i) => ({
        term: ["1st Term", "2nd Term", "3rd Term"][i],
        ...Object.fromEntries(TERM_DATE_FIELDS.map((field) => [field, value[`t${i}_${field}`] ?? null])),
      }));
      const response = await saveTerms(api, session, terms);
      if (!response.ok)
        return refuse<Refusal>({ form: "dates", result: apiReply(submission, datesFormErrors(response)) }, API_REFUSED);
      return redirectWithToast(request, context, back, success(response.message ?? M.saved));
    }

    // Adding or removing a closure sends the term back with its closures changed: the same form sent
    // twice adds one closure (a date is one closure) and removes it once.
    const current = await loadCalendar(api, session, M.failedCalendar);
    if (intent === "add-closure") {
      const submission = parseWithZod(formData, { schema: closureForm });
      const form = `closure-${String(formData.get("term") ?? "")}`;
      if (submission.status !== "success") return refuse<Refusal>({ form, result: submission.reply() });
      if (!current.ok) return refuse<Refusal>({ form, result: apiReply(submission, current) }, API_REFUSED);
      const term = current.data.terms[Number(submission.value.term)];
      const added = { date: submission.value.closure_date, name: submission.value.closure_name ?? null };
      const response = await saveTerms(api, session, [
        termPayload(term, [...term.closures.filter((c) => c.date !== added.date), added]),
      ]);
      if (!response.ok)
        return refuse<Refusal>({ form, result: apiReply(submission, closureFormErrors(response)) }, API_REFUSED);
      return redirectWithToast(request, context, closuresOf(Number(submission.value.term)), success(M.closureAdded));
    }

    if (intent === "remove-closure") {
      if (!current.ok) return refuse<Refusal>({ form: "", result: null, message: current.message }, API_REFUSED);
      const term = current.data.terms[Number(formData.get("term"))];
      const date = String(formData.get("date") ?? "");
      if (term && term.closures.some((c) => c.date === date)) {
        const response = await saveTerms(api, session, [
          termPayload(
            term,
            term.closures.filter((c) => c.date !== date),
          ),
        ]);
        if (!response.ok) return refuse<Refusal>({ form: "", result: null, message: response.message }, API_REFUSED);
      }
      return redirectWithToast(request, context, closuresOf(Number(formData.get("term"))), success(M.closureRemoved));
    }
    return refuse<Refusal>({ form: "", result: null, message: M.termsRequired });
  });
}

function SessionChooser({ sessions, session }: { sessions: string[]; session: string }) {
  return (
    <nav aria-label="Sessions">
      <ul className="flex flex-wrap gap-2">
        {sessions.map((s) => (
          <li key={s}>
            <Link
              to={calendarPath(s)}
              aria-current={s === session ? "page" : undefined}
              className="inline-flex min-h-11 items-center rounded-full bg-brand-50 px-4 font-semibold text-brand-800 ring-1 ring-brand-100 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
            >
              {s}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function schoolDaysText(t: CalendarTerm) {
  if (t.school_days === null) return "Not set yet";
  return `${t.school_days} school ${t.school_days === 1 ? "day" : "days"}`;
}

function DatesForm({
  terms,
  session,
  lastResult,
}: {
  terms: CalendarTerm[];
  session: string;
  lastResult?: FormResult | null;
}) {
  const defaults = Object.fromEntries(
    terms.flatMap((t, i) => TERM_DATE_FIELDS.map((field) => [`t${i}_${field}`, t[field] ?? ""])),
  );
  const form = useFormState<string>("term-dates", lastResult, defaults);
  const saving = usePending({ intent: "save-dates" });
  return (
    <Form method="post" action={calendarPath(session)} className="space-y-4" key={form.key} {...form.props}>
      <ErrorList id={form.errorId} errors={form.errors} />
      {terms.map((t, i) => (
        <fieldset key={t.term} className="space-y-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 font-semibold">{t.term}</legend>
          {TERM_DATE_FIELDS.map((field) => (
            <Field
              key={field}
              label={DATE_LABELS[field]}
              required={field !== "next_term_starts_on"}
              hint={DATE_INPUT_HINT}
              field={form.field(`t${i}_${field}`)}
              inputProps={{ type: "date" }}
            />
          ))}
          <ErrorList id={form.field(`t${i}_closures`).errorId} errors={form.field(`t${i}_closures`).errors} />
          <p className="text-sm text-slate-700">{schoolDaysText(t)}</p>
        </fieldset>
      ))}
      <Button name="intent" value="save-dates" pending={saving} pendingLabel="Saving…">
        Save dates
      </Button>
    </Form>
  );
}

function Closures({
  term,
  index,
  session,
  lastResult,
}: {
  term: CalendarTerm;
  index: number;
  session: string;
  lastResult?: FormResult | null;
}) {
  const form = useFormState<"closure_date" | "closure_name">(`closure-${index}`, lastResult);
  const adding = usePending({ intent: "add-closure", values: { term: String(index) } });
  const headingId = `closures-${index}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="font-semibold">
        {term.term}
      </h3>
      {term.closures.length ? (
        <ul className="divide-y divide-slate-200" aria-label={`${term.term} closures`}>
          {term.closures.map((c) => (
            <li key={c.date} className="flex items-center justify-between gap-3 py-2">
              <span>
                <span className="block">{formatCalendarDay(c.date)}</span>
                {c.name ? <span className="block text-sm text-slate-600">{c.name}</span> : null}
              </span>
              <Form method="post" action={calendarPath(session)}>
                <input type="hidden" name="term" value={index} />
                <input type="hidden" name="date" value={c.date} />
                <Button
                  name="intent"
                  value="remove-closure"
                  variant="secondary"
                  aria-label={`Remove ${formatCalendarDay(c.date)}`}
                >
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No closures.</p>
      )}
      {term.starts_on && term.ends_on ? (
        <Form method="post" action={calendarPath(session)} className="space-y-3" key={form.key} {...form.props}>
          <ErrorList id={form.errorId} errors={form.errors} />
          <input type="hidden" name="term" value={index} />
          <Field
            label="Date closed"
            required
            hint={DATE_INPUT_HINT}
            field={form.field("closure_date")}
            inputProps={{ type: "date", min: term.starts_on, max: term.ends_on }}
          />
          <Field
            label="Name (optional)"
            hint="A holiday or the reason, such as Independence Day"
            field={form.field("closure_name")}
            inputProps={{ type: "text", maxLength: CALENDAR_LIMITS.closureNameMax }}
          />
          <Button name="intent" value="add-closure" variant="secondary" pending={adding} pendingLabel="Adding…">
            Add closure
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">Set the term&apos;s dates to add closures.</p>
      )}
    </section>
  );
}

export default function TermCalendar() {
  const { error, session, sessions, terms, schoolTerm } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Refusal | undefined;
  const resultOf = (form: string) => (actionData?.form === form ? actionData.result : null);
  return (
    <div className="space-y-5">
      <PageHeader backTo={SETTINGS_PATH} title="Term calendar" />
      <p className="text-slate-700">
        Current term: <strong>{schoolTerm.term}</strong>, {schoolTerm.session} ({FROM_LABELS[schoolTerm.from]}).
      </p>
      <SessionChooser sessions={sessions} session={session} />
      {error ? <Banner>{error}</Banner> : null}
      {actionData?.message ? <Banner>{actionData.message}</Banner> : null}
      {!error ? (
        <>
          <Panel id="dates-heading" title={`Term dates, ${session}`}>
            <p className="text-sm text-slate-600">
              School days are the weekdays from a term&apos;s start to its end, less its closures.
            </p>
            <DatesForm terms={terms} session={session} lastResult={resultOf("dates")} />
          </Panel>
          <Panel id="closures-heading" title="Holidays and closures">
            {terms.map((t, i) => (
              <Closures key={t.term} term={t} index={i} session={session} lastResult={resultOf(`closure-${i}`)} />
            ))}
          </Panel>
        </>
      ) : null}
    </div>
  );
}
