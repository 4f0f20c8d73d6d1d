import type { LoaderFunctionArgs } from "@remix-run/node";
import { ASSIGNMENT_MESSAGES as M } from "../../../contract/assignments";
import { withAdmin } from "~/.server/auth.server";
import { idOf, passOnTeachingFile } from "~/.server/teaching-files.server";

/** /staff/assignments/{id}/attachments/{attachmentId}: an attachment's file, as an attachment. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) =>
    passOnTeachingFile(
      request,
      context,
      api,
      `/assignments/${idOf(params.id)}/attachments/${idOf(params.attachmentId)}`,
      "/staff/assignments",
      M.failedDownload,
    ),
  );
}
