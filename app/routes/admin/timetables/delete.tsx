import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MESSAGES } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { resultToast } from "~/.server/confirm.server";
import { redirectWithToast } from "~/.server/toast.server";
import { Banner } from "~/components/ui/Banner";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { describeTimetable } from "./shared";
import { loadTimetable } from "~/.server/timetables.server";

/** The confirm page behind a timetable's Delete (the dialog's JS-off twin) and the delete itself. */
export const meta: MetaFunction = () => [{ title: "Delete Timetable" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    return loadTimetable(api, params.id);
  });
}

/** A timetable that is already gone (a second tap on Delete) counts as deleted. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const result = await api.remove(`/timetables/${encodeURIComponent(params.id ?? "")}`, {
      fallback: MESSAGES.failedDeleteTimetable,
    });
    return redirectWithToast(
      request,
      context,
      "/admin/time-table",
      resultToast(result, MESSAGES.timetableDeleted, true),
    );
  });
}

export default function DeleteTimetable() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.timetable) return <Banner>{loaded.error}</Banner>;
  const t = loaded.timetable;
  return (
    <ConfirmPage
      title="Delete Timetable"
      description={`Delete the ${t.type} timetable of ${describeTimetable(t)} and all its schedules?`}
      cancelTo="/admin/time-table"
      confirmLabel="Delete"
    />
  );
}
