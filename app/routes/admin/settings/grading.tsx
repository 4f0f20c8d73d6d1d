import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GRADING_WORDS as W } from "../../../../contract/grading-settings";
import { DEFAULT_ERRORS, MESSAGES } from "../../../../contract/messages";
import {
  POSITION_TIE_LABELS,
  POSITION_TIES,
  scoreColumnNames,
  type ReportSheetSettings,
  type SchoolSettings,
} from "../../../../contract/settings";
import { reportSheetSchema } from "../../../../contract/settings.schema";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, refuse } from "~/.server/reply.server";
import { SaveBar, saveBarFormClass } from "~/components/ui/SaveBar";
import { GRADING_PATH, REPORT_SHEET_PATH, SETTINGS_PATH } from "~/lib/settings-paths";
import { useListForm } from "~/lib/use-list-form";
import { SettingsFormTop } from "./SettingsFormTop";
import { Choice } from "~/components/ui/Choice";
import {
  apiGradingErrorId,
  gradingErrorId,
  gradingToSend,
  initialGrading,
  readGrading,
  SectionGrading,
  type SectionGradingState,
} from "./SectionGrading";

export const meta: MetaFunction = () => [{ title: W.title }];

/** The grading while it is being edited; nothing is saved until "save". */
interface GradingState {
  position_ties: string;
  grading: SectionGradingState;
}

/** Messages by field: the tie rule by name, each section's maxima and grades by their ids, `form` above the form. */
type GradingErrors = Partial<Record<string, string[]>>;

const initialState = (sheet: ReportSheetSettings, sections: readonly string[]): GradingState => ({
  position_ties: sheet.position_ties,
  grading: initialGrading(sheet, sections),
});

const readState = (formData: FormData): GradingState => ({
  position_ties: String(formData.get("position_ties") ?? ""),
  grading: readGrading(formData),
});

const isUnsaved = (edited: GradingState, saved: GradingState) => JSON.stringify(edited) !== JSON.stringify(saved);

/** The score columns the maxima are for: the report sheet's, set on its own page. */
const columnsOf = (sheet: ReportSheetSettings) => ({
  exam_columns: sheet.exam_columns,
  mid_term_columns: sheet.mid_term_columns,
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const result = await api.get<SchoolSettings>("/school-settings", { fallback: MESSAGES.failedSettings });
    if (!result.ok) return { error: result.message, view: null, sections: [], columns: null };
    const { report_sheet, sections } = result.data;
    return { error: null, view: initialState(report_sheet, sections), sections, columns: columnsOf(report_sheet) };
  });
}

/** The school's report sheet as it is, with the maxima, grade scales and tie rule of the form in its place. */
export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const state = readState(await readFormData(request));
    const reply = (errors: GradingErrors) => ({ state, errors, revision: crypto.randomUUID() });

    const current = await api.get<SchoolSettings>("/school-settings", { fallback: MESSAGES.failedSettings });
    if (!current.ok) return refuse(reply({ form: [current.message] }), API_REFUSED);
    const { report_sheet: sheet, sections } = current.data;
    const columns = scoreColumnNames(sheet);
    const { rowOf, ...grading } = gradingToSend(state.grading, sections, columns);
    const parsed = reportSheetSchema.safeParse({ ...sheet, ...grading, position_ties: state.position_ties });
    const errors: GradingErrors = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field =
        gradingErrorId(issue.path, sections, columns, rowOf) ??
        (issue.path[0] === "position_ties" ? "position_ties" : "form");
      errors[field] ??= [issue.message];
    }
    if (!parsed.success) return refuse(reply(errors));

    const response = await api.update<SchoolSettings>(
      "/school-settings",
      { school_settings: { report_sheet: parsed.data } },
      { fallback: DEFAULT_ERRORS.update },
    );
    if (!response.ok) {
      for (const [key, messages] of Object.entries(response.fieldErrors)) {
        const field = apiGradingErrorId(key, sections, columns, rowOf);
        if (field && messages?.length) errors[field] ??= messages;
      }
      if (!Object.keys(errors).length) errors.form = [response.message];
      return refuse(reply(errors), API_REFUSED);
    }
    return redirectWithToast(request, context, SETTINGS_PATH, success(MESSAGES.settingsUpdated));
  });
}

export default function SettingsGrading() {
  const { error, view, sections, columns } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { current, onSubmit, onChange, edited } = useListForm<GradingState, GradingErrors>(
    "grading-settings",
    actionData,
    (formData) => ({ state: readState(formData), errors: {} }),
    readState,
  );
  const state = current?.state ?? view;
  const errors: GradingErrors = current?.errors ?? {};
  const unsaved = Boolean(view && edited && isUnsaved(edited, view));

  return (
    <div className="space-y-5">
      <SettingsFormTop title={W.title} error={error} formError={errors.form?.[0]} unsaved={unsaved} />
      {state && columns ? (
        <Form
          id="grading-settings"
          method="post"
          action={GRADING_PATH}
          className={`space-y-5 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${saveBarFormClass}`}
          key={current?.revision ?? "loaded"}
          onSubmit={onSubmit}
          onChange={onChange}
        >
          <p className="text-sm text-slate-700">
            {W.columnsHint}{" "}
            <Link to={REPORT_SHEET_PATH} className="font-semibold text-brand-700 underline">
              {W.reportSheetLink}
            </Link>
            .
          </p>
          <Choice
            name="position_ties"
            label="Tied positions"
            options={POSITION_TIES.map((rule) => ({ value: rule, label: POSITION_TIE_LABELS[rule] }))}
            value={state.position_ties}
            errors={errors.position_ties}
          />
          <section aria-labelledby="grading-heading" className="space-y-3">
            <h2 id="grading-heading" className="text-sm font-semibold text-slate-800">
              {W.sections}
            </h2>
            {sections.map((section, index) => (
              <SectionGrading
                key={section}
                section={section}
                index={index}
                sheet={columns}
                state={state.grading}
                errors={errors}
              />
            ))}
          </section>
          <SaveBar unsaved={unsaved}>Save &amp; Back to Settings</SaveBar>
        </Form>
      ) : null}
    </div>
  );
}
