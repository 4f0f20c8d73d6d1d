import { MESSAGES } from "../../contract/messages";
import { TIMETABLE_MESSAGES, type Timetable } from "../../contract/timetables";
import type { SchoolApiClient } from "./api.server";
import { notFound } from "./not-found.server";

/** The way back from a timetable or schedule that is not found. */
export const TIMETABLES_BACK = { to: "/admin/time-table", label: "Back to timetables" };

/** The timetable a URL names; unknown or another school's: the 404 page. A failed load answers its message. */
export async function loadTimetable(
  api: SchoolApiClient,
  id: string | undefined,
): Promise<{ timetable: Timetable; error: null } | { timetable: null; error: string }> {
  const result = await api.get<Timetable>(`/timetables/${encodeURIComponent(id ?? "")}`, {
    fallback: MESSAGES.failedTimetable,
  });
  if (result.status === 404) notFound(TIMETABLE_MESSAGES.timetableNotFound, TIMETABLES_BACK);
  return result.ok ? { timetable: result.data, error: null } : { timetable: null, error: result.message };
}
