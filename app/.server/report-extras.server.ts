import type { FieldErrors } from "../../contract/http";
import type { ExtrasSheet, ReportComment } from "../../contract/report-extras";
import { EXTRAS_MESSAGES as M } from "../../contract/report-extras";
import type { SchoolApiClient } from "./api.server";
import type { ApiFailure } from "./reply.server";

/**
 * What the extras screen shares on the server: its calls, the form's fields as the API's rows, and the API's
 * field names as the form's. A block's fields are `r{row}_{field}`; a rating or an extra input is named by its
 * place in the settings' list (`r0_rating_2`, `r0_extra_0`), as the inputs' own names are the school's words.
 */

/** The class's result an address names. */
export interface ExtrasAddress {
  class: string;
  term: string;
  year: string;
  result: string;
}

export const loadExtras = (api: SchoolApiClient, at: ExtrasAddress) =>
  api.get<ExtrasSheet>("/results/extras", { query: { ...at }, fallback: M.failedExtras });

export const saveExtras = (api: SchoolApiClient, at: ExtrasAddress, rows: unknown[]) =>
  api.update<ExtrasSheet>("/results/extras", { rows }, { method: "PUT", query: { ...at } });

export const addComment = (api: SchoolApiClient, remark: string, grade: string) =>
  api.create<ReportComment>("/results/comments", { remark, grade: grade || null });

export const removeComment = (api: SchoolApiClient, id: string) =>
  api.remove(`/results/comments/${encodeURIComponent(id)}`);

const DAYS = ["days_opened", "days_present", "days_absent"] as const;

/** The form's values as the API's rows, in the order of the sheet's rows (the order the form was drawn in). */
export function extrasRows(sheet: ExtrasSheet, value: Record<string, unknown>) {
  const read = (name: string) => (typeof value[name] === "string" ? (value[name] as string) : "");
  return sheet.rows.map((row, i) => ({
    student_id: row.student_id,
    ...(sheet.parts.attendance ? Object.fromEntries(DAYS.map((d) => [d, read(`r${i}_${d}`)])) : {}),
    ratings: Object.fromEntries(sheet.parts.ratings.map((input, j) => [input, read(`r${i}_rating_${j}`)])),
    extra_inputs: Object.fromEntries(sheet.parts.extra_inputs.map((input, j) => [input, read(`r${i}_extra_${j}`)])),
    teacher_remark: read(`r${i}_teacher_remark`),
    principal_remark: read(`r${i}_principal_remark`),
  }));
}

/** The API's `rows.{i}.{field}` as the form's `r{i}_{field}`; a student's problem goes above their block. */
export function extrasFormErrors(sheet: ExtrasSheet, response: ApiFailure): ApiFailure {
  const fieldErrors: FieldErrors = {};
  for (const [key, errors] of Object.entries(response.fieldErrors ?? {})) {
    const match = /^rows\.(\d+)\.(ratings|extra_inputs)\.(.+)$/.exec(key) ?? /^rows\.(\d+)\.(\w+)$/.exec(key);
    let name = key;
    if (match && match[3] !== undefined) {
      const list = match[2] === "ratings" ? sheet.parts.ratings : sheet.parts.extra_inputs;
      const j = list.indexOf(match[3]);
      name = j >= 0 ? `r${match[1]}_${match[2] === "ratings" ? "rating" : "extra"}_${j}` : `r${match[1]}_student_id`;
    } else if (match) name = `r${match[1]}_${match[2]}`;
    fieldErrors[name] = [...(fieldErrors[name] ?? []), ...errors];
  }
  return { ...response, fieldErrors };
}
