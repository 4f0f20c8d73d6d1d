import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MESSAGES } from "../../../../contract/messages";
import { describeSchedule, TIMETABLE_MESSAGES } from "../../../../contract/timetables";
import { withAdmin } from "~/.server/auth.server";
import { resultToast } from "~/.server/confirm.server";
import { redirectWithToast } from "~/.server/toast.server";
import { Banner } from "~/components/ui/Banner";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { timetablePath } from "./shared";
import { notFound } from "~/.server/not-found.server";
import { loadTimetable, TIMETABLES_BACK } from "~/.server/timetables.server";

/** The confirm page behind a schedule's Delete (the dialog's JS-off twin) and the delete itself. */
export const meta: MetaFunction = () => [{ title: "Delete Schedule" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const { timetable, error } = await loadTimetable(api, params.id);
    if (!timetable) return { error, timetable: null, schedule: null };
    const schedule = timetable.schedules.find((s) => String(s.id) === params.scheduleId);
    if (!schedule) notFound(TIMETABLE_MESSAGES.scheduleNotFound, TIMETABLES_BACK);
    return { error: null, timetable, schedule };
  });
}

/** A schedule that is already gone (a second tap on Delete) counts as deleted. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const id = encodeURIComponent(params.id ?? "");
    const result = await api.remove(`/timetables/${id}/schedules/${encodeURIComponent(params.scheduleId ?? "")}`, {
      fallback: MESSAGES.failedDeleteSchedule,
    });
    return redirectWithToast(request, context, timetablePath(id), resultToast(result, MESSAGES.scheduleDeleted, true));
  });
}

export default function DeleteSchedule() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.timetable || !loaded.schedule) return <Banner>{loaded.error}</Banner>;
  return (
    <ConfirmPage
      title="Delete Schedule"
      description={`Delete ${describeSchedule(loaded.schedule)}?`}
      cancelTo={timetablePath(loaded.timetable.id)}
      confirmLabel="Delete"
    />
  );
}
