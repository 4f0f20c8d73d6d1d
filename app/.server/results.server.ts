import type { AppLoadContext } from "@remix-run/node";
import { isResultKind, RESULTS_MESSAGES as M, type ResultKind, type ScoreSheet } from "../../contract/results";
import { isSession, type SchoolClass } from "../../contract/settings";
import type { SchoolApiClient } from "./api.server";
import type { FormResult } from "~/lib/form-state";
import { cellName, parseCellName } from "~/lib/score-cells";
import { IMPORT_FILE_FIELD } from "../../contract/imports";
import { isMultipart } from "../../server-lib/multipart";
import { spreadsheetDownload, type SpreadsheetSent } from "./imports.server";
import { getSchoolOptions } from "./school-options.server";
import { failure, redirectWithToast, success } from "./toast.server";
import { readFormData } from "./form.server";
import { API_REFUSED, refuse, type ApiFailure } from "./reply.server";

/** What the score entry screen shares on the server: the sheet named by the address, and the grid's form. */

/** The sheet asked for: `?class=&subject=&term=&year=&result=` (the session travels as `year`). */
export interface SheetChoice {
  class: string;
  subject: string;
  term: string;
  year: string;
  result: ResultKind;
}

/**
 * The pick form's choices from the address, checked against the school's settings: a class not the school's
 * is named beside its field; a subject the class does not teach falls back to its first subject, so that a
 * change of class alone shows a grid. A term or session that is not one falls back to the school's current one.
 */
export async function sheetChoice(api: SchoolApiClient, request: Request) {
  const options = await getSchoolOptions(api);
  const params = new URL(request.url).searchParams;
  const asked = (name: string) => (params.get(name) ?? "").trim();
  const schoolClass: SchoolClass | undefined = options.classes.find((c) => c.class_name === asked("class"));
  const subject = schoolClass?.subjects.includes(asked("subject"))
    ? asked("subject")
    : (schoolClass?.subjects[0] ?? "");
  const term = options.terms.includes(asked("term")) ? asked("term") : options.schoolTerm.term;
  const year = isSession(asked("year")) ? asked("year") : options.schoolTerm.session;
  const result = params.get("result");
  const choice: SheetChoice = {
    class: schoolClass?.class_name ?? "",
    subject,
    term,
    year,
    result: isResultKind(result) ? result : "terminal",
  };
  const classError = asked("class") && !schoolClass ? M.classUnknown : null;
  return {
    choice,
    classError,
    options: {
      classes: options.classes.map((c) => c.class_name),
      subjects: schoolClass?.subjects ?? [],
      terms: options.terms.includes(choice.term) ? options.terms : [...options.terms, choice.term],
      sessions: options.sessions.includes(choice.year) ? options.sessions : [...options.sessions, choice.year],
    },
  };
}

export const sheetQuery = (choice: SheetChoice) => ({
  class: choice.class,
  subject: choice.subject,
  term: choice.term,
  year: choice.year,
  result: choice.result,
});

/** The score entry screen of a sheet: its address, where a save comes back to. */
export const sheetPath = (choice: SheetChoice) => `/admin/results?${new URLSearchParams(sheetQuery(choice))}`;

export const loadSheet = (api: SchoolApiClient, choice: SheetChoice) =>
  api.get<ScoreSheet>("/results/sheet", { query: sheetQuery(choice) });

/** The grid as posted: what was typed in each cell, by field name. */
export function readCells(formData: FormData): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const [name, value] of formData) if (parseCellName(name) && typeof value === "string") typed[name] = value;
  return typed;
}

/**
 * The rows to save: each student of the sheet whose cells were posted, with every column; a column the form did
 * not carry (added to the settings since the page was drawn) keeps its stored score rather than being blanked.
 */
export function rowsToSave(sheet: ScoreSheet, typed: Record<string, string>) {
  return sheet.rows
    .filter((row) => sheet.columns.some((c) => cellName(row.student_id, c.name) in typed))
    .map((row) => ({
      student_id: row.student_id,
      scores: Object.fromEntries(
        sheet.columns.map((c) => {
          const name = cellName(row.student_id, c.name);
          return [c.name, name in typed ? typed[name] : row.scores[c.name]];
        }),
      ),
    }));
}

