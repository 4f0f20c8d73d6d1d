import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RESULTS_MESSAGES as M, RESULT_KINDS, type ScoreSheet } from "../../../../contract/results";
import { withAdmin } from "~/.server/auth.server";
import { refuse } from "~/.server/reply.server";
import { sendSpreadsheet } from "~/.server/imports.server";
import {
  isMultipart,
  loadSheet,
  saveGrid,
  sheetChoice,
  sheetPath,
  sheetQuery,
  uploadReply,
} from "~/.server/results.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { FilterForm } from "~/components/list/FilterForm";
import { Banner } from "~/components/ui/Banner";
import { EmptyState } from "~/components/ui/EmptyState";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState } from "~/lib/form-state";
import { cellDefaults } from "~/lib/score-cells";
import { ScoreSheetPanel } from "~/components/results/ScoreGrid";
import { ScoreUpload } from "./ScoreUpload";

export const meta: MetaFunction = () => [{ title: M.entryTitle }];

const GRID_FORM = "score-grid";
// Class and subject names run long ("English Language"): a line each on a phone, so no choice is cut off.
const WIDE = "w-full sm:w-auto sm:min-w-40 sm:flex-1";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const { choice, classError, options } = await sheetChoice(api, request);
    if (!choice.class || !choice.subject) return { choice, classError, options, sheet: null, error: null };
    const loaded = await loadSheet(api, choice);
    return {
      choice,
      classError,
      options,
      sheet: loaded.ok ? loaded.data : null,
      error: loaded.ok ? null : loaded.message,
    };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const { choice } = await sheetChoice(api, request);
    // The template filled in: sent on to the API, which checks every row before saving any.
    if (isMultipart(request)) {
      const sent = await sendSpreadsheet<ScoreSheet>(
        request,
        context,
        api,
        "/results/sheet/upload",
        sheetQuery(choice),
      );
      if (sent.ok) return redirectWithToast(request, context, sheetPath(choice), success(sent.message ?? M.saved));
      return refuse({ upload: uploadReply(sent) }, sent.status);
    }
    return saveGrid({ request, context, api }, choice, sheetPath(choice));
  });
}

/** The pick form: a GET form whose address is the sheet's, so that a choice is a link to come back to. */
function SheetPicker({
  choice,
  classError,
  options,
}: Pick<SerializeFrom<typeof loader>, "choice" | "classError" | "options">) {
  return (
    <FilterForm label={M.pickLabel} submitLabel={M.show}>
      <div className={WIDE}>
        <SelectField
          id="results-class"
          label={M.classLabel}
          placeholder={M.classRequired}
          options={options.classes}
          errors={classError ? [classError] : undefined}
          selectProps={{ name: "class", defaultValue: choice.class }}
        />
      </div>
      {options.subjects.length ? (
        <div className={WIDE}>
          <SelectField
            id="results-subject"
            label={M.subjectLabel}
            options={options.subjects}
            selectProps={{ name: "subject", defaultValue: choice.subject }}
          />
        </div>
      ) : null}
      <div className="min-w-32 flex-1">
        <SelectField
          id="results-term"
          label={M.termLabel}
          options={options.terms}
          selectProps={{ name: "term", defaultValue: choice.term }}
        />
      </div>
      <div className="min-w-32 flex-1">
        <SelectField
          id="results-year"
          label={M.sessionLabel}
          options={options.sessions}
          selectProps={{ name: "year", defaultValue: choice.year }}
        />
      </div>
      <div className="min-w-32 flex-1">
        <SelectField
          id="results-result"
          label={M.resultLabel}
          options={RESULT_KINDS.map((kind) => ({ value: kind, label: M.resultKinds[kind] }))}
          selectProps={{ name: "result", defaultValue: choice.result }}
        />
      </div>
    </FilterForm>
  );
}

export default function ScoreEntry() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer && "reply" in answer ? answer.reply : undefined;
  const { sheet, choice, error } = data;
  const form = useFormState<string>(GRID_FORM, refused, sheet ? cellDefaults(sheet) : undefined);
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">{M.entryTitle}</h1>
      <SheetPicker choice={choice} classError={data.classError} options={data.options} />
      {error ? <Banner>{error}</Banner> : null}
      {!choice.class ? (
        <EmptyState title={M.chooseClassFirst} />
      ) : !choice.subject ? (
        <EmptyState title={M.noSubjects} />
      ) : sheet ? (
        <ScoreSheetPanel
          sheet={sheet}
          form={form}
          notice={sheet.locked ? M.locked(sheet.class_name) : sheet.published ? M.reopened(sheet.subject) : null}
        />
      ) : null}
      {sheet?.rows.length && !sheet.locked ? (
        <ScoreUpload
          query={new URLSearchParams(choice).toString()}
          refused={answer && "upload" in answer ? answer.upload : undefined}
        />
      ) : null}
    </div>
  );
}
