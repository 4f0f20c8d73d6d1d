import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { DEFAULT_ERRORS, MESSAGES } from "../../../../contract/messages";
import {
  allSubjects,
  classForSaving,
  duplicateIndexes,
  levelOf,
  SETTINGS_LIMITS,
  SETTINGS_LIST_MESSAGES as L,
  SETTINGS_MESSAGES as M,
  type SchoolSettings,
  type SchoolSettingsPayload,
} from "../../../../contract/settings";
import { NIGERIAN_SUBJECTS } from "../../../../contract/subjects";
import type { SchoolApiClient } from "~/.server/api.server";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { Panel } from "~/components/Page";
import { Button } from "~/components/ui/Button";
import { Disclosure } from "~/components/ui/Disclosure";
import { ErrorList } from "~/components/ui/ErrorList";
import { inputClass } from "~/components/ui/Field";
import { DefaultAddButton, NewEntry } from "~/components/ui/MultiValueInput";
import { SaveBar, saveBarFormClass } from "~/components/ui/SaveBar";
import { addEntry, newEntryName, readIntent, readList, removeEntry, removeIntent } from "~/lib/list-intents";
import { sectionPath, SETTINGS_PATH } from "~/lib/settings-paths";
import { useListForm } from "~/lib/use-list-form";
import { SettingsFormTop } from "./SettingsFormTop";
import { notFound } from "~/.server/not-found.server";
import { API_REFUSED, refuse } from "~/.server/reply.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.section ?? "Section"} Subjects` }];

/** A section's classes and subjects while they are being edited; nothing is saved until "save". */
interface SectionState {
  classes: string[];
  /** The name each class row had when the page was loaded ("" for a row added since): a changed name is a rename. */
  previous: string[];
  /** Each class row's level as typed; empty when the class is its own level. */
  levels: string[];
  /** The ticked subjects. */
  subjects: string[];
  /** Every subject offered as a checkbox: the school's, the curriculum's and any typed in. */
  options: string[];
  newClass: string;
  newSubject: string;
}

interface SectionErrors {
  classes?: Record<number, string[]>;
  levels?: Record<number, string[]>;
  newClass?: string[];
  newSubject?: string[];
  subjects?: string[];
  form?: string[];
}

const sectionOf = (request: Request) => new URL(request.url).searchParams.get("name") ?? "";

function initialState(settings: SchoolSettings, section: string): SectionState {
  const subjects = settings.subjects_by_section[section] ?? [];
  const classes = settings.classes.filter((c) => c.section === section);
  return {
    classes: classes.map((c) => c.class_name),
    previous: classes.map((c) => c.class_name),
    levels: classes.map((c) => (levelOf(c) === c.class_name ? "" : levelOf(c))),
    subjects,
    options: [...new Set([...subjects, ...allSubjects(settings), ...NIGERIAN_SUBJECTS])],
    newClass: "",
    newSubject: "",
  };
}

