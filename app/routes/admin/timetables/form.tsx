import { timetablePayload } from "../../../../contract/timetables.schema";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { currentSession, TERMS, type TermLabel } from "../../../../contract/calendar";
import { DEFAULT_SUCCESS, MESSAGES } from "../../../../contract/messages";
import {
  DEFAULT_TIMETABLE_CLASS,
  DEFAULT_TIMETABLE_TYPE,
  TIMETABLE_MESSAGES,
  TIMETABLE_TYPES,
  type Timetable,
  type TimetableType,
} from "../../../../contract/timetables";
import { withAdmin } from "~/.server/auth.server";
import { newFormKey, readFormData } from "~/.server/form.server";
import { getSchoolOptions, type SchoolOptions } from "~/.server/school-options.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { FormCard } from "~/components/ui/FormCard";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState } from "~/lib/form-state";
import { TIMETABLES_BACK } from "~/.server/timetables.server";
import { VenueField, withCurrent } from "./shared";
import { notFound } from "~/.server/not-found.server";

/** Create (/admin/timetable/add?type=…) and edit (/admin/timetable/{id}/edit) a timetable: one form. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "timetable" in data && data.timetable ? "Edit Timetable" : "Add Timetable" },
];

/**
 * The term and session a new timetable starts on: the school's planning term (the calendar's, else the one
 * set as current, else planningTerm; docs/product.md, Terms and sessions), matched by position to the
 * school's own term names, and its session when the school offers it.
 */
function defaultTermAndSession(options: SchoolOptions, today: Date): { term: string; session: string } {
  const planned = options.schoolTerm.planning_term;
  const term = options.terms.includes(planned) ? planned : (options.terms[TERMS.indexOf(planned as TermLabel)] ?? "");
  const session =
    [options.schoolTerm.planning_session, currentSession(today)].find((s) => s && options.sessions.includes(s)) ??
    options.sessions[0] ??
    "";
  return { term, session };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const today = new Date();
    const options = await getSchoolOptions(api, today);
    const classes = options.classes.map((c) => c.class_name);
    let timetable: Timetable | null = null;
    if (params.id) {
      const result = await api.get<Timetable>(`/timetables/${encodeURIComponent(params.id)}`, {
        fallback: MESSAGES.failedTimetable,
      });
      if (result.status === 404) notFound(TIMETABLE_MESSAGES.timetableNotFound, TIMETABLES_BACK);
      if (!result.ok) return { error: result.message, timetable: null, options: null, defaults: null, formKey: "" };
      timetable = result.data;
    }
    const requested = new URL(request.url).searchParams.get("type");
    const type: TimetableType = (TIMETABLE_TYPES as readonly string[]).includes(requested ?? "")
      ? (requested as TimetableType)
      : DEFAULT_TIMETABLE_TYPE;
    const defaults = timetable
      ? {
          type: timetable.type,
          class: timetable.class,
          session: timetable.session,
          term: timetable.term,
          venue: timetable.venue ?? "",
        }
      : {
          type,
          class: classes.includes(DEFAULT_TIMETABLE_CLASS) ? DEFAULT_TIMETABLE_CLASS : "",
          ...defaultTermAndSession(options, today),
          venue: "",
        };
    return {
      error: null,
      timetable,
      defaults,
      formKey: newFormKey(),
      options: {
        classes: withCurrent(classes, timetable?.class),
        sessions: withCurrent(options.sessions, timetable?.session),
        terms: withCurrent(options.terms, timetable?.term),
        fromFallback: options.fromFallback,
      },
    };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const submission = parseWithZod(formData, { schema: timetablePayload });
    if (submission.status !== "success") return refuse(submission.reply());
    const key = formData.get("idempotency_key");
    const response = params.id
      ? await api.update(`/timetables/${encodeURIComponent(params.id)}`, submission.value, { method: "PUT" })
      : await api.create("/timetables", submission.value, { idempotencyKey: key });
    if (!response.ok) return refuse(apiReply(submission, response), API_REFUSED);
    return redirectWithToast(
      request,
      context,
      "/admin/time-table",
      success(params.id ? DEFAULT_SUCCESS.updated : DEFAULT_SUCCESS.created),
    );
  });
}

export default function TimetableForm() {
  const loaded = useLoaderData<typeof loader>();
  return <TimetableFormBody {...loaded} />;
}

function TimetableFormBody({
  error,
  timetable,
  defaults,
  formKey,
  options,
}: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { notFound: true }>) {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const editing = Boolean(timetable);
  const form = useFormState<"type" | "class" | "session" | "term" | "venue">(
    "timetable",
    lastResult,
    defaults ?? undefined,
  );
  const title = editing ? "Edit Timetable" : "Add Timetable";

  return (
    <div className="space-y-5">
      <PageHeader backTo="/admin/time-table" title={title} />
      {error ? <Banner>{error}</Banner> : null}
      {options?.fromFallback ? (
        <Banner kind="info">{MESSAGES.failedSettings} Standard classes, sessions and terms are offered.</Banner>
      ) : null}
      {options && defaults ? (
        <FormCard form={form} idempotencyKey={editing ? null : formKey}>
          {(
            [
              ["type", "Type", TIMETABLE_TYPES, undefined],
              ["class", "Class", options.classes, "Select class"],
              ["session", "Session", options.sessions, "Select session"],
              ["term", "Term", options.terms, "Select term"],
            ] as const
          ).map(([name, label, choices, placeholder]) => (
            <SelectField
              key={name}
              label={label}
              required
              options={choices}
              placeholder={placeholder}
              field={form.field(name)}
            />
          ))}
          <VenueField field={form.field("venue")} />
          <Button className="w-full" pending={navigation.state === "submitting"} pendingLabel="Saving…">
            {editing ? "Save Changes" : "Create Timetable"}
          </Button>
        </FormCard>
      ) : null}
    </div>
  );
}
