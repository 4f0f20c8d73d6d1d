import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GRADING_WORDS } from "../../../../contract/grading-settings";
import { DEFAULT_ERRORS, MESSAGES } from "../../../../contract/messages";
import {
  classForSaving,
  includesName,
  SETTINGS_MESSAGES,
  type SchoolSettings,
  type SchoolSettingsPayload,
} from "../../../../contract/settings";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { addSectionForm } from "~/.server/form-schemas";
import { redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button, buttonClass } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { chipButtonClass, chipClass, RemoveLabel } from "~/components/ui/MultiValueInput";
import { useFormState, usePending } from "~/lib/form-state";
import {
  CALENDAR_PATH,
  GRADING_PATH,
  JOBS_PATH,
  sectionPath,
  SETTINGS_PATH,
  REPORT_SHEET_PATH,
} from "~/lib/settings-paths";

export const meta: MetaFunction = () => [{ title: "Settings" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const removing = new URL(request.url).searchParams.get("remove");
  return withAdmin(request, context, async ({ api, subAdminId }) => {
    // The jobs page is the main admin's alone: a sub-admin holding the settings key is not led to it.
    const mainAdmin = subAdminId === undefined;
    const result = await api.get<SchoolSettings>("/school-settings", { fallback: MESSAGES.failedSettings });
    if (!result.ok)
      return {
        error: result.message,
        sections: [],
        classesBySection: {} as Record<string, string[]>,
        removing: null,
        mainAdmin,
      };
    const { sections, classes_by_section } = result.data;
    return {
      mainAdmin,
      error: null,
      sections,
      classesBySection: classes_by_section,
      removing: removing && sections.includes(removing) ? removing : null,
    };
  });
}

/**
 * Each section change is saved at once: the main view has no save button of its own, and the toast
 * confirms every change. Removing a section also removes its classes and subjects.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const intent = String(formData.get("intent") ?? "");
    const submission = parseWithZod(formData, { schema: addSectionForm });
    const current = await api.get<SchoolSettings>("/school-settings", { fallback: MESSAGES.failedSettings });
    if (!current.ok)
      return refuse({ result: apiReply(submission, current, { messageOn: "" }), removeError: null }, API_REFUSED);
    const settings = current.data;

    let update: SchoolSettingsPayload["school_settings"];
    if (intent === "remove-section") {
      const section = String(formData.get("section") ?? "");
      if (!settings.sections.includes(section))
        return redirectWithToast(request, context, SETTINGS_PATH, success(MESSAGES.settingsUpdated));
      update = {
        sections: settings.sections.filter((s) => s !== section),
        classes: settings.classes
          .filter((c) => c.section !== section)
          .map((c) => classForSaving(c, settings.subjects_by_section)),
        subjects_by_section: Object.fromEntries(
          Object.entries(settings.subjects_by_section).filter(([s]) => s !== section),
        ),
      };
    } else {
      if (submission.status !== "success") return refuse({ result: submission.reply(), removeError: null });
      if (includesName(settings.sections, submission.value.section)) {
        return refuse({
          result: submission.reply({ fieldErrors: { section: [SETTINGS_MESSAGES.sectionDuplicate] } }),
          removeError: null,
        });
      }
      update = { sections: [...settings.sections, submission.value.section] };
    }

    const response = await api.update<SchoolSettings>(
      "/school-settings",
      { school_settings: update },
      { fallback: DEFAULT_ERRORS.update },
    );
    if (!response.ok) {
      const refused =
        intent === "remove-section"
          ? { result: null, removeError: response.message }
          : { result: apiReply(submission, response, { messageOn: "section" }), removeError: null };
      return refuse(refused, API_REFUSED);
    }
    return redirectWithToast(request, context, SETTINGS_PATH, success(MESSAGES.settingsUpdated));
  });
}

function RemoveSection({ section, classes }: { section: string; classes: string[] }) {
  const removing = usePending({ intent: "remove-section", values: { section } });
  const label = <RemoveLabel name={section} />;
  if (!classes.length) {
    return (
      <Form method="post" action={SETTINGS_PATH}>
        <input type="hidden" name="section" value={section} />
        <button type="submit" name="intent" value="remove-section" className={chipButtonClass} disabled={removing}>
          {label}
        </button>
      </Form>
    );
  }
  return (
    <ConfirmDialog
      href={`${SETTINGS_PATH}?remove=${encodeURIComponent(section)}`}
      action={SETTINGS_PATH}
      title="Remove section"
      description={<RemoveDescription section={section} classes={classes} />}
      triggerLabel={label}
      triggerClassName={chipButtonClass}
      confirmLabel="Remove"
      hiddenFields={{ intent: "remove-section", section }}
    />
  );
}

function RemoveDescription({ section, classes }: { section: string; classes: string[] }) {
  return (
    <>
      Remove {section}? Its classes ({classes.join(", ")}) and its subjects are removed too.
    </>
  );
}

export default function Settings() {
  const { error, sections, classesBySection, removing, mainAdmin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const adding = usePending({ intent: "add-section" });
  const form = useFormState<"section">("add-section", actionData?.result);

  if (removing) {
    return (
      <ConfirmPage
        title="Remove section"
        description={<RemoveDescription section={removing} classes={classesBySection[removing] ?? []} />}
        cancelTo={SETTINGS_PATH}
        confirmLabel="Remove"
        hiddenFields={{ intent: "remove-section", section: removing }}
      />
    );
  }

  return (
    <div className="space-y-5">
      <PageHeader backTo="/admin/dashboard" title="Settings" />
      {error ? <Banner>{error}</Banner> : null}
      {actionData?.removeError ? <Banner>{actionData.removeError}</Banner> : null}
      {!error ? (
        <>
          <Panel id="sections-heading" title="Sections">
            <ul className="flex flex-wrap gap-2" data-testid="sections">
              {sections.map((section) => (
                <li key={section} className={chipClass}>
                  <span>{section}</span>
                  <RemoveSection section={section} classes={classesBySection[section] ?? []} />
                </li>
              ))}
            </ul>
            <Form method="post" action={SETTINGS_PATH} className="space-y-2" key={form.key} {...form.props}>
              <ErrorList id={form.errorId} errors={form.errors} />
              <Field label="New section" required field={form.field("section")} inputProps={{ type: "text" }} />
              <Button name="intent" value="add-section" variant="secondary" pending={adding} pendingLabel="Adding…">
                Add
              </Button>
            </Form>
          </Panel>

          <Panel id="subjects-heading" title="Classes and subjects">
            <ul className="grid gap-2 sm:grid-cols-2">
              {sections.map((section) => (
                <li key={section}>
                  <Link to={sectionPath(section)} className={buttonClass("secondary", "w-full")}>
                    {section} Subjects
                  </Link>
                </li>
              ))}
            </ul>
          </Panel>

          <Panel id="report-heading" title="Report sheet">
            <ul className="grid gap-2 sm:grid-cols-2">
              <li>
                <Link to={REPORT_SHEET_PATH} className={buttonClass("secondary", "w-full")}>
                  Report Sheet Columns
                </Link>
              </li>
              <li>
                <Link to={GRADING_PATH} className={buttonClass("secondary", "w-full")}>
                  {GRADING_WORDS.title}
                </Link>
              </li>
            </ul>
          </Panel>

          <Panel id="calendar-heading" title="School year">
            <Link to={CALENDAR_PATH} className={buttonClass("secondary", "w-full")}>
              Term calendar
            </Link>
          </Panel>
          {mainAdmin ? (
            <Panel id="jobs-heading" title="Background jobs">
              <Link to={JOBS_PATH} className={buttonClass("secondary", "w-full")}>
                Background Jobs
              </Link>
            </Panel>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
