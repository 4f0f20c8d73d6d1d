import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_ERRORS } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { passOnDownload } from "~/.server/downloads.server";
import { failure, redirectWithToast } from "~/.server/toast.server";
import { studentDataPaths } from "./StudentData";

/**
 * /admin/student-data/{id}/download: streams the school API's archive of everything held about the student
 * (a .tar.gz), so the plain link works without JavaScript. A student who is not found leads to its 404 page
 * inside the admin shell (data-missing.tsx); another refusal goes back to the backlog with its message.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const id = params.id ?? "";
    const response = await api.raw(`/students/${encodeURIComponent(id)}/data-export`);
    if (response.status === 200 && response.headers.get("content-type") === "application/gzip")
      return passOnDownload(response, "application/gzip", "student-data.tar.gz");
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    if (response.status === 404) return redirect(studentDataPaths.missing(id));
    return redirectWithToast(
      request,
      context,
      "/admin/students-backlog",
      failure(body?.message ?? DEFAULT_ERRORS.unexpected),
    );
  });
}
