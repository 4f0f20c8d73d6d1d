import type { LoaderFunctionArgs } from "@remix-run/node";
import { NOTE_MESSAGES as M } from "../../../contract/notes";
import { withAdmin } from "~/.server/auth.server";
import { idOf, passOnTeachingFile } from "~/.server/teaching-files.server";

/** /staff/notes/{id}/download and /admin/staff-notes/{id}/download: a note's file, as an attachment. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const back = new URL(request.url).pathname.startsWith("/staff/") ? "/staff/notes" : "/admin/staff-notes";
    return passOnTeachingFile(request, context, api, `/notes/${idOf(params.id)}/download`, back, M.failedDownload);
  });
}