function readState(formData: FormData): SectionState {
  const subjects = readList(formData, "subjects");
  const classes = readList(formData, "classes");
  const previous = readList(formData, "classes_was");
  const levels = readList(formData, "levels");
  return {
    classes,
    previous: classes.map((_, index) => previous[index] ?? ""),
    levels: classes.map((_, index) => levels[index] ?? ""),
    subjects,
    options: [...new Set([...readList(formData, "subject_options"), ...subjects])],
    newClass: String(formData.get(newEntryName("classes")) ?? ""),
    newSubject: String(formData.get(newEntryName("subjects")) ?? ""),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Whether the form holds what the saved section does not: a class, level or tick changed, or a name typed to add. */
function isUnsaved(edited: SectionState, saved: SectionState) {
  const ticked = (state: SectionState) => [...state.subjects].sort();
  return (
    !sameList(edited.classes, saved.classes) ||
    !sameList(edited.levels, saved.levels) ||
    !sameList(ticked(edited), ticked(saved)) ||
    Boolean(edited.newClass.trim() || edited.newSubject.trim())
  );
}

async function loadSettings(api: SchoolApiClient, section: string) {
  const result = await api.get<SchoolSettings>("/school-settings", { fallback: MESSAGES.failedSettings });
  if (result.ok && !result.data.sections.includes(section))
    notFound(M.sectionNotFound, { to: SETTINGS_PATH, label: "Back to settings" });
  return result;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const section = sectionOf(request);
  return withAdmin(request, context, async ({ api }) => {
    const result = await loadSettings(api, section);
    if (!result.ok) return { error: result.message, section, view: null, taken: [] };
    return { error: null, section, view: initialState(result.data, section), taken: takenNames(result.data, section) };
  });
}

/** Appends a typed subject: ticks it if it is already offered, adds it to the offer otherwise. */
function addSubject(state: SectionState): { state: SectionState; error?: string } {
  const typed = state.newSubject.trim();
  const offered = state.options.find((o) => o.toLowerCase() === typed.toLowerCase());
  const added = addEntry(state.subjects, offered ?? typed, {
    required: L.subjectRequired,
    duplicate: L.subjectDuplicate,
    max: SETTINGS_LIMITS.subjects,
  });
  if (added.error) return { state, error: added.error };
  const name = added.values[added.values.length - 1];
  return {
    state: {
      ...state,
      subjects: added.values,
      options: offered ? state.options : [...state.options, name],
      newSubject: "",
    },
  };
}

/** Class names of the other sections, which this section's classes may not repeat. */
const takenNames = (settings: SchoolSettings, section: string) =>
  settings.classes.filter((c) => c.section !== section).map((c) => c.class_name);

/** An add or remove, the same in the browser and on the server; nothing is saved. */
function applyIntent(
  formData: FormData,
  taken: string[],
): { state: SectionState; errors: SectionErrors; focus?: string } {
  const intent = readIntent(formData);
  let state = readState(formData);
  const errors: SectionErrors = {};
  if (intent.kind === "remove") {
    if (intent.list === "classes")
      state = {
        ...state,
        classes: removeEntry(state.classes, intent.index),
        previous: removeEntry(state.previous, intent.index),
        levels: removeEntry(state.levels, intent.index),
      };
    return { state, errors };
  }
  const target = intent.kind === "add" ? intent.list : undefined;
  if (target === "classes" || (!target && state.newClass.trim())) {
    const added = addEntry(state.classes, state.newClass, {
      required: L.classRequired,
      duplicate: L.classDuplicate,
      max: SETTINGS_LIMITS.classes,
      taken,
    });
    if (added.error) errors.newClass = [added.error];
    else
      state = {
        ...state,
        classes: added.values,
        previous: [...state.previous, ""],
        levels: [...state.levels, ""],
        newClass: "",
      };
  }
  if (target === "subjects" || (!target && state.newSubject.trim())) {
    const added = addSubject(state);
    if (added.error) errors.newSubject = [added.error];
    state = added.state;
  }
  return { state, errors, focus: target };
}

function levelErrors(levels: string[]): Record<number, string[]> {
  const errors: Record<number, string[]> = {};
  levels.forEach((level, index) => {
    if (level.trim().length > SETTINGS_LIMITS.nameMax) errors[index] = [L.tooLong];
  });
  return errors;
}

/** A row's level as it is saved: none when it is empty or the class's own name. */
function levelToSave(name: string, level: string | undefined) {
  const typed = level?.trim() ?? "";
  return typed && typed !== name.trim() ? { level: typed } : {};
}

function classErrors(names: string[], taken: string[]): Record<number, string[]> {
  const errors: Record<number, string[]> = {};
  names.forEach((name, index) => {
    if (!name.trim()) errors[index] = [L.classRequired];
    else if (name.trim().length > SETTINGS_LIMITS.nameMax) errors[index] = [L.tooLong];
  });
  for (const index of duplicateIndexes([...taken, ...names])) {
    const own = index - taken.length;
    if (own >= 0 && !errors[own]) errors[own] = [L.classDuplicate];
  }
  return errors;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const section = sectionOf(request);
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const state = readState(formData);
    const reply = (errors: SectionErrors) => ({ state, errors, revision: crypto.randomUUID() });

    const current = await loadSettings(api, section);
    if (!current.ok) return refuse(reply({ form: [current.message] }), API_REFUSED);
    const settings = current.data;
    const taken = takenNames(settings, section);
    if (readIntent(formData).kind !== "save") return { ...applyIntent(formData, taken), revision: crypto.randomUUID() };

    const errors: SectionErrors = { classes: classErrors(state.classes, taken), levels: levelErrors(state.levels) };
    if (state.subjects.length > SETTINGS_LIMITS.subjects) errors.subjects = [L.tooMany(SETTINGS_LIMITS.subjects)];
    if (Object.keys(errors.classes ?? {}).length || Object.keys(errors.levels ?? {}).length || errors.subjects)
      return refuse(reply(errors));

    const subjects = state.options.filter((o) => state.subjects.includes(o));
    const classes = settings.sections.flatMap((s) =>
      s === section
        ? state.classes.map((name, index) => ({
            class_name: name.trim(),
            section,
            ...levelToSave(name, state.levels[index]),
          }))
        : settings.classes.filter((c) => c.section === s).map((c) => classForSaving(c, settings.subjects_by_section)),
    );
    // A class kept under a new name takes its students and timetables along.
    const class_renames = state.classes
      .map((name, index) => ({ from: state.previous[index], to: name.trim() }))
      .filter((rename) => rename.from && rename.from !== rename.to);
    const payload: SchoolSettingsPayload = {
      school_settings: {
        sections: settings.sections,
        classes,
        subjects_by_section: { ...settings.subjects_by_section, [section]: subjects },
      },
      class_renames,
    };
    const response = await api.update<SchoolSettings>("/school-settings", payload, { fallback: DEFAULT_ERRORS.update });
    if (!response.ok) return refuse(reply({ form: [response.message] }), API_REFUSED);
    return redirectWithToast(request, context, SETTINGS_PATH, success(MESSAGES.settingsUpdated));
  });
}

