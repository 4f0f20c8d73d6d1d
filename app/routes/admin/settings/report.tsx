import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { currentSession } from "../../../../contract/calendar";
import { GRADING_WORDS, maximaResetMessage } from "../../../../contract/grading-settings";
import { DEFAULT_ERRORS, MESSAGES } from "../../../../contract/messages";
import {
  isSession,
  sectionMaxima,
  SETTINGS_LIMITS,
  SETTINGS_LIST_MESSAGES as L,
  SETTINGS_MESSAGES as M,
  type ReportSheetSettings,
  type SchoolSettings,
} from "../../../../contract/settings";
import { reportSheetSchema } from "../../../../contract/settings.schema";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, refuse } from "~/.server/reply.server";
import { DefaultAddButton, MultiValueInput } from "~/components/ui/MultiValueInput";
import { SaveBar, saveBarFormClass } from "~/components/ui/SaveBar";
import { SelectField } from "~/components/ui/SelectField";
import { addEntry, newEntryName, readIntent, readList, removeEntry, type ListRules } from "~/lib/list-intents";
import { GRADING_PATH, REPORT_SHEET_PATH, SETTINGS_PATH } from "~/lib/settings-paths";
import { useListForm } from "~/lib/use-list-form";
import { SettingsFormTop } from "./SettingsFormTop";
import { Choice } from "~/components/ui/Choice";

export const meta: MetaFunction = () => [{ title: "Report Sheet Columns" }];

const FLAGS = [
  "add_position",
  "include_attendance",
  "enable_extra_inputs",
  "enable_child_development",
  "school_signature",
] as const;
const LISTS = ["extra_inputs", "child_development_inputs", "mid_term_columns", "exam_columns"] as const;
type Flag = (typeof FLAGS)[number];
type ListField = (typeof LISTS)[number];
type YesNo = "yes" | "no" | "";

const inputRules: ListRules = { required: L.inputRequired, duplicate: L.inputDuplicate, max: SETTINGS_LIMITS.columns };
const columnRules: ListRules = {
  required: L.columnRequired,
  duplicate: L.columnDuplicate,
  max: SETTINGS_LIMITS.columns,
};
const LIST_RULES: Record<ListField, ListRules> = {
  extra_inputs: inputRules,
  child_development_inputs: inputRules,
  mid_term_columns: columnRules,
  exam_columns: columnRules,
};

/** The report sheet while it is being edited; nothing is saved until "save". */
interface ReportState {
  flags: Record<Flag, YesNo>;
  current_term: string;
  current_session: string;
  lists: Record<ListField, string[]>;
  pending: Record<ListField, string>;
}

/** Messages by field name; `form` above the form. */
type ReportErrors = Partial<Record<string, string[]>>;

const yesNo = (value: boolean): YesNo => (value ? "yes" : "no");

function initialState(settings: SchoolSettings, today: Date): ReportState {
  const sheet = settings.report_sheet;
  const session = settings.other_settings.current_session;
  return {
    flags: Object.fromEntries(FLAGS.map((flag) => [flag, yesNo(sheet[flag])])) as Record<Flag, YesNo>,
    current_term: sheet.current_term,
    current_session: typeof session === "string" ? session : currentSession(today),
    lists: Object.fromEntries(LISTS.map((list) => [list, sheet[list]])) as Record<ListField, string[]>,
    pending: Object.fromEntries(LISTS.map((list) => [list, ""])) as Record<ListField, string>,
  };
}

function readState(formData: FormData): ReportState {
  const text = (name: string) => String(formData.get(name) ?? "");
  const flag = (name: Flag): YesNo => (text(name) === "yes" ? "yes" : text(name) === "no" ? "no" : "");
  return {
    flags: Object.fromEntries(FLAGS.map((name) => [name, flag(name)])) as Record<Flag, YesNo>,
    current_term: text("current_term"),
    current_session: text("current_session"),
    lists: Object.fromEntries(LISTS.map((list) => [list, readList(formData, list)])) as Record<ListField, string[]>,
    pending: Object.fromEntries(LISTS.map((list) => [list, text(newEntryName(list))])) as Record<ListField, string>,
  };
}