/**
 * The API's refusal of a save as the grid's reply: every typed value kept, each message about a cell
 * (`rows.{i}.scores.{column}` of the i-th row sent) beside it, and anything else (a refused student, a sheet
 * published meanwhile) above the grid.
 */
export function gridReply(
  typed: Record<string, string>,
  sent: { student_id: number }[],
  failure: ApiFailure,
): FormResult {
  const error: Record<string, string[]> = {};
  const others: string[] = [];
  for (const [field, messages] of Object.entries(failure.fieldErrors ?? {})) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === "string");
    const match = /^rows\.(\d+)\.scores\.(.+)$/s.exec(field);
    const row = match ? sent[Number(match[1])] : undefined;
    if (row && match) error[cellName(row.student_id, match[2])] = list;
    else others.push(...list);
  }
  const named = Object.keys(error).length > 0;
  const above = others[0] ?? (named ? null : failure.message);
  if (above) error[""] = [above];
  return { status: "error", initialValue: typed, error };
}

/**
 * The grid's save (the admins' score entry and a teacher's results): the cells posted, sent as the sheet's rows;
 * a refusal is the grid's reply (422) with every value kept, a save goes to `back` with its toast.
 */
export async function saveGrid(
  { request, context, api }: { request: Request; context: AppLoadContext; api: SchoolApiClient },
  choice: SheetChoice,
  back: string,
) {
  const typed = readCells(await readFormData(request));
  const refused = (reply: FormResult) => refuse({ reply }, API_REFUSED);
  if (!choice.class || !choice.subject)
    return refused({ status: "error", initialValue: typed, error: { "": [M.classRequired] } });
  const loaded = await loadSheet(api, choice);
  if (!loaded.ok) return refused({ status: "error", initialValue: typed, error: { "": [loaded.message] } });
  const rows = rowsToSave(loaded.data, typed);
  const saved = await api.update<ScoreSheet>("/results/sheet", { rows }, { method: "PUT", query: sheetQuery(choice) });
  if (!saved.ok) return refused(gridReply(typed, rows, saved));
  return redirectWithToast(request, context, back, success(saved.message ?? M.saved));
}

/**
 * A results spreadsheet of the API (the broadsheet, a sheet's template) passed on as a download, so that a plain
 * link works without JavaScript: the address's `names` (the class, term and so on) go to the API's `path`; a
 * refusal goes back to `back` with the same address and a toast saying `failed`.
 */
export async function resultSpreadsheet(
  { request, context, api }: { request: Request; context: AppLoadContext; api: SchoolApiClient },
  path: string,
  names: readonly string[],
  back: string,
  failed: string,
) {
  const params = new URL(request.url).searchParams;
  const named = new URLSearchParams();
  for (const name of names) named.set(name, (params.get(name) ?? "").slice(0, 60));
  const query = `?${named}`;
  return (
    (await spreadsheetDownload(api, `${path}${query}`)) ??
    redirectWithToast(request, context, `${back}${query}`, failure(failed))
  );
}

/** Whether an action's post is a file's upload rather than a form's fields. */
export { isMultipart };

/** What the score entry screen shows of a refused upload: the file's messages, one above, or the rows' problems. */
export interface UploadReply {
  file?: string[];
  message?: string;
  problems?: string[];
}

export function uploadReply(sent: Extract<SpreadsheetSent<unknown>, { ok: false }>): UploadReply {
  const text = (list: unknown) => (Array.isArray(list) ? list.filter((m): m is string => typeof m === "string") : []);
  const problems = text(sent.refused?.fieldErrors?.rows);
  if (problems.length) return { message: sent.refused!.message, problems };
  const errors = sent.result.error ?? {};
  const file = text(errors[IMPORT_FILE_FIELD]);
  const others = Object.entries(errors).flatMap(([name, list]) => (name === IMPORT_FILE_FIELD ? [] : text(list)));
  return {
    file: file.length ? file : undefined,
    message: others[0] ?? (file.length ? undefined : (sent.refused?.message ?? M.classRequired)),
  };
}
