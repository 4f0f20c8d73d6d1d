import { ATTENDANCE_MESSAGES as M, type AttendanceRegister } from "../../contract/attendance";
import type { SchoolApiClient } from "./api.server";
import type { ApiFailure } from "./reply.server";
import type { FormResult } from "~/lib/form-state";

/**
 * What the register screen shares on the server (the staff area's /staff/attendance and the admins'
 * /admin/students/attendance): the register the address names, and its form. A student's fields are
 * `m{student_id}_status` and `m{student_id}_note`.
 */

/** The register asked for: `?class=&date=`; either left out is the API's default (the form class, today). */
export interface RegisterAddress {
  class: string;
  date: string;
}

export function registerAddress(request: Request): RegisterAddress {
  const params = new URL(request.url).searchParams;
  const value = (name: string, max: number) => (params.get(name) ?? "").trim().slice(0, max);
  return { class: value("class", 60), date: value("date", 20) };
}

/** The screen's address for a register: the page it was asked on, its class and day in the query. */
export function registerPath(request: Request, at: RegisterAddress) {
  const query = new URLSearchParams(Object.entries(at).filter(([, v]) => v));
  return `${new URL(request.url).pathname}${query.size ? `?${query}` : ""}`;
}

export const loadRegister = (api: SchoolApiClient, at: RegisterAddress) =>
  api.get<AttendanceRegister>("/attendance", { query: { ...at }, fallback: M.failedRegister });

const MARK_FIELD = /^m(\d{1,15})_(status|note)$/;

/** The marks posted, one per student in the order the form drew them, and every value as typed. */
export function readMarks(formData: FormData) {
  const typed: Record<string, string> = {};
  const marks = new Map<number, { student_id: number; status: string; note: string }>();
  for (const [name, value] of formData) {
    const match = MARK_FIELD.exec(name);
    if (!match || typeof value !== "string") continue;
    typed[name] = value;
    const id = Number(match[1]);
    const mark = marks.get(id) ?? { student_id: id, status: "", note: "" };
    mark[match[2] as "status" | "note"] = value;
    marks.set(id, mark);
  }
  return { typed, marks: [...marks.values()] };
}

/**
 * The API's refusal of a save as the form's reply: every value kept, a mark's message (`marks.{i}.status`,
 * `marks.{i}.note` of the i-th mark sent) beside its field, anything else (a student moved away, a day
 * closed meanwhile) above the form.
 */
export function marksReply(typed: Record<string, string>, sent: { student_id: number }[], failure: ApiFailure) {
  const error: Record<string, string[]> = {};
  const others: string[] = [];
  for (const [key, messages] of Object.entries(failure.fieldErrors ?? {})) {
    const match = /^marks\.(\d+)\.(status|note)$/.exec(key);
    const mark = match ? sent[Number(match[1])] : undefined;
    if (match && mark) error[`m${mark.student_id}_${match[2]}`] = messages;
    else others.push(...messages);
  }
  const above = others[0] ?? (Object.keys(error).length ? null : failure.message);
  if (above) error[""] = [above];
  return { status: "error", initialValue: typed, error } satisfies FormResult;
}