/** Whether the form holds what the saved sheet does not: a choice or list changed, or a name typed to add. */
const isUnsaved = (edited: ReportState, saved: ReportState) =>
  JSON.stringify({ ...edited, pending: null }) !== JSON.stringify({ ...saved, pending: null }) ||
  Object.values(edited.pending).some((typed) => typed.trim());

const isList = (name: string | undefined): name is ListField => LISTS.includes(name as ListField);

/** An add or remove, the same in the browser and on the server; nothing is saved. */
function applyIntent(formData: FormData): { state: ReportState; errors: ReportErrors; focus?: string } {
  const intent = readIntent(formData);
  const state = readState(formData);
  const errors: ReportErrors = {};
  if (intent.kind === "remove") {
    if (isList(intent.list)) state.lists[intent.list] = removeEntry(state.lists[intent.list], intent.index);
    return { state, errors };
  }
  const target = intent.kind === "add" ? intent.list : undefined;
  for (const list of LISTS) {
    if (target !== list && (target || !state.pending[list].trim())) continue;
    const added = addEntry(state.lists[list], state.pending[list], LIST_RULES[list]);
    if (added.error) errors[list] = [added.error];
    else {
      state.lists[list] = added.values;
      state.pending[list] = "";
    }
  }
  return { state, errors, focus: target };
}

/**
 * Each section's saved maxima for the columns being saved. A section whose saved maxima no longer let the exam
 * columns add up to 100 (a column added when they already did, or one removed) takes the defaults of the new
 * columns, and is named in `reset` so that the admin is sent to check them.
 */
function fittedMaxima(
  saved: ReportSheetSettings,
  lists: Pick<ReportSheetSettings, "exam_columns" | "mid_term_columns">,
  sections: readonly string[],
): { score_maxima: Record<string, Record<string, number>>; reset: string[] } {
  const reset: string[] = [];
  const score_maxima = Object.fromEntries(
    sections.map((section) => {
      const kept = Object.fromEntries(
        Object.entries(saved.score_maxima[section] ?? {}).filter(
          ([column]) => lists.exam_columns.includes(column) || lists.mid_term_columns.includes(column),
        ),
      );
      const maxima = sectionMaxima({ ...lists, score_maxima: { [section]: kept } }, section);
      const total = lists.exam_columns.reduce((sum, column) => sum + maxima[column], 0);
      if (total === 100 || !lists.exam_columns.length) return [section, kept];
      reset.push(section);
      return [section, {}];
    }),
  );
  return { score_maxima, reset };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const result = await api.get<SchoolSettings>("/school-settings", { fallback: MESSAGES.failedSettings });
    if (!result.ok) return { error: result.message, view: null, terms: [], sessions: [] };
    return {
      error: null,
      view: initialState(result.data, new Date()),
      terms: result.data.terms,
      sessions: result.data.sessions,
    };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    if (readIntent(formData).kind !== "save") return { ...applyIntent(formData), revision: crypto.randomUUID() };
    const state = readState(formData);
    const reply = (errors: ReportErrors) => ({ state, errors, revision: crypto.randomUUID() });

    const current = await api.get<SchoolSettings>("/school-settings", { fallback: MESSAGES.failedSettings });
    if (!current.ok) return refuse(reply({ form: [current.message] }), API_REFUSED);
    const flag = (name: Flag) => (state.flags[name] === "" ? undefined : state.flags[name] === "yes");
    const saved = current.data.report_sheet;
    const { score_maxima, reset } = fittedMaxima(saved, state.lists, current.data.sections);
    const parsed = reportSheetSchema.safeParse({
      ...Object.fromEntries(FLAGS.map((name) => [name, flag(name)])),
      ...state.lists,
      current_term: state.current_term,
      score_maxima,
      grade_scales: saved.grade_scales,
      position_ties: saved.position_ties,
    });
    const errors: ReportErrors = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      // The maxima can only miss 100 here when the exam columns cannot share it (none left).
      const field = issue.path[0] === "score_maxima" ? "exam_columns" : String(issue.path[0]);
      errors[field] ??= [issue.message];
    }
    if (!current.data.terms.includes(state.current_term)) errors.current_term = [M.currentTermMissing];
    if (!isSession(state.current_session)) errors.current_session = [M.sessionFormat];
    if (!parsed.success || Object.keys(errors).length) return refuse(reply(errors));

    const report_sheet: ReportSheetSettings = parsed.data;
    const response = await api.update<SchoolSettings>(
      "/school-settings",
      {
        school_settings: {
          report_sheet,
          other_settings: { ...current.data.other_settings, current_session: state.current_session },
        },
      },
      { fallback: DEFAULT_ERRORS.update },
    );
    if (!response.ok) return refuse(reply({ form: [response.message] }), API_REFUSED);
    if (reset.length) return redirectWithToast(request, context, GRADING_PATH, success(maximaResetMessage(reset)));
    return redirectWithToast(request, context, SETTINGS_PATH, success(MESSAGES.settingsUpdated));
  });
}

