import type { Submission } from "@conform-to/react";
import { DEFAULT_SUCCESS } from "../../contract/messages";
import type { BacklogEntry, StudentPayload, StudentRecord } from "../../contract/students";
import type { StudentFields } from "../../contract/students.schema";
import type { SchoolApiClient } from "./api.server";
import { backFromQuery } from "./confirm.server";
import { mediaSrc } from "./media.server";
import { notFound } from "./not-found.server";
import { API_REFUSED, apiReply, checkedStatus } from "./reply.server";

/** A student as a page shows them: the photo through this server (app/.server/media.server.ts). */
export const withPagePhoto = <T extends StudentRecord>(student: T): T => ({
  ...student,
  student_data: { ...student.student_data, profile_img: mediaSrc(student.student_data.profile_img) },
});

/** One student by its unique_id through the product's studentInfo call; unknown or another school's: 404 page. */
export async function loadStudent(
  api: SchoolApiClient,
  uniqueId: string,
  id: string,
): Promise<StudentRecord | BacklogEntry> {
  const result = await api.get<StudentRecord | BacklogEntry>(
    `/api/students/${encodeURIComponent(uniqueId)}/studentInfo/${encodeURIComponent(id)}`,
  );
  if (result.ok) return result.data;
  if (result.status === 404) notFound();
  throw new Response(result.message, { status: result.status || 502 });
}

/** What a JS-off confirm page shows: the student's name, and the page of `list` to go back to. */
export async function confirmTarget(
  request: Request,
  api: SchoolApiClient,
  uniqueId: string,
  id: string,
  list: string,
) {
  const student = await loadStudent(api, uniqueId, id);
  return { name: student.student_data.name, back: backFromQuery(request, list) };
}

/** The product's creation payload: empty values dropped, subjects as comma text, only when lessons are taken. */
export function studentPayload(values: Partial<StudentFields>): StudentPayload {
  const subjects = values.takes_lesson ? (values.subjects ?? []).join(", ") : "";
  const data = { ...values, takes_lesson: Boolean(values.takes_lesson), subjects };
  return {
    student_data: Object.fromEntries(
      Object.entries(data).filter(([, v]) => v !== undefined && v !== ""),
    ) as StudentPayload["student_data"],
  };
}

/**
 * Sends the add or update form to the API. Field errors come back beside their fields with the input
 * kept; a message without field errors shows above the form; success is the toast to show on the list.
 */
export async function saveStudent(
  api: SchoolApiClient,
  submission: Submission<StudentFields>,
  target: { mode: "create"; idempotencyKey: FormDataEntryValue | null } | { mode: "update"; id: string },
) {
  if (submission.status !== "success") {
    const result = submission.reply();
    return { result, status: checkedStatus(result), toast: null };
  }
  const payload = studentPayload(submission.value);
  const response =
    target.mode === "create"
      ? await api.create<StudentRecord>("/students", payload, { idempotencyKey: target.idempotencyKey })
      : await api.update<StudentRecord>(`/students/${encodeURIComponent(target.id)}`, payload);
  if (!response.ok) return { result: apiReply(submission, response), status: API_REFUSED, toast: null };
  const fallback = target.mode === "create" ? DEFAULT_SUCCESS.created : DEFAULT_SUCCESS.updated;
  return { result: null, status: null, toast: response.message ?? fallback };
}