export default function SettingsSection() {
  const { error, section, view, taken } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { current, onSubmit, onChange, edited } = useListForm<SectionState, SectionErrors>(
    "section-settings",
    actionData,
    (formData) => applyIntent(formData, taken),
    readState,
  );
  const [filter, setFilter] = useState("");
  const state = current?.state ?? view;
  const errors: SectionErrors = current?.errors ?? {};
  const unsaved = Boolean(view && edited && isUnsaved(edited, view));

  return (
    <div className="space-y-5">
      <SettingsFormTop title={`${section} Subjects`} error={error} formError={errors.form?.[0]} unsaved={unsaved} />
      {state ? (
        <Form
          id="section-settings"
          method="post"
          action={sectionPath(section)}
          className={`space-y-5 ${saveBarFormClass}`}
          key={current?.revision ?? "loaded"}
          onSubmit={onSubmit}
          onChange={onChange}
        >
          <DefaultAddButton />
          <Panel id="classes-heading" title="Classes">
            {state.classes.length ? (
              <p id="levels-hint" className="text-sm text-slate-600">
                Arms of one class (JSS1A, JSS1B) can share a level (JSS1) for positions and reports across arms. Leave
                Level empty when a class is its own level.
              </p>
            ) : null}
            {state.classes.length ? (
              <ul className="space-y-2" data-testid="classes">
                {state.classes.map((name, index) => {
                  const rowErrors = errors.classes?.[index];
                  const rowLevelErrors = errors.levels?.[index];
                  return (
                    <li key={`${index}-${name}`} className="space-y-1">
                      <label htmlFor={`class-${index}`} className="sr-only">
                        Class {index + 1} name
                      </label>
                      <div className="flex gap-2">
                        <input type="hidden" name="classes_was" value={state.previous[index] ?? ""} />
                        <input
                          id={`class-${index}`}
                          name="classes"
                          defaultValue={name}
                          className={inputClass}
                          aria-invalid={rowErrors ? true : undefined}
                          aria-describedby={rowErrors ? `class-${index}-error` : undefined}
                        />
                        <Button variant="secondary" name="intent" value={removeIntent("classes", index)}>
                          Remove<span className="sr-only"> {name}</span>
                        </Button>
                      </div>
                      <ErrorList id={`class-${index}-error`} errors={rowErrors} />
                      <div className="flex items-center gap-2">
                        <label htmlFor={`level-${index}`} className="w-14 shrink-0 text-sm text-slate-700">
                          Level<span className="sr-only"> of class {index + 1}</span>
                        </label>
                        <input
                          id={`level-${index}`}
                          name="levels"
                          defaultValue={state.levels[index] ?? ""}
                          placeholder={name}
                          className={inputClass}
                          aria-invalid={rowLevelErrors ? true : undefined}
                          aria-describedby={rowLevelErrors ? `level-${index}-error` : "levels-hint"}
                        />
                      </div>
                      <ErrorList id={`level-${index}-error`} errors={rowLevelErrors} />
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">No classes in this section yet.</p>
            )}
            <NewEntry
              list="classes"
              noun="class"
              pending={state.newClass}
              errors={errors.newClass}
              autoFocus={current?.focus === "classes"}
            />
          </Panel>

          <Panel id="subjects-heading" title="Subjects">
            <SubjectChoices section={section} state={state} errors={errors} filter={filter} onFilter={setFilter} />
            <NewEntry
              list="subjects"
              noun="subject"
              pending={state.newSubject}
              errors={errors.newSubject}
              autoFocus={current?.focus === "subjects"}
            />
          </Panel>

          <SaveBar unsaved={unsaved}>Save &amp; Back to Settings</SaveBar>
        </Form>
      ) : null}
    </div>
  );
}

/**
 * The section's subjects as checkboxes, two to a row even on a phone: those it teaches first, the rest of the
 * offer folded in a <details> (it opens without JavaScript). With JavaScript a box above them narrows both groups
 * to the subjects whose name holds what is typed, opening the folded group.
 */
function SubjectChoices({
  section,
  state,
  errors,
  filter,
  onFilter,
}: {
  section: string;
  state: SectionState;
  errors: SectionErrors;
  filter: string;
  onFilter: (filter: string) => void;
}) {
  const hydrated = useHydrated();
  const wanted = filter.trim().toLowerCase();
  const options = state.options.map((subject, index) => ({ subject, index }));
  const taught = options.filter((option) => state.subjects.includes(option.subject));
  const others = options.filter((option) => !state.subjects.includes(option.subject));
  const list = (group: typeof options, testId: string) => (
    <ul className="grid grid-cols-2 gap-x-3 text-sm" data-testid={testId}>
      {group.map(({ subject, index }) => (
        <li key={subject} hidden={wanted !== "" && !subject.toLowerCase().includes(wanted)}>
          <input type="hidden" name="subject_options" value={subject} />
          <label htmlFor={`subject-${index}`} className="flex min-h-11 items-center gap-2 py-1">
            <input
              id={`subject-${index}`}
              type="checkbox"
              name="subjects"
              value={subject}
              defaultChecked={state.subjects.includes(subject)}
              className="h-5 w-5 shrink-0 accent-brand-700"
            />
            {subject}
          </label>
        </li>
      ))}
    </ul>
  );
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm text-slate-700">
        Tick the subjects taught in {section}; every class in it takes them.
      </legend>
      {hydrated ? (
        <div className="space-y-1">
          <label htmlFor="subject-filter" className="block text-sm font-semibold text-slate-800">
            Find a subject
          </label>
          <input
            id="subject-filter"
            type="search"
            value={filter}
            onChange={(event) => onFilter(event.target.value)}
            // Enter here finds; it must not press the form's first button.
            onKeyDown={(event) => {
              if (event.key === "Enter") event.preventDefault();
            }}
            className={inputClass}
          />
        </div>
      ) : null}
      <div className="space-y-1">
        <h3 className="text-sm font-semibold text-slate-800">
          Taught in {section} ({taught.length})
        </h3>
        {taught.length ? list(taught, "subjects") : <p className="text-sm text-slate-600">None ticked yet.</p>}
      </div>
      {others.length ? (
        <Disclosure
          forceOpen={wanted !== ""}
          summary={`Other subjects (${others.length})`}
          summaryClassName="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700"
        >
          {list(others, "other-subjects")}
        </Disclosure>
      ) : null}
      <ErrorList errors={errors.subjects} />
    </fieldset>
  );
}