const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

export default function SettingsReport() {
  const { error, view, terms, sessions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { current, onSubmit, onChange, edited } = useListForm<ReportState, ReportErrors>(
    "report-settings",
    actionData,
    applyIntent,
    readState,
  );
  const state = current?.state ?? view;
  const errors: ReportErrors = current?.errors ?? {};
  const unsaved = Boolean(view && edited && isUnsaved(edited, view));

  const flag = (name: Flag, label: string) => (
    <Choice name={name} label={label} options={YES_NO} value={state?.flags[name] ?? ""} errors={errors[name]} />
  );
  const list = (name: ListField, label: string, noun: string) => (
    <MultiValueInput
      name={name}
      label={label}
      noun={noun}
      values={state?.lists[name] ?? []}
      pending={state?.pending[name]}
      errors={errors[name]}
      autoFocus={current?.focus === name}
    />
  );

  return (
    <div className="space-y-5">
      <SettingsFormTop title="Report Sheet Columns" error={error} formError={errors.form?.[0]} unsaved={unsaved} />
      {state ? (
        <Form
          id="report-settings"
          method="post"
          action={REPORT_SHEET_PATH}
          className={`space-y-5 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${saveBarFormClass}`}
          key={current?.revision ?? "loaded"}
          onSubmit={onSubmit}
          onChange={onChange}
        >
          <DefaultAddButton />
          {flag("add_position", "Add position")}
          <Choice
            name="current_term"
            label="Current term"
            options={terms.map((t) => ({ value: t, label: t }))}
            value={state.current_term}
            errors={errors.current_term}
          />
          <SelectField
            id="current_session"
            label="Current session"
            options={[...new Set([...sessions, state.current_session])].filter(Boolean)}
            errors={errors.current_session}
            selectProps={{ name: "current_session", defaultValue: state.current_session }}
          />
          {flag("include_attendance", "Include attendance")}
          {flag("enable_extra_inputs", "Enable extra inputs")}
          {list("extra_inputs", "Extra inputs", "extra input")}
          {flag("enable_child_development", "Enable child development")}
          {list("child_development_inputs", "Child development inputs", "child development input")}
          {list("mid_term_columns", "Mid-term columns", "mid-term column")}
          {list("exam_columns", "Exam columns", "exam column")}
          <p className="text-sm text-slate-700">
            {GRADING_WORDS.intro}{" "}
            <Link to={GRADING_PATH} className="font-semibold text-brand-700 underline">
              {GRADING_WORDS.title}
            </Link>
          </p>
          {flag("school_signature", "School signature")}
          <SaveBar unsaved={unsaved}>Save &amp; Back to Settings</SaveBar>
        </Form>
      ) : null}
    </div>
  );
}
